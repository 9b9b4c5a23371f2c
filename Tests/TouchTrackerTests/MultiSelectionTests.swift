import DrawingTesting
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

/// Several shapes selected at once: Shift+click and Ctrl+click add a shape or take it out, Ctrl+A selects every
/// shape, a click on empty canvas and Escape deselect; what works on the selection works on all of it as one
/// edit, and one undo brings every shape back.
@Suite struct MultiSelectionTests {
    /// Three horizontal lines, #1 at y 100, #2 at y 200, #3 at y 300, 400 px long.
    static let three = [segment(0, 100, 400, 100), segment(0, 200, 400, 200), segment(0, 300, 400, 300)]

    /// A model with the three lines, #1 and #3 selected by a click and a Shift+click.
    func twoOfThreeSelected() -> CanvasModel {
        var model = CanvasModel.with(Self.three)
        model.click(at: point(200, 100))
        model.tapProvisional(at: point(200, 300), extending: true)
        model.tapConfirmed()
        return model
    }

    @Test func aClickSelectsOneShapeAndAnExtendingClickAddsAndTakesOut() {
        var model = CanvasModel.with(Self.three)
        model.click(at: point(200, 100))
        #expect(model.selection.ids == [ShapeID(1)])
        model.tapProvisional(at: point(200, 300), extending: true)
        #expect(model.selection == Selection([ShapeID(1), ShapeID(3)], isProvisional: true), "shown at once")
        model.tapConfirmed()
        #expect(model.selection == Selection([ShapeID(1), ShapeID(3)]))
        model.tapProvisional(at: point(200, 100), extending: true)
        model.tapConfirmed()
        #expect(model.selection.ids == [ShapeID(3)], "a selected shape clicked with Shift goes out")
        model.click(at: point(200, 200))
        #expect(model.selection.ids == [ShapeID(2)], "a plain click selects one shape alone")
    }

    @Test func anExtendingClickOnEmptyCanvasKeepsTheSelectionAndAPlainOneDeselectsAll() {
        var model = twoOfThreeSelected()
        model.tapProvisional(at: point(200, 500), extending: true)
        model.tapConfirmed()
        #expect(model.selection.ids == [ShapeID(1), ShapeID(3)])
        model.click(at: point(200, 500))
        #expect(model.selection.isEmpty)
    }

    @Test func aDoubleClickSupersedingAnExtendingClickPutsTheSelectionBack() {
        var model = twoOfThreeSelected()
        model.tapProvisional(at: point(200, 200), extending: true)
        #expect(model.selection.count == 3)
        model.tapSuperseded()
        #expect(model.selection == Selection([ShapeID(1), ShapeID(3)]))
    }

    @Test func ctrlASelectsEveryShapeAndEscapeDeselectsThemAll() {
        var model = CanvasModel.with(Self.three)
        model.key(.character("a"), .control)
        #expect(model.selection.ids == [ShapeID(1), ShapeID(2), ShapeID(3)])
        model.key(.escape)
        #expect(model.selection.isEmpty)
    }

    @Test func escapeCancelsAShapeInProgressBeforeItDeselects() {
        var model = twoOfThreeSelected()
        model.contactBegan(mouse, at: point(10, 400))
        model.contactMoved(mouse, to: point(90, 400))
        model.key(.escape)
        #expect(model.strokes.isEmpty && model.selection.count == 2, "the first Escape cancels the line")
        model.key(.escape)
        #expect(model.selection.isEmpty)
    }

    @Test func deleteRemovesEverySelectedShapeAsOneEditAndOneUndoBringsThemBack() {
        var model = twoOfThreeSelected()
        let before = model.drawing
        model.key(.delete)
        #expect(model.drawing.shapes.map(\.id) == [ShapeID(2)])
        #expect(model.selection.isEmpty)
        #expect(model.history.undoStack.count == 1)
        model.key(.character("z"), .control)
        #expect(model.drawing == before)
        #expect(!model.canUndo)
    }

