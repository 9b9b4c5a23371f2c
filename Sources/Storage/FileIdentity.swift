#if canImport(Glibc)
import Glibc
#endif

/// Which file a path named at one moment, and which version of it: device and inode say which file,
/// size and modification time (to the nanosecond) which version. Another program writing the file in
/// place changes its size or time; replacing it (an atomic save like ours) changes the inode; a
/// deleted file has no identity at all. The store reports the identity of what it read or wrote, so
/// a caller can tell later whether the file is still that one.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public let device: UInt64
    public let inode: UInt64
    /// In bytes.
    public let size: Int64
    /// The modification time: seconds since the epoch, and nanoseconds within the second.
    public let modifiedSeconds: Int64
    public let modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device; self.inode = inode; self.size = size
        self.modifiedSeconds = modifiedSeconds; self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                  modifiedSeconds: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int64(status.st_mtim.tv_nsec))
    }

    public var description: String {
        "inode \(inode) on device \(device), \(size) bytes, modified at \(modifiedSeconds).\(modifiedNanoseconds)"
    }
}
