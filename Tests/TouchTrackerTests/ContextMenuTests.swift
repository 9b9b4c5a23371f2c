import Shapes
import Testing
import TouchTracker

@Suite struct ContextMenuTests {
    @Test func aRightClickOnALineSelectsItAndOpensTheMenuWithDeleteThenColoursAndWidths() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 110))
        #expect(model.selection == Selection(ShapeID(1)))
        let menu = try #require(model.menu)
        #expect(menu.items == ContextMenu.shapeItems)
        #expect(menu.items.map(\.title) == ["Delete", "Black", "Blue", "Orange", "Purple", "Brown", "Teal", "Magenta",
                                            "Grey", "Thin", "Medium", "Normal", "Thick"])
        #expect(menu.frame == Rect(x: 100, y: 110, width: 120, height: 28 * 13))
    }

    @Test func aRightClickOnEmptyCanvasOpensTheCanvasMenuAndKeepsTheSelection() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.secondaryClick(at: point(500, 500))
        let menu = try #require(model.menu)
        #expect(menu.items.map(\.title) == ["Black", "Blue", "Orange", "Purple", "Brown", "Teal", "Magenta", "Grey",
                                            "By angle", "Thin", "Medium", "Normal", "Thick", "By speed",
                                            "Undo", "Redo", "Clear", "Export PNG", "Help"])
        #expect(menu.columns == 1 && menu.frame.maxY <= 600 && menu.frame.maxX <= 800, "inside the 800x600 window")
        #expect(model.selectedID == ShapeID(1))
    }

    @Test func aCanvasMenuTooTallForTheWindowTakesColumnsAndItsItemsAreWhereTheyAreDrawn() throws {
        var model = CanvasModel.with([])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 400, height: 300))
        model.secondaryClick(at: point(10, 10))
        let menu = try #require(model.menu)
        #expect(menu.columns == 2 && menu.itemsPerColumn == 10)
        #expect(menu.frame == Rect(x: 10, y: 10, width: 240, height: 280))
        let overlay = menu.overlay(for: model.pen)
        #expect(overlay.columns == 2 && overlay.rowsPerColumn == 10, "drawn as laid out")
        #expect(menu.item(at: point(130, 10)) == .width(1), "the second column starts with the 11th item, Medium")
    }

    @Test func theCanvasMenuMarksThePensChoicesAndChoosingSetsThePen() throws {
        var model = CanvasModel.with([])
        model.secondaryClick(at: point(10, 10))
        var menu = try #require(model.menu)
        #expect(menu.overlay(for: model.pen).rows.filter(\.isChosen).map(\.text) == ["Black", "Normal"])
        model.tapProvisional(at: center(of: menu.rect(ofItemAt: 5)))  // Teal
        model.tapConfirmed()
        model.secondaryClick(at: point(10, 10))
        menu = try #require(model.menu)
        model.tapProvisional(at: center(of: menu.rect(ofItemAt: 13)))  // By speed
        #expect(model.pen == Pen(colour: .fixed(Pen.palette[5].colour), widthBySpeed: true))
        #expect(model.menu == nil)
    }

    @Test func exportPNGFromTheCanvasMenuIsForTheCore() throws {
        var model = CanvasModel.with([])
        model.secondaryClick(at: point(10, 10))
        let menu = try #require(model.menu)
        model.tapProvisional(at: center(of: menu.rect(ofItemAt: 17)))
        #expect(model.commandsForTheCore == [.exportPNG])
    }

    private func center(of rect: Rect) -> Point { point(rect.minX + rect.width / 2, rect.minY + rect.height / 2) }

    @Test func clickingDeleteRemovesTheShapeAndClosesTheMenu() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.secondaryClick(at: point(100, 300))
        model.tapProvisional(at: center(of: try #require(model.menu).rect(ofItemAt: 0)))  // inside the Delete item
        model.tapConfirmed()
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(model.menu == nil && model.selection == nil)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes.count == 2)
    }

    @Test func aClickElsewhereOnlyDismissesTheMenu() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.secondaryClick(at: point(100, 300))
        model.tapProvisional(at: point(100, 100))  // on the other line: does not select it
        #expect(model.menu == nil)
        #expect(model.selection == Selection(ShapeID(2)))
        model.tapConfirmed()
        #expect(model.selection == Selection(ShapeID(2)))
        #expect(model.drawing.shapes.count == 2)
    }

    @Test func aDoubleClickStartingOnTheOpenMenuDoesNotClear() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        model.tapProvisional(at: point(400, 400))
        model.tapSuperseded()
        model.doubleTap(at: point(400, 400))
        #expect(model.drawing.shapes.count == 1)
        #expect(model.menu == nil)
    }

    @Test func escapeDismissesTheMenuAndDeselects() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        model.key(.escape)
        #expect(model.menu == nil && model.selection == nil)
    }

    @Test func whileTheMenuIsOpenNothingMovesTheSelection() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.secondaryClick(at: point(100, 100))
        #expect(!model.shouldBeginLongPress(at: point(100, 300)))
        #expect(!model.shouldBeginMove(at: point(100, 100)))
        model.longPressBegan(at: point(100, 300))
        model.key(.down)
        #expect(model.selection == Selection(ShapeID(1)))
        #expect(model.segments == [segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        #expect(model.menu != nil)
        model.secondaryClick(at: point(100, 300))  // another right click only closes it
        #expect(model.menu == nil && model.selection == Selection(ShapeID(1)))
    }

    @Test func aPressElsewhereDismissesTheMenuWithoutDrawing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        model.contactBegan(mouse, at: point(400, 400))
        model.contactEnded(mouse, at: point(500, 400))
        #expect(model.menu == nil)
        #expect(model.drawing.shapes.count == 1)
    }

    @Test func theMenuStaysInsideTheCanvas() {
        let canvas = Rect(x: 0, y: 0, width: 800, height: 600)
        let corner = ContextMenu(at: point(790, 590), inside: canvas)
        #expect(corner.frame == Rect(x: 680, y: 572, width: 120, height: 28))
        let outside = ContextMenu(at: point(-20, -5), inside: canvas)
        #expect(outside.frame.minX == 0 && outside.frame.minY == 0)
    }

    @Test func itemRectsAreWhereClicksFindTheItems() {
        let menu = ContextMenu(at: point(10, 20), inside: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(menu.rect(ofItemAt: 0) == Rect(x: 10, y: 20, width: 120, height: 28))
        #expect(menu.item(at: point(10, 20)) == .delete)
        #expect(menu.item(at: point(129.9, 47.9)) == .delete)
        #expect(menu.item(at: point(130, 30)) == nil)
        #expect(menu.item(at: point(50, 48)) == nil)
        #expect(menu.item(at: point(9.9, 30)) == nil)
    }
}

