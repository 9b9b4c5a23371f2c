/// A key the app reacts to, already translated from the keysym by the shell.
public enum Key: Hashable, Sendable {
    case delete
    case backspace
    case escape
    case left, right, up, down
    case pageUp, pageDown
    case f1
    /// The keypad's + and − (the main keyboard's are characters).
    case keypadPlus, keypadMinus
    /// A printable key as typed ("z", "Z", "?"); letters are matched without regard to case.
    case character(Character)
}

