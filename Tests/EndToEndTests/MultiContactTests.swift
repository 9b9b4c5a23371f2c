import CX11
import Shapes
import Testing
import XTestHarness

/// The app, with the core pointer and a second master pointer ("second") to drive it.
private func appWithTwoPointers(environment: [String: String] = [:]) throws -> (RunningApp, MasterPointer, MasterPointer) {
    let running = try RunningApp(environment: environment)
    return (running, try running.client.corePointer(), try running.client.addMasterPointer(named: "second"))
}

/// Several master pointers (MPX) at once in a real X server. XTest cannot inject touches, so touches are
/// covered by the constructed-event tests in XShellTests; master pointers take the same path (XInput 2
/// events keyed by device), and are driven here one XTEST slave each.
@Suite("Several contacts at once, end to end", .serialized)
struct MultiContactTests {
    static let coreEvents = ["TOUCHTRACKER_CORE_EVENTS": "1"]

    /// Moves the pressed `pointer` from x = 50 to 250 along `y` in 20 px steps, each once the red line has
    /// followed the one before; `hovering`, if given, moves to the same x at `hoverY` after each step.
    private func drawRed(
        _ running: RunningApp, _ pointer: MasterPointer, y: Int, hovering: MasterPointer? = nil, hoverY: Int = 0
    ) {
        for step in 1...10 {
            running.client.move(pointer, to: 50 + 20 * step, y)
            if let hovering { running.client.move(hovering, to: 50 + 20 * step, hoverY) }
            running.waitForPixel(45 + 20 * step, y, toBe: Colours.red)
        }
    }

    /// `first` draws from (50, 80) to (250, 80) and holds; then `second` presses at (50, 200).
    private func firstDragsThenSecondPresses(_ running: RunningApp, _ first: MasterPointer, _ second: MasterPointer) {
        running.client.move(first, to: 50, 80)
        running.client.press(first)
        drawRed(running, first, y: 80)
        #expect(running.pixel(150, 80) == Colours.red)
        running.client.move(second, to: 50, 200)
        running.client.press(second)
    }

    @Test func eachMasterPointerDrawsItsOwnLineRedWhileHeldAndBlackWhenReleased() throws {
        let (running, first, second) = try appWithTwoPointers()
        let client = running.client

        firstDragsThenSecondPresses(running, first, second)
        drawRed(running, second, y: 200)
        // Two pointers held down in two places at once (as the server sees them), and two whole red lines.
        #expect(client.state(of: first) == PointerState(x: 250, y: 80, buttons: [1]))
        #expect(client.state(of: second) == PointerState(x: 250, y: 200, buttons: [1]))
        for x in stride(from: 60, through: 240, by: 45) {
            #expect(running.pixel(x, 80) == Colours.red, "the first pointer's line at x = \(x), while both are down")
            #expect(running.pixel(x, 200) == Colours.red, "the second pointer's line at x = \(x), while both are down")
        }
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
        let (running, first, second) = try appWithTwoPointers()
        let client = running.client
        client.move(first, to: 50, 80)
        client.press(first)
        drawRed(running, first, y: 80, hovering: second, hoverY: 200)  // the hovering pointer always moves last
        #expect(client.state(of: second) == PointerState(x: 250, y: 200, buttons: []), "it really hovered there")
        #expect(running.pixel(150, 80) == Colours.red)
        #expect(running.pixel(150, 140) == Colours.white, "the hovering pointer does not move the first one's line")
        #expect(running.pixel(150, 200) == Colours.white, "a hovering pointer draws nothing")
        client.release(first)
        #expect(running.waitForPixel(150, 80, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(150, 200) == Colours.white)
    }

    @Test func removingAMasterPointerInTheMiddleOfALineFinishesItAndLeavesTheOtherDrawing() throws {
        let (running, first, second) = try appWithTwoPointers()
        let client = running.client
        firstDragsThenSecondPresses(running, first, second)
        drawRed(running, second, y: 200)
        #expect(running.pixel(150, 200) == Colours.red)
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
        let (running, first, second) = try appWithTwoPointers(environment: Self.coreEvents)
        firstDragsThenSecondPresses(running, first, second)
        #expect(running.waitForPixel(150, 80, toBe: Colours.white) == Colours.white)
    }
}

extension MultiContactTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("Two pointers pressed together, end to end, alone", .serialized)
    struct Alone {
        @Test func twoPointersPressedTogetherDrawARedCircleBetweenThemThatIsFinishedWhenOneLifts() throws {
            let (running, first, second) = try appWithTwoPointers()
            let client = running.client
            client.move(first, to: 100, 60)
            client.move(second, to: 260, 180)
            client.press(first)
            client.press(second)  // within the window in which contacts land together
            // The box from (100, 60) to (300, 220): its ellipse is centred at (200, 140), radii 100 and 80.
            client.move(second, to: 300, 220)
            // Its right side shows only once the second pointer's motion is drawn (the top shows before it too).
            #expect(running.waitForPixel(300, 140, toBe: Colours.red) == Colours.red, "the circle's right side, in progress")
            #expect(running.pixel(200, 60) == Colours.red && running.pixel(100, 140) == Colours.red, "its top and left side")
            #expect(running.pixel(200, 140) == Colours.white && running.pixel(150, 100) == Colours.white, "no line from either")
            client.release(second)
            #expect(running.waitForPixel(200, 220, toBe: Colours.black) == Colours.black, "finished")
            client.release(first)
            #expect(running.pixel(200, 60) == Colours.black && running.pixel(200, 140) == Colours.white)
            #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.map(\.kind) == [.ellipse] }, "one circle saved")
        }
    }
}
