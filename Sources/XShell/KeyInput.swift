import CX11
import Gestures
import TouchTracker

/// A key press: the keysym (with Shift applied: `?`, `Z`), the modifiers held and the server's time of it.
struct KeyInput: Equatable {
    var keysym: UInt
    var state: UInt32
    /// When it was pressed, in the server's time: a clipboard it asks for is taken at this time.
    var time: UInt = 0
}

extension KeyInput {
    /// The app's key and modifiers for this key press; nil for keys the app has no use for
    /// (modifiers alone, function keys other than F1, F9 and F10, ...).
    var appKey: (Key, Modifiers)? {
        let modifiers = Modifiers(state: state)
        let key: Key
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Delete, XK_KP_Delete: key = .delete
        case XK_BackSpace: key = .backspace
        case XK_Escape: key = .escape
        case XK_Left, XK_KP_Left: key = .left
        case XK_Right, XK_KP_Right: key = .right
        case XK_Up, XK_KP_Up: key = .up
        case XK_Down, XK_KP_Down: key = .down
        case XK_Page_Up, XK_KP_Page_Up: key = .pageUp
        case XK_Page_Down, XK_KP_Page_Down: key = .pageDown
        case XK_Home, XK_KP_Home: key = .home
        case XK_End, XK_KP_End: key = .end
        case XK_Return, XK_KP_Enter: key = .enter
        case XK_Menu: key = .menu
        case XK_F1: key = .f1
        case XK_F9: key = .f9
        case XK_F10: key = .f10
        case 0x20...0x7E:
            // Latin-1 keysyms are their characters; Shift is already applied ("Z", "?").
            key = .character(Character(Unicode.Scalar(UInt8(keysym))))
        case XK_KP_Add: key = .keypadPlus
        case XK_KP_Subtract: key = .keypadMinus
        case XK_KP_0...XK_KP_9:
            // The keypad's digits with NumLock on choose colours as the row's do.
            key = .character(Character(Unicode.Scalar(UInt8(Int32(truncatingIfNeeded: keysym) - XK_KP_0) + UInt8(ascii: "0"))))
        default:
            return nil
        }
        return (key, modifiers)
    }
}
