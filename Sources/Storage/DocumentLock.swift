#if canImport(Glibc)
import Glibc
#endif

/// One window per drawing: an advisory lock (`flock`) on a lock file. The document itself cannot carry
/// the lock, since every atomic save gives it a new inode; a window holds two (`DocumentLocks`): one
/// beside the document, ".NAME.lock" in the same folder (`lockPath(for:)`), and one named after the
/// file's device and inode in the user's lock folder (`lockPath(forFile:in:)`).
///
/// The kernel releases the lock when the holding process dies, however it dies; a lock file left
/// behind is taken over by the next acquirer. Acquiring takes the lock, then checks that the file
/// locked is still the one at the path (a holder releasing unlinks it), retrying otherwise; releasing
/// unlinks the file while still holding the lock. The file names its holder (`LockHolder`).
///
/// Where the folder cannot be written (read-only), acquiring fails with `.system`; the caller may go
/// on without a lock.
public final class DocumentLock {
    /// The lock file.
    public let path: FilePath
    /// The lock file's device and inode: fixed while the lock is held, and the same for every process
    /// that opens the document through any link or spelling of its path (e.g. to name an X selection).
    public let device: UInt64
    public let inode: UInt64
    /// The locked open file; -1 once released.
    private var descriptor: Int32

    private init(path: FilePath, descriptor: Int32, status: stat) {
        self.path = path
        self.descriptor = descriptor
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    deinit { release() }

    /// The lock file beside the document at `document` (the store's path: a link already resolved): the
    /// same file for every spelling of the document's path, stable across its saves.
    public static func lockPath(for document: FilePath) -> FilePath {
        document.folder.appending(FilePath(bytes: [.dot] + document.fileName.bytes + Array(".lock".utf8)))
    }

    /// The lock file of the file with `identity` (its device and inode) in the lock folder `folder`,
    /// "DEVICE-INODE.lock": the same for every name of that file, hard links included.
    public static func lockPath(forFile identity: FileIdentity, in folder: FilePath) -> FilePath {
        folder.appending(FilePath(bytes: Array("\(identity.device)-\(identity.inode).lock".utf8)))
    }

    /// The device and inode of the lock file at `lockFile` as it is now, if there is one: what a second
    /// start that finds the lock held names the holder's X selection after.
    public static func lockFileIdentity(at lockFile: FilePath) -> (device: UInt64, inode: UInt64)? {
        guard let status = FileSystem.linkStatus(of: lockFile) else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// Locks the document at `document` for `holder` with the lock file beside it (`lockPath(for:)`).
    public static func acquire(for document: FilePath, holder: LockHolder) throws(DocumentLockError) -> DocumentLock {
        try acquire(lockPath(for: document), holder: holder)
    }

    /// Locks the lock file `path` for `holder`, creating it and its missing folders (0700). The name is
    /// never followed through a symbolic link, and only a regular file is locked.
    public static func acquire(_ path: FilePath, holder: LockHolder) throws(DocumentLockError) -> DocumentLock {
        do { try FileSystem.makeFolders(path.folder) } catch { throw .system(error) }
        for _ in 0..<100 {
            let fd = path.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
            guard fd >= 0 else { throw .system(.last("create the lock file", path)) }
            var opened = stat()
            guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw .system(SystemError("lock", path, code: EINVAL))  // a FIFO or device planted there
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                defer { close(fd) }
                guard code == EWOULDBLOCK else { throw .system(SystemError("lock", path, code: code)) }
                // Held: by whom, unless its holder released it meanwhile (then try the file now at the path).
                if lockedFile(fd, isAt: path) != nil { throw .heldBy(readHolder(fd)) }
                continue
            }
            guard let status = lockedFile(fd, isAt: path) else {
                close(fd)
                continue  // unlinked by a holder releasing it before we locked it
            }
            // Best effort: a holder that cannot be written reads as an unknown holder.
            _ = ftruncate(fd, 0)
            _ = holder.line.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            return DocumentLock(path: path, descriptor: fd, status: status)
        }
        throw .system(SystemError("lock", path, code: EAGAIN))
    }

    /// Unlocks and removes the lock file (removed first, while still locked, so nobody locks a file
    /// that is about to vanish). Releasing twice does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        if DocumentLock.lockedFile(descriptor, isAt: path) != nil { _ = path.withCString { unlink($0) } }
        close(descriptor)
        descriptor = -1
    }

    /// The status of the open file `fd` when `path` still names it; nil when the path names another
    /// file or none.
    private static func lockedFile(_ fd: Int32, isAt path: FilePath) -> stat? {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, path.withCString({ lstat($0, &named) }) == 0,
              open.st_dev == named.st_dev, open.st_ino == named.st_ino else { return nil }
        return open
    }

    /// The holder the lock file at `path` names now, if it is well formed.
    public static func holder(at path: FilePath) -> LockHolder? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readHolder(fd)
    }

    /// The holder a lock file names, if it is well formed.
    private static func readHolder(_ fd: Int32) -> LockHolder? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0, count < bytes.count else { return nil }
        return LockHolder(line: Array(bytes[..<count]))
    }
}

/// Why a document could not be locked.
public enum DocumentLockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another process holds the lock: the holder its lock file names, nil when it names none.
    case heldBy(LockHolder?)
    /// The lock file could not be created or locked (a read-only folder, say).
    case system(SystemError)

    public var description: String {
        switch self {
        case .heldBy(let holder?): "it is open in another TouchTracker (\(holder))"
        case .heldBy(nil): "it is open in another TouchTracker"
        case .system(let error): "\(error)"
        }
    }
}
