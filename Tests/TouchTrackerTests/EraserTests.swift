import DrawingTesting
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

private let eraser = ContactID(device: 14)

@Suite("The eraser")
struct EraserTests {
    /// Lines #1 (y = 100) and #2 (y = 200) across the eraser's way down x = 150, and #3 beside it.
    func threeLines() -> CanvasModel {
        .with([segment(50, 100, 250, 100), segment(50, 200, 250, 200), segment(300, 50, 300, 250)])
    }

    @Test func aStrokeTakesEveryShapeItPassesOverAsItPassesAndIsOneEdit() {
        var model = threeLines()
        model.eraserBegan(eraser, at: point(150, 50))
        model.eraserMoved(eraser, to: point(150, 150))
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(2), ShapeID(3)], "the first line went as the eraser passed")
        model.eraserMoved(eraser, to: point(150, 250))
        model.eraserEnded(eraser, at: point(150, 250))
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(3)])
        #expect(model.history.undoStack.count == 1, "one edit for the stroke")
        model.undo()
        #expect(model.drawing == threeLines().drawing, "one undo brings both back, in their places")
        model.redo()
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(3)])
    }

    @Test func itTakesWhatIsWithinTheSelectionToleranceOfItsPathAndNothingFarther() {
        var model = CanvasModel.with([segment(0, 119.5, 400, 119.5), segment(0, 121, 400, 121), segment(0, 79, 400, 79)])
        model.eraserBegan(eraser, at: point(50, 100))
        model.eraserEnded(eraser, at: point(350, 100))
        #expect(model.drawing.shapes.map(\.geometry.segment) == [segment(0, 121, 400, 121), segment(0, 79, 400, 79)])
        model.execute(.zoom(steps: -4))  // at 50% the 20 px on screen are 40 document px
        model.eraserBegan(eraser, at: point(50, 100))
        model.eraserEnded(eraser, at: point(350, 100))
        #expect(model.drawing.shapes.isEmpty)
    }

    @Test func aTapTakesTheLineUnderIt() {
        var model = threeLines()
        model.eraserBegan(eraser, at: point(150, 105))
        model.eraserEnded(eraser, at: point(150, 105))
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(2), ShapeID(3)])
        #expect(model.history.undoStack.count == 1)
    }

    @Test func aStrokeThatTakesNothingIsNoEdit() {
        var model = threeLines()
        model.eraserBegan(eraser, at: point(10, 10))
        model.eraserEnded(eraser, at: point(10, 280))
        #expect(model.drawing == threeLines().drawing && !model.canUndo)
    }

    @Test func aCancelledStrokePutsItsShapesBackAndIsNoEdit() {
        var model = threeLines()
        model.eraserBegan(eraser, at: point(150, 50))
        model.eraserMoved(eraser, to: point(150, 250))
        model.eraserCancelled(eraser)
        #expect(model.drawing == threeLines().drawing && !model.canUndo)
    }

    @Test func theSelectedShapeErasedIsNoLongerSelected() {
        var model = threeLines()
        model.click(at: point(150, 100))
        #expect(model.selectedID == ShapeID(1))
        model.eraserBegan(eraser, at: point(150, 100))
        model.eraserEnded(eraser, at: point(150, 100))
        #expect(model.selectedID == nil)
    }

    // MARK: - Through the app

    func stylus(_ kind: GestureInput.Kind, _ x: Double, _ y: Double, at milliseconds: Int64, pressure: Double = 0.6) -> AppInput {
        .pointer(GestureInput(kind, contact: eraser, source: .eraser, location: GesturePoint(x: x, y: y), pressure: pressure,
                              serverTime: ServerTime(milliseconds: UInt32(milliseconds)), readTime: at(milliseconds)))
    }

    @Test func itsStrokesAreNeverGesturesAndOneUndoBringsAStrokeBack() throws {
        let driver = try CoreDriver(tracing: true)
        driver.drawLine(from: GesturePoint(x: 50, y: 100), to: GesturePoint(x: 250, y: 100), at: 0)
        driver.drawLine(from: GesturePoint(x: 50, y: 200), to: GesturePoint(x: 250, y: 200), at: 10)
        let traced = driver.traces.count
        // Two taps of the eraser on empty canvas, as quick as a double click: nothing is cleared.
        for start: Int64 in [100, 200] {
            driver.handle(stylus(.press(button: 1), 150, 280, at: start))
            driver.handle(stylus(.release(button: 1), 150, 280, at: start + 40))
        }
        driver.advance(to: at(1_000))
        #expect(driver.core.model.drawing.shapes.count == 2 && driver.traces.count == traced, "no gesture, no decision")
        // A stroke down across both lines, held still on the first one for a second: no long press picks it up.
        driver.handle(stylus(.press(button: 1), 150, 90, at: 1_100))
        driver.advance(to: at(2_100))
        for (step, y) in [120.0, 160, 210].enumerated() { driver.handle(stylus(.motion, 150, y, at: 2_200 + Int64(step) * 10)) }
        driver.handle(stylus(.release(button: 1), 150, 210, at: 2_300))
        #expect(driver.core.model.drawing.shapes.isEmpty)
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing.shapes.count == 2)
        #expect(driver.traces.count == traced)
    }
}
