/// A key the app reacts to, already translated from the keysym by the shell.
public enum Key: Hashable, Sendable {
    case delete
    case backspace
    case escape
    case left, right, up, down
    case pageUp, pageDown
    case home, end
    /// Return, or the keypad's Enter.
    case enter
    /// The Menu key (between the right Windows and Ctrl keys on PC keyboards).
    case menu
    case f1, f9, f10
    /// The keypad's + and − (the main keyboard's are characters).
    case keypadPlus, keypadMinus
    /// A printable key as typed ("z", "Z", "?"); letters are matched without regard to case.
    case character(Character)
}

