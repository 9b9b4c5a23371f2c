// End to end: the real binary on a private Xvfb, with this test acting as the desktop around it — an
// XSETTINGS manager (owns _XSETTINGS_S0, keeps _XSETTINGS_SETTINGS on its window, announces itself with
// MANAGER), the source of RESOURCE_MANAGER, and the window manager that pings. The app reports the settings
// it applies as `{"desktopSettings": ...}` lines under --trace-gestures; waits are bounded by deadlines.
//
// Children are started with posix_spawn and a cleared signal mask: Foundation's Process on Linux lets them
// inherit the blocked signals of the dispatch thread that runs the test, and then SIGTERM never arrives.
import CX11
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct DesktopCitizenEndToEndTests {
    @Test func theDoubleClickWindowFollowsTheSettingsManagerIncludingALiveChange() throws {
        let desktop = try TestDesktop()
        let manager = desktop.startSettingsManager(["Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 9])
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 250, doubleClickDistance: 9)

        manager.publish(["Net/DoubleClickTime": 700, "Net/DoubleClickDistance": 9], serial: 2)
        try app.expectSettings(doubleClickMs: 700, doubleClickDistance: 9)
    }

    @Test func aRestartedSettingsManagerIsFollowed() throws {
        let desktop = try TestDesktop()
        var manager = desktop.startSettingsManager(["Net/DoubleClickTime": 250])
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 250)

        manager.quit()
        try app.expectSettings(doubleClickMs: 400)  // no manager: the fallback
        manager = desktop.startSettingsManager(["Net/DoubleClickTime": 333])
        try app.expectSettings(doubleClickMs: 333)
        _ = manager
    }

    @Test func theCommandLineWinsOverTheSettingsManager() throws {
        let desktop = try TestDesktop()
        let manager = desktop.startSettingsManager(["Net/DoubleClickTime": 250, "Net/DndDragThreshold": 3])
        let app = try desktop.launchApp(arguments: ["--double-click-ms", "900"])
        try app.expectSettings(doubleClickMs: 900, dragThreshold: 3)
        manager.publish(["Net/DoubleClickTime": 100, "Net/DndDragThreshold": 4], serial: 2)
        try app.expectSettings(doubleClickMs: 900, dragThreshold: 4)
    }

    @Test func malformedSettingsAreIgnoredWithOneWarning() throws {
        let desktop = try TestDesktop()
        let manager = desktop.startSettingsManager(bytes: [0x00, 0x00, 0x00, 0x00, 0x01])
        let app = try desktop.launchApp()
        try app.expectLine(containing: "touchtracker: ignoring the desktop's XSETTINGS: truncated at byte 4")
        manager.publish(bytes: [0x00, 0x00, 0x00, 0x00, 0x01])
        manager.publish(["Net/DoubleClickTime": 640], serial: 3)
        try app.expectSettings(doubleClickMs: 640)
        #expect(app.linesSoFar.filter { $0.contains("ignoring") }.count == 1)
    }

    @Test func withoutAManagerXftDpiComesFromTheResourceDatabaseLive() throws {
        let desktop = try TestDesktop()
        desktop.setResourceManager("Xft.antialias:\t1\nXft.dpi:\t144\n")
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 400, dpi: 144)
        desktop.setResourceManager("Xft.dpi:\t192\n")
        try app.expectSettings(doubleClickMs: 400, dpi: 192)
    }

    @Test func theWindowCarriesTheEWMHAndICCCMProperties() throws {
        let desktop = try TestDesktop()
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 400)
        let window = try desktop.waitForWindow(ofProcess: app.pid)

        let icon = desktop.cardinals(window, "_NET_WM_ICON")
        #expect(Array(icon.prefix(2)) == [16, 16])
        #expect(icon.count == 3 * 2 + 16 * 16 + 32 * 32 + 48 * 48)
        #expect(desktop.atoms(window, "_NET_WM_WINDOW_TYPE") == [desktop.atom("_NET_WM_WINDOW_TYPE_NORMAL")])
        #expect(desktop.atoms(window, "WM_PROTOCOLS").contains(desktop.atom("_NET_WM_PING")))
        #expect(desktop.atoms(window, "WM_PROTOCOLS").contains(desktop.atom("WM_DELETE_WINDOW")))
        #expect(desktop.string(window, "WM_CLIENT_MACHINE")?.isEmpty == false)
        #expect(desktop.string(window, "WM_CLASS") == "touchtracker\0TouchTracker\0")
        let hints = desktop.cardinals(window, "WM_NORMAL_HINTS")  // flags, x, y, w, h, min w, min h, ...
        #expect(hints.count >= 7 && hints[0] & 16 != 0 && hints[5] > 0 && hints[6] > 0, "PMinSize with a minimum")
    }

    @Test func theWindowAnswersNetWMPing() throws {
        let desktop = try TestDesktop()
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 400)
        let window = try desktop.waitForWindow(ofProcess: app.pid)
        let reply = try desktop.ping(window, serverTime: 4242)
        #expect(reply.window == desktop.root)
        #expect(reply.data == [Int(desktop.atom("_NET_WM_PING")), 4242, Int(window)])
    }
}

