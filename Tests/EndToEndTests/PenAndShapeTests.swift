import CX11
import DrawingTesting
import Glibc
import Shapes
import TestSupport
import Testing
import TouchTracker
import XTestHarness
#if canImport(Glibc)
#endif

/// The title the window shows now.
private func title(_ running: RunningApp) -> String {
    running.client.text(running.window, "_NET_WM_NAME") ?? ""
}

/// How many pixels of column `x`, from `y - 20` to `y + 20`, are not white: a horizontal line's width.
private func thickness(_ running: RunningApp, x: Int, y: Int) -> Int {
    running.client.pixels(running.window, x: x, y: y - 20, width: 1, height: 41).filter { $0 != Colours.white }.count
}

/// The book's challenges as they reach the screen and the disk: the pen's colour from a key and its width
/// from the menu, circles from Shift+drag that select by their outline, take the menu's colours and move,
/// nudge and delete like lines, width by speed, colour by angle, a damaged pen file, and a pen and a
/// drawing that outlast a restart. (Circles from two pointers: MultiContactTests.) The menus are clicked
/// where the app's own `ContextMenu` lays them out (at 96 dpi, as Xvfb's screen is here).
@Suite("Colours, widths and circles, end to end", .serialized)
struct PenAndShapeTests {
    static let blue = Pen.palette[1].colour.hex
    static let orange = Pen.palette[2].colour.hex
    /// Every test's window: 400 × 300 at the screen's origin.
    static let canvas = Rect(x: 0, y: 0, width: 400, height: 300)

    /// Holds Shift and drags from `from` to `to`: a circle in that box. Waits until its top is `colour`.
    private func drawCircle(_ running: RunningApp, from: (Int, Int), to: (Int, Int), colour: UInt32 = Colours.black) {
        running.client.hold(XK_Shift_L)
        running.client.drag(from: from, to: to)
        running.client.release()
        running.client.letGo(XK_Shift_L)
        running.waitForPixel((from.0 + to.0) / 2, min(from.1, to.1), toBe: colour)
    }

