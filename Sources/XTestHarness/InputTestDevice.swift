#if canImport(Glibc)
import Glibc
#endif

/// The client of one of `XorgServer`'s `inputtest` devices: the driver's protocol (1.1, Debian's
/// /usr/include/xorg/xf86-input-inputtest-protocol.h) over the device's Unix socket. The driver takes one
/// client per device for the server's life, once the device is on; each event is a fixed-size C struct
/// (little-endian, laid out here byte by byte), and `sync` waits until the server has processed every
/// event sent before it.
///
/// The pointer's scroll valuators are absolute: each scroll moves them from where they are, and the
/// XInput 2.1 client sees how far they moved (`increment` a wheel click).
public final class InputTestDevice {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// The scroll valuators' increment: one wheel click is 120 (the driver's `SetScrollValuator`).
    public static let increment = 120.0
    /// The absolute pointer's range across and down the screen (the driver's TOUCH_AXIS_MAX).
    public static let axisMaximum = 65535.0

    private let socket: Int32
    /// Where the scroll valuators (2 across, 3 down) are now.
    private var scrolled = (x: 0.0, y: 0.0)

    /// Connects to the device listening at `path`, waiting up to `timeout` s for the server to turn it
    /// on (it listens from the start, but answers only once on), and agrees the protocol's version.
    public init(socketPath path: String, timeout: Double = 10) throws {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(socket)
            throw Failure(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = waitUntil(timeout: timeout) {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
                }
            }
        }
        guard connected else {
            close(socket)
            throw Failure(description: "could not connect to the inputtest device at \(path) within \(timeout) s")
        }
        do {
            var version = Self.header(type: 0, length: 12)  // XF86IT_EVENT_CLIENT_VERSION, 1.1
            version.append(u16: 1)
            version.append(u16: 1)
            try send(version)
            let reply = try receive(12, timeout: timeout)  // XF86IT_RESPONSE_SERVER_VERSION
            let major = UInt16(reply[8]) | UInt16(reply[9]) << 8
            guard reply[4] == 0, major == 1 else {
                throw Failure(description: "the inputtest device at \(path) speaks protocol \(major), not 1")
            }
        } catch {
            close(socket)
            throw error
        }
    }

    deinit { close(socket) }

    /// Moves the absolute pointer to (`x`, `y`) on a screen `width` x `height`.
    public func move(to x: Double, _ y: Double, screen: (width: Int, height: Int)) throws {
        try motion([0: x * Self.axisMaximum / Double(screen.width - 1), 1: y * Self.axisMaximum / Double(screen.height - 1)])
    }

    /// Scrolls by `dx` across and `dy` down, in wheel clicks (fractions are a smooth scroll's).
    public func scroll(dx: Double = 0, dy: Double = 0) throws {
        var valuators: [Int: Double] = [:]
        if dx != 0 { scrolled.x += dx * Self.increment; valuators[2] = scrolled.x }
        if dy != 0 { scrolled.y += dy * Self.increment; valuators[3] = scrolled.y }
        try motion(valuators)
    }

    /// A touchpad pinch's phase (the XInput 2.4 event type the server sends for it).
    public enum PinchPhase: UInt16, Sendable {
        case begin = 27, update = 28, end = 29
    }

    /// A two-finger pinch event: `scale` since it began, its centre moved by (`dx`, `dy`).
    public func pinch(_ phase: PinchPhase, scale: Double, dx: Double = 0, dy: Double = 0) throws {
        var event = Self.header(type: 7, length: 64)  // XF86IT_EVENT_GESTURE_PINCH
        event.append(u16: phase.rawValue)
        event.append(u16: 2)  // fingers
        event.append(u32: 0)  // flags
        for value in [dx, dy, dx, dy, scale, 0] { event.append(double: value) }
        try send(event)
    }

    /// Returns once the server has processed every event sent before (XF86IT_EVENT_WAIT_FOR_SYNC).
    public func sync(timeout: Double = 10) throws {
        try send(Self.header(type: 1, length: 8))
        let reply = try receive(8, timeout: timeout)
        guard reply[4] == 1 else { throw Failure(description: "the inputtest device answered a sync with \(reply[4])") }
    }

    /// A motion event (XF86IT_EVENT_MOTION, absolute) setting `valuators` (number: value), the others left as they are.
    private func motion(_ valuators: [Int: Double]) throws {
        // header 8, is_absolute 4, padding 4; then xf86ITValuatorData: has_unaccelerated 4, mask 8, padding 4,
        // 64 values, 64 unaccelerated values: 1056 bytes in all.
        var event = Self.header(type: 2, length: 1056)
        event.append(u32: 1)
        event.append(u32: 0)
        event.append(u32: 0)
        var mask = [UInt8](repeating: 0, count: 8)
        for number in valuators.keys { mask[number / 8] |= 1 << (number % 8) }
        event += mask
        event.append(u32: 0)
        for number in 0..<64 { event.append(double: valuators[number] ?? 0) }
        event += [UInt8](repeating: 0, count: 64 * 8)
        try send(event)
    }

    private static func header(type: UInt32, length: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(u32: length)
        bytes.append(u32: type)
        return bytes
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "writing to the inputtest device: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    private func receive(_ count: Int, timeout: Double) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count), got = 0
        let deadline = ContinuousClock.now + .seconds(timeout)
        while got < count {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = deadline - ContinuousClock.now
            let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&poller, 1, milliseconds) > 0 else {
                throw Failure(description: "the inputtest device did not answer within \(timeout) s")
            }
            let read = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + got, count - got, 0) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { throw Failure(description: "the inputtest device closed its connection") }
            got += read
        }
        return bytes
    }
}

extension [UInt8] {
    fileprivate mutating func append(u16 value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func append(u32 value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
    fileprivate mutating func append(double value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
    }
}