    @Test func arrowsNudgeEverySelectedShapeAsOneEditEach() {
        var model = twoOfThreeSelected()
        model.key(.right)
        model.key(.down, .shift)
        #expect(model.segments == [segment(1, 110, 401, 110), segment(0, 200, 400, 200), segment(1, 310, 401, 310)])
        #expect(model.history.undoStack.count == 2)
        model.key(.character("z"), .control)
        #expect(model.segments == [segment(1, 100, 401, 100), segment(0, 200, 400, 200), segment(1, 300, 401, 300)])
        model.key(.character("z"), .control)
        #expect(model.segments == Self.three)
    }

    @Test func aDragStartingOnAnySelectedShapeMovesThemAllAsOneEdit() {
        var model = twoOfThreeSelected()
        #expect(model.shouldBeginMove(at: point(200, 305)), "on #3")
        #expect(!model.shouldBeginMove(at: point(200, 205)), "#2 is not selected")
        model.moveBegan(at: point(220, 330), translation: Vector(dx: 20, dy: 30))
        #expect(model.draggedShapes == [ShapeID(1), ShapeID(3)])
        model.moveChanged(at: point(250, 350))
        #expect(model.segments == [segment(50, 150, 450, 150), segment(0, 200, 400, 200), segment(50, 350, 450, 350)], "live")
        model.moveEnded(at: point(250, 350))
        #expect(model.history.undoStack == [.move([
            GeometryChange(ShapeID(1), from: .line(Self.three[0]), to: .line(segment(50, 150, 450, 150))),
            GeometryChange(ShapeID(3), from: .line(Self.three[2]), to: .line(segment(50, 350, 450, 350))),
        ])])
        #expect(model.selection.ids == [ShapeID(1), ShapeID(3)], "they stay selected")
        model.key(.character("z"), .control)
        #expect(model.segments == Self.three)
    }

    @Test func escapeDuringADragPutsEveryShapeBack() {
        var model = twoOfThreeSelected()
        model.moveBegan(at: point(200, 340), translation: Vector(dx: 0, dy: 40))
        model.key(.escape)
        #expect(model.segments == Self.three && !model.canUndo)
    }

    @Test func aLongPressOnASelectedShapePicksUpTheSelectionAndElsewhereTheShapeAlone() {
        var model = twoOfThreeSelected()
        model.longPressBegan(at: point(200, 100))
        model.longPressEnded(at: point(200, 110))
        #expect(model.segments == [segment(0, 110, 400, 110), segment(0, 200, 400, 200), segment(0, 310, 400, 310)])
        model.longPressBegan(at: point(200, 200))
        #expect(model.selection.ids == [ShapeID(2)])
        model.longPressEnded(at: point(200, 220))
        #expect(model.segments[1] == segment(0, 220, 400, 220) && model.segments[0] == segment(0, 110, 400, 110))
    }

    @Test func aColourAndAWidthRestyleEverySelectedShapeAsOneEditEach() {
        var model = twoOfThreeSelected()
        model.key(.character("2"))
        model.key(.character("]"))
        let blue = Pen.palette[1].colour
        #expect(model.drawing.shapes.map(\.style.colour) == [blue, .black, blue])
        #expect(model.drawing.shapes.map(\.style.width) == [16, 10, 16])
        #expect(model.history.undoStack.count == 2)
        model.key(.character("z"), .control)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes.allSatisfy { $0.style == .standard })
    }

    @Test func theSelectionsMenuMarksAColourOrWidthOnlyWhenEverySelectedShapeHasIt() {
        var model = twoOfThreeSelected()
        model.key(.character("2"))
        model.openMenu(at: point(200, 300), time: ServerTime(milliseconds: 0))
        #expect(model.menu?.kind == .selection)
        #expect(model.selection.count == 2, "a right press on a selected shape keeps the selection")
        #expect(model.menuMarks.colour == Pen.palette[1].colour && model.menuMarks.width == 10)
        model.key(.escape)
        model.click(at: point(200, 100))
        model.key(.character("]"))
        model.tapProvisional(at: point(200, 300), extending: true)
        model.tapConfirmed()
        model.openMenu(at: point(200, 300), time: ServerTime(milliseconds: 0))
        #expect(model.menuMarks.colour == Pen.palette[1].colour && model.menuMarks.width == nil, "widths 16 and 10")
        model.key(.escape)
        model.openMenu(at: point(200, 200), time: ServerTime(milliseconds: 0))
        #expect(model.selection.ids == [ShapeID(2)], "an unselected shape is selected alone")
    }

    @Test func copyTakesEverySelectedShapeInDrawingOrderAndPasteSelectsEveryShapePasted() {
        var model = twoOfThreeSelected()
        let copied = model.shapesToCopy
        #expect(copied.shapes.map(\.geometry) == [.line(Self.three[0]), .line(Self.three[2])])
        _ = model.paste(copied, centredAt: point(600, 600))
        #expect(model.selection.ids == [ShapeID(4), ShapeID(5)])
        #expect(model.history.undoStack.count == 1)
    }

    @Test func undoingTheDrawingOfASelectedShapeTakesOnlyItOutOfTheSelection() {
        var model = CanvasModel.with(Self.three)
        model.drawLine(segment(0, 500, 400, 500))
        model.key(.character("a"), .control)
        model.key(.character("z"), .control)
        #expect(model.selection.ids == [ShapeID(1), ShapeID(2), ShapeID(3)])
    }

    @Test func theErasedShapeLeavesTheSelectionAndTheOthersStay() {
        var model = twoOfThreeSelected()
        let eraser = ContactID(device: 9)
        model.eraserBegan(eraser, at: point(200, 90))
        model.eraserMoved(eraser, to: point(200, 110))
        model.eraserEnded(eraser, at: point(200, 110))
        #expect(model.selection.ids == [ShapeID(3)])
    }
}

