import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

/// Escape while shapes are being drawn takes them back (UIKit's touchesCancelled), and taps of two and
/// three contacts undo and redo: nothing added, nothing in the history.
@Suite("Escape cancels; two fingers undo, three redo")
struct CancelAndTapTests {
    let horizontal = segment(100, 100, 300, 100)

    @Test func escapeWhileALineIsDrawnAddsNothingAndTheRestOfTheDragDrawsNothing() {
        let driver = Driver(.with([horizontal]))
        driver.down(10, 300)
        for x in stride(from: 30.0, through: 150, by: 20) { driver.wait(8); driver.move(x, 300) }
        #expect(driver.model.shapesInProgress.count == 1)
        _ = driver.app.key(.escape)
        #expect(driver.model.shapesInProgress.isEmpty, "gone at once")
        driver.wait(8); driver.move(200, 300)
        driver.wait(8); driver.up(200, 300)
        driver.wait(1000)
        #expect(driver.model.segments == [horizontal], "nothing added")
        #expect(!driver.model.canUndo, "nothing in the history")
        driver.drag(from: (10, 400), to: (200, 400))
        #expect(driver.model.segments == [horizontal, segment(10, 400, 200, 400)], "the next drag draws again")
    }

    @Test func escapeWhileTheButtonIsDownBeforeTheLineShowsCancelsItToo() {
        let driver = Driver()
        driver.down(10, 300)  // held back while a click may still be
        _ = driver.app.key(.escape)
        driver.wait(8); driver.move(100, 300)
        driver.wait(8); driver.up(100, 300)
        #expect(driver.model.drawing.shapes.isEmpty && driver.model.shapesInProgress.isEmpty)
    }

    @Test func escapeKeepsTheSelectionWhileItCancelsAndDeselectsOnlyWhenNothingIsInProgress() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100); driver.wait(500)
        driver.down(10, 300)
        driver.wait(8); driver.move(100, 300)
        _ = driver.app.key(.escape)
        #expect(driver.model.selectedID == ShapeID(1), "one thing at a time: the line being drawn")
        driver.up(100, 300)
        _ = driver.app.key(.escape)
        #expect(driver.model.selectedID == nil)
    }

    @Test func escapeCancelsEveryToolsStrokeACircleAnEraserStrokeAndADraggedShape() {
        var model = CanvasModel.with([horizontal, segment(100, 200, 300, 200)])
        model.contactBegan(mouse, at: point(10, 10), modifiers: .shift)
        model.contactMoved(mouse, to: point(60, 60))
        model.circleBegan(between: point(0, 0), and: point(50, 50), time: ServerTime(milliseconds: 0))
        let eraser = ContactID(device: 14)
        model.eraserBegan(eraser, at: point(150, 90))
        model.eraserMoved(eraser, to: point(150, 210))
        #expect(model.drawing.shapes.isEmpty, "the eraser took both as it passed")
        model.key(.escape)
        #expect(model.shapesInProgress.isEmpty && model.ellipseStroke == nil)
        #expect(model.segments == [horizontal, segment(100, 200, 300, 200)], "the eraser stroke gave them back")
        model.eraserEnded(eraser, at: point(150, 300))
        model.contactEnded(mouse, at: point(80, 80))
        model.circleEnded(between: point(0, 0), and: point(60, 60), time: ServerTime(milliseconds: 10))
        #expect(model.drawing.shapes.count == 2 && !model.canUndo, "nothing added, nothing to undo")

        model.longPressBegan(at: point(200, 100))
        model.longPressChanged(at: point(200, 150))
        #expect(model.segments[0] == segment(100, 150, 300, 150))
        model.key(.escape)
        #expect(model.segments[0] == horizontal, "the dragged line went back")
        model.longPressEnded(at: point(200, 180))
        #expect(model.segments[0] == horizontal && !model.canUndo)
    }

    @Test func escapeCancelsALongPressThatHasNotFiredYet() {
        let driver = Driver(.with([horizontal]))
        driver.down(200, 100)
        _ = driver.app.key(.escape)
        driver.wait(600)  // the long press fires: it picks nothing up
        driver.move(200, 150)
        driver.up(200, 150)
        #expect(driver.model.segments == [horizontal] && driver.model.selectedID == nil)
    }

    // MARK: - Taps of several contacts

    @Test func twoFingersTappedTogetherUndoAndThreeRedoLeavingNoDot() {
        let driver = Driver()
        driver.drag(from: (10, 10), to: (200, 10))
        driver.wait(500)
        driver.down(100, 200, touch: 1, source: .touch)
        driver.wait(20)
        driver.down(160, 220, touch: 2, source: .touch)
        driver.wait(60)
        driver.up(100, 200, touch: 1, source: .touch)
        driver.up(160, 220, touch: 2, source: .touch)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty, "undone")
        #expect(driver.model.shapesInProgress.isEmpty && driver.model.ellipseStroke == nil)
        for finger in UInt32(1)...3 { driver.down(Double(finger) * 60, 300, touch: 10 + finger, source: .touch) }
        driver.wait(50)
        for finger in UInt32(1)...3 { driver.up(Double(finger) * 60, 300, touch: 10 + finger, source: .touch) }
        driver.wait(500)
        #expect(driver.model.segments == [segment(10, 10, 200, 10)], "redone, and nothing else drawn")
    }

    @Test func twoMasterPointersClickedTogetherUndoAndSaveNoCircle() {
        let driver = Driver()
        driver.drag(from: (10, 10), to: (200, 10))
        driver.wait(500)
        driver.down(300, 300, device: 2)
        driver.wait(10)
        driver.down(302, 301, device: 3)
        driver.wait(40)
        driver.up(300, 300, device: 2)
        driver.up(302, 301, device: 3)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty, "the line undone; no 2-px circle")
        #expect(driver.model.canRedo)
    }

    @Test func twoFingersPressedTogetherThatMoveStillDrawACircle() {
        let driver = Driver()
        driver.down(100, 100, touch: 1, source: .touch)
        driver.wait(20)
        driver.down(200, 200, touch: 2, source: .touch)
        for step in 1...5 { driver.wait(10); driver.move(200 + Double(step * 10), 200, touch: 2, source: .touch) }
        driver.up(100, 100, touch: 1, source: .touch)
        driver.up(250, 200, touch: 2, source: .touch)
        #expect(driver.model.drawing.shapes.map(\.kind) == [.ellipse])
        #expect(driver.model.segments == [segment(100, 100, 250, 200)])
    }
}
