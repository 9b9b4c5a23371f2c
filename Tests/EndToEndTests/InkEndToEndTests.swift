import CX11
import Glibc
import Shapes
import TestSupport
import Testing
import TouchTracker
import XTestHarness

/// The pen tool and the eraser tool as they reach the screen and the disk: ink follows the pointer's curved
/// path, a click near it selects it (green), the eraser takes the part it crosses and Ctrl+Z brings it back.
@Suite("Ink, the pen tool and the eraser tool, end to end", .serialized)
struct InkEndToEndTests {
    /// The point of the upper half circle around (200, 170) of radius 110 at `degrees` (0: its right end).
    private func arc(_ degrees: Double) -> (Int, Int) {
        let angle = degrees * .pi / 180
        return (Int((200 + 110 * cos(angle)).rounded()), Int((170 - 110 * sin(angle)).rounded()))
    }

    /// Draws the arc from 170° to 10° with the pointer, a motion every 2°, 5 ms apart (the shape of the
    /// input, as `XTestClient.drag`).
    private func drawArc(_ running: RunningApp) {
        let start = arc(170)
        running.client.move(to: start.0, start.1)
        running.client.press()
        for degrees in stride(from: 168.0, through: 10, by: -2) {
            let p = arc(degrees)
            running.client.move(to: p.0, p.1)
            usleep(5_000)
        }
        running.client.release()
    }

    @Test func thePenDrawsACurveAlongThePathThatAClickSelectsAndTheEraserCutsAndUndoRestores() throws {
        let running = try RunningApp()
        running.client.key(XK_p)
        drawArc(running)
        let top = arc(90)
        #expect(running.waitForPixel(top.0, top.1, toBe: Colours.black) == Colours.black, "the curve's top")
        for degrees in stride(from: 160.0, through: 20, by: -10) {
            let p = arc(degrees)
            #expect(running.pixel(p.0, p.1) == Colours.black, "the curve passes where the pointer did, at \(degrees)°")
        }
        #expect(running.pixel(200, 120) == Colours.white && running.pixel(200, 165) == Colours.white,
                "a curve, not a chord: the inside of the arc is empty")
        #expect(waitUntil(timeout: 5) {
            guard let shapes = try? running.savedDrawing().shapes, shapes.count == 1, case .ink(let ink) = shapes[0].geometry else { return false }
            return ink.count < 40  // simplified
        }, "one ink stroke saved, simplified")

        running.client.move(to: top.0, top.1 + 12)  // a click near it: selected, green
        running.client.click()
        #expect(running.waitForPixel(top.0, top.1, toBe: Colours.green) == Colours.green)
        running.client.move(to: 30, 280)  // on empty canvas: deselected
        running.client.click()
        #expect(running.waitForPixel(top.0, top.1, toBe: Colours.black) == Colours.black)

        running.client.key(XK_e)
        running.client.drag(from: (top.0, 20), to: (top.0, 100), steps: 4)
        running.client.release()
        #expect(running.waitForPixel(top.0, top.1, toBe: Colours.white) == Colours.white, "the eraser took the part it crossed")
        for degrees in [150.0, 30] {
            let p = arc(degrees)
            #expect(running.pixel(p.0, p.1) == Colours.black, "the rest of the stroke stays, at \(degrees)°")
        }
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing().shapes.count) == 2 }, "split in two")
        running.client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(top.0, top.1, toBe: Colours.black) == Colours.black, "undo brings it back")
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing().shapes.count) == 1 })
    }
}
