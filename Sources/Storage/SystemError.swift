#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was being done, to which path, and errno.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, as a verb phrase: "read", "create the folder", "rename".
    public let operation: String
    /// The file or folder it was done to.
    public let path: FilePath
    /// errno.
    public let code: Int32

    /// The failure of `operation` on `path` with errno `code`.
    public init(_ operation: String, _ path: FilePath, code: Int32) {
        self.operation = operation; self.path = path; self.code = code
    }

    /// errno now, for the call that just failed.
    static func last(_ operation: String, _ path: FilePath) -> SystemError {
        SystemError(operation, path, code: errno)
    }

    /// The system's words for `code`: "No space left on device".
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    public var description: String { "cannot \(operation) \(path): \(Self.reason(code))" }
}
