/// A key the app reacts to, already translated from the keysym by the shell.
public enum Key: Hashable, Sendable {
    case delete
    case backspace
    case escape
    case left, right, up, down
    case pageUp, pageDown
    case f1
    /// A printable key as typed ("z", "Z", "?"); letters are matched without regard to case.
    case character(Character)
}

/// Modifier keys held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
}
