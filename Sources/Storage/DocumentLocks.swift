/// The locks a window holds on its drawing, so that any second start on it finds the window:
///
/// - By name: `.NAME.lock` beside the document. Every path that leads to that name (a symbolic link,
///   another spelling, a bind mount) finds the same lock file, which stays put while the document is
///   saved (each save is a new file: a new inode) and while it does not exist yet.
/// - By identity: `DEVICE-INODE.lock` in the user's lock folder (`DocumentLocation.lockFolder`), for the
///   file the window last read or wrote. Two names of one file (hard links) are two names beside it but
///   one device and inode. The lock follows the file (`follow(_:)`): after a save, or another program's
///   file read, it is the new file's; while there is no file, there is none. An older name still linked
///   to the file a save replaced now names another file, and another window may open it.
///
/// The lock folder is the user's own, so two users on one file find each other by name only.
public final class DocumentLocks {
    /// The lock beside the document; nil where its folder cannot hold one (read-only).
    public let byName: DocumentLock?
    /// The lock on the file's identity; nil while there is no file, or no lock folder.
    public private(set) var byIdentity: DocumentLock?
    /// Where identity locks are made; nil when there is none.
    private let folder: FilePath?
    /// The device and inode last followed to (locked or not); nil: no file.
    private var followed: Inode?

    /// Which file, whatever its version.
    private struct Inode: Equatable {
        let device: UInt64
        let inode: UInt64
    }
    private let holder: LockHolder

    /// The locks taken: `byIdentity` on the file with `identity`, in `folder`.
    public init(byName: DocumentLock?, byIdentity: DocumentLock?, of identity: FileIdentity?, folder: FilePath?, holder: LockHolder) {
        self.byName = byName
        self.byIdentity = byIdentity
        followed = identity.map { Inode(device: $0.device, inode: $0.inode) }
        self.folder = folder
        self.holder = holder
    }

    /// Every lock held.
    public var all: [DocumentLock] { [byName, byIdentity].compactMap { $0 } }

    /// Moves the identity lock to the file with `identity` (nil: there is none now). Returns the new lock
    /// when it moved to one; the old is released. A file whose lock another process holds (an inode
    /// reused before that process noticed) goes without one.
    @discardableResult
    public func follow(_ identity: FileIdentity?) -> DocumentLock? {
        guard let folder else { return nil }
        let wanted = identity.map { Inode(device: $0.device, inode: $0.inode) }
        guard wanted != followed else { return nil }
        followed = wanted
        byIdentity?.release()
        byIdentity = identity.flatMap { try? DocumentLock.acquire(DocumentLock.lockPath(forFile: $0, in: folder), holder: holder) }
        return byIdentity
    }

    /// Releases every lock (at exit: `exit` runs no deinitializers). Releasing twice does nothing.
    public func release() {
        for lock in all { lock.release() }
    }
}
