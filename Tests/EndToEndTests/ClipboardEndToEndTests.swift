import CX11
import Shapes
import Storage
import Foundation
import TestSupport
import Testing
import XTestHarness

/// A drawing of `count` black lines 10 px wide, each 100 px long, spread over 50…350 x 20…280 (clear of the
/// window's corner, where `RunningApp` looks for its first frame).
private func manyLines(_ count: Int) -> Drawing {
    Drawing(shapes: (0..<count).map { index in
        let y = 20 + Double(index % 260), x = 50 + Double(index % 200)
        return Shape(id: ShapeID(UInt64(index + 1)), geometry: .line(Segment(begin: Point(x: x, y: y), end: Point(x: x + 100, y: y))))
    })
}

/// The targets the app offers, as TARGETS lists them.
private let offeredTargets = [
    "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "application/x-touchtracker-shapes", "image/png", "image/svg+xml",
    "UTF8_STRING", "text/plain;charset=utf-8", "STRING", "text/plain",
]

@Suite("The clipboard, end to end", .serialized)
struct ClipboardEndToEndTests {
    @Test func xclipListsTheTargetsAndReadsAPictureAndTheShapesOfTheDrawing() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_c, modifiers: [XK_Control_L])
        let targets = try #require(try clipboardContent("TARGETS", display: running.server.name))
        let listed: [String] = String(decoding: targets, as: UTF8.self).split(separator: "\n").map { (line: Substring) -> String in String(line) }
        #expect(listed == offeredTargets)

        // What the line paints (widened by half its width), 45…255 x 95…105, and 10 px around it.
        let pngBytes = try #require(try clipboardContent("image/png", display: running.server.name))
        let png = try #require(try DecodedPNG(pngBytes))
        #expect((png.width, png.height) == (230, 30))
        #expect(png.pixel(115, 15) == Colours.black && png.pixel(2, 2) == Colours.white)

        let shapes = try #require(try clipboardContent("application/x-touchtracker-shapes", display: running.server.name))
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing()) != nil })
        #expect(try DrawingFormat.decode(shapes) == running.savedDrawing().renumbered())
        #expect(try clipboardContent("UTF8_STRING", display: running.server.name) == shapes)
        let svgBytes = try #require(try clipboardContent("image/svg+xml", display: running.server.name))
        let svg = String(decoding: svgBytes, as: UTF8.self)
        #expect(svg.contains("<svg"))
    }

    @Test func shapesCopiedInOneWindowPasteUnderThePointerInAnother() throws {
        let running = try RunningApp()
        let folder = try TemporaryFolder("paste")
        let otherPath = folder.file("other.json")
        let other = try AppProcess(arguments: ["--geometry", "400x300+420+0", otherPath], display: running.server.name,
                                   environment: ["XDG_DATA_HOME": running.dataHome.path])
        let otherWindow = try running.client.window(ofProcess: other.pid)
        #expect(running.client.waitForPixel(otherWindow, 2, 2, toBe: Colours.white) == Colours.white)

        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.move(to: 100, 200)
        running.client.key(XK_c, modifiers: [XK_Control_L])
        #expect(try clipboardContent("TARGETS", display: running.server.name) != nil)
        // Over the other window, at (200, 150) of it: the line (centred at 150, 100) lands from (100, 150) to (300, 150).
        running.client.move(to: 620, 150)
        running.client.key(XK_v, modifiers: [XK_Control_L])
        #expect(running.client.waitForPixel(otherWindow, 200, 150, toBe: Colours.green) == Colours.green, "pasted and selected")
        #expect(running.client.pixel(otherWindow, 90, 150) == Colours.white && running.client.pixel(otherWindow, 310, 150) == Colours.white)
        #expect(waitUntil(timeout: 5) {
            (FileManager.default.contents(atPath: otherPath).flatMap { try? DrawingFormat.decode(Array($0)) })?.shapes.map(\.geometry.segment)
                == [Segment(begin: Point(x: 100, y: 150), end: Point(x: 300, y: 150))]
        }, "saved in the other window's drawing")
        #expect(other.standardError.isEmpty && running.app.standardError.isEmpty)
    }

    @Test func aLargeCopyIsReadByXclipInChunks() throws {
        let folder = try TemporaryFolder("incr")
        let path = folder.file("large.json")
        let drawing = manyLines(5_000)
        let json = try DrawingFormat.encode(drawing)
        #expect(json.count > 262_144, "larger than any chunk: INCR")
        try folder.write(json, to: "large.json")
        let running = try RunningApp(arguments: [path])
        running.client.key(XK_c, modifiers: [XK_Control_L])
        #expect(try clipboardContent("application/x-touchtracker-shapes", display: running.server.name) == json)
        #expect(running.app.standardError.isEmpty)
    }

    @Test func aLargePasteFromXclipComesInChunks() throws {
        let folder = try TemporaryFolder("incr")
        let drawing = manyLines(22_000)
        let json = try DrawingFormat.encode(drawing)
        #expect(json.count > 2 << 20, "larger than xclip's chunk (a quarter of the server's largest request): INCR")
        try folder.write(json, to: "large.json")
        let running = try RunningApp()
        let offered = try #require(try xclip(["-t", "application/x-touchtracker-shapes", "-i", folder.file("large.json")],
                                             display: running.server.name))
        #expect(offered.status == 0)
        running.client.move(to: 200, 150)
        running.client.key(XK_v, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 20) { (try? running.savedDrawing())?.shapes.count == 22_000 })
        let saved = try running.savedDrawing()
        #expect(saved.shapes.map(\.style) == drawing.shapes.map(\.style))
        #expect(running.app.standardError.isEmpty)
    }

    @Test func quittingHandsTheClipboardToAClipboardManager() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_c, modifiers: [XK_Control_L])
        let shapes = try #require(try clipboardContent("application/x-touchtracker-shapes", display: running.server.name))
        let manager = FakeClipboardManager(client: running.client, target: "application/x-touchtracker-shapes")
        running.client.key(XK_q, modifiers: [XK_Control_L])
        manager.serve(timeout: 10) { !running.app.child.isRunning }
        #expect(running.app.waitForExit(timeout: 1) == 0)
        #expect(manager.wasAsked && manager.saved == shapes)
        #expect(try running.savedDrawing().shapes.count == 1, "the drawing was saved first")
    }
}

extension ClipboardEndToEndTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("The clipboard manager's wait, end to end, alone", .serialized)
    struct Alone {
        @Test func aClipboardManagerThatNeverAnswersDelaysQuittingAtMostTwoSeconds() throws {
            let running = try RunningApp()
            running.drawLine(from: (50, 100), to: (250, 100))
            running.client.key(XK_c, modifiers: [XK_Control_L])
            _ = try #require(try clipboardContent("TARGETS", display: running.server.name))
            let manager = FakeClipboardManager(client: running.client, target: "image/png", answers: false)
            let asked = Date()
            running.client.key(XK_q, modifiers: [XK_Control_L])
            manager.serve(timeout: 10) { !running.app.child.isRunning }
            #expect(running.app.waitForExit(timeout: 1) == 0)
            #expect(Date().timeIntervalSince(asked) < 5)
            #expect(manager.wasAsked && manager.saved.map { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) } == true,
                    "it was served while it waited")
            #expect(try running.savedDrawing().shapes.count == 1)
        }
    }
}
