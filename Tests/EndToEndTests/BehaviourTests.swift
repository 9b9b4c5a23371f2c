import CX11
import Foundation
import Testing
import XTestHarness

/// The book's behaviours in the real window: XTest clicks and keys in, pixels out. What a behaviour decides is
/// proven without X in the core (AppControllerTests, SelectionTests, ClearTests, KeyTests, UndoRedoTests,
/// ContextMenuTests) and in the recorded sessions (Tests/Recordings); here, that a click and a key reach it
/// through the server and its outcome reaches the screen.
@Suite("Behaviours, end to end", .serialized)
struct BehaviourTests {
    /// A window with one horizontal line from (50, 100) to (250, 100).
    func appWithALine() throws -> RunningApp {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        return running
    }

    /// A click held 20 ms, as a finger holds one: the shape of the input, not a wait for anything.
    func click(_ running: RunningApp, _ x: Int, _ y: Int, button: UInt32 = 1) {
        running.client.move(to: x, y)
        running.client.press(button)
        usleep(20_000)
        running.client.release(button)
    }

    @Test func theDeleteKeyDeletesTheSelectedShape() throws {
        let running = try appWithALine()
        click(running, 150, 100)
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        running.client.key(XK_Delete)
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white)
    }

    @Test func shiftClicksSelectTwoOfThreeLinesDeleteTakesBothAndCtrlZBringsThemBack() throws {
        let running = try RunningApp()
        for y in [80, 150, 220] { running.drawLine(from: (50, y), to: (250, y)) }
        for y in [80, 150] {
            running.client.hold(XK_Shift_L)
            click(running, 150, y)
            running.client.letGo(XK_Shift_L)
            #expect(running.waitForPixel(150, y, toBe: Colours.green) == Colours.green, "line at \(y) selected")
        }
        #expect(running.pixel(150, 80) == Colours.green, "the first stays selected")
        #expect(running.pixel(150, 220) == Colours.black, "the third is not selected")
        running.client.key(XK_Delete)
        #expect(running.waitForPixel(150, 80, toBe: Colours.white) == Colours.white)
        #expect(running.waitForPixel(150, 150, toBe: Colours.white) == Colours.white)
        #expect(running.pixel(150, 220) == Colours.black, "only the third remains")
        running.client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.client.waitForPixel(running.window, 150, 80, toLeave: Colours.white) != Colours.white, "one Ctrl+Z brings both back")
        #expect(running.client.waitForPixel(running.window, 150, 150, toLeave: Colours.white) != Colours.white)
    }

    @Test func theContextMenuOpensOnARightClickAndItsDeleteRemovesTheLine() throws {
        let running = try appWithALine()
        click(running, 150, 100, button: 3)
        #expect(running.waitForPixel(60, 100, toBe: Colours.green) == Colours.green, "the right click selected the line")
        // The menu (120 x 28 px) opens at the click: its panel is drawn over the canvas.
        let panel = running.pixel(260, 114)
        #expect(panel != Colours.white && panel != Colours.green && panel != Colours.black, "no menu panel")
        click(running, 200, 114)  // on "Delete"
        #expect(running.waitForPixel(60, 100, toBe: Colours.white) == Colours.white, "the line was deleted")
        #expect(running.waitForPixel(260, 114, toBe: Colours.white) == Colours.white, "the menu closed")
    }
}