/// Shift+click through the gesture engine and the core: the modifier held at the press extends the selection,
/// the title counts the selected shapes, a cut takes them all.
@Suite struct MultiSelectionInputTests {
    @Test func shiftAndCtrlClicksThroughTheEngineAddToTheSelection() {
        let driver = Driver(.with(MultiSelectionTests.three))
        driver.click(200, 100); driver.wait(500)
        driver.down(200, 200, modifiers: .shift); driver.wait(30); driver.up(200, 200, modifiers: .shift); driver.wait(500)
        driver.down(200, 300, modifiers: .control); driver.wait(30); driver.up(200, 300, modifiers: .control); driver.wait(500)
        #expect(driver.model.selection == Selection([ShapeID(1), ShapeID(2), ShapeID(3)]))
        #expect(driver.model.drawing.shapes.count == 3, "no click left a dot")
        driver.click(200, 200); driver.wait(500)
        #expect(driver.model.selection.ids == [ShapeID(2)])
    }

    @Test func theTitleSaysHowManyAreSelectedWhenMoreThanOne() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 50, y: 100), to: GesturePoint(x: 250, y: 100), at: 0)
        driver.drawLine(from: GesturePoint(x: 50, y: 200), to: GesturePoint(x: 250, y: 200), at: 100)
        driver.key(.character("a"), .control)
        #expect(driver.core.title.contains(" — 2 selected — "))
        driver.key(.escape)
        #expect(!driver.core.title.contains("selected"))
    }

    @Test func ctrlXCutsEverySelectedShapeAsOneEdit() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 50, y: 100), to: GesturePoint(x: 250, y: 100), at: 0)
        driver.drawLine(from: GesturePoint(x: 50, y: 200), to: GesturePoint(x: 250, y: 200), at: 100)
        driver.drawLine(from: GesturePoint(x: 50, y: 300), to: GesturePoint(x: 250, y: 300), at: 200)
        let before = driver.core.model.drawing
        driver.key(.character("a"), .control)
        driver.key(.character("x"), .control)
        #expect(driver.copies.last?.shapes.count == 3)
        #expect(driver.core.model.drawing.shapes.isEmpty)
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing == before, "one Ctrl+Z brings them all back")
    }
}
