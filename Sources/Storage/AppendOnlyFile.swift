#if canImport(Glibc)
import Glibc
#endif

/// A file written as things happen, a line at a time (a recording of a session): each `append` is one
/// `write(2)` straight to the kernel, so when the program crashes every line appended before is in the
/// file, whole. Made new: an existing file is never written over (`WriteError.system(code: EEXIST)`),
/// but a FIFO or a character device (`/dev/stderr`) is written through.
public final class AppendOnlyFile {
    public let path: FilePath
    private let descriptor: Int32

    /// Creates the file at `path` (mode 0600: what it holds is the user's), or opens the FIFO or device there.
    public init(creating path: FilePath) throws(WriteError) {
        self.path = path
        var fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600) }
        if fd < 0, errno == EEXIST, let status = FileSystem.status(of: path),
           [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT) {
            // O_NONBLOCK only to open: a FIFO nobody reads fails at once instead of hanging.
            fd = path.withCString { open($0, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
            if fd >= 0, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 {
                let code = errno
                close(fd)
                throw .system(code: code)
            }
        }
        guard fd >= 0 else { throw errno == ENOENT ? .missingFolder(path.folder) : .system(code: errno) }
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

        public var description: String {
            switch self {
            case .missing(let path): "\(path) does not exist"
            case .notARegularFile(let path): "\(path) is not a regular file"
            case .tooLarge(let path, let byteCount, let limit): "\(path) is too large: \(byteCount) bytes (at most \(limit))"
            case .unreadable(let error): "\(error)"
            }
        }
    }

    /// Everything the file at `path` holds, when that is at most `limit` bytes: to read it back.
    public static func contents(of path: FilePath, limit: Int) throws(ReadError) -> [UInt8] {
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: limit) } catch { throw .unreadable(error) }
        switch contents {
        case .missing: throw .missing(path: path)
        case .notARegularFile: throw .notARegularFile(path: path)
        case .tooLarge(let byteCount): throw .tooLarge(path: path, byteCount: byteCount, limit: limit)
        case .bytes(let bytes, _): return bytes
        }
    }
}
