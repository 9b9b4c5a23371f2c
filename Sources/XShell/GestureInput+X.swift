import CX11
import Gestures
import Timing

extension ContactID {
    /// The core protocol's one pointer: the id XInput 2 gives the virtual core pointer, so the
    /// pointer is one contact whichever protocol reports it.
    static let corePointer = ContactID(device: 2)
}

extension GestureInput {
    /// A pointer event at (`x`, `y`) in the event window, stamped `time` by the server and read by
    /// the loop at `readTime` (CLOCK_MONOTONIC). Xlib's `Time` is a long; the server's clock is 32
    /// bits, and wraps.
    init(_ kind: Kind, contact: ContactID, source: InputSource = .mouse, x: Double, y: Double, pressure: Double? = nil,
         state: UInt32, time: Time, readTime: Deadline) {
        self.init(kind, contact: contact, source: source, location: GesturePoint(x: x, y: y), pressure: pressure,
                  modifiers: Modifiers(state: state), serverTime: ServerTime(milliseconds: UInt32(truncatingIfNeeded: time)),
                  readTime: readTime)
    }
}

extension Modifiers {
    /// The modifiers of an X state mask (core events' `state`, XI2's effective modifiers).
    init(state: UInt32) {
        self = []
        if state & UInt32(ShiftMask) != 0 { insert(.shift) }
        if state & UInt32(ControlMask) != 0 { insert(.control) }
    }
}
