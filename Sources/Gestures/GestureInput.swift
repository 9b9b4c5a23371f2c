import Timing

/// What produced a contact: the device's kind. Mouse and touch use separate thresholds
/// (`GestureSettings`). A stylus's pen and eraser will be cases here, with thresholds of their own.
public enum InputSource: Hashable, Sendable {
    case mouse
    case touch
}

/// Identifies one contact: a master pointer (`touch` = 0) or one touch of a touch device.
/// Several touches and several master pointers (MPX) are distinct contacts.
public struct ContactID: Hashable, Sendable, CustomStringConvertible {
    /// The X input device (the master pointer for pointer events).
    public var device: UInt16
    /// The XI2 touch id; 0 for a pointer.
    public var touch: UInt32

    public init(device: UInt16, touch: UInt32 = 0) { self.device = device; self.touch = touch }

    public var description: String { touch == 0 ? "\(device)" : "\(device).\(touch)" }
}

/// One input event, as the X shell decodes it: a press, a motion or a release of one contact.
/// The engine's only input type: X events are decoded straight into it. A stylus's pressure will be
/// a field here (and on `ContactSample`), decoded from the XInput 2 event's valuators.
public struct GestureInput: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A button goes down: 1 left, 2 middle, 3 right. A touch is button 1.
        case press(button: Int)
        case motion
        case release(button: Int)
        /// The contact is gone without a release: a grab taken by another client, a touch the
        /// system took back. Gestures on it end `.cancelled` (or fail); the canvas gets `.cancelled`.
        case cancel
    }

    public var kind: Kind
    public var contact: ContactID
    public var source: InputSource
    public var location: GesturePoint
    /// The X server's timestamp of the event: gestures are classified by these (R3).
    public var serverTime: ServerTime
    /// The monotonic time the event was read: the engine's `now` while handling it.
    public var readTime: Deadline

    public init(
        _ kind: Kind, contact: ContactID, source: InputSource = .mouse, location: GesturePoint,
        serverTime: ServerTime, readTime: Deadline
    ) {
        self.kind = kind
        self.contact = contact
        self.source = source
        self.location = location
        self.serverTime = serverTime
        self.readTime = readTime
    }
}
