import CX11

/// XInput 2 on this connection: the extension's major opcode (it tags the GenericEvent cookies that carry
/// XI2 events) and the version the server agreed to.
///
/// With XInput 2 the window selects pointer events per *master device* (so each MPX master pointer is its
/// own contact), with sub-pixel positions, and from version 2.2 touches too. Without it the window keeps
/// the core protocol's pointer events: one pointer, whole pixels, no touches.
struct XInput2: Equatable {
    /// An XInput protocol version, ordered.
    struct Version: Comparable {
        var major: Int32
        var minor: Int32

        init(_ major: Int32, _ minor: Int32) { self.major = major; self.minor = minor }

        static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    }

    /// The version we ask for: 2.2 is the first with touch events.
    static let requested = Version(2, 2)
    /// The first version with touch events.
    static let touchVersion = Version(2, 2)

    /// Set to 1 to keep the core protocol's pointer events even when the server has XInput 2 (as GTK's
    /// `GDK_CORE_DEVICE_EVENTS`): an escape hatch for broken drivers, and how the tests reach the core path
    /// (Xvfb cannot turn XInput off).
    static let coreEventsVariable = "TOUCHTRACKER_CORE_EVENTS"

    let opcode: Int32
    let version: Version

    init(opcode: Int32, version: Version) { self.opcode = opcode; self.version = version }

    /// Asks the server for XInput 2.2. Nil when it has no XInput 2 at all, or when `$TOUCHTRACKER_CORE_EVENTS`
    /// is 1: then the window keeps core pointer events.
    static func negotiate(display: OpaquePointer) -> XInput2? {
        guard !coreEventsRequested(Environment.value(of: coreEventsVariable)) else { return nil }
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major = requested.major, minor = requested.minor
        // The server answers with the lower of its version and ours; BadRequest when it has no XInput 2.
        guard XIQueryVersion(display, &major, &minor) == Success else { return nil }
        return choose(opcode: opcode, serverVersion: Version(major, minor))
    }

    /// Whether the environment variable's value asks for core events.
    static func coreEventsRequested(_ value: String?) -> Bool { value == "1" }

    /// XInput 2 when the server's version is 2.0 or later, nil otherwise.
    static func choose(opcode: Int32, serverVersion: Version) -> XInput2? {
        serverVersion >= Version(2, 0) ? XInput2(opcode: opcode, version: serverVersion) : nil
    }

    /// Whether the server sends touch events (XInput 2.2 or later).
    var hasTouch: Bool { version >= Self.touchVersion }

    /// The XI2 event types the window selects: buttons and motion always; touches from 2.2
    /// (a 2.0 server rejects the touch bits with BadValue).
    var selectedEvents: [Int32] {
        let pointer = [XI_ButtonPress, XI_ButtonRelease, XI_Motion]
        return hasTouch ? pointer + [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] : pointer
    }

    /// The selection as `XISelectEvents` wants it: bit `type % 8` of byte `type / 8` (C's `XISetMask`).
    var eventMaskBytes: [UInt8] {
        let events = selectedEvents
        var bytes = [UInt8](repeating: 0, count: Int((events.max() ?? 0) >> 3) + 1)
        for type in events { bytes[Int(type >> 3)] |= 1 << UInt8(type & 7) }
        return bytes
    }

    /// Selects `selectedEvents` on `window` from every master device (each master pointer a contact).
    func select(on window: Window, display: OpaquePointer) {
        var bytes = eventMaskBytes
        bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }
}
