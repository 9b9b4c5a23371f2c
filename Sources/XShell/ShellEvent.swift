import CX11
import Gestures
import Shapes
import Timing
import TouchTracker

/// The X events the shell acts on, translated from `XEvent` in one place (dwm's handler table as a `switch`).
enum ShellEvent: Equatable {
    /// A pointer press, motion or release (or a touch begin, update, end), decoded straight into
    /// the gesture engine's input.
    case pointer(GestureInput)
    /// A wheel's click (buttons 4 to 7) or a smooth scroll: never the engine's, which a wheel turned during a
    /// drag must not disturb.
    case scroll(ScrollInput)
    /// A touchpad's pinch (XInput 2.4).
    case pinch(PinchInput)
    case key(KeyInput)
    case keyReleased(KeyInput)
    /// The window lost the keyboard: a key held meanwhile is released elsewhere, unseen.
    case focusLost
    /// XInput devices were added, removed or changed: what is known of them must be asked again.
    case inputDevicesChanged
    case exposed(Rect)
    case configured(width: Int, height: Int)
    case closeRequested
    /// A second start of the program asks the window holding its drawing to come to the front.
    case comeForwardRequested(ComeForwardRequest)
    /// The window manager asks whether we still respond (`_NET_WM_PING`), stamped with its `serverTime`.
    case pinged(serverTime: Int)
    /// A new owner of a manager selection (`selection`, such as `_XSETTINGS_S0`) announced itself.
    case managerAnnounced(selection: Atom)
    /// A property on a window we watch changed or was deleted.
    case propertyChanged(window: Window, atom: Atom, deleted: Bool = false)
    /// Another client asks us, the owner of a selection, for its content.
    case selectionRequested(ConversionRequest)
    /// Another client took a selection we owned.
    case selectionCleared(selection: Atom)
    /// The owner of a selection answered our conversion: into `property`, or refused (0).
    case selectionNotified(selection: Atom, target: Atom, property: Atom)
    /// A window we watch was destroyed.
    case destroyed(window: Window)
    case unhandled(type: Int32)

    /// What a second start asks of the window holding its drawing (`DocumentPresence`): which drawing (the
    /// selection named after the lock file it found held) and where to answer.
    struct ComeForwardRequest: Equatable {
        let selection: Atom
        let replyTo: Window
    }

    /// Translates a core event that the loop read at `readTime`. Key events need the event's display for
    /// the keymap. `canvas` is our window: only its ConfigureNotify is a resize. (The shell also watches the
    /// root window for MANAGER messages and the settings manager's window for its destruction; both bring
    /// ConfigureNotify of their own.) Core pointer events are all of `ContactID.corePointer`; the wheel's
    /// buttons (4 to 7) scroll, a click a press.
    init(_ event: XEvent, atoms: Atoms, canvas: Window, readTime: Deadline) {
        var event = event
        switch event.type {
        case ButtonPress where ScrollInput.isWheel(button: Int(event.xbutton.button)),
             ButtonRelease where ScrollInput.isWheel(button: Int(event.xbutton.button)):
            let b = event.xbutton
            let click = ScrollInput(button: Int(b.button), at: Point(x: Double(b.x), y: Double(b.y)), modifiers: Modifiers(state: b.state))
            self = event.type == ButtonPress ? click.map(ShellEvent.scroll) ?? .unhandled(type: event.type) : .unhandled(type: event.type)
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let button = Int(b.button)
            self = .pointer(GestureInput(
                event.type == ButtonPress ? .press(button: button) : .release(button: button), contact: .corePointer,
                x: Double(b.x), y: Double(b.y), state: b.state, time: b.time, readTime: readTime))
        case MotionNotify:
            let m = event.xmotion
            self = .pointer(GestureInput(
                .motion, contact: .corePointer, x: Double(m.x), y: Double(m.y), state: m.state, time: m.time, readTime: readTime))
        case KeyPress:
            var keysym: KeySym = 0
            XLookupString(&event.xkey, nil, 0, &keysym, nil)  // the keysym the modifiers select, no text
            self = .key(KeyInput(keysym: keysym, state: event.xkey.state, time: event.xkey.time))
        case KeyRelease:
            var keysym: KeySym = 0
            XLookupString(&event.xkey, nil, 0, &keysym, nil)
            self = .keyReleased(KeyInput(keysym: keysym, state: event.xkey.state, time: event.xkey.time))
        case FocusOut:
            // A grab's focus changes (a window manager's key binding) come back; only a real loss lets keys go.
            self = event.xfocus.mode == NotifyNormal || event.xfocus.mode == NotifyWhileGrabbed ? .focusLost : .unhandled(type: event.type)
        case Expose:
            let e = event.xexpose
            self = .exposed(Rect(x: Double(e.x), y: Double(e.y), width: Double(e.width), height: Double(e.height)))
        case GraphicsExpose:
            // A pan's copy within the window found no pixels there (another window covered them).
            let e = event.xgraphicsexpose
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
            } else if message.message_type == atoms.comeForward, message.format == 32 {
                self = .comeForwardRequested(ComeForwardRequest(selection: Atom(bitPattern: message.data.l.0),
                                                                replyTo: Window(bitPattern: message.data.l.1)))
            } else if message.message_type == atoms.manager, message.format == 32 {
                self = .managerAnnounced(selection: Atom(bitPattern: message.data.l.1))
            } else {
                self = .unhandled(type: event.type)
            }
        case PropertyNotify:
            self = .propertyChanged(window: event.xproperty.window, atom: event.xproperty.atom,
                                    deleted: event.xproperty.state == PropertyDelete)
        case SelectionRequest:
            let r = event.xselectionrequest
            self = .selectionRequested(ConversionRequest(requestor: r.requestor, selection: r.selection, target: r.target,
                                                        property: r.property, time: r.time))
        case SelectionClear:
            self = .selectionCleared(selection: event.xselectionclear.selection)
        case SelectionNotify:
            let n = event.xselection
            self = .selectionNotified(selection: n.selection, target: n.target, property: n.property)
        case DestroyNotify:
            self = .destroyed(window: event.xdestroywindow.window)
        default:
            self = .unhandled(type: event.type)
        }
    }
}
