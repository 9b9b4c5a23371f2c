// The store's few system calls, each failure turned into a `SystemError` naming what and where.
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was being done, to which path, and errno.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, as a verb phrase: "read", "create the folder", "rename".
    public let operation: String
    /// The file or folder it was done to.
    public let path: String
    /// errno.
    public let code: Int32

    /// The failure of `operation` on `path` with errno `code`.
    public init(_ operation: String, _ path: String, code: Int32) {
        self.operation = operation; self.path = path; self.code = code
    }

    /// errno now, for the call that just failed.
    static func last(_ operation: String, _ path: String) -> SystemError {
        SystemError(operation, path, code: errno)
    }

    public var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
}

/// What reading a file found.
enum FileContents {
    case missing
    case bytes([UInt8])
    /// Larger than the limit; not read.
    case tooLarge(byteCount: Int)
}

enum FileSystem {
    /// Reads the regular file at `path` if it holds at most `limit` bytes (its size is checked first).
    static func read(_ path: String, limit: Int) throws(SystemError) -> FileContents {
        // O_NONBLOCK: opening a FIFO must not hang; it is refused below as not a regular file.
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            // ENOTDIR: a folder on the way is a file, so there is no such file (saving will say why).
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw .last("read", path)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .last("read", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SystemError("read", path, code: EISDIR) }
        guard status.st_size <= limit else { return .tooLarge(byteCount: Int(status.st_size)) }

        // Read until the end, allowing for the file growing meanwhile but never past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { return .tooLarge(byteCount: count) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .last("read", path)
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        return count > limit ? .tooLarge(byteCount: count) : .bytes(bytes)
    }

    /// The file a symbolic link at `path` points to, following chains of links (so saves replace the
    /// file, not the link, and a link whose target does not exist yet gets its target created);
    /// `path` itself when it is no link. Relative targets count from the link's folder.
    static func resolvingSymbolicLink(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // as many links as the kernel follows before ELOOP
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, target.count - 1)
            guard count > 0 else { return current }
            let text = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : DocumentLocation.joined(DocumentLocation.folder(of: current), text)
        }
        return current
    }

    /// True when `a` and `b` name one existing file (the same device and inode).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Creates `folder` and its missing parents (mode 0700, as the XDG spec asks).
    static func makeFolders(_ folder: String) throws(SystemError) {
        if mkdir(folder, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw .last("create the folder", folder) }
        let parent = DocumentLocation.folder(of: folder)
        guard parent != folder else { throw .last("create the folder", folder) }
        try makeFolders(parent)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw .last("create the folder", folder) }
    }

    /// Replaces the file at `path` with `bytes` so that, even after a crash or power cut, `path`
    /// holds either the old contents or the new, whole: a new file is made beside it (exclusive
    /// create, unique name), written, flushed to disk, renamed over `path`, and the folder flushed.
    /// The new file keeps the old one's permissions.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let folder = DocumentLocation.folder(of: path)
        try makeFolders(folder)
        var old = stat()
        let oldMode: mode_t? = stat(path, &old) == 0 ? old.st_mode & 0o7777 : nil

        let (fd, temporary) = try createTemporary(beside: path)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            if let oldMode, fchmod(fd, oldMode) != 0 { throw SystemError.last("set the permissions of", temporary) }
            try writeAll(bytes, to: fd, path: temporary)
            guard fsync(fd) == 0 else { throw SystemError.last("flush", temporary) }
        }
        guard rename(temporary, path) == 0 else { throw .last("replace", path) }
        renamed = true
        try flushFolder(folder)
    }

    /// The prefix of the temporary files `writeAtomically` makes for `path`: ".NAME.tmp-PID-".
    static func temporaryPrefix(for path: String, pid: Int32) -> String {
        ".\(DocumentLocation.fileName(of: path)).tmp-\(pid)-"
    }

    private static func createTemporary(beside path: String) throws(SystemError) -> (Int32, String) {
        let folder = DocumentLocation.folder(of: path)
        let prefix = temporaryPrefix(for: path, pid: getpid())
        for _ in 0..<100 {
            let name = DocumentLocation.joined(folder, prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36))
            let fd = Glibc.open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, name) }
            if errno != EEXIST { throw .last("create a file in", folder) }
        }
        throw SystemError("create a file in", folder, code: EEXIST)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .last("write", path)
            }
            written += result
        }
    }

    /// Makes the folder's entries (a rename) durable.
    static func flushFolder(_ folder: String) throws(SystemError) {
        let fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .last("open the folder", folder) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .last("flush the folder", folder) }
    }

    /// Renames `path` to the first of `candidates` that does not exist yet, never replacing a file;
    /// returns the name used.
    static func moveAside(_ path: String, candidates: [String]) throws(SystemError) -> String {
        for candidate in candidates {
            // link() fails if the name exists, atomically; where hard links are unsupported, fall
            // back to checking first (a race only another program could lose).
            if link(path, candidate) == 0 {
                guard unlink(path) == 0 else { throw .last("rename", path) }
                try flushFolder(DocumentLocation.folder(of: path))
                return candidate
            }
            switch errno {
            case EEXIST: continue
            case EPERM, EOPNOTSUPP, ENOSYS, EMLINK:
                var status = stat()
                if lstat(candidate, &status) == 0 { continue }
                guard rename(path, candidate) == 0 else { throw .last("rename", path) }
                try flushFolder(DocumentLocation.folder(of: path))
                return candidate
            default:
                throw .last("rename", path)
            }
        }
        throw SystemError("rename", path, code: EEXIST)
    }

    /// Deletes temporary files that `writeAtomically` left beside `path` when its process died
    /// mid-save (their process id no longer runs). Best effort: failures are ignored.
    static func removeAbandonedTemporaries(beside path: String) {
        let folder = DocumentLocation.folder(of: path)
        let marker = ".\(DocumentLocation.fileName(of: path)).tmp-"
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(marker) else { continue }
            let rest = name.dropFirst(marker.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(DocumentLocation.joined(folder, name))
            }
        }
    }
}
