import Gestures
import Shapes
import Testing
import TouchTracker

@Suite struct ClearTests {
    @Test func aDoubleClickClearsEveryShapeAndDeselectsAsOneUndoableEdit() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 100, 0))
        model.drawLine(segment(0, 50, 100, 50))
        model.click(at: point(50, 50))
        let before = model.drawing.shapes
        model.tapProvisional(at: point(500, 500))
        model.tapSuperseded()
        model.doubleTap(at: point(500, 500))
        #expect(model.drawing.shapes.isEmpty)
        #expect(model.selection.isEmpty)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes == before)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes.count == 1)
    }

    @Test func aDoubleClickAlsoRemovesShapesInProgress() {
        var model = CanvasModel.with([segment(0, 0, 100, 0)])
        model.contactBegan(ContactID(device: 9), at: point(300, 300))
        model.contactMoved(ContactID(device: 9), to: point(320, 300))
        model.doubleTap(at: point(10, 10))
        #expect(model.strokes.isEmpty && model.drawing.shapes.isEmpty)
        model.contactEnded(ContactID(device: 9), at: point(330, 300))
        #expect(model.drawing.shapes.isEmpty)
    }

    @Test func aDoubleClickOnAnEmptyCanvasRecordsNothing() {
        var model = CanvasModel()
        let before = model.drawing.revision
        model.doubleTap(at: point(10, 10))
        #expect(!model.canUndo)
        #expect(model.drawing.revision == before)  // clearing an empty canvas is not an edit
    }

    @Test func aDoubleClickDuringAShapeDragPutsTheShapeBackBeforeClearing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressChanged(at: point(100, 300))
        model.doubleTap(at: point(500, 500))
        model.longPressEnded(at: point(100, 400))
        #expect(model.drawing.shapes.isEmpty)
        model.key(.character("z"), .control)
        #expect(model.segments == [segment(0, 100, 200, 100)])
    }
}
