import CX11
import Foundation
import TestSupport
import Testing
import XTestHarness

/// The canvas larger than the window, end to end: a drawing that does not fit opens fitted; the wheel,
/// Ctrl+wheel, the zoom keys and a middle drag move the view by what they should; and an export is the
/// same picture whatever the screen's resolution. The window is 400x300 at the screen's corner, so
/// window and screen coordinates agree.
@Suite("The view, end to end", .serialized)
struct ViewEndToEndTests {
    /// A drawing file of lines: each from (x1, y1) to (x2, y2), in `colour`, `width` px wide.
    static func drawing(_ lines: [(x1: Double, y1: Double, x2: Double, y2: Double, colour: String, width: Double)]) -> String {
        let shapes = lines.enumerated().map { index, line in
            "{\"id\":\(index + 1),\"kind\":\"line\",\"begin\":[\(line.x1),\(line.y1)],\"end\":[\(line.x2),\(line.y2)],"
                + "\"colour\":\"\(line.colour)\",\"width\":\(line.width)}"
        }
        return "{\"format\":\"touchtracker-drawing\",\"version\":2,\"shapes\":[\n" + shapes.joined(separator: ",\n") + "\n]}\n"
    }

    /// A black cross, 4 px thick, its lines crossing at (120, 90): it lies in a 400x300 window at 100%.
    static let cross = drawing([(20, 90, 380, 90, "#000000", 4), (120, 20, 120, 280, "#000000", 4)])

    /// The app showing `text` as its FILE.
    static func open(_ text: String, in folder: TemporaryFolder, environment: [String: String] = [:]) throws -> RunningApp {
        try folder.write(text, to: "drawing.json")
        return try RunningApp(arguments: [folder.file("drawing.json")], environment: environment)
    }

    /// Window pixels this near an edge are left out where lines are looked for: the hints at the edges are there.
    static let inset = 8

    /// The middle of the run of non-white pixels crossing `line` (a row or a column of pixels starting at
    /// `inset`), in window coordinates (pixel n spans n to n + 1), if any.
    static func centre(of line: [UInt32]) -> Double? {
        guard let first = line.firstIndex(where: { $0 != Colours.white }),
              let last = line.lastIndex(where: { $0 != Colours.white }) else { return nil }
        return Double(first + last + 1) / 2 + Double(inset)
    }

    /// Where the cross's horizontal line crosses column `x` and its vertical line row `y`, in the window.
    static func crossing(in running: RunningApp, column x: Int, row y: Int) -> (x: Double, y: Double)? {
        let column = running.client.pixels(running.window, x: x, y: inset, width: 1, height: 300 - 2 * inset)
        let row = running.client.pixels(running.window, x: inset, y: y, width: 400 - 2 * inset, height: 1)
        guard let cy = centre(of: column), let cx = centre(of: row) else { return nil }
        return (cx, cy)
    }

    /// The zoom the title shows ("drawing.json — 42% — TouchTracker"), nil when it shows none (100%).
    static func titleZoom(_ running: RunningApp) -> String? {
        guard let title = running.client.text(running.window, "_NET_WM_NAME") else { return nil }
        return title.split(separator: " — ").first { $0.hasSuffix("%") }.map(String.init)
    }

    @Test func aDrawingLargerThanTheWindowOpensFittedWithEveryShapeOnScreen() throws {
        let folder = try TemporaryFolder("e2e")
        // Four 40 px lines near the corners of a 1600x1200 drawing, four times the window.
        let colours: [UInt32] = [0xFF0000, 0x1E50DC, 0xF08C00, 0x000000]
        let running = try Self.open(Self.drawing([
            (40, 40, 240, 40, "#FF0000", 40), (1360, 40, 1560, 40, "#1E50DC", 40),
            (40, 1160, 240, 1160, "#F08C00", 40), (1360, 1160, 1560, 1160, "#000000", 40),
        ]), in: folder)
        let shown = waitForValue(timeout: 5) { () -> Set<UInt32>? in
            let pixels = Set(running.client.pixels(running.window, x: 0, y: 0, width: 400, height: 300))
            return colours.allSatisfy(pixels.contains) ? pixels : nil
        }
        #expect(shown != nil, "every corner's line is in the window")
        let edges = running.client.pixels(running.window, x: 0, y: 0, width: 400, height: 1)
            + running.client.pixels(running.window, x: 0, y: 299, width: 400, height: 1)
            + running.client.pixels(running.window, x: 0, y: 0, width: 1, height: 300)
            + running.client.pixels(running.window, x: 399, y: 0, width: 1, height: 300)
        #expect(edges.allSatisfy { $0 == Colours.white }, "nothing reaches the window's edges: nothing is cut off, no hint")
        // 1560x1160 px painted, in 360x260 (20 px to spare each side): 22%.
        #expect(Self.titleZoom(running) == "22%")
    }

