import CX11
import Foundation
import PortalTesting
import Shapes
import Storage
import TestSupport
import Testing
import TouchTracker
import XTestHarness

/// A drawing of one line from (50, y) to (250, y) at `path`.
private func writeDrawing(at path: String, y: Double) throws {
    try DocumentStore(path: FilePath(path)).save(Drawing(shapes: [
        Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 50, y: y), end: Point(x: 250, y: y)))),
    ]))
}

private func drawing(at path: String) -> Drawing? {
    FileManager.default.contents(atPath: path).flatMap { try? DrawingFormat.decode(Array($0)) }
}

/// The environment that keeps the app off any portal of the machine running the tests (a chooser must open in
/// this test's Xvfb, never on the user's desktop), and zenity quiet about accessibility.
private let noPortal = ["DBUS_SESSION_BUS_ADDRESS": "disabled:", "NO_AT_BRIDGE": "1"]

@Suite("Files and windows, end to end", .serialized)
struct FileEndToEndTests {
    @Test func controlShiftEExportsWhereARealZenityIsToldTo() throws {
        let running = try RunningApp(environment: noPortal)
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_e, modifiers: [XK_Control_L, XK_Shift_L])
        let dialog = try #require(waitForValue(timeout: 20, interval: 0.05) {
            running.client.topLevelWindows().first { window in
                running.client.text(window, "_NET_WM_NAME")?.hasPrefix("Export the drawing as") == true && running.client.isViewable(window)
            }
        }, "zenity's dialog never appeared; the app said: \(running.app.standardError)")
        // No window manager: keys go to the window under the pointer. The name field has the focus, "drawing.png" in
        // it. GTK may not take keys yet when its window has just been mapped (no event tells when it does): the
        // name is typed again, whole, while the dialog is still up and no file came.
        let size = try #require(running.client.size(of: dialog))
        running.client.move(to: size.width / 2, size.height / 2)
        let picture = running.dataHome.file("touchtracker/picture.svg")
        for _ in 0..<5 where !FileManager.default.fileExists(atPath: picture) && running.client.isViewable(dialog) {
            running.client.key(XK_a, modifiers: [XK_Control_L])
            running.client.type("picture.svg")
            running.client.key(XK_Return)
            waitUntil(timeout: 3) { FileManager.default.fileExists(atPath: picture) || !running.client.isViewable(dialog) }
        }
        #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: picture) }, "\(running.app.standardError)")
        let svg = String(decoding: FileManager.default.contents(atPath: picture) ?? Data(), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(waitUntil(timeout: 5) { running.app.standardError == "touchtracker: exported \(picture)\n" }, "\(running.app.standardError)")
        #expect(running.pixel(150, 100) != Colours.white, "the window drew on meanwhile and still does")
    }

    @Test func controlOOpensAnotherDrawingThroughThePortalAfterSavingThisOne() throws {
        let bus = try SessionBus()
        let folder = try TemporaryFolder("open")
        let other = folder.file("other.json")
        try writeDrawing(at: other, y: 200)
        let portal = try FakePortal(bus: bus, answers: [.choose("file://" + other)])
        portal.serveInBackground()
        defer { portal.stop() }
        let recording = folder.file("session.jsonl")
        let running = try RunningApp(arguments: ["--record", recording], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_o, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 10) { running.client.text(running.window, "_NET_WM_NAME") == "other.json — TouchTracker" })
        #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black, "the other drawing shows")
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white, "and only it")
        #expect(drawing(at: running.documentPath)?.shapes.count == 1, "the first drawing was saved before")
        #expect(portal.calls.first?.parentWindow == "x11:" + String(running.window, radix: 16))
        #expect(portal.calls.first?.options["current_folder"] == .bytes(Array(running.dataHome.file("touchtracker").utf8) + [0]))
        // Its lock is released and the other's taken: a second start on the first drawing opens it.
        #expect(!FileManager.default.fileExists(atPath: running.dataHome.file("touchtracker/.drawing.json.lock")))
        #expect(FileManager.default.fileExists(atPath: folder.file(".other.json.lock")))

        // Edits go to the other drawing now; the session replays without it.
        running.drawLine(from: (50, 250), to: (250, 250))
        #expect(waitUntil(timeout: 5) { drawing(at: other)?.shapes.count == 2 })
        running.client.sendDeleteWindow(to: running.window)
        #expect(running.app.waitForExit() == 0)
        let expected = try #require(drawing(at: other))
        try FileManager.default.removeItem(atPath: other)
        let replayed = folder.file("replayed.json")
        let replay = try AppProcess(arguments: ["--replay", recording, replayed], display: nil)
        #expect(replay.waitForExit() == 0, "\(replay.standardError)")
        #expect(drawing(at: replayed)?.shapes.map(\.geometry.segment) == expected.shapes.map(\.geometry.segment))
        #expect(!FileManager.default.fileExists(atPath: other), "the replay read and wrote no other file")
    }

    @Test func aDrawingOpenInAnotherWindowIsBroughtForwardAndThisWindowKeepsItsOwn() throws {
        let bus = try SessionBus()
        let folder = try TemporaryFolder("open")
        let other = folder.file("other.json")
        try writeDrawing(at: other, y: 200)
        let portal = try FakePortal(bus: bus, answers: [.choose("file://" + other)])
        portal.serveInBackground()
        defer { portal.stop() }
        let running = try RunningApp(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let holder = try AppProcess(arguments: ["--geometry", "400x300+420+0", other], display: running.server.name)
        let holderWindow = try running.client.window(ofProcess: holder.pid)
        #expect(running.client.waitForPixel(holderWindow, 150, 200, toBe: Colours.black) == Colours.black)
        _ = running.client.mapCover(x: 400, y: 0, width: 500, height: 400)  // over the holder, until it comes forward
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_o, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 10) { running.client.topLevelWindows().last == holderWindow }, "the holder came forward")
        #expect(waitUntil(timeout: 5) { running.app.standardError.contains("other.json is already open in another window") },
                "\(running.app.standardError)")
        #expect(running.client.text(running.window, "_NET_WM_NAME") == "drawing.json — TouchTracker")
        #expect(running.pixel(150, 100) == Colours.black, "this window kept its drawing")
    }

    @Test func saveAsGoesOnInTheNewFile() throws {
        let bus = try SessionBus()
        let folder = try TemporaryFolder("saveas")
        let copy = folder.file("copy.json")
        let portal = try FakePortal(bus: bus, answers: [.choose("file://" + copy)])
        portal.serveInBackground()
        defer { portal.stop() }
        let running = try RunningApp(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_s, modifiers: [XK_Control_L, XK_Shift_L])
        #expect(waitUntil(timeout: 10) { running.client.text(running.window, "_NET_WM_NAME") == "copy.json — TouchTracker" })
        #expect(drawing(at: copy)?.shapes.count == 1)
        #expect(portal.calls.first?.member == "SaveFile" && portal.calls.first?.options["current_name"] == .string("drawing.json"))
        running.drawLine(from: (50, 200), to: (250, 200))
        #expect(waitUntil(timeout: 5) { drawing(at: copy)?.shapes.count == 2 })
        #expect(drawing(at: running.documentPath).map(\.shapes.count) ?? 0 <= 1, "the old file is left as it was")
        #expect(FileManager.default.fileExists(atPath: folder.file(".copy.json.lock")))
        #expect(!FileManager.default.fileExists(atPath: running.dataHome.file("touchtracker/.drawing.json.lock")))
    }

    @Test func withoutAnyChooserTheWindowSaysWhatToInstallAndWhatTheCommandLineDoes() throws {
        let running = try RunningApp(environment: noPortal.merging(["PATH": "/nonexistent"]) { $1 })
        running.client.key(XK_o, modifiers: [XK_Control_L])
        let expected = "touchtracker: no file chooser (looked for the desktop portal (org.freedesktop.portal.FileChooser), zenity, kdialog): "
            + "install zenity or kdialog; to open another drawing meanwhile, run: touchtracker FILE\n"
        #expect(waitUntil(timeout: 5) { running.app.standardError == expected }, "\(running.app.standardError)")
        #expect(running.app.child.isRunning)
    }

    @Test func controlNOpensANewWindowOnANewDrawingInTheDataFolder() throws {
        let running = try RunningApp(environment: noPortal)
        let before = Set(running.client.topLevelWindows())
        running.client.key(XK_n, modifiers: [XK_Control_L])
        // The new window's name and its process's id, once both are set (a window is named before its pid is).
        let pid = try #require(waitForValue(timeout: 10, interval: 0.05) { () -> Int? in
            running.client.topLevelWindows().first {
                !before.contains($0) && running.client.text($0, "_NET_WM_NAME") == "untitled-1.json — TouchTracker"
            }.flatMap { running.client.cardinals($0, "_NET_WM_PID").first }
        }, "\(running.app.standardError)")
        #expect(pid != Int(running.app.pid))
        #expect(waitUntil(timeout: 10) { drawing(at: running.dataHome.file("touchtracker/untitled-1.json")) == Drawing() })
        running.client.key(XK_n, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: running.dataHome.file("touchtracker/untitled-2.json")) },
                "a second one takes the next name")
        // Close the new windows (ours to clean up): each saves and exits.
        for other in running.client.topLevelWindows() where other != running.window && !before.contains(other) {
            if running.client.cardinals(other, "_NET_WM_PID").first != nil { running.client.sendDeleteWindow(to: other) }
        }
        #expect(waitUntil(timeout: 10) { kill(pid_t(pid), 0) != 0 })
    }

    @Test func controlENumbersItsExportsAndNamesTheFullPath() throws {
        let running = try RunningApp(environment: noPortal)
        running.drawLine(from: (50, 100), to: (250, 100))
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: running.dataHome.file("touchtracker/drawing.png")))
        running.client.key(XK_e, modifiers: [XK_Control_L])
        let numbered = running.dataHome.file("touchtracker/drawing-2.png")
        #expect(waitUntil(timeout: 5) { running.app.standardError == "touchtracker: exported \(numbered)\n" }, "\(running.app.standardError)")
        #expect(FileManager.default.contents(atPath: running.dataHome.file("touchtracker/drawing.png")) == Data("not ours".utf8),
                "a file that was there is never replaced")
    }
}
