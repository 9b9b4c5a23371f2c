import CX11
import DrawingTesting
import Foundation
import Shapes
import Storage
import TestSupport
import Testing
import XTestHarness

private let horizontal = Segment(begin: Point(x: 50, y: 100), end: Point(x: 250, y: 100))

/// The ways to close the app, each of which must save first.
enum ClosePath: String, CaseIterable, Sendable {
    case deleteWindow, controlQ, sigterm, sigint, sighup

    func close(_ running: RunningApp) {
        switch self {
        case .deleteWindow: running.client.sendDeleteWindow(to: running.window)
        case .controlQ: running.client.key(XK_q, modifiers: [XK_Control_L])
        case .sigterm: running.app.child.signal(SIGTERM)
        case .sigint: running.app.child.signal(SIGINT)
        case .sighup: running.app.child.signal(SIGHUP)
        }
    }
}

@Suite("Documents, end to end", .serialized)
struct DocumentLifecycleTests {
    @Test(arguments: ClosePath.allCases)
    func everyWayOfClosingSavesTheLastEditFirstAndExitsWithZero(path: ClosePath) throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        path.close(running)  // At once: well before the autosave would fire.
        #expect(running.app.waitForExit() == 0)
        #expect(try running.savedDrawing().shapes.map(\.geometry.segment) == [horizontal])
        #expect(running.app.standardError == "")
    }

    @Test func theDrawingIsRestoredOnLaunchAndTheTitleNamesTheDocument() throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("sketch.json")
        try DocumentStore(path: FilePath(path)).save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(horizontal))]))

        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64

        let running = try RunningApp(arguments: [path])
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
        #expect(running.client.text(running.window, "_NET_WM_NAME") == "sketch.json — TouchTracker")
        running.app.child.signal(SIGTERM)
        #expect(running.app.waitForExit() == 0)
        let inodeAfter = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64
        #expect(inodeAfter == inode, "without edits, closing does not rewrite the document")
    }

    @Test func aDamagedDocumentIsKeptAsideSaidOnStderrAndInTheTitleAndTheAppStartsEmpty() throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("drawing.json")
        let garbage = Array("{\"format\":\"touchtracker-drawing\",\"version\":1,\"lines\":[{\"id\":1,".utf8)
        try folder.write(garbage, to: "drawing.json")

        let running = try RunningApp(arguments: [path])
        let kept = folder.names().filter { $0.hasPrefix("drawing.json.damaged-") }
        #expect(kept.count == 1)
        #expect(folder.read(kept.first ?? "") == garbage)
        let message = running.app.standardError
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.hasPrefix("touchtracker: \(path) was damaged (not a drawing: line 1, column 63: expected a string, found the end of the file); kept it as \(path).damaged-"))
        #expect(running.client.text(running.window, "_NET_WM_NAME")?.contains("damaged file kept as \(kept.first ?? "?")") == true)

        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.sendDeleteWindow(to: running.window)
        #expect(running.app.waitForExit() == 0)
        #expect(try DocumentStore.open(path: FilePath(path), now: CivilTime.now()).drawing.shapes.map(\.geometry.segment) == [horizontal])
    }

    @Test func aDocumentFromANewerVersionIsRefusedLeftUntouchedAndTheAppExitsWithOne() throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("drawing.json")
        let newer = Array(#"{"format":"touchtracker-drawing","version":7,"lines":[]}"#.utf8)
        try folder.write(newer, to: "drawing.json")

        let server = try XvfbServer()  // with a display: the document is opened once the display is there
        let app = try AppProcess(arguments: [path], display: server.name)
        #expect(app.waitForExit() == 1)
        #expect(app.standardError == "touchtracker: \(path): made by a newer TouchTracker (format version 7; this one reads up to 3); left it untouched\n")
        #expect(folder.names() == ["drawing.json"])
        #expect(folder.read("drawing.json") == newer)
    }

    @Test func anUnwritableFolderIsReportedAndTheTitleSaysUnsavedWhileTheDrawingStays() throws {
        let folder = try TemporaryFolder("e2e")
        try folder.write([], to: "blocker")
        let path = folder.file("blocker/drawing.json")

        let running = try RunningApp(arguments: [path])
        running.drawLine(from: (50, 100), to: (250, 100))
        waitUntil(timeout: 5) { running.client.text(running.window, "_NET_WM_NAME") == "drawing.json (unsaved) — TouchTracker" }
        #expect(running.client.text(running.window, "_NET_WM_NAME") == "drawing.json (unsaved) — TouchTracker")
        #expect(running.app.standardError.contains("cannot save \(path): Not a directory; the drawing is kept in memory, unsaved"))
        #expect(running.pixel(150, 100) == Colours.black)
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func exportRendersTheDocumentWithoutADisplayAndExitsWithZero(format: String) throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("drawing.json")
        try DocumentStore(path: FilePath(path)).save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(horizontal))]))
        let output = folder.file("out.\(format)")

        let app = try AppProcess(arguments: ["--export", output, path], display: ":9999")
        #expect(app.waitForExit() == 0)
        #expect(app.standardError == "")
        let magic: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47], "svg": Array("<?xml".utf8), "pdf": Array("%PDF".utf8)]
        let expected = try #require(magic[format])
        #expect(folder.read("out.\(format)").map { Array($0.prefix(expected.count)) } == expected)
    }

    @Test func exportingADamagedDocumentFailsInOneLineAndTouchesNothing() throws {
        let folder = try TemporaryFolder("e2e")
        let path = folder.file("drawing.json")
        try folder.write("garbage", to: "drawing.json")
        let output = folder.file("out.png")

        let app = try AppProcess(arguments: ["--export", output, path], display: ":9999")
        #expect(app.waitForExit() == 1)
        #expect(app.standardError == "touchtracker: cannot export \(output): \(path): not a drawing: line 1, column 1: expected '{' to begin the drawing, found 'g'\n")
        #expect(folder.names() == ["drawing.json"])
    }

    @Test func controlEWritesAPNGBesideTheDocumentAndSaysWhere() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_e, modifiers: [XK_Control_L])
        let png = running.dataHome.file("touchtracker/drawing.png")
        waitUntil(timeout: 5) { running.app.standardError.contains("\n") }
        #expect(running.app.standardError == "touchtracker: exported \(png)\n")
        #expect(FileManager.default.contents(atPath: png).map { Array($0.prefix(4)) } == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func losingTheXConnectionSavesSaysSoInOneLineAndExitsWithOne() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.close()  // Before the server goes: Xlib would end this test process too.
        running.server.process.signal(SIGKILL)
        #expect(running.app.waitForExit() == 1)
        let message = running.app.standardError
        #expect(message.split(separator: "\n").count == 1)
        #expect(message.hasPrefix("touchtracker: lost the connection to the X server; the drawing is saved in "))
        #expect(try running.savedDrawing().shapes.map(\.geometry.segment) == [horizontal])
    }
}

