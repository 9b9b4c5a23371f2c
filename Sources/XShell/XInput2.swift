import CX11

/// XInput 2 on this connection: the extension's major opcode (it tags the GenericEvent cookies that carry
/// XI2 events) and the version the server agreed to.
///
/// With XInput 2 the window selects pointer events per *master device* (so each MPX master pointer is its
/// own contact), with sub-pixel positions and smooth scrolling (2.1), from version 2.2 touches too, and
/// from 2.4 a touchpad's pinches. Without it the window keeps the core protocol's pointer events: one
/// pointer, whole pixels, no touches, the wheel as buttons 4 to 7.
struct XInput2: Equatable {
    /// An XInput protocol version, ordered.
    struct Version: Comparable {
        var major: Int32
        var minor: Int32

        init(_ major: Int32, _ minor: Int32) { self.major = major; self.minor = minor }

        static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    }

    /// The version we ask for: 2.4 is the first with touchpad gestures.
    static let requested = Version(2, 4)
    /// The first version with touch events.
    static let touchVersion = Version(2, 2)
    /// The first version with touchpad gestures (X servers from 21.1).
    static let gestureVersion = Version(2, 4)

    /// Set to 1 to keep the core protocol's pointer events even when the server has XInput 2 (as GTK's
    /// `GDK_CORE_DEVICE_EVENTS`): an escape hatch for broken drivers, and how the tests reach the core path
    /// (Xvfb cannot turn XInput off).
    static let coreEventsVariable = "TOUCHTRACKER_CORE_EVENTS"

    let opcode: Int32
    let version: Version

    init(opcode: Int32, version: Version) { self.opcode = opcode; self.version = version }

    /// Asks the server for XInput 2.4. Nil when it has no XInput 2 at all, or when `$TOUCHTRACKER_CORE_EVENTS`
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

    /// Whether the server sends a touchpad's gestures (XInput 2.4 or later).
    var hasGestures: Bool { version >= Self.gestureVersion }

    /// The XI2 event types the window selects: buttons and motion always, and the pointer entering (smooth
    /// scrolling starts again from there); touches from 2.2 and pinches from 2.4 (an older server rejects
    /// their bits with BadValue).
    var selectedEvents: [Int32] {
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter]
        if hasTouch { events += [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] }
        if hasGestures { events += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        return events
    }

    /// The events that say devices were added, removed or changed, selected from all devices: what the
    /// shell knows of them (`InputDevices`) is asked again.
    static let deviceEvents = [XI_HierarchyChanged, XI_DeviceChanged]

    /// The selection as `XISelectEvents` wants it: bit `type % 8` of byte `type / 8` (C's `XISetMask`).
    var eventMaskBytes: [UInt8] { Self.maskBytes(selectedEvents) }