// MARK: - The desktop around the app

/// A private Xvfb and a connection to it on which the test plays the settings manager and window manager.
private final class TestDesktop {
    let server: ChildProcess
    let displayName: String
    let display: OpaquePointer
    let root: Window
    private var apps: [TestApp] = []

    init() throws {
        // -displayfd: Xvfb picks a free display number and writes it to its standard output.
        server = try ChildProcess(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], capturing: 1)
        displayName = ":" + (try server.output.line(within: 10))
        guard let display = XOpenDisplay(displayName) else { throw TestFailure("cannot open \(displayName)") }
        self.display = display
        root = cx11_root_window(display, 0)
    }

    deinit {
        apps.forEach { $0.stop() }
        XCloseDisplay(display)
        server.stop()
    }

    func launchApp(arguments: [String] = []) throws -> TestApp {
        let app = try TestApp(displayName: displayName, arguments: ["--trace-gestures"] + arguments)
        apps.append(app)
        return app
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    func startSettingsManager(_ integers: KeyValuePairs<String, Int32>) -> SettingsManager {
        startSettingsManager(bytes: xsettingsBytes(integers, serial: 1))
    }

    /// Claims _XSETTINGS_S0 with a fresh window holding `bytes`, and announces it on the root (MANAGER).
    func startSettingsManager(bytes: [UInt8]) -> SettingsManager {
        let manager = SettingsManager(desktop: self)
        manager.publish(bytes: bytes)
        XSetSelectionOwner(display, atom("_XSETTINGS_S0"), manager.window, UInt(CurrentTime))
        var announcement = XEvent()
        announcement.xclient.type = ClientMessage
        announcement.xclient.window = root
        announcement.xclient.message_type = atom("MANAGER")
        announcement.xclient.format = 32
        announcement.xclient.data.l.0 = Int(CurrentTime)
        announcement.xclient.data.l.1 = Int(atom("_XSETTINGS_S0"))
        announcement.xclient.data.l.2 = Int(manager.window)
        XSendEvent(display, root, 0, StructureNotifyMask, &announcement)
        XSync(display, 0)
        return manager
    }

    func setResourceManager(_ text: String) {
        var bytes = Array(text.utf8)
        XChangeProperty(display, root, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// The top-level window whose _NET_WM_PID is `pid`.
    func waitForWindow(ofProcess pid: Int32, within seconds: Double = 10) throws -> Window {
        let deadline = MonotonicDeadline(seconds)
        repeat {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            XQueryTree(display, root, &rootReturn, &parent, &children, &count)
            let windows = children.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
            if let children { XFree(children) }
            if let window = windows.first(where: { cardinals($0, "_NET_WM_PID") == [Int(pid)] }) { return window }
            usleep(20_000)
        } while !deadline.hasPassed
        throw TestFailure("no window with _NET_WM_PID \(pid)")
    }

    /// Sends _NET_WM_PING as a window manager does and returns the reply the app sends to the root.
    func ping(_ window: Window, serverTime: Int) throws -> (window: Window, data: [Int]) {
        XSelectInput(display, root, SubstructureNotifyMask)
        var ping = XEvent()
        ping.xclient.type = ClientMessage
        ping.xclient.window = window
        ping.xclient.message_type = atom("WM_PROTOCOLS")
        ping.xclient.format = 32
        ping.xclient.data.l.0 = Int(atom("_NET_WM_PING"))
        ping.xclient.data.l.1 = serverTime
        ping.xclient.data.l.2 = Int(window)
        XSendEvent(display, window, 0, 0, &ping)
        XSync(display, 0)
        let deadline = MonotonicDeadline(10)
        while !deadline.hasPassed {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == ClientMessage, event.xclient.message_type == atom("WM_PROTOCOLS") {
                    let l = event.xclient.data.l
                    return (event.xclient.window, [l.0, l.1, l.2])
                }
            }
            usleep(10_000)
        }
        throw TestFailure("no reply to _NET_WM_PING")
    }

    // Properties, read the way a window manager reads them.

    func cardinals(_ window: Window, _ name: String) -> [Int] {
        property(window, name, format: 32).map { $0.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) } } ?? []
    }

    func atoms(_ window: Window, _ name: String) -> [Atom] { cardinals(window, name).map { Atom(bitPattern: $0) } }

    func string(_ window: Window, _ name: String) -> String? {
        property(window, name, format: 8).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The raw items of a property: bytes for format 8, C longs for format 32 (Xlib's convention).
    private func property(_ window: Window, _ name: String, format: Int32) -> [UInt8]? {
        var type: Atom = 0
        var actualFormat: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, atom(name), 0, 1 << 20, 0, 0 /* AnyPropertyType */,
                           &type, &actualFormat, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard let data, actualFormat == format else { return nil }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(format / 8)
        return Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize))
    }
}

