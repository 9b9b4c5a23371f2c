import CX11
import Shapes
import Testing
@testable import TouchTracker
import XTestHarness

/// The toolbar and Escape in the real window: a click on a button chooses what its key chooses and draws
/// nothing; Escape takes back the line being dragged.
@Suite("The toolbar and Escape, end to end", .serialized)
struct ToolbarEndToEndTests {
    /// At 96 dpi the buttons are 24 px from x = 2, y = 2: the line, circle, pen and eraser tools, a gap of 8,
    /// the colours.
    static let circleTool = (38, 14), blue = (142, 14)
    static let blueColour: UInt32 = 0x1E50DC

    @Test func aClickOnTheToolbarChangesTheToolAndTheColourAndDrawsNothing() throws {
        let running = try RunningApp(geometry: "640x360+0+0", toolbar: true)
        let client = running.client
        for button in [Self.circleTool, Self.blue] {
            client.move(to: button.0, button.1)
            client.click()
        }
        // A drag draws a blue ellipse in the box from (100, 150) to (300, 250): its left end at (100, 200).
        client.drag(from: (100, 150), to: (300, 250))
        client.release()
        #expect(running.waitForPixel(101, 200, toBe: Self.blueColour) == Self.blueColour, "blue, an ellipse")
        client.key(XK_s, modifiers: [XK_Control_L])
        var saved: Drawing?
        _ = waitUntil(timeout: 5) { saved = try? running.savedDrawing(); return saved?.shapes.count == 1 }
        #expect(saved?.shapes.map(\.kind) == [.ellipse], "the clicks on the toolbar drew nothing")
        #expect(saved?.shapes.first?.style.colour == Colour(hex: 0x1E50DC))
    }

    @Test func theZoomInButtonGrowsTheDrawingAboutTheCanvasMiddleAndTheTitleSaysTheZoom() throws {
        let running = try RunningApp(geometry: "800x600+0+0", toolbar: true)
        let client = running.client
        // The canvas is the window below the 28 px strip: its middle is (400, 314). A line 40 px below it.
        running.drawLine(from: (300, 354), to: (500, 354))
        #expect(running.pixel(400, 350) == Colours.black && running.pixel(400, 366) == Colours.white)
        #expect(running.pixel(287, 361) == Colours.white)
        let toolbar = try #require(Toolbar(in: Rect(x: 0, y: 0, width: 800, height: 600), scale: 1, forTouch: false))
        let zoomIn = try #require(toolbar.frame(of: .zoomIn))
        client.move(to: Int(zoomIn.centre.x), Int(zoomIn.centre.y))
        client.click()
        // One step is 2^(1/4) = 1.19 times: the line runs from 281 to 519 at y = 361.6, 11.9 px wide.
        #expect(running.waitForPixel(400, 366, toBe: Colours.black) == Colours.black, "it grew down from the middle")
        #expect(running.pixel(400, 350) == Colours.white && running.pixel(287, 361) == Colours.black, "and out to both sides")
        #expect(running.pixel(513, 361) == Colours.black && running.pixel(527, 361) == Colours.white)
        #expect(running.pixel(Self.blue.0, Self.blue.1) == Self.blueColour, "the toolbar's buttons stay where they were")
        var title: String?
        _ = waitUntil(timeout: 5) { title = client.text(running.window, "_NET_WM_NAME"); return title?.contains("119%") == true }
        #expect(title == "drawing.json — 119% — TouchTracker")
        client.key(XK_s, modifiers: [XK_Control_L])
        var saved: Drawing?
        _ = waitUntil(timeout: 5) { saved = try? running.savedDrawing(); return saved != nil }
        #expect(saved?.shapes.count == 1, "the click drew nothing")
    }

    @Test func escapeCancelsTheLineBeingDraggedAndLeavesTheEarlierOne() throws {
        let running = try RunningApp(geometry: "400x300+0+0")
        let client = running.client
        running.drawLine(from: (50, 100), to: (350, 100))
        client.drag(from: (50, 200), to: (350, 200))
        #expect(running.waitForPixel(200, 200, toBe: Colours.red) == Colours.red, "in progress, red")
        client.key(XK_Escape)
        #expect(running.waitForPixel(200, 200, toBe: Colours.white) == Colours.white, "gone at once")
        client.move(to: 350, 250)
        client.release()
        client.key(XK_s, modifiers: [XK_Control_L])
        var saved: Drawing?
        _ = waitUntil(timeout: 5) { saved = try? running.savedDrawing(); return saved != nil }
        #expect(saved?.shapes.count == 1, "nothing added")
        #expect(running.pixel(200, 100) == Colours.black && running.pixel(300, 200) == Colours.white)
    }
}
