import CX11
import Shapes
import Testing
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
            client.press()
            client.release()
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
