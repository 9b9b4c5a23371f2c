import Document
import Gestures
import Testing
import TouchTracker

@Suite struct DrawingTests {
    @Test func aContactDrawsALineInProgressThatFollowsItAndBecomesFinishedOnRelease() {
        var model = CanvasModel()
        model.contactBegan(mouse, at: point(10, 10))
        #expect(model.linesInProgress[mouse] == segment(10, 10, 10, 10))
        model.contactMoved(mouse, to: point(50, 60))
        #expect(model.linesInProgress[mouse] == segment(10, 10, 50, 60))
        #expect(model.drawing.lines.isEmpty)
        model.contactEnded(mouse, at: point(70, 80))
        #expect(model.linesInProgress.isEmpty)
        #expect(model.segments == [segment(10, 10, 70, 80)])
        #expect(model.canUndo)
    }

    @Test func severalContactsDrawTheirOwnLinesAtOnce() {
        var model = CanvasModel()
        let finger1 = ContactID(device: 3, touch: 101), finger2 = ContactID(device: 3, touch: 102), pointer2 = ContactID(device: 7)
        model.contactBegan(finger1, at: point(0, 0))
        model.contactBegan(finger2, at: point(100, 0))
        model.contactBegan(pointer2, at: point(200, 0))
        model.contactMoved(finger2, to: point(100, 50))
        model.contactMoved(finger1, to: point(0, 50))
        #expect(model.linesInProgress.count == 3)
        model.contactEnded(finger2, at: point(100, 90))
        model.contactCancelled(pointer2)
        model.contactEnded(finger1, at: point(0, 90))
        #expect(model.segments == [segment(100, 0, 100, 90), segment(0, 0, 0, 90)])
        #expect(model.linesInProgress.isEmpty)
    }

    @Test func aCancelledContactLeavesNoLineAndNothingToUndo() {
        var model = CanvasModel()
        let before = model.drawing.revision
        model.contactBegan(mouse, at: point(10, 10))
        model.contactMoved(mouse, to: point(40, 40))
        model.contactCancelled(mouse)
        #expect(model.drawing.lines.isEmpty && model.linesInProgress.isEmpty)
        #expect(!model.canUndo)
        #expect(model.drawing.revision == before)  // no edit
    }

    @Test func stepsOfAnUnknownContactAreIgnored() {
        var model = CanvasModel()
        model.contactMoved(mouse, to: point(1, 1))
        model.contactEnded(mouse, at: point(2, 2))
        #expect(model.drawing.lines.isEmpty)
    }

    @Test func drawingDoesNotChangeTheSelection() {
        var model = CanvasModel.with([segment(0, 0, 100, 0)])
        model.click(at: point(50, 5))
        model.drawLine(segment(0, 200, 100, 200))
        #expect(model.selection == Selection(LineID(1)))
    }
}