/// An XSETTINGS manager played by the test: a window of its own holding the settings property.
private final class SettingsManager {
    unowned let desktop: TestDesktop
    let window: Window
    private var alive = true

    init(desktop: TestDesktop) {
        self.desktop = desktop
        window = XCreateSimpleWindow(desktop.display, desktop.root, -1, -1, 1, 1, 0, 0, 0)
    }

    func publish(_ integers: KeyValuePairs<String, Int32>, serial: UInt32) {
        publish(bytes: xsettingsBytes(integers, serial: serial))
    }

    func publish(bytes: [UInt8]) {
        var bytes = bytes
        let property = desktop.atom("_XSETTINGS_SETTINGS")
        XChangeProperty(desktop.display, window, property, property, 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(desktop.display, 0)
    }

    /// The daemon exits: its window (and with it the selection) goes away.
    func quit() {
        guard alive else { return }
        alive = false
        XDestroyWindow(desktop.display, window)
        XSync(desktop.display, 0)
    }
}

/// A table of integer settings in the XSETTINGS wire format, LSBFirst.
private func xsettingsBytes(_ integers: KeyValuePairs<String, Int32>, serial: UInt32) -> [UInt8] {
    func card32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var bytes: [UInt8] = [0, 0, 0, 0] + card32(serial) + card32(UInt32(integers.count))
    for (name, value) in integers {
        let nameBytes = Array(name.utf8)
        bytes += [0, 0, UInt8(nameBytes.count & 0xFF), UInt8(nameBytes.count >> 8)]
        bytes += nameBytes + Array(repeating: 0, count: (4 - nameBytes.count % 4) % 4)
        bytes += card32(serial) + card32(UInt32(bitPattern: value))
    }
    return bytes
}

// MARK: - The app under test

/// The touchtracker binary beside the test bundle, its stderr read line by line.
private final class TestApp {
    private let process: ChildProcess
    private(set) var linesSoFar: [String] = []
    private let folder: String

    var pid: Int32 { process.pid }

