import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Memory the X server maps too (MIT-SHM): a SysV shared segment attached here and by the server, so that
/// `XShmPutImage` sends a rectangle's place instead of its pixels. Marked for removal as soon as both sides
/// are attached: the segment goes with the last detach, when this is released or when the process dies,
/// however it dies.
final class SharedSegment {
    /// What Xlib knows of the segment; at a fixed address, as `XShmCreateImage` keeps a pointer to it.
    let info: UnsafeMutablePointer<XShmSegmentInfo>
    let bytes: UnsafeMutableRawPointer
    private let connection: XConnection

    /// A segment of `byteCount` bytes attached on both sides, or nil when there is none to be had (no memory,
    /// or the server cannot attach it: another machine or another IPC namespace, which `XShmAttach` reports
    /// as BadAccess).
    init?(connection: XConnection, byteCount: Int) {
        let id = shmget(IPC_PRIVATE, max(1, byteCount), IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo(shmseg: 0, shmid: id, shmaddr: address.assumingMemoryBound(to: CChar.self),
                                            readOnly: 1))
        let attachError = connection.firstError { XShmAttach(connection.display, info) }
        shmctl(id, IPC_RMID, nil)  // both sides attached (or not): it goes with the last detach
        guard attachError == nil else {
            shmdt(address)
            info.deallocate()
            return nil
        }
        self.info = info
        bytes = address
        self.connection = connection
    }

    deinit {
        // The server detaches after the requests sent before: a put still in flight reads its own mapping.
        XShmDetach(connection.display, info)
        shmdt(bytes)
        info.deallocate()
    }

    /// Set to 1 to send every frame over the socket (`XPutImage`) even where shared memory would do.
    static let disableVariable = "TOUCHTRACKER_NO_SHM"

    /// Whether window pixels may go through shared memory on `connection`: the server has MIT-SHM, it runs
    /// on this machine (the connection is a local socket; over TCP, even to localhost as with ssh -X, its
    /// segments are another machine's), and `TOUCHTRACKER_NO_SHM=1` is not set.
    static func isUsable(on connection: XConnection) -> Bool {
        guard Environment.value(of: disableVariable) != "1", XShmQueryExtension(connection.display) != 0 else {
            return false
        }
        var address = sockaddr()
        var length = socklen_t(MemoryLayout<sockaddr>.size)
        guard getsockname(connection.fileDescriptor, &address, &length) == 0 else { return false }
        return Int32(address.sa_family) == AF_UNIX
    }
}
