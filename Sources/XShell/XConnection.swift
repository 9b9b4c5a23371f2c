import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Why the shell could not start or keep going.
public enum XShellError: Error, CustomStringConvertible, Equatable {
    case cannotOpenDisplay(String)
    /// The screen offers no TrueColor visual; `defaultVisual` names its default ("depth 8 PseudoColor").
    case noTrueColorVisual(defaultVisual: String)
    case cannotCreateBuffer(String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            return "cannot open display \"\(name)\" — is an X server running and DISPLAY set?"
        case .noTrueColorVisual(let defaultVisual):
            return "the screen offers no TrueColor visual (looked for one of any depth, 24-bit first; the default visual "
                + "is \(defaultVisual)); TouchTracker needs one"
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

    /// The screen's visuals as `XGetVisualInfo` lists them, each with the pointer Xlib knows it by (valid as
    /// long as the connection).
    func visuals() -> [(visual: ScreenVisual, pointer: UnsafeMutablePointer<Visual>)] {
        var formatCount: Int32 = 0
        var bitsPerPixel: [Int32: Int] = [:]
        if let formats = XListPixmapFormats(display, &formatCount) {
            for format in UnsafeBufferPointer(start: formats, count: Int(formatCount)) {
                bitsPerPixel[format.depth] = Int(format.bits_per_pixel)
            }
            XFree(formats)
        }
        var template = XVisualInfo()
        template.screen = screen
        var count: Int32 = 0
        guard let infos = XGetVisualInfo(display, Int(VisualScreenMask), &template, &count) else { return [] }
        defer { XFree(infos) }
        let defaultID = XVisualIDFromVisual(cx11_default_visual(display, screen))
        var visuals: [(visual: ScreenVisual, pointer: UnsafeMutablePointer<Visual>)] = []
        for info in UnsafeBufferPointer(start: infos, count: Int(count)) {
            guard let pointer = info.visual, let kind = ScreenVisual.Kind(rawValue: Int(info.class)) else { continue }
            let format = PixelFormat(depth: Int(info.depth), bitsPerPixel: bitsPerPixel[info.depth] ?? 0,
                                     redMask: UInt32(truncatingIfNeeded: info.red_mask),
                                     greenMask: UInt32(truncatingIfNeeded: info.green_mask),
                                     blueMask: UInt32(truncatingIfNeeded: info.blue_mask))
            let visual = ScreenVisual(id: info.visualid, kind: kind, format: format, isDefault: info.visualid == defaultID)
            visuals.append((visual, pointer))
        }
        return visuals
    }

    var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }

    /// The name of `atom` ("image/png"), or its number when the server knows none.
    func name(of atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "atom \(atom)" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The atoms named `names`, in order, interned in one round trip.
    func intern(_ names: [String]) -> [Atom] {
        var atoms = [Atom](repeating: 0, count: names.count)
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        return atoms
    }
}

/// The atoms named in ICCCM / EWMH / XSETTINGS that the shell uses, interned in one round trip.
struct Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWMName: Atom
    let netWMIconName: Atom
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
    /// Ours: the holder's answer to `comeForward`, naming its process.
    let cameForward: Atom

    init(wmProtocols: Atom, wmDeleteWindow: Atom, netWMName: Atom, netWMPID: Atom, utf8String: Atom,
         netWMPing: Atom, netWMIcon: Atom, netWMWindowType: Atom, netWMWindowTypeNormal: Atom,
         manager: Atom, xsettingsSettings: Atom, netActiveWindow: Atom, comeForward: Atom, netWMIconName: Atom = 0,
         cameForward: Atom = 0) {
        (self.wmProtocols, self.wmDeleteWindow, self.netWMName, self.netWMPID, self.utf8String) =
            (wmProtocols, wmDeleteWindow, netWMName, netWMPID, utf8String)
        (self.netWMPing, self.netWMIcon, self.netWMWindowType, self.netWMWindowTypeNormal) =
            (netWMPing, netWMIcon, netWMWindowType, netWMWindowTypeNormal)
        (self.manager, self.xsettingsSettings) = (manager, xsettingsSettings)
        (self.netActiveWindow, self.comeForward, self.netWMIconName) = (netActiveWindow, comeForward, netWMIconName)
        self.cameForward = cameForward
    }

    init(_ display: OpaquePointer) {
        let names = ["WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING",
                     "_NET_WM_PING", "_NET_WM_ICON", "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_NORMAL",
                     "MANAGER", "_XSETTINGS_SETTINGS", "_NET_ACTIVE_WINDOW", "_TOUCHTRACKER_COME_FORWARD",
                     "_NET_WM_ICON_NAME", "_TOUCHTRACKER_CAME_FORWARD"]
        var atoms = [Atom](repeating: 0, count: names.count)
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        (wmProtocols, wmDeleteWindow, netWMName, netWMPID, utf8String) = (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4])
        (netWMPing, netWMIcon, netWMWindowType, netWMWindowTypeNormal) = (atoms[5], atoms[6], atoms[7], atoms[8])
        (manager, xsettingsSettings) = (atoms[9], atoms[10])
        (netActiveWindow, comeForward, netWMIconName, cameForward) = (atoms[11], atoms[12], atoms[13], atoms[14])
    }
}

extension XConnection {
    /// Runs `body`, waits until the server has handled its requests (XSync), and returns the code of the
    /// first X error they caused, if any, instead of reporting it: for requests whose failure is an answer
    /// (MIT-SHM's attach fails with BadAccess on a server that cannot reach our memory).
    func firstError(of body: () -> Void) -> UInt8? {
        XSync(display, 0)  // errors of earlier requests are reported as usual
        Self.caughtError = nil
        let previous = XSetErrorHandler(catchError)
        body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return Self.caughtError
    }

    /// The first error `firstError(of:)` caught. Xlib calls error handlers on the thread that waits for
    /// the reply: the main thread, inside `firstError(of:)`.
    nonisolated(unsafe) fileprivate static var caughtError: UInt8?

    /// The window whose disappearance the shell learns from its DestroyNotify: errors about it (the
    /// requests sent before that event was read) say nothing new and are not reported. Set once, on the
    /// main thread, before the loop; Xlib calls the error handler on that thread.
    nonisolated(unsafe) static var ownWindow: Window = 0

    /// Other clients' windows we wrote to lately (clipboard requestors), which may vanish at any moment:
    /// BadWindow about them says nothing new. The last `foreignWindowsKept`, oldest first; main thread only.
    nonisolated(unsafe) private(set) static var foreignWindows: [Window] = []
    static let foreignWindowsKept = 64

    /// Notes a window of another client that we are about to write to.
    static func noteForeignWindow(_ window: Window) {
        guard !foreignWindows.contains(window) else { return }
        if foreignWindows.count == foreignWindowsKept { foreignWindows.removeFirst() }
        foreignWindows.append(window)
    }
}

private func catchError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    if XConnection.caughtError == nil { XConnection.caughtError = event?.pointee.error_code }
    return 0
}

/// A protocol error (say, a request about a window that is gone) is reported, never fatal.
private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let event else { return 0 }
    let code = Int32(event.pointee.error_code)
    if event.pointee.resourceid == XConnection.ownWindow, code == BadWindow || code == BadDrawable { return 0 }
    if code == BadWindow, XConnection.foreignWindows.contains(event.pointee.resourceid) { return 0 }
    var text = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
    StandardError.write("touchtracker: X error: \(String(cStringBuffer: text)) (request \(event.pointee.request_code))")
    return 0
}
