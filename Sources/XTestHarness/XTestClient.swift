import CX11
import CXTest
#if canImport(Glibc)
import Glibc
#endif

/// A connection of its own to the X server, for the tests and the bench: finds the app's window,
/// injects input with XTest, reads pixels back with XGetImage, and plays the window manager's part
/// (resize, close).
/// Xlib's locks, turned on once before the first connection: the end-to-end tests run at once, each with a
/// client of its own on its own thread, and without them Xlib's shared state (its connections' and
/// extensions' tables) is unguarded. A run of the tests once crashed in malloc, the heap corrupted.
private let xlibLocks: Void = { _ = XInitThreads() }()

public final class XTestClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// How pointer input reaches the server.
    public enum InputDelivery: Sendable {
        /// Each call returns once the server has taken the event and stamped its time (XSync), so the
        /// caller's own sleeps measure the gaps the app sees.
        case synchronous
        /// Each call returns once the request is sent (XFlush); `sync()` waits for the server. The
        /// bench times an event from when it sends it.
        case flushed
    }

    public let display: OpaquePointer
    public let root: Window
    private let delivery: InputDelivery

    /// Connects to `name` (":N"); throws when the display cannot be opened or has no XTEST.
    public init(display name: String, delivery: InputDelivery = .synchronous) throws {
        _ = xlibLocks
        guard let display = XOpenDisplay(name) else { throw Failure(description: "cannot open \(name)") }
        self.display = display
        self.delivery = delivery
        root = cx11_root_window(display, cx11_default_screen(display))
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            isOpen = false
            throw Failure(description: "the X server has no XTEST extension")
        }
    }

    private var isOpen = true

    deinit { close() }

    /// Closes the connection; must happen before the server stops (Xlib exits on a lost connection).
    public func close() {
        if isOpen { XCloseDisplay(display) }
        isOpen = false
    }

    public func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// The mapped top-level window whose _NET_WM_PID is `pid`, waiting up to `timeout` seconds.
    public func window(ofProcess pid: Int32, timeout: Double = 10) throws -> Window {
        guard let window = waitForValue(timeout: timeout, interval: 0.02, { viewableWindow(ofProcess: pid) }) else {
            throw Failure(description: "no window of process \(pid) appeared within \(timeout) s")
        }
        return window
    }

    /// The viewable top-level window whose _NET_WM_PID is `pid`, if there is one now.
    public func viewableWindow(ofProcess pid: Int32) -> Window? {
        topLevelWindows().first { cardinals($0, "_NET_WM_PID").first == Int(pid) && isViewable($0) }
    }

    /// Whether `window` is mapped and so are its ancestors.
    public func isViewable(_ window: Window) -> Bool {
        var attributes = XWindowAttributes()
        return XGetWindowAttributes(display, window, &attributes) != 0 && attributes.map_state == IsViewable
    }

    /// The root window's children, bottom to top as the server stacks them.
    public func topLevelWindows() -> [Window] {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// A property of 32-bit items (CARDINAL, ATOM, WINDOW) as integers.
    public func cardinals(_ window: Window, _ property: String) -> [Int] {
        guard let (format, bytes) = property8or32(window, property), format == 32 else { return [] }
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) }
    }

    /// A property of 8-bit items as text.
    public func text(_ window: Window, _ property: String) -> String? {
        guard let (format, bytes) = property8or32(window, property), format == 8 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ICCCM text property (STRING, COMPOUND_TEXT, UTF8_STRING) decoded by Xlib, with its type's name.
    public func iccText(_ window: Window, _ property: String) -> (type: String, text: String)? {
        var value = XTextProperty()
        guard XGetTextProperty(display, window, &value, atom(property)) != 0 else { return nil }
        defer { XFree(value.value) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var count: Int32 = 0
        guard Xutf8TextPropertyToTextList(display, &value, &list, &count) == Success, let list, count > 0,
              let first = list[0], let name = XGetAtomName(display, value.encoding) else { return nil }
        defer { XFreeStringList(list); XFree(name) }
        return (String(cString: name), String(cString: first))
    }

    /// The raw items of a property: bytes for format 8, C longs for format 32.
    private func property8or32(_ window: Window, _ property: String) -> (Int32, [UInt8])? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, atom(property), 0, 1 << 20, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(format / 8)
        return (format, Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize)))
    }

    // MARK: input
    //
    // Pointer input on the core pointer goes out as `delivery` says.

    /// Moves the core pointer to (x, y) on the screen.
    public func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        deliver()
    }

    public func press(_ button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        deliver()
    }

    public func release(_ button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 0, 0)
        deliver()
    }

    /// Presses and releases `button` in one delivery, so the server stamps both at once: a click however late
    /// this thread runs (a press and a release delivered apart on a loaded machine can be 500 ms apart and
    /// read as a long press, or as a menu's press held too long to stay open).
    public func click(_ button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        XTestFakeButtonEvent(display, button, 0, 0)
        deliver()
    }

    /// Waits until the server has handled every request sent so far.
    public func sync() { XSync(display, 0) }

    private func deliver() {
        switch delivery {
        case .synchronous: XSync(display, 0)
        case .flushed: XFlush(display)
        }
    }

    /// Presses at `from`, moves in `steps` to `to` (and does not release). The motions are 5 ms apart, as a
    /// hand's are: the shape of the input, not a wait for anything.
    public func drag(from: (Int, Int), to: (Int, Int), steps: Int = 10) {
        move(to: from.0, from.1)
        press()
        for step in 1...steps {
            move(to: from.0 + (to.0 - from.0) * step / steps, from.1 + (to.1 - from.1) * step / steps)
            usleep(5_000)
        }
    }

    /// Types one key, holding `modifiers` (keysyms such as XK_Control_L) around it.
    /// All in one delivery, as `click`: a key held for the server's autorepeat delay (660 ms) repeats, and a
    /// thread of a loaded machine can be held up that long between two deliveries.
    public func key(_ keysym: Int32, modifiers: [Int32] = []) {
        for modifier in modifiers { fakeKey(modifier, down: true) }
        fakeKey(keysym, down: true)
        fakeKey(keysym, down: false)
        for modifier in modifiers.reversed() { fakeKey(modifier, down: false) }
        deliver()
    }

    /// Types `text`: lower-case Latin-1 characters, whose keysyms are their code points (as a file name typed
    /// into a dialog).
    public func type(_ text: String) {
        for scalar in text.unicodeScalars where scalar.value < 0x100 { key(Int32(scalar.value)) }
    }

    /// Presses the key of `keysym` and keeps it down (a modifier held through a drag, say) until `letGo`.
    public func hold(_ keysym: Int32) {
        fakeKey(keysym, down: true)
        deliver()
    }

    /// Releases the key of `keysym`.
    public func letGo(_ keysym: Int32) {
        fakeKey(keysym, down: false)
        deliver()
    }

    private func fakeKey(_ keysym: Int32, down: Bool) {
        XTestFakeKeyEvent(display, UInt32(XKeysymToKeycode(display, KeySym(keysym))), down ? 1 : 0, 0)
    }

    // MARK: output

    /// The colour at (x, y) of `window`, as 0xRRGGBB: each channel of the window's visual scaled to 8 bits, to
    /// the nearest value (a 5-bit 31 is 255, a 10-bit 1023 is 255), so pure colours read the same at any depth.
    public func pixel(_ window: Window, _ x: Int, _ y: Int) -> UInt32 {
        guard let (value, masks) = pixelValue(window, x, y) else { return 0xDEAD }
        return Self.rgb(value, masks: masks)
    }

    /// The pixel at (x, y) of `window` as the server stores it, in the window's depth, with the visual's
    /// red, green and blue masks (from the image `XGetImage` returns).
    public func pixelValue(_ window: Window, _ x: Int, _ y: Int) -> (value: UInt, masks: (red: UInt, green: UInt, blue: UInt))? {
        guard let image = XGetImage(display, window, Int32(x), Int32(y), 1, 1, ~0, ZPixmap) else { return nil }
        defer { cx11_destroy_image(image) }
        let masks = (image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask)
        return (cx11_get_pixel(image, 0, 0), masks)
    }

    /// The colours of the `width` × `height` rectangle at (x, y) of `window`, row by row, as `pixel` reads them;
    /// empty when the rectangle cannot be read.
    public func pixels(_ window: Window, x: Int, y: Int, width: Int, height: Int) -> [UInt32] {
        guard let image = XGetImage(display, window, Int32(x), Int32(y), UInt32(width), UInt32(height), ~0, ZPixmap) else {
            return []
        }
        defer { cx11_destroy_image(image) }
        let masks = (image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask)
        return (0..<height).flatMap { row in
            (0..<width).map { column in Self.rgb(cx11_get_pixel(image, Int32(column), Int32(row)), masks: masks) }
        }
    }

    /// `value` as 0xRRGGBB, each channel of `masks` scaled to 8 bits to the nearest value.
    public static func rgb(_ value: UInt, masks: (red: UInt, green: UInt, blue: UInt)) -> UInt32 {
        [masks.red, masks.green, masks.blue].reduce(0) { rgb, mask in
            guard mask != 0 else { return rgb << 8 }
            let shift = UInt(mask.trailingZeroBitCount), largest = mask >> shift
            return rgb << 8 | UInt32((((value & mask) >> shift) * 255 + largest / 2) / largest)
        }
    }

    /// The depth of `window` (24, 16, 30...).
    public func depth(of window: Window) -> Int {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        return Int(attributes.depth)
    }

    /// Waits up to `timeout` seconds for the pixel to become `colour`; returns the last colour seen.
    @discardableResult
    public func waitForPixel(_ window: Window, _ x: Int, _ y: Int, toBe colour: UInt32, timeout: Double = 5) -> UInt32 {
        var seen = colour
        waitUntil(timeout: timeout) { seen = pixel(window, x, y); return seen == colour }
        return seen
    }

    /// Waits up to `timeout` seconds for the pixel to become anything but `colour`; returns the last colour seen.
    @discardableResult
    public func waitForPixel(_ window: Window, _ x: Int, _ y: Int, toLeave colour: UInt32, timeout: Double = 5) -> UInt32 {
        var seen = colour
        waitUntil(timeout: timeout) { seen = pixel(window, x, y); return seen != colour }
        return seen
    }

    // MARK: the window manager's part

    /// Resizes `window`, as a window manager does.
    public func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
        XFlush(display)
    }

    /// Maps a plain window of this client at the given place, above every other: something to cover a
    /// window with.
    public func mapCover(x: Int, y: Int, width: Int, height: Int) -> Window {
        let window = XCreateSimpleWindow(display, root, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, 0, 0)
        XMapRaised(display, window)
        XSync(display, 0)
        return window
    }

    /// Destroys `window` from this client, as `xdotool windowclose` does: no question asked.
    public func destroy(_ window: Window) {
        XDestroyWindow(display, window)
        XSync(display, 0)
    }

    /// The size of `window`'s inside as the server has it; nil when it is gone.
    public func size(of window: Window) -> (width: Int, height: Int)? {
        var root: Window = 0
        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard XGetGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Asks the window to close, as a window manager does (WM_PROTOCOLS / WM_DELETE_WINDOW).
    public func sendDeleteWindow(to window: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(atom("WM_DELETE_WINDOW"))
        event.xclient.data.l.1 = 0  // CurrentTime
        XSendEvent(display, window, 0, 0, &event)
        XFlush(display)
    }
}

