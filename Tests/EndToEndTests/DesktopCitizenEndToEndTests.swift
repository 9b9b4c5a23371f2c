// End to end: the real binary on a private Xvfb, with the test acting as the desktop around it: an XSETTINGS
// manager (owns _XSETTINGS_S0, keeps _XSETTINGS_SETTINGS on its window, announces itself with MANAGER),
// the source of RESOURCE_MANAGER, and the window manager that pings. Under --trace-gestures the app reports
// each change of the settings in force as a `{"desktopSettings": ...}` line on stderr.
import CX11
import Foundation
import TestSupport
import Testing
import XTestHarness

@Suite("The desktop's settings and conventions, end to end", .serialized)
struct DesktopCitizenEndToEndTests {
    @Test func theDoubleClickWindowFollowsTheSettingsManagerIncludingALiveChange() throws {
        let desktop = try Desktop()
        let manager = desktop.startSettingsManager(["Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 9])
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 250, doubleClickDistance: 9)

        manager.publish(["Net/DoubleClickTime": 700, "Net/DoubleClickDistance": 9], serial: 2)
        try app.expectSettings(doubleClickMs: 700, doubleClickDistance: 9)
    }

    @Test func aRestartedSettingsManagerIsFollowed() throws {
        let desktop = try Desktop()
        let first = desktop.startSettingsManager(["Net/DoubleClickTime": 250])
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 250)

        first.quit()
        try app.expectSettings(doubleClickMs: 400)  // no manager: the fallback
        _ = desktop.startSettingsManager(["Net/DoubleClickTime": 333])
        try app.expectSettings(doubleClickMs: 333)
    }

    @Test func theCommandLineWinsOverTheSettingsManager() throws {
        let desktop = try Desktop()
        let manager = desktop.startSettingsManager(["Net/DoubleClickTime": 250, "Net/DndDragThreshold": 3])
        let app = try desktop.launchApp(arguments: ["--double-click-ms", "900"])
        try app.expectSettings(doubleClickMs: 900, dragThreshold: 3)
        manager.publish(["Net/DoubleClickTime": 100, "Net/DndDragThreshold": 4], serial: 2)
        try app.expectSettings(doubleClickMs: 900, dragThreshold: 4)
    }

    @Test func malformedSettingsAreIgnoredWithOneWarning() throws {
        let desktop = try Desktop()
        let malformed: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x01]  // a header cut off in its serial
        let manager = desktop.startSettingsManager(bytes: malformed)
        let app = try desktop.launchApp()
        try app.expectLine("touchtracker: ignoring the desktop's XSETTINGS: truncated at byte 4: 4 bytes needed, 1 left")
        manager.publish(bytes: malformed)
        manager.publish(["Net/DoubleClickTime": 640], serial: 3)
        try app.expectSettings(doubleClickMs: 640)
        #expect(app.linesSoFar.filter { $0.contains("ignoring") }.count == 1)
    }

    @Test func withoutAManagerXftDpiComesFromTheResourceDatabaseLive() throws {
        let desktop = try Desktop()
        desktop.setResourceManager("Xft.antialias:\t1\nXft.dpi:\t144\n")
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 400, dpi: 144)
        desktop.setResourceManager("Xft.dpi:\t192\n")
        try app.expectSettings(doubleClickMs: 400, dpi: 192)
    }

    @Test func onAHighResolutionScreenLinesAreWiderAndEasierToHit() throws {
        let desktop = try Desktop()
        desktop.setResourceManager("Xft.dpi:\t192\n")  // scale 2: the 10 px line becomes 20 px
        let app = try desktop.launchApp()
        try app.expectSettings(doubleClickMs: 400, dpi: 192)
        let client = desktop.client, window = try desktop.paintedWindow(of: app)
        client.drag(from: (40, 100), to: (240, 100))
        client.release()
        #expect(client.waitForPixel(window, 140, 100, toBe: Colours.black) == Colours.black)
        #expect(client.pixel(window, 140, 108) == Colours.black, "8 px from the centre is inside a 20 px line")
        #expect(client.pixel(window, 140, 113) == Colours.white, "13 px from the centre is outside it")
        client.move(to: 140, 135)  // 35 px away: beyond 20 px, within 20 px at scale 2
        client.press()
        usleep(20_000)  // a click's hold: the shape of the input
        client.release()
        #expect(client.waitForPixel(window, 140, 100, toBe: Colours.green) == Colours.green, "the click selects")
    }

    @Test func theWindowCarriesTheEWMHAndICCCMConventions() throws {
        let desktop = try Desktop()
        let app = try desktop.launchApp()
        let client = desktop.client, window = try client.window(ofProcess: app.pid)

        let icon = client.cardinals(window, "_NET_WM_ICON")
        #expect(Array(icon.prefix(2)) == [16, 16])
        #expect(icon.count == 3 * 2 + 16 * 16 + 32 * 32 + 48 * 48, "16, 32 and 48 px images")
        #expect(client.cardinals(window, "_NET_WM_WINDOW_TYPE") == [Int(client.atom("_NET_WM_WINDOW_TYPE_NORMAL"))])
        #expect(client.cardinals(window, "WM_PROTOCOLS").contains(Int(client.atom("_NET_WM_PING"))))
        #expect(client.text(window, "WM_CLIENT_MACHINE")?.isEmpty == false)
        let hints = client.cardinals(window, "WM_NORMAL_HINTS")  // flags, x, y, width, height, min width, min height
        #expect(hints.count >= 7 && hints[0] & Int(PMinSize) != 0 && hints[5] > 0 && hints[6] > 0)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(client.display, window, &attributes)
        #expect(attributes.map_state == IsViewable)
    }

    @Test func theWindowAnswersNetWMPing() throws {
        let desktop = try Desktop()
        let app = try desktop.launchApp()
        let window = try desktop.client.window(ofProcess: app.pid)
        let reply = try desktop.ping(window, serverTime: 4242)
        #expect(reply.window == desktop.client.root)
        #expect(reply.data == [Int(desktop.client.atom("_NET_WM_PING")), 4242, Int(window)])
    }
}

