import Timing

/// What produced a contact: the device's kind (for a stylus, the end that touches). Touches use the
/// touch thresholds of `GestureSettings`, the others the mouse's.
public enum InputSource: Hashable, Sendable {
    case mouse
    /// A finger on a touch screen.
    case touch
    /// A stylus's tip (or a pencil, brush or airbrush tool).
    case pen
    /// A stylus's eraser end, or an eraser tool.
    case eraser

    /// Fingers are touches; a mouse, a pen and an eraser each drive a pointer. The recognizers of
    /// several contacts group touches with touches and pointers with pointers.
    public var isTouch: Bool { self == .touch }
}

/// A set of `InputSource`s: the kinds of contact a recognizer accepts (UIKit's allowed touch types).
public struct InputSources: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding `source` alone.
    public init(_ source: InputSource) {
        switch source {
        case .mouse: self = .mouse
        case .touch: self = .touch
        case .pen: self = .pen
        case .eraser: self = .eraser
        }
    }

    public static let mouse = InputSources(rawValue: 1 << 0)
    public static let touch = InputSources(rawValue: 1 << 1)
    public static let pen = InputSources(rawValue: 1 << 2)
    public static let eraser = InputSources(rawValue: 1 << 3)
    /// Everything that drives a pointer.
    public static let pointers: InputSources = [.mouse, .pen, .eraser]
    public static let all: InputSources = [.mouse, .touch, .pen, .eraser]

    public func contains(_ source: InputSource) -> Bool { contains(InputSources(source)) }
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
/// The engine's only input type: X events are decoded straight into it.
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
    /// How hard the contact presses, from 0 to 1, where the device reports it (a stylus); nil otherwise.
    public var pressure: Double?
    /// The modifier keys held (for the app: the engine reads none).
    public var modifiers: Modifiers
    /// The X server's timestamp of the event: gestures are classified by these (R3).
    public var serverTime: ServerTime
    /// The monotonic time the event was read: the engine's `now` while handling it.
    public var readTime: Deadline

    public init(
        _ kind: Kind, contact: ContactID, source: InputSource = .mouse, location: GesturePoint,
        pressure: Double? = nil, modifiers: Modifiers = [], serverTime: ServerTime, readTime: Deadline
    ) {
        self.kind = kind
        self.contact = contact
        self.source = source
        self.location = location
        self.pressure = pressure
        self.modifiers = modifiers
        self.serverTime = serverTime
        self.readTime = readTime
    }
}