    /// Opens the menu with a right click at (x, y) and chooses `item` where the app lays it out.
    private func choose(_ item: ContextMenu.Item, fromMenuAt x: Int, _ y: Int, entries: [ContextMenu.Entry],
                        _ running: RunningApp) throws {
        let menu = ContextMenu(.canvas, entries: entries, at: Point(x: Double(x), y: Double(y)), inside: Self.canvas)
        let place = try #require(entries.firstIndex(of: .item(item)))
        let rect = menu.frame(ofEntry: place)
        running.client.move(to: x, y)
        running.client.click(3)
        let border: UInt32 = 0x99_9999
        #expect(running.waitForPixel(Int(menu.frame.maxX) - 1, Int(menu.frame.minY) + 5, toBe: border) == border,
                "the menu's right border")
        running.client.move(to: Int(rect.minX + rect.width / 2), Int(rect.minY + rect.height / 2))
        running.client.click()
    }

    @Test func aKeyChoosesTheColourOfTheNextLineAndTheTitleSaysSo() throws {
        let running = try RunningApp()
        #expect(title(running) == "drawing.json — TouchTracker", "the default pen is not in the title")
        running.client.key(XK_2)
        #expect(waitUntil(timeout: 5) { title(running) == "drawing.json — Blue, Normal — TouchTracker" }, "\(title(running))")
        running.client.drag(from: (50, 100), to: (250, 100))
        #expect(running.pixel(150, 100) == Colours.red, "in progress, a line is red whatever the pen")
        running.client.release()
        #expect(running.waitForPixel(150, 100, toBe: Self.blue) == Self.blue)
        #expect(thickness(running, x: 150, y: 100) <= 11, "the normal width, 10 px")
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.first?.style.colour.hex == Self.blue })

        running.client.move(to: 150, 100)  // a click on it: selected, green whatever its colour
        running.client.click()
        #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
        running.client.move(to: 150, 250)  // on empty canvas: deselected, blue again
        running.client.click()
        #expect(running.waitForPixel(150, 100, toBe: Self.blue) == Self.blue)
    }

    @Test func shiftDragDrawsACircleThatSelectsByItsOutlineAndTakesTheMenusColour() throws {
        let running = try RunningApp()
        // The box from (100, 60) to (300, 220): the ellipse centred at (200, 140), radii 100 and 80.
        drawCircle(running, from: (100, 60), to: (300, 220))
        for (x, y) in [(200, 60), (200, 220), (100, 140), (300, 140)] {
            #expect(running.pixel(x, y) == Colours.black, "the outline at (\(x), \(y))")
        }
        for (x, y) in [(200, 140), (110, 70), (290, 210), (200, 100)] {
            #expect(running.pixel(x, y) == Colours.white, "no outline at (\(x), \(y)): inside, and the box's corners")
        }
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.count == 1 })
        let saved = try running.savedDrawing().shapes
        #expect(saved.map(\.kind) == [.ellipse])
        #expect(saved.map(\.geometry.segment) == [Segment(begin: Point(x: 100, y: 60), end: Point(x: 300, y: 220))])

        running.client.move(to: 112, 140)  // 12 px inside the outline: near enough to select it
        running.client.click()
        #expect(running.waitForPixel(200, 60, toBe: Colours.green) == Colours.green, "selected by its outline")
        running.client.move(to: 200, 140)  // its centre, 80 px from the outline: empty canvas
        running.client.click()
        #expect(running.waitForPixel(200, 60, toBe: Colours.black) == Colours.black, "a click inside deselects")

        try choose(.colour(2), fromMenuAt: 300, 140, entries: ContextMenu.shapeEntries, running)
        #expect(running.waitForPixel(200, 220, toBe: Colours.green) == Colours.green, "the menu selected it")
        running.client.move(to: 200, 140)
        running.client.click()
        #expect(running.waitForPixel(200, 220, toBe: Self.orange) == Self.orange, "the circle is orange")
        #expect(running.pixel(200, 140) == Colours.white)
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.first?.style.colour.hex == Self.orange })

        running.client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(200, 220, toBe: Colours.black) == Colours.black, "undo gives it its colour back")
    }

    @Test func aCircleIsPickedUpByALongPressNudgedAndDeletedLikeALine() throws {
        let running = try RunningApp()
        drawCircle(running, from: (100, 60), to: (300, 220))
        running.client.move(to: 100, 140)  // on its left end, held still until the long press picks it up
        running.client.press()
        #expect(running.waitForPixel(200, 60, toBe: Colours.green) == Colours.green, "picked up and selected")
        for step in 1...5 {
            running.client.move(to: 100 + step * 10, 140)
            running.waitForPixel(100 + step * 10, 140, toBe: Colours.green)  // its left end follows
        }
        running.client.release()
        #expect(running.waitForPixel(100, 140, toBe: Colours.white) == Colours.white, "gone from where it was")
        #expect(running.pixel(150, 140) == Colours.green && running.pixel(250, 60) == Colours.green, "50 px to the right")

        running.client.key(XK_Down, modifiers: [XK_Shift_L])
        #expect(running.waitForPixel(250, 70, toBe: Colours.green) == Colours.green, "Shift+Down: 10 px lower")
        #expect(running.pixel(250, 64) == Colours.white)
        #expect(waitUntil(timeout: 5) {
            (try? running.savedDrawing())?.shapes.map(\.geometry.segment) == [Segment(begin: Point(x: 150, y: 70), end: Point(x: 350, y: 230))]
        }, "saved where it was moved")

        running.client.key(XK_Delete)
        #expect(running.waitForPixel(250, 70, toBe: Colours.white) == Colours.white)
        #expect(running.pixel(150, 150) == Colours.white && running.pixel(350, 150) == Colours.white)
        #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.isEmpty == true })
    }

    @Test func theCanvasMenuChoosesTheWidthOfTheNextLine() throws {
        let running = try RunningApp()
        try choose(.width(3), fromMenuAt: 20, 20, entries: ContextMenu.canvasEntries, running)
        #expect(waitUntil(timeout: 5) { title(running) == "drawing.json — Black, Thick — TouchTracker" }, "\(title(running))")
        running.drawLine(from: (50, 250), to: (350, 250))
        #expect((15...17).contains(thickness(running, x: 200, y: 250)), "16 px: \(thickness(running, x: 200, y: 250))")
    }

    @Test func byAngleAHorizontalLineAndAVerticalOneTakeTheirAnglesColours() throws {
        let running = try RunningApp()
        running.client.key(XK_0)
        #expect(waitUntil(timeout: 5) { title(running).contains("By angle") }, "\(title(running))")
        let horizontal = AngleColour.colour(angle: 0).hex, vertical = AngleColour.colour(angle: .pi / 2).hex
        #expect(horizontal != vertical)
        running.client.drag(from: (50, 100), to: (250, 100))
        running.client.release()
        #expect(running.waitForPixel(150, 100, toBe: horizontal) == horizontal)
        running.client.drag(from: (320, 40), to: (320, 260))
        running.client.release()
        #expect(running.waitForPixel(320, 150, toBe: vertical) == vertical)
    }

    @Test func aDamagedPenFileIsReportedAndTheDefaultPenUsed() throws {
        let state = try TemporaryFolder("state")
        try state.write("colour #1E50DC\nwidth 11\nspeed off\n", to: "touchtracker/pen")
        let running = try RunningApp(environment: ["XDG_STATE_HOME": state.path])
        running.drawLine(from: (50, 100), to: (250, 100))
        #expect(running.app.standardError
                == "touchtracker: the pen in \(state.path)/touchtracker/pen is damaged; drawing with Black, Normal until one is chosen\n")
    }

    @Test func theDrawingsColoursAndThePenOutlastARestart() throws {
        let state = try TemporaryFolder("state")
        let first = try RunningApp(environment: ["XDG_STATE_HOME": state.path])
        first.client.key(XK_2)
        first.client.key(XK_bracketright)
        #expect(waitUntil(timeout: 5) { title(first).contains("Blue, Thick") }, "\(title(first))")
        drawCircle(first, from: (100, 60), to: (300, 220), colour: Self.blue)
        first.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(first.app.waitForExit() == 0)

        let second = try RunningApp(environment: ["XDG_STATE_HOME": state.path, "XDG_DATA_HOME": first.dataHome.path])
        #expect(second.waitForPixel(200, 60, toBe: Self.blue) == Self.blue, "the blue circle, opened again")
        #expect(thickness(second, x: 200, y: 60) >= 15, "16 px wide")
        #expect(second.pixel(200, 140) == Colours.white)
        #expect(title(second) == "drawing.json — Blue, Thick — TouchTracker", "the pen, remembered")
        second.client.drag(from: (20, 280), to: (380, 280))
        second.client.release()
        #expect(second.waitForPixel(200, 280, toBe: Self.blue) == Self.blue, "the next line, with the remembered pen")
    }

    @Test func cThenADragDrawsAnEllipseAndTheToolOutlastsARestart() throws {
        let state = try TemporaryFolder("state")
        let first = try RunningApp(environment: ["XDG_STATE_HOME": state.path])
        first.client.key(XK_c)
        #expect(waitUntil(timeout: 5) { title(first) == "drawing.json — Circle — TouchTracker" }, "\(title(first))")
        // The box from (100, 60) to (300, 220), no Shift held: the ellipse centred at (200, 140).
        first.client.drag(from: (100, 60), to: (300, 220))
        first.client.release()
        #expect(first.waitForPixel(200, 60, toBe: Colours.black) == Colours.black, "its top")
        for (x, y) in [(200, 220), (100, 140), (300, 140)] {
            #expect(first.pixel(x, y) == Colours.black, "the outline at (\(x), \(y))")
        }
        #expect(first.pixel(200, 140) == Colours.white && first.pixel(110, 70) == Colours.white, "no line across its box")
        #expect(waitUntil(timeout: 5) { (try? first.savedDrawing())?.shapes.map(\.geometry)
            == [.ellipse(box: Segment(begin: Point(x: 100, y: 60), end: Point(x: 300, y: 220)))] })
        first.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(first.app.waitForExit() == 0)

        let second = try RunningApp(environment: ["XDG_STATE_HOME": state.path, "XDG_DATA_HOME": first.dataHome.path])
        #expect(title(second) == "drawing.json — Circle — TouchTracker", "the tool, remembered")
        second.client.drag(from: (20, 240), to: (120, 290))
        second.client.release()
        // (The second app opens the first's document: its data folder is the first's.)
        #expect(waitUntil(timeout: 5) { (try? first.savedDrawing())?.shapes.map(\.kind) == [.ellipse, .ellipse] },
                "the next drag: an ellipse")
        second.client.key(XK_l)
        #expect(waitUntil(timeout: 5) { title(second) == "drawing.json — TouchTracker" }, "\(title(second))")
    }
}