// MARK: - The desktop around the app

/// A private Xvfb, the test's connection to it, and the apps started on it.
private final class Desktop {
    let server: XvfbServer
    let client: XTestClient
    private var apps: [TracedApp] = []
    private let dataHome: TemporaryFolder

    init() throws {
        dataHome = try TemporaryFolder("e2e")
        server = try XvfbServer()
        client = try XTestClient(display: server.name)
    }

    deinit {
        // In this order: Xlib exits the test process if the server goes away under an open connection.
        client.close()
        apps.forEach { $0.process.child.stop() }
        server.process.stop()
    }

    func launchApp(arguments: [String] = []) throws -> TracedApp {
        let process = try AppProcess(
            arguments: ["--trace-gestures", "--geometry", "300x200+0+0"] + arguments, display: server.name,
            environment: ["XDG_DATA_HOME": dataHome.path])
        let app = TracedApp(process)
        apps.append(app)
        return app
    }

    /// The app's window once it shows its white canvas (input sent earlier could reach no window).
    func paintedWindow(of app: TracedApp) throws -> Window {
        let window = try client.window(ofProcess: app.pid)
        guard client.waitForPixel(window, 2, 2, toBe: Colours.white) == Colours.white else {
            throw XTestClient.Failure(description: "the window never painted its white background")
        }
        return window
    }

    func startSettingsManager(_ integers: KeyValuePairs<String, Int32>) -> SettingsManager {
        startSettingsManager(bytes: xsettingsBytes(integers, serial: 1))
    }

    func startSettingsManager(bytes: [UInt8]) -> SettingsManager {
        SettingsManager(client: client, bytes: bytes)
    }

    /// Sets the root window's RESOURCE_MANAGER, as `xrdb -load` does.
    func setResourceManager(_ text: String) {
        var bytes = Array(text.utf8)
        XChangeProperty(client.display, client.root, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, &bytes,
                        Int32(bytes.count))
        XSync(client.display, 0)
    }