    @Test func theWheelScrolls40PxAClickDownAndShiftWheelAndTheHorizontalButtonsAcross() throws {
        let folder = try TemporaryFolder("e2e")
        let running = try Self.open(Self.cross, in: folder)
        let client = running.client
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 90) } == true })
        client.move(to: 250, 200)
        client.click(5)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 50) } == true },
                "a click down scrolls 40 px: the drawing moves up")
        client.hold(XK_Shift_L)
        client.click(5)
        client.letGo(XK_Shift_L)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (80, 50) } == true },
                "Shift+wheel down scrolls right")
        client.click(6)
        client.click(4)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 90) } == true },
                "button 6 scrolls left, 4 up")
        client.click(7)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (80, 90) } == true },
                "button 7 scrolls right")
        #expect(Self.titleZoom(running) == nil, "scrolling keeps 100%")
    }

    @Test func controlWheelZoomsAboutThePointerKeepingItsPointWithinAPixel() throws {
        let folder = try TemporaryFolder("e2e")
        let running = try Self.open(Self.cross, in: folder)
        let client = running.client
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 90) } == true })
        client.move(to: 120, 90)
        client.hold(XK_Control_L)
        for _ in 0..<3 {
            client.click(4)
        }
        client.letGo(XK_Control_L)
        #expect(waitUntil(timeout: 5) { Self.titleZoom(running) == "168%" }, "three steps of 2^(1/4)")
        // The lines are 4 × 1.68 px wide now (the frame after the preview): read where they cross.
        let zoomed = waitForValue(timeout: 5) { () -> (x: Double, y: Double)? in
            let width = client.pixels(running.window, x: 300, y: Self.inset, width: 1, height: 300 - 2 * Self.inset)
                .filter { $0 != Colours.white }.count
            return width >= 6 ? Self.crossing(in: running, column: 300, row: 200) : nil
        }
        let crossing = try #require(zoomed)
        #expect(abs(crossing.x - 120) <= 1 && abs(crossing.y - 90) <= 1, "\(crossing)")
        client.hold(XK_Control_L)
        for _ in 0..<3 {
            client.click(5)
        }
        client.letGo(XK_Control_L)
        #expect(waitUntil(timeout: 5) { Self.titleZoom(running) == nil }, "back to 100%")
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 90) } == true },
                "the cross where it was at 100%, to the pixel")
    }

    @Test func controlOneShowsTheDrawingAt100PercentAndControlZeroFitsItAgain() throws {
        let folder = try TemporaryFolder("e2e")
        // A 1200x900 drawing (three times the window), its middle at (600, 450), a cross there.
        let running = try Self.open(Self.drawing([
            (20, 20, 1180, 20, "#FF0000", 10), (20, 880, 1180, 880, "#FF0000", 10),
            (400, 450, 800, 450, "#000000", 4), (600, 250, 600, 650, "#000000", 4),
        ]), in: folder)
        let client = running.client
        #expect(waitUntil(timeout: 5) { Self.titleZoom(running) == "30%" }, "fitted: about 1170x870 painted in 360x260")
        client.move(to: 300, 250)
        client.key(XK_1, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 5) { Self.titleZoom(running) == nil })
        // The middle of the window stays the drawing's middle, now at 100%: the cross at (200, 150).
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 100, row: 50).map { $0 == (200, 150) } == true })
        #expect(!client.pixels(running.window, x: 0, y: 0, width: 400, height: 300).contains(0xFF0000), "the red lines are beyond")
        #expect(client.pixel(running.window, 200, 2) == 0x9DB3D6, "and a hint at the top edge says so")
        client.key(XK_0, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 5) { Self.titleZoom(running) == "30%" }, "fitted again")
        #expect(waitUntil(timeout: 5) { client.pixels(running.window, x: 0, y: 0, width: 400, height: 300).contains(0xFF0000) })
    }

    @Test func aMiddleDragAndASpaceDragMoveTheDrawingWithThePointer() throws {
        let folder = try TemporaryFolder("e2e")
        let running = try Self.open(Self.cross, in: folder)
        let client = running.client
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 200).map { $0 == (120, 90) } == true })
        client.move(to: 200, 150)
        client.press(2)
        for step in 1...10 { client.move(to: 200 + 5 * step, 150 + 3 * step) }
        client.release(2)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 250).map { $0 == (170, 120) } == true },
                "moved by (50, 30) with the pointer")
        client.move(to: 200, 150)
        client.hold(XK_space)
        client.drag(from: (200, 150), to: (160, 150))
        client.release()
        client.letGo(XK_space)
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running, column: 300, row: 250).map { $0 == (130, 120) } == true },
                "Space+drag moved it back by 40 px")
        #expect(client.pixel(running.window, 180, 150) == Colours.white, "and drew nothing")
    }

    @Test func theSameDrawingExportsTheSamePNGOnA96AndA192DpiScreenAndWithExport() throws {
        let folder = try TemporaryFolder("e2e")
        let running = try Self.open(Self.drawing([
            (30, 40, 330, 240, "#1E50DC", 10), (50, 200, 300, 60, "#000000", 2.5),
        ]), in: folder)
        let client = running.client
        let png = folder.file("drawing.png")
        #expect(running.waitForPixel(180, 140, toBe: 0x1E50DC) == 0x1E50DC)
        let at96Screen = client.pixels(running.window, x: 0, y: 0, width: 400, height: 300)
        client.key(XK_e, modifiers: [XK_Control_L])
        let at96 = waitForValue(timeout: 5) { FileManager.default.contents(atPath: png) }
        try FileManager.default.removeItem(atPath: png)
        // 192 dpi, live (as `xrdb` sets it): the window shows the drawing anew.
        var resources = Array("Xft.dpi:\t192\n".utf8)
        XChangeProperty(client.display, client.root, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, &resources,
                        Int32(resources.count))
        client.sync()
        #expect(waitUntil(timeout: 5) { client.pixels(running.window, x: 0, y: 0, width: 400, height: 300) != at96Screen })
        client.key(XK_e, modifiers: [XK_Control_L])
        let at192 = waitForValue(timeout: 5) { FileManager.default.contents(atPath: png) }
        #expect(at96 != nil && at96 == at192, "the same bytes")
        let exported = folder.file("exported.png")
        let app = try AppProcess(arguments: ["--export", exported, folder.file("drawing.json")], display: nil)
        #expect(app.waitForExit() == 0)
        #expect(FileManager.default.contents(atPath: exported) == at96, "and the same as --export without a display")
    }

    /// A PNG's width and height, from its IHDR chunk.
    static func size(ofPNG path: String) -> (width: Int, height: Int)? {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init), bytes.count >= 24 else { return nil }
        func card32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (card32(16), card32(20))
    }

    @Test func exportScaleDrawsThePNGThatManyPixelsAPxAndAnEmptyDrawingIsABlankPageOfItsStatedSize() throws {
        let folder = try TemporaryFolder("e2e")
        // Painted from (25, 35) to (335, 245): the page is that and 20 px around it, 350 × 250 px.
        try folder.write(Self.drawing([(30, 40, 330, 240, "#1E50DC", 10)]), to: "drawing.json")
        try folder.write(Self.drawing([]), to: "empty.json")
        for (scale, width, height) in [("1", 350, 250), ("2", 700, 500), ("0.5", 175, 125)] {
            let output = folder.file("out-\(scale).png")
            let app = try AppProcess(arguments: ["--export", output, "--export-scale", scale, folder.file("drawing.json")], display: nil)
            #expect(app.waitForExit() == 0, "\(app.standardError)")
            #expect(Self.size(ofPNG: output).map { $0 == (width, height) } == true, "at \(scale)")
        }
        let blank = folder.file("blank.png")
        let app = try AppProcess(arguments: ["--export", blank, folder.file("empty.json")], display: nil)
        #expect(app.waitForExit() == 0)
        #expect(Self.size(ofPNG: blank).map { $0 == (800, 600) } == true, "the README's 800 × 600 px")
    }

    @Test func aMovedViewIsRememberedAndRestoredWhenTheDocumentOpensAgain() throws {
        let folder = try TemporaryFolder("e2e"), state = try TemporaryFolder("state")
        // A small cross about (200, 150), so that the moved view still shows all of it: no hint at the edges.
        let smallCross = Self.drawing([(150, 150, 250, 150, "#000000", 4), (200, 100, 200, 200, "#000000", 4)])
        // The toolbar hidden, as AppProcess hides it in a state folder of its own: the columns looked at are the canvas's.
        try FileManager.default.createDirectory(atPath: state.path + "/touchtracker", withIntermediateDirectories: true)
        try Data(AppProcess.penWithoutToolbar.utf8).write(to: URL(fileURLWithPath: state.path + "/touchtracker/pen"))
        let first = try Self.open(smallCross, in: folder, environment: ["XDG_STATE_HOME": state.path])
        #expect(waitUntil(timeout: 5) { Self.crossing(in: first, column: 230, row: 180).map { $0 == (200, 150) } == true })
        first.client.move(to: 200, 150)
        first.client.hold(XK_Control_L)
        first.client.press(4)
        first.client.release(4)
        first.client.letGo(XK_Control_L)
        first.client.press(5)
        first.client.release(5)
        #expect(waitUntil(timeout: 5) { Self.titleZoom(first) == "119%" })
        let moved = waitForValue(timeout: 5) { () -> (x: Double, y: Double)? in
            // The wheel's click moved it 40 px up: the sharp frame after the zoom's preview.
            guard let crossing = Self.crossing(in: first, column: 230, row: 150), abs(crossing.y - 110) <= 1 else { return nil }
            return crossing
        }
        first.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(first.app.waitForExit() == 0)
        #expect(String(decoding: state.read("touchtracker/views") ?? [], as: UTF8.self)
                    .hasSuffix(" " + folder.file("drawing.json") + "\n"), "remembered by the document's path")
        let again = try Self.open(smallCross, in: folder, environment: ["XDG_STATE_HOME": state.path])
        #expect(waitUntil(timeout: 5) { Self.titleZoom(again) == "119%" })
        let restored = try #require(waitForValue(timeout: 5) { Self.crossing(in: again, column: 230, row: 150) })
        let left = try #require(moved)
        #expect(abs(restored.x - left.x) <= 1 && abs(restored.y - left.y) <= 1, "\(restored) where it was left, \(left)")
    }
}
