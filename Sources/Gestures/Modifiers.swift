/// Modifier keys held: with a key press, or with a pointer event (the app's shortcuts for a drag, such as
/// Shift to draw a circle; the engine itself reads none of them).
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
}
