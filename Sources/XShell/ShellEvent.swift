import CX11
import Document

/// A pointer press, motion or release (or a touch begin, update, end) as the shell reads it from X.
struct PointerInput: Equatable {
    enum Phase: Equatable { case press, motion, release }
    /// Where the contact comes from: the core protocol has one pointer, XInput 2 names master
    /// devices (several with MPX) and touches.
    enum Source: Equatable { case mouse, touch }

    /// The id the core protocol's pointer has in XInput 2 (the virtual core pointer).
    static let corePointer: UInt16 = 2

    var phase: Phase
    var device: UInt16 = PointerInput.corePointer
    /// The touch id for touches; 0 for pointer buttons.
    var touch: UInt32 = 0
    var source: Source = .mouse
    /// 1 left, 2 middle, 3 right, 4/5 wheel; 0 for motion.
    var button: UInt32
    var location: Point
    /// The X server's timestamp in milliseconds (wraps after ~49.7 days).
    var serverTime: UInt32
    /// The modifier and button state just before the event.
    var state: UInt32

    init(phase: Phase, device: UInt16 = PointerInput.corePointer, touch: UInt32 = 0, source: Source = .mouse,
         button: UInt32, location: Point, serverTime: UInt32, state: UInt32) {
        self.phase = phase; self.device = device; self.touch = touch; self.source = source
        self.button = button; self.location = location; self.serverTime = serverTime; self.state = state
    }
}

/// A key press: the keysym (with Shift applied: `?`, `Z`) and the modifiers held.
struct KeyInput: Equatable {
    var keysym: UInt
    var state: UInt32
}

/// The X events the shell acts on, translated from `XEvent` in one place (dwm's handler table as a `switch`).
enum ShellEvent: Equatable {
    case pointer(PointerInput)
    case key(KeyInput)
    case exposed(Rect)
    case configured(width: Int, height: Int)
    case closeRequested
    /// A second start of the program asks the window holding its drawing to come to the front.
    case comeForwardRequested
    /// The window manager asks whether we still respond (`_NET_WM_PING`), stamped with its `serverTime`.
    case pinged(serverTime: Int)
    /// A new owner of a manager selection (`selection`, such as `_XSETTINGS_S0`) announced itself.
    case managerAnnounced(selection: Atom)
    /// A property on a window we watch changed or was deleted.
    case propertyChanged(window: Window, atom: Atom)
    /// A window we watch was destroyed.
    case destroyed(window: Window)
    case unhandled(type: Int32)

    /// Translates a core event. Key events need the event's display for the keymap. `canvas` is our window:
    /// only its ConfigureNotify is a resize. (The shell also watches the root window for MANAGER messages
    /// and the settings manager's window for its destruction; both bring ConfigureNotify of their own.)
    init(_ event: XEvent, atoms: Atoms, canvas: Window) {
        var event = event
        switch event.type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            self = .pointer(PointerInput(phase: event.type == ButtonPress ? .press : .release, button: b.button,
                                         location: Point(x: Double(b.x), y: Double(b.y)),
                                         serverTime: UInt32(truncatingIfNeeded: b.time), state: b.state))
        case MotionNotify:
            let m = event.xmotion
            self = .pointer(PointerInput(phase: .motion, button: 0, location: Point(x: Double(m.x), y: Double(m.y)),
                                         serverTime: UInt32(truncatingIfNeeded: m.time), state: m.state))
        case KeyPress:
            var keysym: KeySym = 0
            XLookupString(&event.xkey, nil, 0, &keysym, nil)  // the keysym the modifiers select, no text
            self = .key(KeyInput(keysym: keysym, state: event.xkey.state))
        case Expose:
            let e = event.xexpose
            self = .exposed(Rect(x: Double(e.x), y: Double(e.y), width: Double(e.width), height: Double(e.height)))
        case ConfigureNotify where event.xconfigure.window == canvas:
            self = .configured(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case ClientMessage:
            let message = event.xclient
            let protocolAtom = Atom(bitPattern: message.data.l.0)
            if message.message_type == atoms.wmProtocols, message.format == 32, protocolAtom == atoms.wmDeleteWindow {
                self = .closeRequested
            } else if message.message_type == atoms.wmProtocols, message.format == 32, protocolAtom == atoms.netWMPing {
                self = .pinged(serverTime: message.data.l.1)
            } else if message.message_type == atoms.comeForward {
                self = .comeForwardRequested
            } else if message.message_type == atoms.manager, message.format == 32 {
                self = .managerAnnounced(selection: Atom(bitPattern: message.data.l.1))
            } else {
                self = .unhandled(type: event.type)
            }
        case PropertyNotify:
            self = .propertyChanged(window: event.xproperty.window, atom: event.xproperty.atom)
        case DestroyNotify:
            self = .destroyed(window: event.xdestroywindow.window)
        default:
            self = .unhandled(type: event.type)
        }
    }
}
