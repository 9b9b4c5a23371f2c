// The store's few system calls on paths as bytes, each failure turned into a `SystemError` naming
// what and where.
#if canImport(Glibc)
import Glibc
#endif

/// What reading a file found.
enum FileContents {
    case missing
    /// A folder, FIFO, device or socket: not opened for reading beyond a look at what it is.
    case notARegularFile
    /// The bytes, and the identity the file had when reading began (so a change while reading
    /// shows up as a change later, never the other way round).
    case bytes([UInt8], FileIdentity)
    /// Larger than the limit; not read (the identity it had when reading began).
    case tooLarge(byteCount: Int, FileIdentity)
}

enum FileSystem {
    /// Reads the regular file at `path` if it holds at most `limit` bytes (its size is checked first). A
    /// symbolic link at `path` is not followed: it is not a regular file (the caller resolves the links it
    /// trusts first, `followingTrustedLinks`).
    static func read(_ path: FilePath, limit: Int) throws(SystemError) -> FileContents {
        // O_NONBLOCK: opening a FIFO must not hang; it is refused below as not a regular file.
        let fd = path.withCString { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW) }
        if fd < 0 {
            // ENOTDIR: a folder on the way is a file, so there is no such file (saving will say why).
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            if errno == ELOOP, linkStatus(of: path).map({ $0.st_mode & S_IFMT == S_IFLNK }) == true { return .notARegularFile }
            throw .last("read", path)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .last("read", path) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notARegularFile }
        guard status.st_size <= limit else { return .tooLarge(byteCount: Int(status.st_size), FileIdentity(status)) }

        // Read until the end, allowing for the file growing meanwhile but never past the limit.
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { return .tooLarge(byteCount: count, FileIdentity(status)) }
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
        return count > limit ? .tooLarge(byteCount: count, FileIdentity(status)) : .bytes(bytes, FileIdentity(status))
    }

    /// The status of what `path` names (through links), or nil with errno set.
    static func status(of path: FilePath) -> stat? {
        var status = stat()
        return path.withCString { stat($0, &status) } == 0 ? status : nil
    }

    /// The status of `path` itself (a symbolic link is not followed), or nil with errno set.
    static func linkStatus(of path: FilePath) -> stat? {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0 ? status : nil
    }

    /// The identity of the file at `path` now (a link there is a file of its own: never followed); nil
    /// when there is none.
    static func identity(of path: FilePath) throws(SystemError) -> FileIdentity? {
        if let status = linkStatus(of: path) { return FileIdentity(status) }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw .last("look at", path)
    }

    /// The file a symbolic link at `path` points to, following chains of links (so saves replace the
    /// file, not the link, and a link whose target does not exist yet gets its target created);
    /// `path` itself when it is no link. Relative targets count from the link's folder. Only links owned
    /// by the user or by root are followed: a link another user owns may have been planted in a folder
    /// both can write, pointing at one of the user's files (the kernel's `fs.protected_symlinks` rule,
    /// which applies only in sticky folders).
    static func followingTrustedLinks(_ path: FilePath) throws(UntrustedLink) -> FilePath {
        var current = path
        for _ in 0..<40 {  // as many links as the kernel follows before ELOOP
            guard let status = linkStatus(of: current), status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard status.st_uid == geteuid() || status.st_uid == 0 else { throw UntrustedLink(path: current, owner: status.st_uid) }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = current.withCString { readlink($0, &target, target.count - 1) }
            guard count > 0 else { return current }
            current = current.folder.appending(FilePath(bytes: target[..<count].map { UInt8(bitPattern: $0) }))
        }
        return current
    }

    /// True when `a` and `b` name one existing file (the same device and inode).
    static func isSameFile(_ a: FilePath, _ b: FilePath) -> Bool {
        guard let first = status(of: a), let second = status(of: b) else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Creates `folder` and its missing parents (mode 0700, as the XDG spec asks).
    static func makeFolders(_ folder: FilePath) throws(SystemError) {
        if folder.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw .last("create the folder", folder) }
        let parent = folder.folder
        guard parent != folder else { throw .last("create the folder", folder) }
        try makeFolders(parent)
        if folder.withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST { throw .last("create the folder", folder) }
    }

    /// Makes the folder's entries (a rename) durable.
    static func flushFolder(_ folder: FilePath) throws(SystemError) {
        let fd = folder.withCString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw .last("open the folder", folder) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .last("flush the folder", folder) }
    }

    /// Renames `path` to the first of `candidates` that does not exist yet, never replacing a file;
    /// returns the name used.
    static func moveAside(_ path: FilePath, candidates: [FilePath]) throws(SystemError) -> FilePath {
        for candidate in candidates {
            // link() fails if the name exists, atomically; where hard links are unsupported, fall
            // back to checking first (a race only another program could lose).
            if path.withCString({ from in candidate.withCString { link(from, $0) } }) == 0 {
                guard path.withCString({ unlink($0) }) == 0 else { throw .last("rename", path) }
                try flushFolder(path.folder)
                return candidate
            }
            switch errno {
            case EEXIST: continue
            case EPERM, EOPNOTSUPP, ENOSYS, EMLINK:
                var status = stat()
                if candidate.withCString({ lstat($0, &status) }) == 0 { continue }
                guard path.withCString({ from in candidate.withCString { rename(from, $0) } }) == 0 else {
                    throw .last("rename", path)
                }
                try flushFolder(path.folder)
                return candidate
            default:
                throw .last("rename", path)
            }
        }
        throw SystemError("rename", path, code: EEXIST)
    }
}

/// A symbolic link that is not followed because another user owns it.
public struct UntrustedLink: Error, Hashable, Sendable, CustomStringConvertible {
    /// The link.
    public let path: FilePath
    /// Its owner's user id.
    public let owner: UInt32

    public init(path: FilePath, owner: UInt32) {
        self.path = path
        self.owner = owner
    }

    /// Why such a link is not followed, for "cannot save FILE: ".
    static func reason(owner: UInt32) -> String {
        "it is a symbolic link owned by another user (uid \(owner)); only links owned by you or root are followed"
    }

    public var description: String { "not following \(path): \(Self.reason(owner: owner))" }
}
