import CCairo
import CX11
import Rendering
import Shapes
import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// The top-level window: ICCCM/EWMH properties, and a back buffer (a Cairo image in client memory, or in
/// memory shared with the server) copied to the window. The window has no background (`None`) and
/// north-west bit gravity, so the server never clears it: no flash on expose or resize, and no flicker
/// while drawing.
///
/// It draws in the best TrueColor visual the screen offers (`ScreenVisual.best(of:)`): 24-bit where there
/// is one, else the screen's 15, 16 or 30-bit, whose pixels `BackBuffer` converts from Cairo's.
///
/// Memory follows what can be seen, never the window's nominal size: the back buffer holds only the part
/// of the window on screen (`visible`), so a window 32767 px a side costs what the screen costs.
final class CanvasWindow {
    let connection: XConnection
    let window: Window
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    /// The window's pixels.
    let format: PixelFormat
    /// The window's own colormap when its visual is not the screen's default (X requires one), else none.
    private let colormap: Colormap?
    /// The window's inside, however large.
    private(set) var size: PixelSize
    /// The part of the window on screen, in window coordinates: what the back buffer holds.
    private(set) var visible: PixelRect
    private(set) var buffer: BackBuffer
    /// Whether buffers go to shared memory: the server can map it, and no attach has failed yet.
    private var sharing: Bool
    /// The type of MIT-SHM's completion event, when the window may share memory with the server.
    private let completionEvent: Int32?
    /// Shared puts the server has not finished reading; while any is, nothing draws on the buffer.
    private var putsInFlight = 0

    /// Key releases for Space+drag (the server told not to fake them while a key repeats: see `init`), focus
    /// changes to let go of a key released in another window, and property changes on the window itself,
    /// which bring a paste's INCR chunks (they are read as they come).
    static let eventMask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
        | PointerMotionMask | KeyPressMask | KeyReleaseMask | FocusChangeMask | PropertyChangeMask

    /// The core pointer events, left out of `eventMask` when XInput 2 delivers pointer events instead.
    static let corePointerMask = ButtonPressMask | ButtonReleaseMask | PointerMotionMask

    /// The core events the window selects: pointer events only when there is no XInput 2 to name devices.
    static func coreEventMask(xinput: XInput2?) -> Int { xinput == nil ? eventMask : eventMask & ~corePointerMask }

