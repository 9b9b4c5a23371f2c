import CCairo
import CX11
import Document
import Rendering
import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// The top-level window: ICCCM/EWMH properties, and a back buffer (a Cairo image in client memory) that
/// is copied to the window with `XPutImage`. The window has no background (`None`) and north-west bit
/// gravity, so the server never clears it: no flash on expose or resize, and no flicker while drawing.
///
/// Memory follows what can be seen, never the window's nominal size: the back buffer holds only the part
/// of the window on screen (`visible`), so a window 32767 px a side costs what the screen costs.
final class CanvasWindow {
    let connection: XConnection
    let window: Window
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    /// The window's inside, however large.
    private(set) var size: PixelSize
    /// The part of the window on screen, in window coordinates: what the back buffer holds.
    private(set) var visible: PixelRect
    private(set) var buffer: BackBuffer

    static let eventMask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
        | PointerMotionMask | KeyPressMask

    /// The core pointer events, left out of `eventMask` when XInput 2 delivers pointer events instead.
    static let corePointerMask = ButtonPressMask | ButtonReleaseMask | PointerMotionMask

    /// The core events the window selects: pointer events only when there is no XInput 2 to name devices.
    static func coreEventMask(xinput: XInput2?) -> Int { xinput == nil ? eventMask : eventMask & ~corePointerMask }

    /// Pointer events come from `xinput` when given (per master device, with touches), else from the core protocol.
    init(connection: XConnection, geometry: WindowGeometry, title: String, xinput: XInput2? = nil) throws(XShellError) {
        self.connection = connection
        let display = connection.display
        visual = cx11_default_visual(display, connection.screen)
        depth = cx11_default_depth(display, connection.screen)
        let v = visual.pointee
        guard depth == 24 || depth == 32, v.red_mask == 0xFF0000, v.green_mask == 0x00FF00, v.blue_mask == 0x0000FF else {
            throw .unsupportedVisual(depth: depth)
        }

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
        attributes.border_pixel = 0
        window = XCreateWindow(
            display, connection.root, Int32(position.x), Int32(position.y),
            UInt32(geometry.width), UInt32(geometry.height), 0, depth, UInt32(InputOutput), visual,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask | CWBorderPixel), &attributes)
        gc = XCreateGC(display, window, 0, nil)
        XConnection.ownWindow = window
        do {
            buffer = try BackBuffer(display: display, visual: visual, depth: depth,
                                    width: visible.size.width, height: visible.size.height)
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        setProperties(geometry: geometry, title: title)
        xinput?.select(on: window, display: display)  // before mapping: no pointer event can come earlier
        XMapWindow(display, window)
    }

    deinit {
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, window)
    }


    /// Sets the window title (WM_NAME and _NET_WM_NAME in UTF-8).
    func setTitle(_ title: String) {
        // WM_NAME is a STRING, Latin-1; window managers that read it predate UTF-8 titles, and every
        // current one reads _NET_WM_NAME. Characters beyond Latin-1 get a readable stand-in.
        let latin1: [UInt8] = title.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0...0xFF: UInt8(scalar.value)
            case 0x2010...0x2015: UInt8(ascii: "-")  // hyphens and dashes
            default: UInt8(ascii: "?")
            }
        }
        setProperty(XA_WM_NAME, type: XA_STRING, bytes: latin1)
        setProperty(connection.atoms.netWMName, type: connection.atoms.utf8String, bytes: Array(title.utf8))
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
            buffer = try BackBuffer(display: connection.display, visual: visual, depth: depth,
                                    width: newVisible.size.width, height: newVisible.size.height)
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
        buffer.surface.flush()
        XPutImage(connection.display, window, gc, buffer.image, Int32(minX - part.origin.x), Int32(minY - part.origin.y),
                  Int32(minX), Int32(minY), UInt32(maxX - minX), UInt32(maxY - minY))
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

    private func setProperties(geometry: WindowGeometry, title: String) {
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
        adoptDesktopConventions()
    }
}

/// A Cairo RGB24 image and an `XImage` sharing its pixels (no copy on the client side).
final class BackBuffer {
    let surface: CairoSurface
    let context: CairoContext
    let image: UnsafeMutablePointer<XImage>

    init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32, width: Int, height: Int) throws(XShellError) {
        do {
            surface = try CairoSurface(imageWidth: max(1, width), height: max(1, height))
        } catch {
            throw .cannotCreateBuffer(error.description)
        }
        context = CairoContext(surface)
        guard let data = surface.data,
              let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, data.assumingMemoryBound(to: CChar.self),
                                       UInt32(surface.width), UInt32(surface.height), 32, Int32(surface.stride))
        else { throw .cannotCreateBuffer("XCreateImage failed") }
        // Cairo's pixels are native-endian 0x00RRGGBB; say so, and Xlib swaps for a big-endian server.
        image.pointee.byte_order = 0x0102.littleEndian == 0x0102 ? LSBFirst : MSBFirst
        self.image = image
    }

    deinit {
        image.pointee.data = nil  // the pixels belong to the Cairo surface
        cx11_destroy_image(image)
    }
}
