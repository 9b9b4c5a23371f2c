import Document
import Testing
import TouchTracker

@Suite struct ContextMenuTests {
    @Test func aRightClickOnALineSelectsItAndOpensTheMenuWithDelete() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 110))
        #expect(model.selection == Selection(LineID(1)))
        let menu = try #require(model.menu)
        #expect(menu.items == [.delete])
        #expect(menu.items.map(\.title) == ["Delete"])
        #expect(menu.frame == Rect(x: 100, y: 110, width: 120, height: 28))
    }

    @Test func aRightClickOnEmptyCanvasDoesNothing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.secondaryClick(at: point(500, 500))
        #expect(model.menu == nil)
        #expect(model.selectedID == LineID(1))
    }

    @Test func clickingDeleteRemovesTheLineAndClosesTheMenu() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.secondaryClick(at: point(100, 300))
        model.tapProvisional(at: point(150, 320))  // inside the Delete item
        model.tapConfirmed()
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(model.menu == nil && model.selection == nil)
        model.key(.character("z"), .control)
        #expect(model.drawing.lines.count == 2)
    }

    @Test func aClickElsewhereOnlyDismissesTheMenu() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.secondaryClick(at: point(100, 300))
        model.tapProvisional(at: point(100, 100))  // on the other line: does not select it
        #expect(model.menu == nil)
        #expect(model.selection == Selection(LineID(2)))
        model.tapConfirmed()
        #expect(model.selection == Selection(LineID(2)))
        #expect(model.drawing.lines.count == 2)
    }

    @Test func aDoubleClickStartingOnTheOpenMenuDoesNotClear() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        model.tapProvisional(at: point(400, 400))
        model.tapSuperseded()
        model.doubleTap(at: point(400, 400))
        #expect(model.drawing.lines.count == 1)
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
        #expect(model.selection == Selection(LineID(1)))
        #expect(model.segments == [segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        #expect(model.menu != nil)
        model.secondaryClick(at: point(100, 300))  // another right click only closes it
        #expect(model.menu == nil && model.selection == Selection(LineID(1)))
    }

    @Test func aPressElsewhereDismissesTheMenuWithoutDrawing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        model.contactBegan(mouse, at: point(400, 400))
        model.contactEnded(mouse, at: point(500, 400))
        #expect(model.menu == nil)
        #expect(model.drawing.lines.count == 1)
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
