import Shapes
import Testing
import TouchTracker

@Suite struct UndoRedoTests {
    @Test func everyKindOfEditUndoesAndRedoesInOrder() {
        var model = CanvasModel()
        var states = [model.drawing.shapes]
        model.drawLine(segment(0, 100, 200, 100)); states.append(model.drawing.shapes)
        model.drawLine(segment(0, 300, 200, 300)); states.append(model.drawing.shapes)
        model.click(at: point(100, 100))
        model.key(.right); states.append(model.drawing.shapes)
        model.longPressBegan(at: point(100, 300))
        model.longPressEnded(at: point(100, 400)); states.append(model.drawing.shapes)
        model.key(.delete); states.append(model.drawing.shapes)
        model.doubleTap(at: point(5, 5)); states.append(model.drawing.shapes)
        #expect(model.history.undoStack.map(\.name) == ["Draw", "Draw", "Nudge", "Move", "Delete", "Clear"])
        for expected in states.reversed().dropFirst() {
            model.key(.character("z"), .control)
            #expect(model.drawing.shapes == expected)
        }
        #expect(!model.canUndo)
        for expected in states.dropFirst() {
            model.key(.character("y"), .control)
            #expect(model.drawing.shapes == expected)
        }
        #expect(!model.canRedo)
    }

    @Test func aNewEditAfterUndoClearsRedo() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 10, 0))
        model.key(.character("z"), .control)
        #expect(model.canRedo)
        model.drawLine(segment(0, 50, 10, 50))
        #expect(!model.canRedo)
        model.key(.character("y"), .control)
        #expect(model.segments == [segment(0, 50, 10, 50)])
    }

    @Test func undoingTheSelectedShapesDrawDeselectsIt() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 100, 0))
        model.click(at: point(50, 0))
        model.key(.character("z"), .control)
        #expect(model.selection.isEmpty)
    }

    @Test func undoRedoClosesTheMenu() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 100, 0))
        model.rightClick(at: point(50, 0))
        model.key(.character("z"), .control)
        #expect(model.menu == nil)
    }

    @Test func drawingAndUndoingAreEditsButSelectingIsNot() {
        var model = CanvasModel()
        let empty = model.drawing.revision
        model.drawLine(segment(0, 0, 100, 0))
        let drawn = model.drawing.revision
        #expect(drawn != empty)
        model.click(at: point(50, 0))
        #expect(model.selection.ids == [ShapeID(1)])
        #expect(model.drawing.revision == drawn)  // selecting is not an edit
        model.key(.character("z"), .control)
        #expect(model.drawing.revision != drawn && model.drawing.revision != empty)
    }

    @Test func aLoadedDrawingHasNothingToUndoAndContinuesIDs() {
        var drawing = Drawing()
        drawing.add(.line(segment(0, 0, 10, 0)))
        drawing.add(.line(segment(0, 20, 10, 20)))
        var model = CanvasModel(drawing: drawing)
        #expect(!model.canUndo && model.drawing.revision == drawing.revision)  // loading is not an edit
        model.drawLine(segment(0, 40, 10, 40))
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(1), ShapeID(2), ShapeID(3)])
    }
}
