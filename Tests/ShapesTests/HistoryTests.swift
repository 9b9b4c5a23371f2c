import DrawingTesting
import Shapes
import Testing

private func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
    Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
}

/// Draws `segment` as a new line through `history`, as the app does.
@discardableResult
private func draw(_ segment: Segment, on drawing: inout IndexedDrawing, _ history: inout History) -> Shape {
    let line = Shape(id: drawing.nextID, geometry: .line(segment))
    history.perform(.draw(line), on: &drawing)
    return line
}

@Suite struct HistoryTests {
    @Test func aNewHistoryHasNothingToUndoOrRedo() {
        var history = History()
        var drawing = Drawing()
        #expect(!history.canUndo && !history.canRedo)
        #expect(history.undo(on: &drawing) == nil)
        #expect(history.redo(on: &drawing) == nil)
    }

    @Test func undoingADrawRemovesTheShapeAndRedoPutsItBackWithTheSameID() {
        var history = History()
        var drawing = IndexedDrawing()
        let line = draw(segment(0, 0, 10, 10), on: &drawing, &history)
        history.undo(on: &drawing)
        #expect(drawing.shapes.isEmpty)
        #expect(history.canRedo)
        history.redo(on: &drawing)
        #expect(drawing.shapes == [line])
    }

    @Test func undoingADeleteRestoresTheShapeAtItsPlaceInDrawingOrder() {
        var history = History()
        var drawing = IndexedDrawing()
        let a = draw(segment(0, 0, 10, 0), on: &drawing, &history)
        let b = draw(segment(0, 5, 10, 5), on: &drawing, &history)
        let c = draw(segment(0, 9, 10, 9), on: &drawing, &history)
        history.perform(.delete([b]), on: &drawing)
        #expect(drawing.shapes == [a, c])
        history.undo(on: &drawing)
        #expect(drawing.shapes == [a, b, c])
    }

    @Test func undoingAMoveOrNudgePutsTheShapeBackBitForBit() {
        var history = History()
        var drawing = IndexedDrawing()
        let original = segment(0.1, 0.2, 10.3, 0.7)
        let line = draw(original, on: &drawing, &history)
        let nudged = original.translated(by: Vector(dx: 1, dy: 0))
        history.perform(.nudge([GeometryChange(line.id, from: .line(original), to: .line(nudged))]), on: &drawing)
        let moved = nudged.translated(by: Vector(dx: 33.3, dy: -7.7))
        history.perform(.move([GeometryChange(line.id, from: .line(nudged), to: .line(moved))]), on: &drawing)
        #expect(drawing.shape(line.id)?.geometry.segment == moved)
        history.undo(on: &drawing)
        #expect(drawing.shape(line.id)?.geometry.segment == nudged)
        history.undo(on: &drawing)
        #expect(drawing.shape(line.id)?.geometry.segment == original)
    }

    @Test func clearIsOneEditAndUndoingItBringsBackEveryShape() {
        var history = History()
        var drawing = IndexedDrawing()
        for i in 0..<5 { draw(segment(0, Double(i) * 30, 100, Double(i) * 30), on: &drawing, &history) }
        let before = drawing.shapes
        history.perform(.clear(before), on: &drawing)
        #expect(drawing.shapes.isEmpty)
        history.undo(on: &drawing)
        #expect(drawing.shapes == before)
        #expect(drawing.nearestShape(to: Point(x: 50, y: 61), within: 20) == before[2].id)
    }

    @Test func aNewEditClearsTheRedoStack() {
        var history = History()
        var drawing = IndexedDrawing()
        draw(segment(0, 0, 10, 0), on: &drawing, &history)
        history.undo(on: &drawing)
        #expect(history.canRedo)
        draw(segment(0, 50, 10, 50), on: &drawing, &history)
        #expect(!history.canRedo)
        #expect(history.redo(on: &drawing) == nil)
    }

    @Test func undoingEverythingThenRedoingEverythingWalksTheWholeChain() {
        var history = History()
        var drawing = IndexedDrawing()
        var states = [drawing.shapes]
        let a = draw(segment(0, 0, 100, 0), on: &drawing, &history); states.append(drawing.shapes)
        let b = draw(segment(0, 50, 100, 50), on: &drawing, &history); states.append(drawing.shapes)
        history.perform(.move([GeometryChange(a.id, from: a.geometry, to: .line(segment(0, 200, 100, 200)))]), on: &drawing); states.append(drawing.shapes)
        history.perform(.delete([b]), on: &drawing); states.append(drawing.shapes)
        history.perform(.clear(drawing.shapes), on: &drawing); states.append(drawing.shapes)
        for expected in states.reversed().dropFirst() {
            history.undo(on: &drawing)
            #expect(drawing.shapes == expected)
        }
        #expect(!history.canUndo)
        for expected in states.dropFirst() {
            history.redo(on: &drawing)
            #expect(drawing.shapes == expected)
        }
        #expect(!history.canRedo)
    }

    @Test func theHistoryHoldsOneEntryPerEditNotACopyOfTheDrawing() {
        var history = History()
        var drawing = IndexedDrawing()
        for i in 0..<100 { draw(segment(0, Double(i), 10, Double(i)), on: &drawing, &history) }
        #expect(history.undoStack.count == 100)
        #expect(history.undoStack.last == .draw(Shape(id: ShapeID(100), geometry: .line(segment(0, 99, 10, 99)))))
    }

    @Test func editsAppliedToAPlainDrawingAndAnIndexedOneAgree() {
        var plain = Drawing()
        var indexed = IndexedDrawing()
        let line = Shape(id: ShapeID(1), geometry: .line(segment(0, 0, 10, 0)))
        let nudged = segment(0, 1, 10, 1)
        let edits: [Edit] = [
            .draw(line), .nudge([GeometryChange(line.id, from: line.geometry, to: .line(nudged))]), .delete([Shape(id: line.id, geometry: .line(nudged))]),
        ]
        for edit in edits {
            edit.apply(to: &plain)
            edit.apply(to: &indexed)
            #expect(plain.shapes == indexed.shapes)
        }
        for edit in edits.reversed() {
            edit.revert(on: &plain)
            edit.revert(on: &indexed)
            #expect(plain.shapes == indexed.shapes)
        }
        #expect(plain.shapes.isEmpty)
    }
}