    init(displayName: String, arguments: [String]) throws {
        let testBinary = CommandLine.arguments[0]
        let directory = testBinary.contains("/") ? String(testBinary[..<testBinary.lastIndex(of: "/")!]) : "."
        // The bundle is .build/<triple>/debug/X.xctest (a file on Linux) or a directory one level deeper.
        let candidates: [String] = [directory + "/touchtracker", directory + "/../touchtracker"]
        guard let binary = candidates.first(where: { access($0, X_OK) == 0 })
        else { throw TestFailure("touchtracker binary not found beside \(testBinary)") }
        var template = Array("/tmp/touchtracker-e2e-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw TestFailure("mkdtemp failed") }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        process = try ChildProcess(
            binary, arguments + [folder + "/drawing.json"], capturing: 2,
            environment: ["DISPLAY": displayName, "XDG_DATA_HOME": folder])
    }

    func stop() {
        process.stop()
        unlink(folder + "/drawing.json")
        rmdir(folder)
    }

    /// Waits for a stderr line containing `text`, keeping every line read.
    func expectLine(containing text: String, within seconds: Double = 10) throws {
        let deadline = MonotonicDeadline(seconds)
        while true {
            let line = try process.output.line(within: deadline.secondsLeft, failing: "no line with \(text); got \(linesSoFar)")
            linesSoFar.append(line)
            if line.contains(text) { return }
        }
    }

    /// Waits until the app reports that it applied exactly these settings (unnamed ones at their fallbacks).
    func expectSettings(
        doubleClickMs: Int, doubleClickDistance: Double = 5, dragThreshold: Double = 8, dpi: Double = 96
    ) throws {
        try expectLine(containing: "{\"desktopSettings\": {\"doubleClickMs\": \(doubleClickMs), "
            + "\"doubleClickDistance\": \(doubleClickDistance), \"dragThreshold\": \(dragThreshold), \"dpi\": \(dpi)}}")
    }
}

/// A child process started with posix_spawn, one of its output streams (1 or 2) captured, the other
/// discarded, its signal mask cleared and SIGTERM at its default action.
private final class ChildProcess {
    let pid: pid_t
    let output: LineReader
    private var running = true

    init(_ path: String, _ arguments: [String], capturing stream: Int32, environment: [String: String] = [:]) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestFailure("pipe failed") }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }  // other children must not hold our pipe open
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], stream)
        posix_spawn_file_actions_addopen(&actions, stream == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var nothing = sigset_t(), defaults = sigset_t()
        sigemptyset(&nothing)
        sigemptyset(&defaults)
        [SIGTERM, SIGINT, SIGPIPE].forEach { sigaddset(&defaults, $0) }
        posix_spawnattr_setsigmask(&attributes, &nothing)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var inherited: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") { inherited[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            entry += 1
        }
        inherited.merge(environment) { $1 }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = inherited.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw TestFailure("cannot start \(path): error \(status)")
        }
        pid = child
        output = LineReader(ends[0])
    }

    /// SIGTERM, then reap the child.
    func stop() {
        guard running else { return }
        running = false
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        output.close()
    }

    deinit { stop() }
}

/// A point on the monotonic clock some seconds from now.
private struct MonotonicDeadline {
    private let nanoseconds: UInt64

    init(_ seconds: Double) { nanoseconds = Self.now() + UInt64(max(0, seconds) * 1e9) }

    var hasPassed: Bool { Self.now() >= nanoseconds }
    var secondsLeft: Double { hasPassed ? 0 : Double(nanoseconds - Self.now()) / 1e9 }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Reads lines from a file descriptor with a deadline (poll), never blocking past it.
private final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    func close() { _ = Glibc.close(descriptor) }

    func line(within seconds: Double, failing message: String = "no line in time") throws -> String {
        let deadline = MonotonicDeadline(seconds)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard !deadline.hasPassed else { throw TestFailure(message) }
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(deadline.secondsLeft * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(self.descriptor, &chunk, chunk.count)
            guard count > 0 else { throw TestFailure("\(message) (stream closed)") }
            buffer += chunk[..<count]
        }
    }
}

private struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
