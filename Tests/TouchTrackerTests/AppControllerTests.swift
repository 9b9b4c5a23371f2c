import DrawingTesting
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

/// Drives an `AppController` (the model behind the real gesture engine) with a script of pointer
/// events and waits, as the shell does: each event read at the script's clock, then time advanced.
final class Driver {
    let app: AppController
    private(set) var clock = 0  // ms since the script began
    private var mouseDown: [UInt16: Int] = [:]

    /// The controller of `model`, the toolbar hidden unless `toolbar` (the tests that do not test it draw
    /// anywhere in the window).
    init(_ model: CanvasModel = CanvasModel(), settings: GestureSettings = .default, toolbar: Bool = false) {
        var model = model
        model.pen.showsToolbar = toolbar
        app = AppController(model: model, settings: settings, now: .zero)
    }

    var model: CanvasModel { app.model }
    var now: Deadline { Deadline.zero + .milliseconds(Int64(clock)) }

    private func send(_ kind: GestureInput.Kind, _ x: Double, _ y: Double, device: UInt16, touch: UInt32,
                      source: InputSource, modifiers: Modifiers = []) {
        app.handle(GestureInput(kind, contact: ContactID(device: device, touch: touch), source: source,
                                location: GesturePoint(x: x, y: y), modifiers: modifiers,
                                serverTime: ServerTime(milliseconds: UInt32(clock)), readTime: now))
        app.advance(to: now)
    }

    func down(_ x: Double, _ y: Double, button: Int = 1, device: UInt16 = 2, touch: UInt32 = 0,
              source: InputSource = .mouse, modifiers: Modifiers = []) {
        send(.press(button: button), x, y, device: device, touch: touch, source: source, modifiers: modifiers)
    }
    func move(_ x: Double, _ y: Double, device: UInt16 = 2, touch: UInt32 = 0, source: InputSource = .mouse,
              modifiers: Modifiers = []) {
        send(.motion, x, y, device: device, touch: touch, source: source, modifiers: modifiers)
    }
    func up(_ x: Double, _ y: Double, button: Int = 1, device: UInt16 = 2, touch: UInt32 = 0, source: InputSource = .mouse,
            modifiers: Modifiers = []) {
        send(.release(button: button), x, y, device: device, touch: touch, source: source, modifiers: modifiers)
    }

    /// Lets `ms` pass, firing any timers due on the way.
    func wait(_ ms: Int) {
        clock += ms
        app.advance(to: now)
    }

    func click(_ x: Double, _ y: Double, button: Int = 1) {
        down(x, y, button: button); wait(30); up(x, y, button: button)
    }

    /// Press, move in steps of 10 px, release: a drag, `modifiers` held throughout.
    func drag(from a: (Double, Double), to b: (Double, Double), steps: Int = 8, modifiers: Modifiers = []) {
        down(a.0, a.1, modifiers: modifiers)
        for step in 1...steps {
            wait(8)
            move(a.0 + (b.0 - a.0) * Double(step) / Double(steps), a.1 + (b.1 - a.1) * Double(step) / Double(steps),
                 modifiers: modifiers)
        }
        wait(8)
        up(b.0, b.1, modifiers: modifiers)
    }
}

@Suite("The app through the gesture engine")
struct AppControllerTests {
    let horizontal = segment(100, 100, 300, 100)

    @Test func aDragDrawsAStraightLineFromThePressPoint() {
        let driver = Driver()
        driver.drag(from: (10, 10), to: (200, 50))
        #expect(driver.model.segments == [segment(10, 10, 200, 50)])
        #expect(driver.model.strokes.isEmpty)
    }

    @Test func aLineInProgressIsShownWhileDraggingFromThePressPoint() {
        let driver = Driver()
        driver.down(10, 10); driver.wait(10); driver.move(40, 10); driver.wait(10); driver.move(80, 10)
        #expect(driver.model.strokes.values.map(\.shape.geometry.segment) == [segment(10, 10, 80, 10)])
    }

    @Test func aClickLeavesNoDot() {
        let driver = Driver()
        driver.click(50, 50)
        #expect(driver.model.strokes.isEmpty)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty)
        #expect(driver.app.isAtRest)
    }