    static func maskBytes(_ events: [Int32]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int((events.max() ?? 0) >> 3) + 1)
        for type in events { bytes[Int(type >> 3)] |= 1 << UInt8(type & 7) }
        return bytes
    }

    /// Selects `selectedEvents` on `window` from every master device (each master pointer a contact),
    /// and `deviceEvents` from all devices.
    func select(on window: Window, display: OpaquePointer) {
        var pointerBytes = eventMaskBytes, deviceBytes = Self.maskBytes(Self.deviceEvents)
        pointerBytes.withUnsafeMutableBufferPointer { pointer in
            deviceBytes.withUnsafeMutableBufferPointer { device in
                var masks = [
                    XIEventMask(
                        deviceid: XIAllMasterDevices, mask_len: Int32(pointer.count), mask: pointer.baseAddress),
                    XIEventMask(deviceid: XIAllDevices, mask_len: Int32(device.count), mask: device.baseAddress),
                ]
                _ = XISelectEvents(display, window, &masks, Int32(masks.count))
            }
        }
    }

    /// Every slave pointer device the server has, classified (`InputDevice`), by device id. Asks for
    /// their names, valuators and scroll classes (`XIQueryDevice`), the names of the valuators' labels and each
    /// device's "Wacom Tool Type" property, in as few round trips as that takes.
    static func queryDevices(on connection: XConnection) -> [Int32: InputDevice] {
        let display = connection.display
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return [:] }
        defer { XIFreeDeviceInfo(infos) }
        let pointers = UnsafeBufferPointer(start: infos, count: Int(count)).filter {
            $0.use == XISlavePointer || $0.use == XIFloatingSlave
        }
        var labelled: [(device: Int32, number: Int32, label: Atom, minimum: Double, maximum: Double)] = []
        var scrollAxes: [Int32: [InputDevice.ScrollAxis]] = [:]
        for info in pointers {
            for c in 0..<Int(info.num_classes) {
                guard let anyClass = info.classes[c] else { continue }
                switch anyClass.pointee.type {
                case XIValuatorClass:
                    let valuator = UnsafeRawPointer(anyClass).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    labelled.append((info.deviceid, valuator.number, valuator.label, valuator.min, valuator.max))
                case XIScrollClass:
                    let scroll = UnsafeRawPointer(anyClass).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    scrollAxes[info.deviceid, default: []].append(InputDevice.ScrollAxis(
                        number: scroll.number, isVertical: scroll.scroll_type == XIScrollTypeVertical, increment: scroll.increment))
                default:
                    continue
                }
            }
        }
        // The tool type is a property only xf86-input-wacom's devices have: a server without one
        // has no such atom, and the devices are asked nothing more.
        let toolTypeProperty = XInternAtom(display, "Wacom Tool Type", 1)
        var toolTypes = [Atom](repeating: 0, count: pointers.count)
        if toolTypeProperty != 0 {
            _ = connection.firstError {  // a device may go away meanwhile: then it has none
                for (i, info) in pointers.enumerated() {
                    toolTypes[i] = toolType(of: info.deviceid, property: toolTypeProperty, display: display)
                }
            }
        }
        let names = atomNames(labelled.map(\.label) + toolTypes, display: display)
        var devices: [Int32: InputDevice] = [:]
        for (info, toolType) in zip(pointers, toolTypes) {
            let valuators = labelled.filter { $0.device == info.deviceid }.map {
                InputDevice.Valuator(
                    number: $0.number, label: names[$0.label], minimum: $0.minimum, maximum: $0.maximum)
            }
            devices[info.deviceid] = InputDevice(InputDevice.Description(
                name: String(cString: info.name), toolType: names[toolType], valuators: valuators,
                scrollAxes: scrollAxes[info.deviceid] ?? []))
        }
        return devices
    }

    /// The atom device `id`'s `property` holds, or 0 (none, or the device went away).
    private static func toolType(of id: Int32, property: Atom, display: OpaquePointer) -> Atom {
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, id, property, 0, 1, 0, Atom(XA_ATOM), &type, &format, &items, &after, &data)
            == Success, let data
        else { return 0 }
        defer { XFree(data) }
        // Format 32 comes as C longs, whatever their size.
        guard type == Atom(XA_ATOM), format == 32, items >= 1 else { return 0 }
        return Atom(UnsafeRawPointer(data).loadUnaligned(as: UInt.self))
    }

    /// The names of the nonzero atoms among `atoms`, in one round trip.
    private static func atomNames(_ atoms: [Atom], display: OpaquePointer) -> [Atom: String] {
        var distinct = Array(Set(atoms.filter { $0 != 0 }))
        guard !distinct.isEmpty else { return [:] }
        var names = [UnsafeMutablePointer<CChar>?](repeating: nil, count: distinct.count)
        guard XGetAtomNames(display, &distinct, Int32(distinct.count), &names) != 0 else { return [:] }
        var result: [Atom: String] = [:]
        for (atom, name) in zip(distinct, names) {
            guard let name else { continue }
            result[atom] = String(cString: name)
            XFree(name)
        }
        return result
    }
}
