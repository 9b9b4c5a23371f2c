import Shapes
import Testing
import TouchTracker

@Suite struct LongPressTests {
    @Test func aLongPressIsAGestureOnlyOverALine() {
        let model = CanvasModel.with([segment(0, 100, 200, 100)])
        #expect(model.shouldBeginLongPress(at: point(100, 110)))
        #expect(!model.shouldBeginLongPress(at: point(100, 200)))
    }

    @Test func aLongPressSelectsTheLineDragsItAndDropsItStillSelectedAsOneUndoableMove() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 400, 200, 400)])
        model.longPressBegan(at: point(100, 105))
        #expect(model.selection == Selection(ShapeID(1)))
        model.longPressChanged(at: point(110, 125))
        #expect(model.segments[0] == segment(10, 120, 210, 120))
        model.longPressChanged(at: point(150, 205))
        model.longPressEnded(at: point(160, 205))
        #expect(model.segments[0] == segment(60, 200, 260, 200))
        #expect(model.selection == Selection(ShapeID(1)))
        #expect(model.draggedShapes.isEmpty)
        #expect(model.history.undoStack == [.move([GeometryChange(ShapeID(1), from: .line(segment(0, 100, 200, 100)), to: .line(segment(60, 200, 260, 200)))])])
        model.key(.character("z"), .control)
        #expect(model.segments[0] == segment(0, 100, 200, 100))
    }

    @Test func theDroppedShapeIsFoundWhereItWasDroppedNotWhereItWas() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressEnded(at: point(100, 300))
        model.click(at: point(100, 100))
        #expect(model.selection.isEmpty)
        model.click(at: point(100, 300))
        #expect(model.selectedID == ShapeID(1))
    }

    @Test func aLongPressPicksUpTheLineUnderThePressEvenIfThePointerCreptAway() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 125, 200, 125)])
        // Pressed at (100, 104), nearest line #1; the pointer crept 10 px down, nearer #2, before
        // the press fired.
        model.longPressBegan(at: point(100, 114), translation: Vector(dx: 0, dy: 10))
        #expect(model.selection == Selection(ShapeID(1)))
        #expect(model.segments[0] == segment(0, 110, 200, 110))
        model.longPressEnded(at: point(100, 114))
        #expect(model.segments == [segment(0, 110, 200, 110), segment(0, 125, 200, 125)])
    }

    @Test func aCancelledLongPressPutsTheShapeBackAndRecordsNothing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressChanged(at: point(300, 300))
        model.longPressCancelled()
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(!model.canUndo)
    }

    @Test func aLongPressDroppedWhereItStartedRecordsNothing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.longPressChanged(at: point(120, 100))
        model.longPressEnded(at: point(100, 100))
        #expect(!model.canUndo)
        #expect(model.selectedID == ShapeID(1))
    }

    @Test func aLongPressOverEmptyCanvasStillDrawsFromThePressPoint() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        #expect(!model.shouldBeginLongPress(at: point(300, 300)))
        model.longPressBegan(at: point(300, 300))  // ignored: not a gesture here
        model.contactBegan(mouse, at: point(300, 300))
        model.contactEnded(mouse, at: point(400, 300))
        #expect(model.segments == [segment(0, 100, 200, 100), segment(300, 300, 400, 300)])
    }
}

@Suite struct MoveTests {
    @Test func aDragStartingOnTheSelectedLineMovesIt() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        #expect(model.shouldBeginMove(at: point(50, 115)))
        model.moveBegan(at: point(50, 115))
        model.moveChanged(at: point(60, 135))
        model.moveEnded(at: point(70, 165))
        #expect(model.segments == [segment(20, 150, 220, 150)])
        #expect(model.strokes.isEmpty)
        #expect(model.history.undoStack.count == 1)
    }

    @Test func aSelectedCircleIsMovedByADragFromItsOutlineNotItsInside() {
        var circle = Drawing()
        circle.add(.ellipse(box: segment(100, 100, 300, 300)))
        var model = CanvasModel(drawing: circle)
        model.click(at: point(105, 200))
        #expect(model.selection.ids == [ShapeID(1)])
        #expect(model.shouldBeginMove(at: point(100, 215)), "on its outline, 71 px from its box's diagonal")
        #expect(!model.shouldBeginMove(at: point(200, 200)), "its centre, on the diagonal, 100 px from the outline")
    }

    @Test func aDragElsewhereOrWithoutSelectionIsNotAMove() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        #expect(!model.shouldBeginMove(at: point(100, 100)))  // nothing selected
        model.moveBegan(at: point(100, 100))  // ignored: nothing to move
        model.moveEnded(at: point(100, 200))
        #expect(model.segments == [segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.click(at: point(100, 100))
        #expect(!model.shouldBeginMove(at: point(100, 300)))  // another line
        #expect(!model.shouldBeginMove(at: point(100, 121)))  // off the line
        #expect(model.shouldBeginMove(at: point(100, 120)))  // within the tolerance
    }

    @Test func aMoveThatBeganPastTheDragThresholdCatchesUpWithThePointer() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        // Pressed at (100, 100); the drag began at (109, 100), 9 px on.
        model.moveBegan(at: point(109, 100), translation: Vector(dx: 9, dy: 0))
        #expect(model.segments == [segment(9, 100, 209, 100)])
        model.moveChanged(at: point(120, 130))
        #expect(model.segments == [segment(20, 130, 220, 130)])
        model.moveEnded(at: point(120, 130))
        #expect(model.history.undoStack == [.move([GeometryChange(ShapeID(1), from: .line(segment(0, 100, 200, 100)), to: .line(segment(20, 130, 220, 130)))])])
    }

    @Test func oneDragNeverBothDrawsAndMoves() {
        // The engine asks shouldBeginMove at the press; whichever way it goes, only one happens.
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        for start in [point(100, 105), point(100, 200)] {
            let before = model.drawing.shapes
            if model.shouldBeginMove(at: start) {
                model.moveBegan(at: start)
                model.moveEnded(at: point(start.x, start.y + 50))
                #expect(model.drawing.shapes.count == before.count)
                #expect(model.drawing.shapes != before)
            } else {
                model.contactBegan(mouse, at: start)
                model.contactEnded(mouse, at: point(start.x, start.y + 50))
                #expect(Array(model.drawing.shapes.prefix(before.count)) == before)
                #expect(model.drawing.shapes.count == before.count + 1)
            }
        }
        #expect(model.segments == [segment(0, 150, 200, 150), segment(100, 200, 100, 250)])
    }

    @Test func stepsOfTheOtherDragGestureDoNotMoveTheShape() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.longPressBegan(at: point(100, 100))
        model.moveChanged(at: point(100, 300))
        model.moveEnded(at: point(100, 300))
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(!model.shouldBeginMove(at: point(100, 100)))  // one drag at a time
        model.longPressEnded(at: point(100, 120))
        #expect(model.segments == [segment(0, 120, 200, 120)])
    }
}