@Suite("The palette panel")
struct PalettePanelTests {
    private func center(of rect: Rect) -> Point { point(rect.minX + rect.width / 2, rect.minY + rect.height / 2) }

    @Test func itIsCentredWithTheColoursInOneColumnAndTheWidthsInTheNextAtAFingersSize() throws {
        var model = CanvasModel.with([])
        model.openPalette()
        let palette = try #require(model.menu)
        #expect(palette.isPalette && palette.columns == 2 && palette.itemsPerColumn == 9)
        #expect(palette.frame == Rect(x: 250, y: 102, width: 300, height: 396), "centred in 800x600")
        #expect(palette.item(at: center(of: palette.rect(ofItemAt: 8))) == .byAngle)
        #expect(palette.item(at: center(of: palette.rect(ofItemAt: 9))) == .width(0))
        #expect(palette.item(at: center(of: palette.rect(ofItemAt: 13))) == .bySpeed)
        #expect(palette.item(at: center(of: palette.rect(ofItemAt: 14))) == nil, "the short column's empty places")
        let overlay = palette.overlay(for: model.pen)
        #expect(overlay.columns == 2 && overlay.rowsPerColumn == 9 && overlay.rowHeight == 44)
    }

    @Test func touchingAChoiceChoosesItAndClosesThePanelAndElsewhereOnlyCloses() throws {
        var model = CanvasModel.with([])
        model.openPalette()
        var palette = try #require(model.menu)
        model.tapProvisional(at: center(of: palette.rect(ofItemAt: 1)))
        model.tapConfirmed()
        #expect(model.pen.colour == .fixed(Pen.palette[1].colour) && model.menu == nil)
        model.openPalette()
        palette = try #require(model.menu)
        model.tapProvisional(at: point(5, 5))
        #expect(model.menu == nil && model.pen.colour == .fixed(Pen.palette[1].colour))
        model.openPalette()
        model.key(.escape)
        #expect(model.menu == nil)
    }

    @Test func inASmallWindowThePanelShrinksToFit() throws {
        var model = CanvasModel.with([])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 260, height: 160))
        model.openPalette()
        let palette = try #require(model.menu)
        #expect(Rect(x: 0, y: 0, width: 260, height: 160).contains(palette.frame))
    }
}