extension PenAndShapeTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("Width by speed, end to end, alone", .serialized)
    struct Alone {
        @Test func bySpeedASlowDragDrawsThickAndAFastOneThin() throws {
            let running = try RunningApp()
            running.client.key(XK_s)
            #expect(waitUntil(timeout: 5) { title(running) == "drawing.json — Black, by speed — TouchTracker" }, "\(title(running))")
            // 100 px/s, by the server's clock: 2 px every 20 ms.
            running.client.move(to: 50, 80)
            running.client.press()
            for step in 1...50 {
                running.client.move(to: 50 + 2 * step, 80)
                usleep(20_000)
            }
            running.client.release()
            running.waitForPixel(100, 80, toBe: Colours.black)
            // 100 px every 5 ms: far beyond the fastest width even if the machine stalls the test for 25 ms.
            running.client.drag(from: (50, 200), to: (250, 200), steps: 2)
            running.client.release()
            running.waitForPixel(150, 200, toBe: Colours.black)

            let slow = thickness(running, x: 100, y: 80), fast = thickness(running, x: 150, y: 200)
            #expect(slow >= 14, "the slow line is \(slow) px thick")
            #expect(fast <= 4, "the fast line is \(fast) px thick")
            #expect(waitUntil(timeout: 5) { (try? running.savedDrawing())?.shapes.count == 2 })
            let widths = try running.savedDrawing().shapes.map(\.style.width)
            #expect(widths.count == 2 && widths[0] >= 14 && widths[1] <= 3, "saved widths \(widths)")
        }
    }
}
