/// Why `FileWriter` could not write a file, told about the file the caller named: never about the
/// temporary file beside it, so two failures with one cause are equal and are reported once.
public enum WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder to write into does not exist (the writer creates no folders).
    case missingFolder(FilePath)
    /// The path names a folder, a socket or a block device (or, at a name the program made up, a device or
    /// a FIFO): nothing to write a file into.
    case notARegularFile
    /// The path is a symbolic link where none is followed (a name the program made up).
    case symbolicLink
    /// The path is a symbolic link owned by another user (neither the user nor root), which is not followed.
    case untrustedLink(owner: UInt32)
    /// A system call failed with errno `code`: no space, no permission, ...
    case system(code: Int32)

    /// The reason, for "cannot save FILE: " or "cannot export OUT: ".
    public var description: String {
        switch self {
        case .missingFolder(let folder): "the folder \(folder) does not exist"
        case .notARegularFile: "it is not a regular file"
        case .symbolicLink: "it is a symbolic link, which is not followed there"
        case .untrustedLink(let owner): UntrustedLink.reason(owner: owner)
        case .system(let code): SystemError.reason(code)
        }
    }
}
