import CX11
import Foundation
import Testing
import XTestHarness

/// Several master pointers (MPX) at once in a real X server. XTest cannot inject touches, so touches are
/// covered by the constructed-event tests in XShellTests; master pointers take the same path (XInput 2
/// events keyed by device), and are driven here one XTEST slave each.
@Suite("Several contacts at once, end to end", .serialized)
struct MultiContactTests {
    static let coreEvents = ["TOUCHTRACKER_CORE_EVENTS": "1"]

    /// `first` draws from (50, 80) to (250, 80) and holds; then `second` presses at (50, 200).
    private func firstDragsThenSecondPresses(_ running: RunningApp, _ first: MasterPointer, _ second: MasterPointer) {
        let client = running.client
        client.move(first, to: 50, 80)
        client.press(first)
        for step in 1...10 {
            client.move(first, to: 50 + 20 * step, 80)
            usleep(5_000)
        }
        #expect(running.waitForPixel(150, 80, toBe: Colours.red) == Colours.red)
        client.move(second, to: 50, 200)
        client.press(second)
    }

    @Test func eachMasterPointerDrawsItsOwnLineRedWhileHeldAndBlackWhenReleased() throws {
        let running = try RunningApp()
        let client = running.client
        let first = try client.corePointer()
        let second = try client.addMasterPointer(named: "second")
        #expect(first.id != second.id)

        firstDragsThenSecondPresses(running, first, second)
        for step in 1...10 {
            client.move(second, to: 50 + 20 * step, 200)
            usleep(5_000)
        }
        // Two lines in progress at once.
        #expect(running.waitForPixel(150, 200, toBe: Colours.red) == Colours.red)
        #expect(running.pixel(150, 80) == Colours.red, "the second pointer's press must not end the first one's line")
        #expect(running.pixel(150, 140) == Colours.white, "nothing joins the two pointers")

        client.release(first)
        #expect(running.waitForPixel(150, 80, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(150, 200) == Colours.red, "the second pointer's line is still in progress")
        client.release(second)
        #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(250, 80) == Colours.black && running.pixel(250, 200) == Colours.black)
        #expect(running.pixel(150, 140) == Colours.white)
    }

    @Test func aPointerHoveringWithoutAButtonNeitherDrawsNorMovesAnotherPointersLine() throws {
        let running = try RunningApp()
        let client = running.client
        let first = try client.corePointer()
        let second = try client.addMasterPointer(named: "second")
        client.move(first, to: 50, 80)
        client.press(first)
        for step in 1...10 {
            client.move(first, to: 50 + 20 * step, 80)
            client.move(second, to: 50 + 20 * step, 200)  // hovering, and always the last to move
            usleep(5_000)
        }
        #expect(running.waitForPixel(150, 80, toBe: Colours.red) == Colours.red)
        #expect(running.pixel(150, 140) == Colours.white, "the hovering pointer does not move the first one's line")
        #expect(running.pixel(150, 200) == Colours.white, "a hovering pointer draws nothing")
        client.release(first)
        #expect(running.waitForPixel(150, 80, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(150, 200) == Colours.white)
    }

    @Test func removingAMasterPointerInTheMiddleOfALineFinishesItAndLeavesTheOtherDrawing() throws {
        let running = try RunningApp()
        let client = running.client
        let first = try client.corePointer()
        let second = try client.addMasterPointer(named: "second")
        firstDragsThenSecondPresses(running, first, second)
        for step in 1...10 {
            client.move(second, to: 50 + 20 * step, 200)
            usleep(5_000)
        }
        #expect(running.waitForPixel(150, 200, toBe: Colours.red) == Colours.red)
        // The server releases the removed master's buttons: its line is finished where it was, not left red.
        client.removeMasterPointer(second)
        #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(150, 80) == Colours.red, "the remaining pointer is still drawing")
        client.release(first)
        #expect(running.waitForPixel(150, 80, toBe: Colours.black) == Colours.black)
    }

    @Test func withCoreEventsADragStillDrawsARedLineThatTurnsBlack() throws {
        let running = try RunningApp(environment: Self.coreEvents)
        running.client.drag(from: (50, 100), to: (250, 100))
        #expect(running.waitForPixel(150, 100, toBe: Colours.red) == Colours.red)
        running.client.release()
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(250, 100) == Colours.black, "the line ends at the release point")
    }

    /// The core protocol cannot tell pointers apart: every master pointer is the one core pointer, so a
    /// second master's press starts the one line over. This is what XInput 2 fixes (the test above), and it
    /// shows the variable really selects the core path.
    @Test func withCoreEventsASecondMastersPressRestartsTheOneLine() throws {
        let running = try RunningApp(environment: Self.coreEvents)
        let first = try running.client.corePointer()
        let second = try running.client.addMasterPointer(named: "second")
        firstDragsThenSecondPresses(running, first, second)
        #expect(running.waitForPixel(150, 80, toBe: Colours.white) == Colours.white)
    }
}
