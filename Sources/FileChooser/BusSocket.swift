#if canImport(Glibc)
import Glibc
#endif

/// A connection to a D-Bus daemon's Unix socket, as its address names it. Reads come when the caller's loop
/// says the socket is readable (one `read` each, never waiting); writes are small and go at once.
public final class BusSocket {
    public private(set) var descriptor: Int32

    /// Connects to the first socket `address` names that accepts us.
    public init(address: String) throws(DBusError) {
        let sockets = BusAddress.unixSockets(in: address)
        guard !sockets.isEmpty else { throw DBusError("no Unix socket in the bus address \"\(address)\"") }
        var reasons: [String] = []
        for socket in sockets {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw DBusError("socket: \(String(cString: strerror(errno)))") }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            let name = socket.isAbstract ? [0] + socket.path : socket.path
            guard name.count < capacity else {
                Glibc.close(fd)
                reasons.append("the socket's name is too long")
                continue
            }
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in name.enumerated() { buffer[index] = byte }
            }
            // An abstract name is exactly its bytes; a path is NUL-ended.
            let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count + (socket.isAbstract ? 0 : 1))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
            }
            if connected == 0 {
                descriptor = fd
                return
            }
            reasons.append(String(cString: strerror(errno)))
            Glibc.close(fd)
        }
        throw DBusError("cannot connect to the session bus: \(reasons.joined(separator: "; "))")
    }

    deinit { close() }

    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Sends `bytes` whole; false when the connection failed.
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// What the socket holds now (call when it is readable); nil when the other end closed or it failed.
    public func receive() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(chunk[..<count]) : nil
        }
    }
}

/// D-Bus server addresses ("unix:path=/run/user/1000/bus;unix:abstract=/tmp/dbus-x,guid=…").
public enum BusAddress {
    /// A Unix socket an address names.
    public struct UnixSocket: Hashable, Sendable {
        public var path: [UInt8]
        /// In the abstract namespace (Linux), not the file system.
        public var isAbstract: Bool
    }

    /// The Unix sockets of `address`, in order; its values' %-escapes undone. Other transports are left out.
    public static func unixSockets(in address: String) -> [UnixSocket] {
        address.split(separator: ";").compactMap { entry -> UnixSocket? in
            guard entry.hasPrefix("unix:") else { return nil }
            var sockets: [UnixSocket] = []
            for pair in entry.dropFirst("unix:".count).split(separator: ",") {
                guard let equals = pair.firstIndex(of: "="), let value = unescape(pair[pair.index(after: equals)...]) else { continue }
                switch pair[..<equals] {
                case "path": sockets.append(UnixSocket(path: value, isAbstract: false))
                case "abstract": sockets.append(UnixSocket(path: value, isAbstract: true))
                default: continue
                }
            }
            return sockets.first
        }
    }

    private static func unescape(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            rest = rest.dropFirst(2)
            bytes.append(value)
        }
        return bytes.isEmpty || bytes.contains(0) ? nil : bytes
    }

    /// The session bus's address in `environment`: DBUS_SESSION_BUS_ADDRESS, or else the socket
    /// `$XDG_RUNTIME_DIR/bus` when there is one (systemd's user bus, where the variable is often unset); nil
    /// when neither names one.
    public static func session(environment: [String: String], socketExists: (String) -> Bool) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] { return address.isEmpty ? nil : address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        let socket = runtime + "/bus"
        return socketExists(socket) ? "unix:path=" + socket : nil
    }
}