    @Test func aClickSelectsTheNearestLineAtOnceAndConfirmsWhenTheDoubleClickFails() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 110)
        #expect(driver.model.selection == Selection(ShapeID(1), isProvisional: true), "shown at once (R7)")
        driver.wait(399)
        #expect(driver.model.selection.isProvisional == true)
        driver.wait(2)
        #expect(driver.model.selection == Selection(ShapeID(1)))
    }

    @Test func aClickOnEmptyCanvasDeselects() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100); driver.wait(500)
        #expect(driver.model.selectedID == ShapeID(1))
        driver.click(200, 300); driver.wait(500)
        #expect(driver.model.selection.isEmpty)
    }

    @Test func aDoubleClickClearsEverythingLeavesNoDotAndSupersedesTheSelection() {
        let driver = Driver(.with([horizontal, segment(0, 0, 50, 50)]))
        driver.click(200, 100)
        driver.wait(100)
        driver.click(200, 100)
        #expect(driver.model.drawing.shapes.isEmpty)
        #expect(driver.model.selection.isEmpty)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty, "the second press left no dot")
        #expect(driver.model.strokes.isEmpty)
        #expect(driver.app.key(.character("z"), .control) == nil)
        #expect(driver.model.drawing.shapes.count == 2, "the clear is undoable")
    }

    @Test func aLongPressOverALinePicksItUpAndMovesIt() {
        let driver = Driver(.with([horizontal]))
        driver.down(200, 100)
        driver.wait(500)
        #expect(driver.model.selectedID == ShapeID(1), "the long press selects the line under it")
        driver.move(200, 150); driver.wait(10); driver.move(220, 160)
        driver.up(220, 160)
        #expect(driver.model.segments == [segment(120, 160, 320, 160)])
        #expect(driver.model.selectedID == ShapeID(1), "dropped, still selected")
        #expect(driver.model.drawing.shapes.count == 1, "the drag drew nothing")
        driver.wait(500)
        #expect(driver.app.isAtRest)
    }

    @Test func pausingOverEmptyCanvasBeforeADragStillDrawsFromThePressPoint() {
        let driver = Driver()
        driver.down(50, 50)
        driver.wait(800)
        driver.move(150, 50); driver.wait(10); driver.up(150, 50)
        #expect(driver.model.segments == [segment(50, 50, 150, 50)])
    }

    @Test func aDragStartingOnTheSelectedLineMovesItAndDrawsNothing() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100); driver.wait(500)
        driver.drag(from: (150, 105), to: (150, 205))
        #expect(driver.model.segments == [segment(100, 200, 300, 200)])
        #expect(driver.model.strokes.isEmpty)
    }

    @Test func aDragStartingElsewhereDrawsEvenWithALineSelected() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100); driver.wait(500)
        driver.drag(from: (10, 300), to: (200, 300))
        #expect(driver.model.segments == [horizontal, segment(10, 300, 200, 300)])
    }

    @Test func aRightClickOnALineOpensTheMenuWhoseDeleteRemovesIt() throws {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100, button: 3)
        let menu = try #require(driver.model.menu)
        #expect(driver.model.selectedID == ShapeID(1))
        let deleteItem = menu.frame(ofEntry: 0)
        driver.click((deleteItem.minX + deleteItem.maxX) / 2, (deleteItem.minY + deleteItem.maxY) / 2)
        #expect(driver.model.drawing.shapes.isEmpty)
        #expect(driver.model.menu == nil)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty, "the click on the menu drew nothing")
    }

    @Test func aClickElsewhereDismissesTheMenuAndDoesNothingElse() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100, button: 3)
        driver.click(600, 500)
        driver.wait(500)
        #expect(driver.model.menu == nil)
        #expect(driver.model.selectedID == ShapeID(1), "the dismissing click did not move the selection")
        #expect(driver.model.drawing.shapes.count == 1)
    }

    @Test func twoMasterPointersDrawTwoLinesAtOnce() {
        let driver = Driver()
        driver.down(10, 10, device: 2)
        driver.wait(Int(GestureSettings.Thresholds.mouse.multiContactWindowMilliseconds))  // not pressed together: no circle
        driver.down(10, 200, device: 9)
        for step in 1...10 {
            driver.wait(8)
            driver.move(10 + Double(step * 20), 10, device: 2)
            driver.move(10 + Double(step * 20), 200, device: 9)
        }
        #expect(driver.model.strokes.count == 2)
        driver.up(210, 10, device: 2)
        driver.up(210, 200, device: 9)
        #expect(Set(driver.model.segments) == [segment(10, 10, 210, 10), segment(10, 200, 210, 200)])
    }

    @Test func twoMasterPointersPressedTogetherDrawACircleBetweenThemFinishedAtTheFirstLift() {
        let driver = Driver()
        driver.down(10, 10, device: 2)
        driver.wait(20)
        driver.down(10, 200, device: 9)
        for step in 1...10 {
            driver.wait(8)
            driver.move(10 + Double(step * 20), 10, device: 2)
        }
        #expect(driver.model.strokes.isEmpty, "their lines are taken away")
        #expect(driver.model.ellipseStroke?.shape.geometry.segment == segment(210, 10, 10, 200))
        driver.up(210, 10, device: 2)
        driver.up(10, 200, device: 9)
        #expect(driver.model.drawing.shapes.map(\.kind) == [.ellipse])
        #expect(driver.model.segments == [segment(210, 10, 10, 200)])
    }

    @Test func shiftDragDrawsACircleFromThePressToThePointer() {
        let driver = Driver()
        driver.down(100, 100, modifiers: .shift)
        driver.move(300, 200)
        #expect(driver.model.strokes.values.map(\.shape.geometry.kind) == [.ellipse])
        driver.up(300, 200)
        #expect(driver.model.drawing.shapes.map(\.kind) == [.ellipse])
        #expect(driver.model.segments == [segment(100, 100, 300, 200)])
    }

    @Test func eachFingerDrawsItsOwnLine() {
        let driver = Driver()
        for finger in UInt32(1)...3 { driver.down(10, Double(finger) * 100, touch: finger, source: .touch) }
        for step in 1...10 {
            driver.wait(8)
            for finger in UInt32(1)...3 {
                driver.move(10 + Double(step * 30), Double(finger) * 100, touch: finger, source: .touch)
            }
        }
        #expect(driver.model.strokes.count == 3)
        for finger in UInt32(1)...3 { driver.up(310, Double(finger) * 100, touch: finger, source: .touch) }
        #expect(driver.model.drawing.shapes.count == 3)
    }

    @Test func threeFingersSwipedUpOpenThePaletteAndDrawNothing() {
        let driver = Driver()
        for finger in UInt32(1)...3 { driver.down(100 + Double(finger) * 60, 300, touch: finger, source: .touch) }
        for step in 1...8 {
            driver.wait(10)
            for finger in UInt32(1)...3 {
                driver.move(100 + Double(finger) * 60, 300 - Double(step * 25), touch: finger, source: .touch)
            }
        }
        for finger in UInt32(1)...3 { driver.up(100 + Double(finger) * 60, 100, touch: finger, source: .touch) }
        #expect(driver.model.menu?.anchor == nil && driver.model.menu?.isPalette == true, "the palette, centred")
        #expect(driver.model.drawing.shapes.isEmpty && driver.model.strokes.isEmpty, "the fingers drew nothing")
    }

    @Test func aTouchTapSelectsWithTheTouchThresholds() {
        let driver = Driver(.with([horizontal]))
        // A finger wobbles more than a mouse: 12 px is within the touch slop (16 px), not the mouse's (8 px).
        driver.down(200, 100, touch: 5, source: .touch)
        driver.wait(20)
        driver.move(212, 100, touch: 5, source: .touch)
        driver.wait(20)
        driver.up(212, 100, touch: 5, source: .touch)
        driver.wait(500)
        #expect(driver.model.selectedID == ShapeID(1))
        #expect(driver.model.drawing.shapes.count == 1)
    }

    @Test func aRightDragDrawsNothing() {
        let driver = Driver()
        driver.down(10, 10, button: 3)
        driver.wait(10); driver.move(100, 10)
        driver.wait(10); driver.up(100, 10, button: 3)
        #expect(driver.model.drawing.shapes.isEmpty)
        #expect(driver.model.strokes.isEmpty)
    }

    @Test func gestureDecisionsCanBeTracedAsJSONLines() {
        let app = AppController(tracing: true)
        app.handle(GestureInput(.press(button: 1), contact: ContactID(device: 2), location: GesturePoint(x: 100, y: 100),
                                serverTime: ServerTime(milliseconds: 0), readTime: .zero))
        app.handle(GestureInput(.release(button: 1), contact: ContactID(device: 2), location: GesturePoint(x: 100, y: 100),
                                serverTime: ServerTime(milliseconds: 30), readTime: .zero + .milliseconds(30)))
        app.advance(to: .zero + .milliseconds(1000))
        let lines = app.drainTrace()
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") && !$0.contains("\n") })
        #expect(app.drainTrace().isEmpty, "drained")
    }
}
