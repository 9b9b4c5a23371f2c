import CX11
#if canImport(Glibc)
import Glibc
#endif

/// The EWMH and ICCCM conventions that make the window a good desktop citizen, beyond the name, class,
/// PID and size hints that `CanvasWindow` sets when it is created:
///   _NET_WM_ICON                the embedded icon (16, 32 and 48 px) for task bars and switchers,
///   _NET_WM_WINDOW_TYPE         _NET_WM_WINDOW_TYPE_NORMAL, an ordinary top-level window,
///   WM_CLIENT_MACHINE           the host name (EWMH requires it beside _NET_WM_PID),
///   a cursor over the canvas, the tool's (`showCursor(named:)`; a crosshair for the line tool).
/// `_NET_WM_PING` is listed in WM_PROTOCOLS by `CanvasWindow`; `answerPing` sends the reply.
extension CanvasWindow {
    func adoptDesktopConventions(cursor: String) {
        let atoms = connection.atoms
        setProperty(atoms.netWMIcon, type: XA_CARDINAL, items: WindowIcon.netWMIconValue(WindowIcon.embedded))
        setProperty(atoms.netWMWindowType, type: XA_ATOM, items: [Int(atoms.netWMWindowTypeNormal)])
        if let host = Self.hostName {
            setProperty(XA_WM_CLIENT_MACHINE, type: XA_STRING, bytes: Array(host.utf8))
        }

        showCursor(named: cursor)
    }

    /// Shows the cursor of the X cursor font named `name` over the window (a crosshair for a name it lacks).
    func showCursor(named name: String) {
        let cursor = XCreateFontCursor(connection.display, Self.cursorGlyph(named: name))
        XDefineCursor(connection.display, window, cursor)
        XFreeCursor(connection.display, cursor)  // the window keeps its own reference
    }

    /// The glyph of the X cursor font named `name` (`Tool.cursor`), if the font has one by that name.
    static func cursorGlyph(ifAny name: String) -> UInt32? {
        cursorGlyphs.first { $0.name == name }.map { UInt32($0.glyph) }
    }

    static func cursorGlyph(named name: String) -> UInt32 { cursorGlyph(ifAny: name) ?? UInt32(XC_crosshair) }

    /// The cursors a tool may name (X11's cursorfont.h).
    private static let cursorGlyphs: [(name: String, glyph: Int32)] = [
        ("crosshair", XC_crosshair), ("pencil", XC_pencil), ("circle", XC_circle), ("dotbox", XC_dotbox),
        ("tcross", XC_tcross), ("cross", XC_cross), ("draped_box", XC_draped_box), ("left_ptr", XC_left_ptr),
    ]

    /// Answers the window manager's `_NET_WM_PING`: the same message, sent back to the root window.
    func answerPing(serverTime: Int) {
        let atoms = connection.atoms
        var reply = XEvent()
        reply.xclient.type = ClientMessage
        reply.xclient.window = connection.root
        reply.xclient.message_type = atoms.wmProtocols
        reply.xclient.format = 32
        reply.xclient.data.l.0 = Int(atoms.netWMPing)
        reply.xclient.data.l.1 = serverTime
        reply.xclient.data.l.2 = Int(window)
        XSendEvent(connection.display, connection.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
    }

    /// Brings the window to the front: raised above its siblings (what a bare X server does), and the
    /// window manager asked to activate it (EWMH `_NET_ACTIVE_WINDOW`, from an application).
    func comeForward() {
        let display = connection.display
        XMapRaised(display, window)
        var request = XEvent()
        request.xclient.type = ClientMessage
        request.xclient.window = window
        request.xclient.message_type = connection.atoms.netActiveWindow
        request.xclient.format = 32
        request.xclient.data.l.0 = 1  // source indication: an application
        request.xclient.data.l.1 = 0  // CurrentTime
        XSendEvent(display, connection.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &request)
    }

    /// This machine's name as the X client sees it, or nil when it has none.
    static var hostName: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(cStringBuffer: buffer)
        return name.isEmpty ? nil : name
    }
}