extension DocumentLifecycleTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("Saving at once, end to end, alone", .serialized)
    struct Alone {
        @Test func controlSSavesAtOnceWhileTheAutosaveIsStillWaiting() throws {
            let running = try RunningApp()
            running.drawLine(from: (50, 100), to: (250, 100))
            // Start from a saved state: wait for the line's autosave.
            waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.map(\.geometry.segment) == [horizontal] }
            #expect(try running.savedDrawing().shapes.map(\.geometry.segment) == [horizontal])
            running.client.move(to: 150, 100)  // select the line (not an edit)
            running.client.click()
            #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)

            // Nudge it 10 px down every 100 ms: with edits coming that often, the autosave (0.5 s after the
            // last edit, at most 2 s after the first) cannot save before 2 s. Ctrl+S comes after the third.
            // The 100 ms between edits are the input under test, not a wait for anything.
            let start = Date()
            for nudge in 1...12 {
                running.client.key(XK_Down, modifiers: [XK_Shift_L])
                if nudge == 3 { running.client.key(XK_s, modifiers: [XK_Control_L]) }
                usleep(100_000)
            }
            let saved = try running.savedDrawing().shapes.map(\.geometry.segment)
            #expect(Date().timeIntervalSince(start) < 1.9, "too slow to tell Ctrl+S from the autosave")
            #expect(saved.count == 1)
            #expect((saved.first?.begin.y ?? 0) >= 130, "Ctrl+S saved the line nudged at least 30 px: \(saved)")
        }
    }
}