    /// Sends _NET_WM_PING as a window manager does and returns the reply the app sends to the root window.
    func ping(_ window: Window, serverTime: Int) throws -> (window: Window, data: [Int]) {
        XSelectInput(client.display, client.root, SubstructureNotifyMask)
        var ping = XEvent()
        ping.xclient.type = ClientMessage
        ping.xclient.window = window
        ping.xclient.message_type = client.atom("WM_PROTOCOLS")
        ping.xclient.format = 32
        ping.xclient.data.l.0 = Int(client.atom("_NET_WM_PING"))
        ping.xclient.data.l.1 = serverTime
        ping.xclient.data.l.2 = Int(window)
        XSendEvent(client.display, window, 0, 0, &ping)
        XSync(client.display, 0)
        let reply = waitForValue(timeout: 10) { () -> (window: Window, data: [Int])? in
            while XPending(client.display) > 0 {
                var event = XEvent()
                XNextEvent(client.display, &event)
                if event.type == ClientMessage, event.xclient.message_type == client.atom("WM_PROTOCOLS") {
                    let l = event.xclient.data.l
                    return (event.xclient.window, [l.0, l.1, l.2])
                }
            }
            return nil
        }
        guard let reply else { throw XTestClient.Failure(description: "no reply to _NET_WM_PING within 10 s") }
        return reply
    }
}

/// The app with its stderr read line by line as it arrives.
private final class TracedApp {
    let process: AppProcess
    private(set) var linesSoFar: [String] = []

    init(_ process: AppProcess) { self.process = process }

    var pid: Int32 { process.pid }

    /// Waits up to `timeout` seconds for a new stderr line containing `text`.
    func expectLine(_ text: String, timeout: Double = 10) throws {
        let found = waitUntil(timeout: timeout, interval: 0.005) {
            let output = process.standardError
            let complete = output[..<(output.lastIndex(of: "\n") ?? output.startIndex)]  // a line being written waits
            let lines = complete.isEmpty ? [] : complete.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines.dropFirst(linesSoFar.count) {
                linesSoFar.append(line)
                if line.contains(text) { return true }
            }
            return false
        }
        guard found else {
            throw XTestClient.Failure(description: "no line with \(text) within \(timeout) s; stderr: \(linesSoFar)")
        }
    }

    /// Waits until the app reports that it applied exactly these settings (unnamed ones at their fallbacks).
    func expectSettings(
        doubleClickMs: Int, doubleClickDistance: Double = 5, dragThreshold: Double = 8, dpi: Double = 96
    ) throws {
        try expectLine("{\"desktopSettings\": {\"doubleClickMs\": \(doubleClickMs), "
            + "\"doubleClickDistance\": \(doubleClickDistance), \"dragThreshold\": \(dragThreshold), \"dpi\": \(dpi)}}")
    }
}

extension DesktopCitizenEndToEndTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("The desktop's double-click time, end to end, alone", .serialized)
    struct Alone {
        @Test func twoClicksClearTheCanvasOnlyWithinTheDesktopsDoubleClickTimeWhichChangesLive() throws {
            let desktop = try Desktop()
            let manager = desktop.startSettingsManager(["Net/DoubleClickTime": 150])
            let app = try desktop.launchApp()
            try app.expectSettings(doubleClickMs: 150)
            let client = desktop.client, window = try desktop.paintedWindow(of: app)
            client.drag(from: (40, 60), to: (240, 60))
            client.release()
            #expect(client.waitForPixel(window, 140, 60, toBe: Colours.black) == Colours.black)

            // The engine times clicks by the server's timestamps: XSync makes the server stamp the first click
            // before the pause starts, so the clicks are at least that far apart even on a loaded machine.
            // The pause, and each click's 20 ms hold, are the input under test.
            func clickTwice(apartBy microseconds: UInt32) {
                for second in [false, true] {
                    if second { usleep(microseconds) }
                    client.move(to: 200, 150)
                    client.press()
                    usleep(20_000)
                    client.release()
                    XSync(client.display, 0)
                }
            }
            clickTwice(apartBy: 400_000)  // slower than 150 ms: two single clicks
            usleep(600_000)  // nothing may happen: wait out the double-click window, then look
            #expect(client.pixel(window, 140, 60) == Colours.black, "400 ms apart is no double click at 150 ms")

            manager.publish(["Net/DoubleClickTime": 1500], serial: 2)
            try app.expectSettings(doubleClickMs: 1500)
            clickTwice(apartBy: 400_000)  // the same clicks, now well within the window
            #expect(client.waitForPixel(window, 140, 60, toBe: Colours.white) == Colours.white, "a double click clears")
        }
    }
}
