#if canImport(Glibc)
import Glibc
#endif

/// A file written as things happen, a line at a time (a recording of a session): each `append` is one
/// `write(2)` straight to the kernel, so when the program crashes every line appended before is in the
/// file, whole. Made new: an existing file is never written over (`WriteError.system(code: EEXIST)`),
/// but a FIFO or a character device (`/dev/stderr`) is written through. The user names the path: a
/// symbolic link is followed only when the user or root owns it, as `FileWriter.Links.followedWhenTrusted`.
public final class AppendOnlyFile {
    public let path: FilePath
    private let descriptor: Int32

    /// Creates the file at `path` (mode 0600: what it holds is the user's), or opens the FIFO or device there.
    public init(creating path: FilePath) throws(WriteError) {
        self.path = path
        let target: FilePath
        do { target = try FileSystem.followingTrustedLinks(path) } catch { throw .untrustedLink(owner: error.owner) }
        var fd = target.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        if fd < 0, errno == EEXIST, let status = FileSystem.linkStatus(of: target),
           [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT) {
            // O_NONBLOCK only to open: a FIFO nobody reads fails at once instead of hanging.
            fd = target.withCString { open($0, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW) }
            if fd >= 0, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 {
                let code = errno
                close(fd)
                throw .system(code: code)
            }
        }
        guard fd >= 0 else { throw errno == ENOENT ? .missingFolder(target.folder) : .system(code: errno) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes `bytes` at the end of the file, with one `write(2)` unless the kernel takes less.
    public func append(_ bytes: [UInt8]) throws(WriteError) {
        try FileWriter.writeAll(bytes, to: descriptor)
    }
}

extension AppendOnlyFile {
    /// Why a file could not be read back.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        case missing(path: FilePath)
        case notARegularFile(path: FilePath)
        case tooLarge(path: FilePath, byteCount: Int, limit: Int)
        case unreadable(SystemError)
        case untrustedLink(UntrustedLink)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) does not exist"
            case .notARegularFile(let path): "\(path) is not a regular file"
            case .tooLarge(let path, let byteCount, let limit): "\(path) is too large: \(byteCount) bytes (at most \(limit))"
            case .unreadable(let error): "\(error)"
            case .untrustedLink(let link): "\(link)"
            }
        }
    }

    /// Everything the file at `path` holds, when that is at most `limit` bytes: to read it back (a link
    /// the user or root owns is followed).
    public static func contents(of path: FilePath, limit: Int) throws(ReadError) -> [UInt8] {
        let contents: FileContents
        let target: FilePath
        do { target = try FileSystem.followingTrustedLinks(path) } catch { throw .untrustedLink(error) }
        do { contents = try FileSystem.read(target, limit: limit) } catch { throw .unreadable(error) }
        switch contents {
        case .missing: throw .missing(path: path)
        case .notARegularFile: throw .notARegularFile(path: path)
        case .tooLarge(let byteCount, _): throw .tooLarge(path: path, byteCount: byteCount, limit: limit)
        case .bytes(let bytes, _): return bytes
        }
    }
}
