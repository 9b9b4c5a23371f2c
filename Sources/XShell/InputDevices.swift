import CX11
import Gestures

/// The slave devices the shell decodes XInput 2 events of (by the event's `sourceid`), the pressure
/// each pointer device last reported, and where each scroll valuator last was. A driver sends a valuator
/// only when it changes (xf86-input-libinput's pen tip press carries none, after a motion that carried
/// it), so a pointer event without the pressure has its device's last one. Queried once and kept until
/// the server says devices changed (`XI_HierarchyChanged`, `XI_DeviceChanged`).
///
/// A scroll valuator's value is absolute: a scroll is how far it moved since the last event, in
/// increments (a wheel's clicks). Its first value, and its first after the pointer comes back into the
/// window (`XI_Enter`: it moved meanwhile, elsewhere), only says where it is (SDL's `SDL_x11xinput2.c`).
struct InputDevices {
    private var devices: [Int32: InputDevice]
    private var lastPressure: [Int32: Double] = [:]
    /// Per device, the last value of each scroll valuator seen since the pointer entered the window.
    private var lastScroll: [Int32: [Int32: Double]] = [:]

    init(_ devices: [Int32: InputDevice] = [:]) { self.devices = devices }

    /// What is known of device `id` (`InputDevice.unknown` when nothing is).
    func device(_ id: Int32) -> InputDevice { devices[id] ?? .unknown }

    /// The pressure of a pointer event from device `sourceid` with `valuators`, remembered for the
    /// device's next events; nil for a device without a pressure axis.
    mutating func pointerPressure(from sourceid: Int32, _ valuators: XIValuatorState) -> Double? {
        guard let axis = device(sourceid).pressure else { return nil }
        if let value = Self.value(of: axis.number, in: valuators) { lastPressure[sourceid] = axis.normalized(value) }
        return lastPressure[sourceid]
    }

    /// How far a motion event from device `sourceid` with `valuators` scrolled, in clicks across and down;
    /// nil when it moved no scroll valuator it had moved before.
    mutating func scroll(from sourceid: Int32, _ valuators: XIValuatorState) -> (dx: Double, dy: Double)? {
        let axes = device(sourceid).scrollAxes
        guard !axes.isEmpty else { return nil }
        var delta = (dx: 0.0, dy: 0.0), moved = false
        for axis in axes {
            guard let value = Self.value(of: axis.number, in: valuators) else { continue }
            defer { lastScroll[sourceid, default: [:]][axis.number] = value }
            guard let last = lastScroll[sourceid]?[axis.number], value != last else { continue }
            let clicks = (value - last) / axis.increment
            guard abs(clicks) <= Self.largestScroll else { continue }  // the valuator wrapped or was reset
            if axis.isVertical { delta.dy += clicks } else { delta.dx += clicks }
            moved = true
        }
        return moved ? delta : nil
    }

    /// More clicks than this in one event is a valuator that wrapped or was reset by its driver, not a
    /// scroll (who-t, "XI 2.1 protocol design issues").
    static let largestScroll = 1000.0

    /// The pointer came into the window: every scroll valuator's next value only says where it is.
    mutating func pointerEntered() { lastScroll.removeAll() }

    /// The pressure of a touch event from device `sourceid`: only as the event carries it (each touch
    /// is a contact of its own, so the device's last value may be another finger's).
    func touchPressure(from sourceid: Int32, _ valuators: XIValuatorState) -> Double? {
        guard let axis = device(sourceid).pressure, let value = Self.value(of: axis.number, in: valuators)
        else { return nil }
        return axis.normalized(value)
    }

    /// The value of valuator `number` in `state`, if the event carries it: `values` holds one value
    /// per bit set in `mask`, in bit order.
    static func value(of number: Int32, in state: XIValuatorState) -> Double? {
        guard number >= 0, number >> 3 < state.mask_len, let mask = state.mask, let values = state.values
        else { return nil }
        func isSet(_ bit: Int32) -> Bool { mask[Int(bit >> 3)] & (1 << UInt8(bit & 7)) != 0 }
        guard isSet(number) else { return nil }
        let index = (0..<number).count(where: isSet)
        return values[index]
    }
}