    /// Pointer events come from `xinput` when given (per master device, with touches), else from the core protocol.
    init(connection: XConnection, geometry: WindowGeometry, title: String, cursor: String, xinput: XInput2? = nil)
        throws(XShellError) {
        self.connection = connection
        let display = connection.display
        let visuals = connection.visuals()
        guard let best = ScreenVisual.best(of: visuals.map(\.visual)),
              let chosen = visuals.first(where: { $0.visual == best })
        else {
            throw .noTrueColorVisual(defaultVisual: visuals.first { $0.visual.isDefault }?.visual.summary ?? "unknown")
        }
        visual = chosen.pointer
        format = best.format
        colormap = best.isDefault ? nil : XCreateColormap(display, connection.root, visual, AllocNone)

        let screen = connection.screenSize
        // A window larger than the screen could never be seen whole: it is made as large as the screen.
        var geometry = geometry
        (geometry.width, geometry.height) = (min(geometry.width, screen.width), min(geometry.height, screen.height))
        let position = geometry.origin(screenWidth: screen.width, screenHeight: screen.height) ?? (x: 0, y: 0)
        size = PixelSize(width: geometry.width, height: geometry.height)
        visible = PixelRect.visiblePart(of: size, at: PixelPoint(x: position.x, y: position.y),
                                        screen: PixelSize(width: screen.width, height: screen.height))
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: the server never paints over our pixels
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Self.coreEventMask(xinput: xinput)
        // A border pixel of the window's own visual: a visual other than the parent's has no border to inherit.
        attributes.border_pixel = 0
        attributes.colormap = colormap ?? 0
        window = XCreateWindow(
            display, connection.root, Int32(position.x), Int32(position.y),
            UInt32(geometry.width), UInt32(geometry.height), 0, Int32(format.depth), UInt32(InputOutput), visual,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask | CWBorderPixel | (colormap == nil ? 0 : CWColormap)), &attributes)
        gc = XCreateGC(display, window, 0, nil)
        XConnection.ownWindow = window
        sharing = SharedSegment.isUsable(on: connection)
        completionEvent = sharing ? XShmGetEventBase(display) + ShmCompletion : nil
        do {
            buffer = try BackBuffer(connection: connection, visual: visual, format: format,
                                    width: visible.size.width, height: visible.size.height, sharing: sharing)
        } catch {
            XDestroyWindow(display, window)
            if let colormap { XFreeColormap(display, colormap) }
            throw error
        }
        sharing = buffer.sharesMemory
        setProperties(geometry: geometry, title: title, cursor: cursor)
        xinput?.select(on: window, display: display)  // before mapping: no pointer event can come earlier
        // A key held down repeats as presses alone, not as release-press pairs: a release is a release.
        var detectable: Int32 = 0
        _ = XkbSetDetectableAutoRepeat(display, 1, &detectable)
        XMapWindow(display, window)
    }

    deinit {
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, window)
        if let colormap { XFreeColormap(connection.display, colormap) }
    }


    /// Sets the window's title, which is also its icon name (what a task bar or an iconified window shows):
    /// _NET_WM_NAME and _NET_WM_ICON_NAME in UTF-8, and for window managers that predate them WM_NAME and
    /// WM_ICON_NAME as ICCCM text, STRING (Latin-1) when every character is Latin-1, else COMPOUND_TEXT.
    func setTitle(_ title: String) {
        let atoms = connection.atoms
        for property in [atoms.netWMName, atoms.netWMIconName] {
            setProperty(property, type: atoms.utf8String, bytes: Array(title.utf8))
        }
        guard var text = Self.iccText(title, display: connection.display) else { return }
        defer { XFree(text.value) }
        XSetWMName(connection.display, window, &text)
        XSetWMIconName(connection.display, window, &text)
    }

    /// `text` as ICCCM text (`XStdICCTextStyle`: STRING, or COMPOUND_TEXT where Latin-1 cannot hold it). Xlib
    /// converts through the character sets of the locale: a UTF-8 locale has them all, so a process running
    /// under another (the C locale, by default) converts under C.UTF-8 for the call.
    private static func iccText(_ text: String, display: OpaquePointer) -> XTextProperty? {
        let current = String(cString: setlocale(LC_CTYPE, nil))
        let isUTF8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        if !isUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
        defer { if !isUTF8 { setlocale(LC_CTYPE, current) } }
        var property = XTextProperty()
        var list: [UnsafeMutablePointer<CChar>?] = [strdup(text)]
        defer { free(list[0]) }
        // Negative: no memory, or a locale without the converter; positive: characters left out, none here.
        guard Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property) >= 0 else { return nil }
        return property
    }

    /// The part of the window on screen for the window at its present place, were it `newSize`.
    func visiblePart(ofSize newSize: PixelSize) -> PixelRect {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, window, connection.root, 0, 0, &x, &y, &child)
        let screen = connection.screenSize
        return PixelRect.visiblePart(of: newSize, at: PixelPoint(x: Int(x), y: Int(y)),
                                     screen: PixelSize(width: screen.width, height: screen.height))
    }

    /// Follows a new size and on-screen part: a new back buffer when the part's size changed (the caller
    /// repaints it whole). When the buffer cannot be made, the old one stays and this throws.
    func follow(size newSize: PixelSize, visible newVisible: PixelRect) throws(XShellError) {
        size = newSize
        if newVisible.size != visible.size {
            buffer = try BackBuffer(connection: connection, visual: visual, format: format,
                                    width: newVisible.size.width, height: newVisible.size.height, sharing: sharing)
            sharing = buffer.sharesMemory
        }
        visible = newVisible
    }

    /// Copies `rect` (window coordinates, clamped to the part on screen) from the back buffer to the window.
    func present(_ rect: Rect) {
        let part = visible
        let minX = max(part.origin.x, Int(rect.minX.rounded(.down))), minY = max(part.origin.y, Int(rect.minY.rounded(.down)))
        let maxX = min(part.origin.x + buffer.surface.width, Int(rect.maxX.rounded(.up)))
        let maxY = min(part.origin.y + buffer.surface.height, Int(rect.maxY.rounded(.up)))
        guard maxX > minX, maxY > minY else { return }
        putsInFlight += buffer.put(x: minX - part.origin.x, y: minY - part.origin.y, width: maxX - minX, height: maxY - minY,
                                   to: window, gc: gc, at: minX, minY)
    }

    /// Moves the window's pixels `dx` right and `dy` down within its part on screen, as the back buffer's
    /// were (a pan), so that only the strip uncovered need be sent. Where the server has no pixels to copy
    /// (another window covered them) it asks for them with GraphicsExpose, served from the back buffer.
    func shiftContents(byX dx: Int, y dy: Int) {
        let part = visible, width = buffer.surface.width, height = buffer.surface.height
        guard abs(dx) < width, abs(dy) < height else { return }
        XCopyArea(connection.display, window, window, gc, Int32(part.origin.x + max(0, -dx)), Int32(part.origin.y + max(0, -dy)),
                  UInt32(width - abs(dx)), UInt32(height - abs(dy)), Int32(part.origin.x + max(0, dx)), Int32(part.origin.y + max(0, dy)))
    }

    /// Whether the server may still be reading the buffer's pixels (a shared put not yet completed): the
    /// shell must not draw on them until it is done.
    var isPresenting: Bool { putsInFlight > 0 }

    /// Takes `event` when it is the completion of a shared put (and returns true).
    func takeCompletion(_ event: XEvent) -> Bool {
        guard let completionEvent, event.type == completionEvent else { return false }
        putsInFlight = max(0, putsInFlight - 1)
        return true
    }

    /// The part on screen as a rectangle of the canvas.
    var visibleArea: Rect { visible.rect }

    /// Replaces a property of 32-bit items (CARDINAL, ATOM, ...); Xlib takes them as C `long`s.
    func setProperty(_ property: Atom, type: Atom, items: [Int]) {
        items.withUnsafeBytes { bytes in
            _ = XChangeProperty(connection.display, window, property, type, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(items.count))
        }
    }

    /// Replaces a property of 8-bit items (STRING, UTF8_STRING).
    func setProperty(_ property: Atom, type: Atom, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(connection.display, window, property, type, 8, PropModeReplace,
                                buffer.baseAddress, Int32(buffer.count))
        }
    }

    private func setProperties(geometry: WindowGeometry, title: String, cursor: String) {
        let display = connection.display
        let atoms = connection.atoms
        setTitle(title)

        let classHint = XAllocClassHint()!
        let name = strdup("touchtracker"), className = strdup("TouchTracker")
        classHint.pointee.res_name = name
        classHint.pointee.res_class = className
        XSetClassHint(display, window, classHint)
        XFree(classHint)
        free(name); free(className)

        setProperty(atoms.netWMPID, type: XA_CARDINAL, items: [Int(getpid())])

        // ICCCM: we take keyboard focus when the window manager offers it.
        let wmHints = XAllocWMHints()!
        wmHints.pointee.flags = InputHint | StateHint
        wmHints.pointee.input = 1
        wmHints.pointee.initial_state = NormalState
        XSetWMHints(display, window, wmHints)
        XFree(wmHints)

        var protocols = [atoms.wmDeleteWindow, atoms.netWMPing]
        XSetWMProtocols(display, window, &protocols, Int32(protocols.count))

        let hints = XAllocSizeHints()!
        hints.pointee.flags = PSize | PMinSize
        hints.pointee.width = Int32(geometry.width)
        hints.pointee.height = Int32(geometry.height)
        hints.pointee.min_width = 100
        hints.pointee.min_height = 100
        if let gravity = geometry.gravity {
            // The user placed it: the corner the offsets count from stays put (ICCCM win_gravity).
            hints.pointee.flags |= USPosition | PWinGravity
            hints.pointee.win_gravity = switch gravity {
            case .northWest: NorthWestGravity
            case .northEast: NorthEastGravity
            case .southWest: SouthWestGravity
            case .southEast: SouthEastGravity
            }
        }
        XSetWMNormalHints(display, window, hints)
        XFree(hints)
        adoptDesktopConventions(cursor: cursor)
    }
}
