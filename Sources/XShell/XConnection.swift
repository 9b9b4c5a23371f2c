import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Why the shell could not start or keep going.
public enum XShellError: Error, CustomStringConvertible, Equatable {
    case cannotOpenDisplay(String)
    case unsupportedVisual(depth: Int32)
    case cannotCreateBuffer(String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            return "cannot open display \"\(name)\" — is an X server running and DISPLAY set?"
        case .unsupportedVisual(let depth):
            return "the default visual (depth \(depth)) is not 24-bit TrueColor; TouchTracker needs one"
        case .cannotCreateBuffer(let reason):
            return "cannot create the window's drawing buffer: \(reason)"
        }
    }
}

/// Owns the connection to the X server (`Display *`) and the atoms the shell uses.
public final class XConnection {
    let display: OpaquePointer
    let screen: Int32
    let root: Window
    let atoms: Atoms

    /// Opens `name`, or `$DISPLAY` when nil.
    public init(name: String?) throws(XShellError) {
        guard let display = XOpenDisplay(name) else {
            throw .cannotOpenDisplay(name ?? Environment.value(of: "DISPLAY") ?? "")
        }
        self.display = display
        screen = cx11_default_screen(display)
        root = cx11_root_window(display, screen)
        atoms = Atoms(display)
        XSetErrorHandler(reportProtocolError)
    }

    deinit { XCloseDisplay(display) }

    var fileDescriptor: Int32 { cx11_connection_number(display) }
    /// The display's name as the connection has it (":1", "host:0.0").
    var name: String { String(cString: XDisplayString(display)) }
    var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }
}

/// The atoms named in ICCCM / EWMH / XSETTINGS that the shell uses, interned in one round trip.
struct Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWMName: Atom
    let netWMPID: Atom
    let utf8String: Atom
    let netWMPing: Atom
    let netWMIcon: Atom
    let netWMWindowType: Atom
    let netWMWindowTypeNormal: Atom
    /// The client message a new selection owner (an XSETTINGS manager) sends to the root window.
    let manager: Atom
    let xsettingsSettings: Atom
    /// EWMH: a client asking the window manager to activate a window.
    let netActiveWindow: Atom
    /// Ours: a second start asking the window holding its drawing to come to the front (`DocumentPresence`).
    let comeForward: Atom

    init(wmProtocols: Atom, wmDeleteWindow: Atom, netWMName: Atom, netWMPID: Atom, utf8String: Atom,
         netWMPing: Atom, netWMIcon: Atom, netWMWindowType: Atom, netWMWindowTypeNormal: Atom,
         manager: Atom, xsettingsSettings: Atom, netActiveWindow: Atom, comeForward: Atom) {
        (self.wmProtocols, self.wmDeleteWindow, self.netWMName, self.netWMPID, self.utf8String) =
            (wmProtocols, wmDeleteWindow, netWMName, netWMPID, utf8String)
        (self.netWMPing, self.netWMIcon, self.netWMWindowType, self.netWMWindowTypeNormal) =
            (netWMPing, netWMIcon, netWMWindowType, netWMWindowTypeNormal)
        (self.manager, self.xsettingsSettings) = (manager, xsettingsSettings)
        (self.netActiveWindow, self.comeForward) = (netActiveWindow, comeForward)
    }

    init(_ display: OpaquePointer) {
        let names = ["WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING",
                     "_NET_WM_PING", "_NET_WM_ICON", "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_NORMAL",
                     "MANAGER", "_XSETTINGS_SETTINGS", "_NET_ACTIVE_WINDOW", "_TOUCHTRACKER_COME_FORWARD"]
        var atoms = [Atom](repeating: 0, count: names.count)
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        (wmProtocols, wmDeleteWindow, netWMName, netWMPID, utf8String) = (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4])
        (netWMPing, netWMIcon, netWMWindowType, netWMWindowTypeNormal) = (atoms[5], atoms[6], atoms[7], atoms[8])
        (manager, xsettingsSettings) = (atoms[9], atoms[10])
        (netActiveWindow, comeForward) = (atoms[11], atoms[12])
    }
}

extension XConnection {
    /// The window whose disappearance the shell learns from its DestroyNotify: errors about it (the
    /// requests sent before that event was read) say nothing new and are not reported. Set once, on the
    /// main thread, before the loop; Xlib calls the error handler on that thread.
    nonisolated(unsafe) static var ownWindow: Window = 0
}

/// A protocol error (say, a request about a window that is gone) is reported, never fatal.
private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let event else { return 0 }
    let code = Int32(event.pointee.error_code)
    if event.pointee.resourceid == XConnection.ownWindow, code == BadWindow || code == BadDrawable { return 0 }
    var text = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
    StandardError.write("touchtracker: X error: \(String(cStringBuffer: text)) (request \(event.pointee.request_code))")
    return 0
}
