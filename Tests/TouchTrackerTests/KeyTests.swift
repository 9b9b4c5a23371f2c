import Shapes
import Testing
import TouchTracker

@Suite struct KeyTests {
    @Test(arguments: [Key.delete, .backspace])
    func deleteAndBackSpaceDeleteTheSelectedShape(key: Key) {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.click(at: point(100, 300))
        model.key(key)
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(model.selection.isEmpty)
        model.key(key)  // nothing selected: nothing happens
        #expect(model.drawing.shapes.count == 1)
        #expect(model.history.undoStack.count == 1)
    }

    @Test func escapeDeselects() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.key(.escape)
        #expect(model.selection.isEmpty)
    }

    @Test func arrowsNudgeTheSelectedShapeOnePixelAndTenWithShift() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.key(.right)
        #expect(model.segments == [segment(1, 100, 201, 100)])
        model.key(.down, .shift)
        #expect(model.segments == [segment(1, 110, 201, 110)])
        model.key(.left, .shift)
        model.key(.up)
        #expect(model.segments == [segment(-9, 109, 191, 109)])
        #expect(model.history.undoStack.map(\.name) == ["Nudge", "Nudge", "Nudge", "Nudge"])
        #expect(model.selectedID == ShapeID(1))
    }

    @Test func arrowsWithoutASelectionDoNothing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.key(.right)
        #expect(!model.canUndo)
    }

    @Test func controlZUndoesAndControlShiftZOrControlYRedo() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 10, 0))
        model.drawLine(segment(0, 50, 10, 50))
        model.key(.character("z"), .control)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes.isEmpty)
        model.key(.character("Z"), [.control, .shift])
        #expect(model.drawing.shapes.count == 1)
        model.key(.character("y"), .control)
        #expect(model.drawing.shapes.count == 2)
        #expect(!model.canRedo)
    }

    @Test func letterKeysWithoutControlDoNotEdit() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 10, 0))
        model.key(.character("z"))
        #expect(model.drawing.shapes.count == 1)
    }

    @Test func filesTheClipboardAndQuittingAreHandedToTheCore() {
        var model = CanvasModel()
        #expect(model.key(.character("s"), .control) == .save)
        #expect(model.key(.character("e"), .control) == .exportPNG)
        #expect(model.key(.character("q"), .control) == .quit)
        #expect(model.key(.character("c"), .control) == .copy)
        #expect(model.key(.character("x"), .control) == .cut)
        #expect(model.key(.character("v"), .control) == .paste)
        #expect(model.key(.character("o"), .control) == .open)
        #expect(model.key(.character("n"), .control) == .newWindow)
        #expect(model.key(.character("S"), [.control, .shift]) == .saveAs)
        #expect(model.key(.character("E"), [.control, .shift]) == .exportAs)
        #expect(model.key(.character("w"), .control) == nil)
        #expect(model.key(.escape) == nil)
    }

    @Test func f1AndQuestionMarkToggleTheHelpAndEscapeHidesIt() {
        var model = CanvasModel()
        model.key(.f1)
        #expect(model.isHelpVisible)
        model.key(.character("?"), .shift)
        #expect(!model.isHelpVisible)
        model.key(.character("?"))
        model.key(.escape)
        #expect(!model.isHelpVisible)
    }

    @Test func editingKeysWaitWhileAShapeIsBeingDragged() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressChanged(at: point(100, 150))
        model.key(.delete)
        model.key(.right)
        model.key(.character("z"), .control)
        model.longPressEnded(at: point(100, 200))
        #expect(model.segments == [segment(0, 200, 200, 200)])
        #expect(model.history.undoStack.map(\.name) == ["Move"])
    }

    @Test func escapeDuringADragPutsTheShapeBack() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressChanged(at: point(100, 150))
        model.key(.escape)
        model.longPressEnded(at: point(100, 200))
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(!model.canUndo)
    }
}
