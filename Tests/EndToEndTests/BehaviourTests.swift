import CX11
import Foundation
import Testing
import XTestHarness

/// The book's behaviours in the real window: XTest clicks and keys in, pixels out.
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

    @Test func aClickSelectsTheNearestLineGreenAndAClickOnEmptyCanvasDeselects() throws {
        let running = try appWithALine()
        click(running, 150, 112)  // 12 px below the line
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        // What must not happen is the behaviour under test: no condition to wait for, so wait out the
        // double-click window (400 ms) and look.
        usleep(600_000)  // the double click has failed: the selection stays, and the click drew nothing
        #expect(running.pixel(150, 100) == Colours.green)
        #expect(running.pixel(150, 112) == Colours.white, "the click left no dot")
        click(running, 150, 250)
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
        usleep(600_000)  // again the whole double-click window: nothing may appear in it
        #expect(running.pixel(150, 250) == Colours.white, "no dot on empty canvas either")
    }

    @Test func aDoubleClickClearsEveryShape() throws {
        let running = try appWithALine()
        running.drawLine(from: (50, 200), to: (250, 200))
        click(running, 300, 250)
        // The gap between the clicks is the input: well inside the double-click window, well past the 40 ms
        // bounce floor.
        usleep(150_000)
        click(running, 300, 250)
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white)
        #expect(running.waitForPixel(150, 200, toBe: Colours.white) == Colours.white)
        usleep(600_000)  // a dot would appear within the double-click window, if at all: wait it out and look
        #expect(running.pixel(300, 250) == Colours.white, "the second press left no dot")
    }

    @Test func aLongPressPicksUpALineAndTheDragMovesIt() throws {
        let running = try appWithALine()
        running.client.move(to: 150, 100)
        running.client.press()
        // Held still until the long press (500 ms) picks the line up.
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green, "picked up and selected")
        for step in 1...10 {
            running.client.move(to: 150, 100 + step * 10)
            running.waitForPixel(150, 100 + step * 10, toBe: Colours.green)  // the line follows
        }
        running.client.release()
        #expect(running.waitForPixel(150, 200, toBe: Colours.green) == Colours.green, "dropped 100 px lower, still selected")
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white, "gone from where it was")
        #expect(running.pixel(150, 150) == Colours.white, "the drag drew no line")
    }

    @Test func theDeleteKeyDeletesTheSelectedShape() throws {
        let running = try appWithALine()
        click(running, 150, 100)
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        running.client.key(XK_Delete)
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white)
    }

    @Test func undoAndRedoWalkTheHistory() throws {
        let running = try appWithALine()
        running.client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white, "Ctrl+Z undid the line")
        running.client.key(XK_z, modifiers: [XK_Control_L, XK_Shift_L])
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black, "Ctrl+Shift+Z redid it")
        running.client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(150, 100, toBe: Colours.white) == Colours.white)
        running.client.key(XK_y, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black, "Ctrl+Y redid it")
    }

    @Test func arrowKeysNudgeTheSelectedShape() throws {
        let running = try appWithALine()
        click(running, 150, 100)
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        running.client.key(XK_Down, modifiers: [XK_Shift_L])
        running.client.key(XK_Down, modifiers: [XK_Shift_L])
        #expect(running.waitForPixel(150, 120, toBe: Colours.green) == Colours.green, "two Shift+Down: 20 px lower")
        #expect(running.pixel(150, 100) == Colours.white)
    }

    @Test func escapeDeselects() throws {
        let running = try appWithALine()
        click(running, 150, 100)
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        running.client.key(XK_Escape)
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
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

    @Test func escapeClosesTheContextMenuWithoutDeleting() throws {
        let running = try appWithALine()
        click(running, 150, 100, button: 3)
        #expect(running.waitForPixel(60, 100, toBe: Colours.green) == Colours.green)
        running.client.key(XK_Escape)
        #expect(running.waitForPixel(260, 114, toBe: Colours.white) == Colours.white, "the menu closed")
        // Escape is handled in one loop iteration: the frame that closed the menu would show a deleted line.
        #expect(running.pixel(60, 100) != Colours.white, "the line is still there")
    }

    @Test func f1ShowsAndHidesTheHelpOverlay() throws {
        let running = try RunningApp()
        running.client.key(XK_F1)
        let centre = (200, 150)
        let shown = running.client.waitForPixel(running.window, centre.0, centre.1 - 40, toLeave: Colours.white)
        #expect(shown != Colours.white, "the help panel covers the middle of the window")
        running.client.key(XK_F1)
        #expect(running.waitForPixel(centre.0, centre.1 - 40, toBe: Colours.white) == Colours.white)
    }

    @Test func ctrlQQuitsWithStatusZero() throws {
        let running = try RunningApp()
        running.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(running.app.waitForExit() == 0)
    }
}
