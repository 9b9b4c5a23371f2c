import CX11
import Foundation
import Shapes
import Storage
import TestSupport
import Testing
import XTestHarness

/// The real binary in a real X server (Xvfb), driven by XTest, observed through its pixels.
@Suite("The window, end to end", .serialized)
struct WindowTests {
    @Test func aDragDrawsARedLineThatTurnsBlackOnRelease() throws {
        let running = try RunningApp()
        running.client.drag(from: (50, 100), to: (250, 100))
        #expect(running.waitForPixel(150, 100, toBe: Colours.red) == Colours.red)
        #expect(running.waitForPixel(52, 100, toBe: Colours.red) == Colours.red, "the line starts at the press point")
        #expect(running.pixel(150, 130) == Colours.white)
        running.client.release()
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(250, 100) == Colours.black, "the line ends at the release point")
        #expect(running.pixel(150, 110) == Colours.white, "10 px wide: 10 px below the centre is background")
    }

    @Test func theWindowCarriesItsTitleClassPidAndProtocols() throws {
        let running = try RunningApp()
        let client = running.client, window = running.window
        #expect(client.iccText(window, "WM_NAME")?.text == "drawing.json — TouchTracker", "COMPOUND_TEXT carries the dash")
        #expect(client.text(window, "_NET_WM_NAME") == "drawing.json — TouchTracker")
        #expect(client.text(window, "WM_CLASS") == "touchtracker\0TouchTracker\0")
        #expect(client.cardinals(window, "_NET_WM_PID") == [Int(running.app.pid)])
        #expect(client.cardinals(window, "WM_PROTOCOLS").contains(Int(client.atom("WM_DELETE_WINDOW"))))
    }

    @Test func resizingKeepsTheDrawingAndNeverFlashes() throws {
        let running = try RunningApp(geometry: "300x200+0+0")
        running.drawLine(from: (20, 50), to: (200, 50))
        let sizes = [(500, 400), (260, 180), (640, 480), (320, 240)]
        // Background inside the smallest size: a zeroed (black) or stale buffer shown mid-resize changes it.
        let background = [(100, 120), (240, 160), (10, 170), (250, 10)]
        for (width, height) in sizes {
            running.client.resize(running.window, width: width, height: height)
            // While the server and the app handle the resize, the line must never disappear and the
            // background must stay white: sampled every 2 ms for a while, as what must not happen has
            // no moment to wait for.
            for _ in 0..<20 {
                #expect(running.pixel(100, 50) == Colours.black, "the drawing flashed during a resize to \(width)x\(height)")
                for (x, y) in background {
                    #expect(running.pixel(x, y) == Colours.white,
                            "the background at (\(x), \(y)) flashed during a resize to \(width)x\(height)")
                }
                usleep(2_000)
            }
        }
        // The area the last resizes uncovered is painted white: no garbage left behind.
        #expect(running.waitForPixel(310, 230, toBe: Colours.white) == Colours.white)
        #expect(running.waitForPixel(250, 150, toBe: Colours.white) == Colours.white)
        #expect(running.pixel(20, 50) == Colours.black)
    }

    @Test func negativeOffsetsPlaceTheWindowFromTheRightAndBottomEdges() throws {
        let running = try RunningApp(geometry: "200x100-0-10")  // Xvfb's screen is 1024x768; no window manager
        var attributes = XWindowAttributes()
        XGetWindowAttributes(running.client.display, running.window, &attributes)
        #expect(attributes.x == 1024 - 200, "-0: flush with the right edge")
        #expect(attributes.y == 768 - 100 - 10)
        #expect((attributes.width, attributes.height) == (200, 100))
    }

    @Test func closingTheWindowExitsWithStatusZero() throws {
        let running = try RunningApp()
        running.client.sendDeleteWindow(to: running.window)
        #expect(running.app.waitForExit() == 0)
    }

    /// At rest, after a first frame that shared its strokes between the cores and an edit that was saved,
    /// no thread of the app runs: every thread's context switches (each wake-up counts one) stay as they
    /// are for 2 s on end. (A shared pool such as libdispatch's leaves a thread waking every second.)
    @Test func anIdleWindowWakesNoThreadAfterAFirstFrameOnTheCoresAndASave() throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("drawing.json")
        // 400 short lines apart: more than the first frame strokes on one core (ShapeLayer.strokesPerHalf).
        let lines = (0..<400).map { index in
            let (x, y) = (Double(10 + 19 * (index % 20)), Double(12 + 14 * (index / 20)))
            return Shape(id: ShapeID(UInt64(index + 1)), geometry: .line(Segment(begin: Point(x: x, y: y), end: Point(x: x + 12, y: y))))
        }
        try DocumentStore(path: FilePath(path)).save(Drawing(shapes: lines))
        let running = try RunningApp(arguments: [path])
        running.waitForPixel(16, 12, toBe: Colours.black)
        running.drawLine(from: (50, 292), to: (350, 292))

        let app = running.app.child
        var last = app.contextSwitches, quietSince = ContinuousClock.now, woken: [String] = []
        let quiet = waitUntil(timeout: 30, interval: 0.1) {
            let now = app.contextSwitches
            if now != last {
                woken = now.filter { last[$0.key] != $0.value }.map { app.threadName($0.key) ?? "thread \($0.key)" }
                (last, quietSince) = (now, ContinuousClock.now)
            }
            return ContinuousClock.now - quietSince >= .seconds(2)
        }
        #expect(quiet, "the app's threads still wake at rest: \(woken.sorted()) ran within the last 2 s")
        let saved = try DrawingFormat.decode(folder.read("drawing.json") ?? [])
        #expect(saved.shapes.count == 401, "the edit was saved before the rest")
    }
}

@Suite("The command line, end to end")
struct CommandLineTests {
    @Test func withoutADisplayItSaysSoInOneLineAndExitsWithOne() throws {
        let app = try AppProcess(arguments: [], display: ":9999")
        #expect(app.waitForExit() == 1)
        let message = app.standardError
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.contains("cannot open display \":9999\""))
        #expect(message.contains("DISPLAY"))
    }

    @Test func withNoDisplayVariableItSaysSoAndExitsWithOne() throws {
        let app = try AppProcess(arguments: [], display: nil)
        #expect(app.waitForExit() == 1)
        #expect(app.standardError.contains("cannot open display"))
    }

    @Test(arguments: [["--bogus"], ["--geometry", "12"], ["--geometry"], ["--double-click-ms", "x"], ["a", "b"]])
    func badArgumentsPrintUsageAndExitWithTwo(arguments: [String]) throws {
        let app = try AppProcess(arguments: arguments, display: ":9999")
        #expect(app.waitForExit() == 2)
        let message = app.standardError
        #expect(message.hasPrefix("touchtracker: "))
        #expect(message.contains("usage: touchtracker"))
    }

    @Test(arguments: ["--help", "--version"])
    func helpAndVersionPrintAndExitWithZero(option: String) throws {
        let app = try AppProcess(arguments: [option], display: ":9999")
        #expect(app.waitForExit() == 0)
        #expect(app.standardOutput.contains("touchtracker"))
        #expect(app.standardError.isEmpty)
    }
}
