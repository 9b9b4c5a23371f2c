import CX11
import CXTest
#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb on a display it picks itself (`-displayfd`), with a black root window (`-br`), so a
/// white pixel in the app's window (which has no background) can only be the app's own frame.
final class BenchXServer {
    let process: BenchProcess
    let name: String

    /// Nil when Xvfb is not installed or does not start.
    init?(screen: String = "1024x768x24") {
        guard let path = executableOnPath("Xvfb"),
              let process = try? BenchProcess(
                path: path, arguments: ["-displayfd", "1", "-screen", "0", screen, "-br", "-nolisten", "tcp", "-noreset"],
                readsStandardOutput: true),
              let line = process.readLine(timeoutMilliseconds: 20_000), let number = Int(line) else { return nil }
        self.process = process
        name = ":\(number)"
    }
}

/// The bench's own connection to the X server: finds the app's window, injects input with XTest and
/// reads pixels back with XGetImage (one round trip each).
final class BenchXClient {
    let display: OpaquePointer
    let root: Window
    private let pidAtom: Atom

    init?(display name: String) {
        guard let display = XOpenDisplay(name) else { return nil }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        root = cx11_root_window(display, cx11_default_screen(display))
        pidAtom = XInternAtom(display, "_NET_WM_PID", 0)
    }

    /// Must run before the server stops: Xlib exits the process on a lost connection.
    deinit { XCloseDisplay(display) }

    /// The viewable top-level window whose _NET_WM_PID is `pid`, if there is one now.
    func viewableWindow(ofProcess pid: pid_t) -> Window? {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for window in UnsafeBufferPointer(start: children, count: Int(count)) where processID(of: window) == pid {
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable { return window }
        }
        return nil
    }

    private func processID(of window: Window) -> pid_t? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, pidAtom, 0, 1, 0, Atom(XA_CARDINAL), &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 32, count == 1 else { return nil }
        // Format-32 items arrive as C longs.
        return data.withMemoryRebound(to: Int.self, capacity: 1) { pid_t(truncatingIfNeeded: $0.pointee) }
    }

    /// The colour at (x, y) of `window` as 0xRRGGBB.
    func pixel(_ window: Window, _ x: Int, _ y: Int) -> UInt32 {
        guard let image = XGetImage(display, window, Int32(x), Int32(y), 1, 1, ~0, ZPixmap) else { return 0xDEAD }
        defer { cx11_destroy_image(image) }
        return UInt32(truncatingIfNeeded: cx11_get_pixel(image, 0, 0)) & 0xFF_FFFF
    }

    /// Reads the pixel back until it is `colour` (true) or `timeoutNanoseconds` pass (false).
    /// Reads back to back for the first millisecond, then pauses between reads for about a tenth of
    /// the time waited so far (at most 10 ms), so a slow frame is not slowed further by the polling
    /// and is still timed to within about 10%. Counts every read in `reads`.
    func waitForPixel(_ window: Window, _ x: Int, _ y: Int, toBe colour: UInt32, timeoutNanoseconds: UInt64,
                      reads: inout Int) -> Bool {
        let start = monotonicNanoseconds()
        while true {
            reads += 1
            if pixel(window, x, y) == colour { return true }
            let waited = monotonicNanoseconds() - start
            if waited >= timeoutNanoseconds { return false }
            if waited > 1_000_000 { usleep(UInt32(min(waited / 10_000, 10_000))) }
        }
    }

    // MARK: input (XTest, on the core pointer; sent at once)

    func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        XFlush(display)
    }

    func press(_ button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        XFlush(display)
    }

    func release(_ button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 0, 0)
        XFlush(display)
    }

    /// Waits until the server has handled every request sent so far.
    func sync() { XSync(display, 0) }
}

enum BenchColour {
    static let white: UInt32 = 0xFFFFFF
    static let black: UInt32 = 0x000000
    static let red: UInt32 = 0xFF0000
}
