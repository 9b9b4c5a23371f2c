import Canvas
import Gestures
import Shapes
import Testing
import TouchTracker

extension CanvasModel {
    /// A right click at `point`: the press opens the menu, its quick release on the spot leaves it open.
    mutating func rightClick(at point: Point) {
        openMenu(at: point, time: ServerTime(milliseconds: 1_000))
        menuReleased(at: point, time: ServerTime(milliseconds: 1_050), slop: 8)
    }

    /// A click on entry `index` of the open menu.
    mutating func chooseEntry(_ index: Int) {
        guard let menu else { return }
        let centre = menu.frame(ofEntry: index).centre
        menuPressed(at: centre, time: ServerTime(milliseconds: 5_000))
        menuReleased(at: centre, time: ServerTime(milliseconds: 5_050), slop: 8)
    }

    /// A click on the open menu's `item`.
    mutating func choose(_ item: ContextMenu.Item) {
        guard let index = menu?.entries.firstIndex(of: .item(item)) else { return }
        chooseEntry(index)
    }
}

@Suite struct ContextMenuTests {
    @Test func aRightClickOnALineSelectsItAndOpensTheMenuWithDeleteThenColoursAndWidthsInGroups() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.rightClick(at: point(100, 110))
        #expect(model.selection == Selection(ShapeID(1)))
        let menu = try #require(model.menu)
        #expect(menu.kind == .selection)
        #expect(menu.items.map(\.title) == ["Delete", "Black", "Blue", "Orange", "Purple", "Brown", "Teal", "Magenta",
                                            "Grey", "Thin", "Medium", "Normal", "Thick"])
        #expect(menu.entries.filter { $0 == .separator }.count == 2)
        #expect(menu.frame.minX == 101 && menu.frame.minY == 111, "just right of and below the pointer: it is on no item")
        #expect(menu.item(at: point(100, 110)) == nil)
    }

    @Test func aRightClickOnEmptyCanvasDeselectsFirstAndOpensTheCanvasMenu() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.rightClick(at: point(500, 300))
        let menu = try #require(model.menu)
        #expect(menu.items.map(\.title) == ["Black", "Blue", "Orange", "Purple", "Brown", "Teal", "Magenta", "Grey",
                                            "By angle", "Thin", "Medium", "Normal", "Thick", "By speed",
                                            "Undo", "Redo", "Clear", "Export PNG", "Help"])
        #expect(menu.entries.filter { $0 == .separator }.count == 4)
        #expect(model.selection.isEmpty, "a pen colour chosen here must not restyle the shape selected before")
        model.choose(.colour(1))
        #expect(model.drawing.shapes[0].style.colour == Pen.palette[0].colour)
        #expect(model.pen.colour == .fixed(Pen.palette[1].colour))
    }

    @Test func itemsShowTheirKeysFromTheKeyTable() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.rightClick(at: point(10, 10))
        let rows = try #require(model.menu).overlay(marking: model.menuMarks).rows
        let shortcuts = Dictionary(uniqueKeysWithValues: rows.filter { !$0.isSeparator }.map { ($0.text, $0.shortcut) })
        #expect(shortcuts["Blue"] == "2" && shortcuts["By angle"] == "0" && shortcuts["By speed"] == "S")
        #expect(shortcuts["Undo"] == "Ctrl+Z" && shortcuts["Redo"] == "Ctrl+Shift+Z" && shortcuts["Export PNG"] == "Ctrl+E")
        #expect(shortcuts["Help"] == "F1" && shortcuts["Clear"] == .some(nil) && shortcuts["Thin"] == .some(nil))
        for row in rows where row.shortcut != nil {
            let command = try #require(model.menu?.items.first { $0.title == row.text }?.command)
            #expect(KeyBindings.shortcut(for: command) == row.shortcut, "one source: the key table")
        }
    }

    @Test func whatCannotApplyIsDimmedAndCannotBeChosen() throws {
        var model = CanvasModel.with([])
        model.rightClick(at: point(10, 10))
        var menu = try #require(model.menu)
        #expect(menu.disabled == [.undo, .redo, .clear])
        let rows = menu.overlay(marking: model.menuMarks).rows
        #expect(rows.filter { !$0.isEnabled && !$0.isSeparator }.map(\.text) == ["Undo", "Redo", "Clear"])
        model.choose(.undo)
        #expect(model.menu != nil, "a click on a dimmed item leaves the menu open")
        menu.pointerMoved(to: menu.frame(ofEntry: menu.entries.firstIndex(of: .item(.undo))!).centre)
        #expect(menu.highlighted == nil, "never highlighted")
        model.key(.escape)
        model.drawLine(segment(0, 0, 50, 50))
        model.rightClick(at: point(100, 100))
        #expect(try #require(model.menu).disabled == [.redo])
    }

    @Test func theCanvasMenuMarksThePensChoicesAndTheShapesMenuTheShapesOwn() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.key(.character("3"))  // the pen: Orange
        model.rightClick(at: point(300, 300))
        var rows = try #require(model.menu).overlay(marking: model.menuMarks).rows
        #expect(rows.filter(\.isChosen).map(\.text) == ["Orange", "Normal"])
        model.key(.escape)
        model.rightClick(at: point(100, 100))  // the shape, Black and Normal, drawn before
        rows = try #require(model.menu).overlay(marking: model.menuMarks).rows
        #expect(rows.filter(\.isChosen).map(\.text) == ["Black", "Normal"], "the shape's colour, not the pen's")
        model.choose(.width(0))
        #expect(model.drawing.shapes[0].style.width == 2)
        model.rightClick(at: point(100, 100))
        rows = try #require(model.menu).overlay(marking: model.menuMarks).rows
        #expect(rows.filter(\.isChosen).map(\.text) == ["Black", "Thin"])
    }

    @Test func choosingDeleteRemovesTheShapeAndClosesTheMenuAndUndoBringsItBack() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.rightClick(at: point(100, 300))
        model.choose(.delete)
        #expect(model.segments == [segment(0, 100, 200, 100)])
        #expect(model.menu == nil && model.selection.isEmpty)
        model.key(.character("z"), .control)
        #expect(model.drawing.shapes.count == 2)
    }

    @Test func exportPNGFromTheCanvasMenuIsForTheCore() throws {
        var model = CanvasModel.with([])
        model.rightClick(at: point(10, 10))
        model.choose(.exportPNG)
        #expect(model.commandsForTheCore == [.exportPNG])
    }

    @Test func aPressOutsideTheMenuClosesItAndDoesNothingElse() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300)])
        model.rightClick(at: point(100, 300))
        model.menuPressed(at: point(600, 100), time: ServerTime(milliseconds: 3_000))
        #expect(model.menu == nil)
        #expect(model.selection == Selection(ShapeID(2)))
        #expect(model.drawing.shapes.count == 2)
    }

    // MARK: - Hover and keys

    @Test func thePointerHighlightsTheItemUnderItAndNothingOutside() throws {
        var model = CanvasModel.with([])
        model.rightClick(at: point(10, 10))
        let menu = try #require(model.menu)
        let blue = menu.entries.firstIndex(of: .item(.colour(1)))!
        model.menuPointerMoved(to: menu.frame(ofEntry: blue).centre)
        #expect(model.menu?.highlighted == blue)
        #expect(model.menu?.overlay(marking: model.menuMarks).rows.filter(\.isHighlighted).map(\.text) == ["Blue"])
        let separator = menu.entries.firstIndex(of: .separator)!
        model.menuPointerMoved(to: menu.frame(ofEntry: separator).centre)
        #expect(model.menu?.highlighted == nil, "a separator is never lit")
        model.menuPointerMoved(to: point(menu.frame.maxX + 5, 20))
        #expect(model.menu?.highlighted == nil)
    }

    @Test func upAndDownSkipSeparatorsAndDimmedItemsAndWrapHomeAndEndJump() throws {
        var model = CanvasModel.with([])  // Undo, Redo, Clear dimmed
        model.rightClick(at: point(10, 10))
        let menu = try #require(model.menu)
        func highlighted() -> String? { model.menu?.highlighted.flatMap { menu.entries[$0].item?.title } }
        model.key(.down)
        #expect(highlighted() == "Black", "Down from nothing: the first")
        model.key(.up)
        #expect(highlighted() == "Help", "Up from the first wraps to the last")
        model.key(.up)
        #expect(highlighted() == "Export PNG", "over the separator")
        model.key(.up)
        #expect(highlighted() == "By speed", "over Clear, Redo, Undo (dimmed) and two separators")
        model.key(.down)
        model.key(.down)
        #expect(highlighted() == "Help")
        model.key(.down)
        #expect(highlighted() == "Black", "Down from the last wraps to the first")
        model.key(.end)
        #expect(highlighted() == "Help")
        model.key(.home)
        #expect(highlighted() == "Black")
        #expect(model.segments.isEmpty && model.menu != nil, "the arrows nudged nothing")
    }

    @Test func aLetterJumpsToTheItemItStartsAndSeveralAreTakenInTurn() throws {
        var model = CanvasModel.with([segment(0, 0, 100, 0)])
        model.rightClick(at: point(300, 300))
        let menu = try #require(model.menu)
        func highlighted() -> String? { model.menu?.highlighted.flatMap { menu.entries[$0].item?.title } }
        model.key(.character("b"))
        #expect(highlighted() == "Black")
        model.key(.character("B"))
        #expect(highlighted() == "Blue")
        model.key(.character("b"))
        #expect(highlighted() == "Brown")
        model.key(.character("b"))
        #expect(highlighted() == "By angle")
        model.key(.character("b"))
        #expect(highlighted() == "By speed")
        model.key(.character("b"))
        #expect(highlighted() == "Black", "round again")
        model.key(.character("s"))
        #expect(model.pen.widthBySpeed == false, "S is the menu's while it is open, not width by speed")
        model.key(.character("x"))
        #expect(highlighted() == "Black" && model.menu != nil, "a letter no item starts changes nothing")
    }

    @Test func returnAndSpaceChooseTheHighlightedItemAndEscapeClosesOnlyTheMenu() throws {
        var model = CanvasModel.with([segment(0, 0, 100, 0)])
        model.rightClick(at: point(50, 0))
        model.key(.down)
        model.key(.down)
        model.key(.enter)  // Black
        #expect(model.menu == nil && model.pen.colour == .fixed(Pen.palette[0].colour))
        model.rightClick(at: point(300, 300))
        model.key(.character("t"))
        model.key(.character("t"))  // Teal, then Thin, Thick
        model.key(.character(" "))
        #expect(model.pen.width == 2 && model.menu == nil, "Thin")
        model.click(at: point(50, 0))
        model.rightClick(at: point(50, 0))
        model.key(.escape)
        #expect(model.menu == nil && model.selection == Selection(ShapeID(1)), "Escape closes one level: the menu")
        model.key(.escape)
        #expect(model.selection.isEmpty)
    }

    @Test func theMenuKeyOpensTheSelectedShapesMenuAtTheShapeElseTheCanvasMenuAtThePointer() throws {
        var model = CanvasModel.with([segment(100, 100, 300, 100)])
        model.notePointer(at: point(500, 400), source: .mouse)
        model.key(.menu)
        var menu = try #require(model.menu)
        #expect(menu.kind == .canvas && menu.anchor == point(500, 400))
        #expect(menu.highlighted.flatMap { menu.entries[$0].item } == .colour(0), "the first item highlighted")
        model.key(.menu)
        #expect(model.menu == nil, "the key again closes it")
        model.click(at: point(200, 100))
        model.key(.f10, .shift)
        menu = try #require(model.menu)
        #expect(menu.kind == .selection && menu.anchor == point(200, 100), "at the selected line's middle")
        model.key(.enter)
        #expect(model.drawing.shapes.isEmpty, "Return chose Delete")
    }

    // MARK: - Placement

    @Test func theMenuFlipsUpAndLeftAtTheEdgesThenSlides() {
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        let entries = ContextMenu.shapeEntries
        let free = ContextMenu(.canvas, entries: entries, at: point(100, 100), inside: area)
        #expect(free.frame.minX == 101 && free.frame.minY == 101)
        let corner = ContextMenu(.canvas, entries: entries, at: point(790, 590), inside: area)
        #expect(corner.frame.maxX == 790 && corner.frame.maxY == 590, "flipped: left of and above the pointer")
        let bottom = ContextMenu(.canvas, entries: entries, at: point(100, 590), inside: area)
        #expect(bottom.frame.minX == 101 && bottom.frame.maxY == 590, "flipped up only")
        let right = ContextMenu(.canvas, entries: entries, at: point(790, 100), inside: area)
        #expect(right.frame.maxX == 790 && right.frame.minY == 101, "flipped left only")
        let tall = ContextMenu(.canvas, entries: entries, at: point(100, 200), inside: Rect(x: 0, y: 0, width: 800, height: 400))
        #expect(tall.frame.maxY == 400, "neither below nor above fits: slid onto the area")
        for menu in [free, corner, bottom, right, tall] {
            #expect(menu.frame.minX >= 0 && menu.frame.maxX <= 800 && menu.frame.minY >= 0 && menu.frame.maxY <= 600)
        }
    }

    @Test func aCanvasMenuTooTallForTheWindowTakesColumnsAndItsItemsAreWhereTheyAreDrawn() throws {
        var model = CanvasModel.with([])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 600, height: 300))
        model.rightClick(at: point(10, 10))
        let menu = try #require(model.menu)
        #expect(menu.columns > 1)
        let overlay = menu.overlay(marking: model.menuMarks)
        #expect(overlay.columns == menu.columns && overlay.frame == menu.frame, "drawn as laid out")
        for index in menu.entries.indices {
            #expect(overlay.frame(ofRow: index) == menu.frame(ofEntry: index))
            #expect(menu.entry(at: menu.frame(ofEntry: index).centre) == index)
        }
        #expect(Rect(x: 0, y: 0, width: 600, height: 300).contains(menu.frame))
    }

    @Test func everyRowsTextAndShortcutFitItsColumn() throws {
        for scale in [1.0, 1.5, 2.0] {
            for entries in [ContextMenu.shapeEntries, ContextMenu.canvasEntries] {
                let menu = ContextMenu(.canvas, entries: entries, at: point(10, 10), inside: Rect(x: 0, y: 0, width: 2000, height: 1500),
                                       scale: scale)
                let overlay = menu.overlay(marking: ContextMenu.Marks())
                for (index, row) in overlay.rows.enumerated() where !row.isSeparator {
                    let needed = TextMeasure.width(of: row.text, fontSize: overlay.fontSize) + (row.hasMark ? 2 * overlay.fontSize : 0)
                        + (row.shortcut.map { 2 * overlay.fontSize + TextMeasure.width(of: $0, fontSize: overlay.fontSize) } ?? 0)
                        + 1.2 * overlay.fontSize
                    #expect(needed <= overlay.frame(ofRow: index).width, "\(row.text) at \(scale)")
                }
            }
        }
    }
}

@Suite("Menus through the engine: press-drag-release, with time passed in")
struct MenuPressDragReleaseTests {
    let horizontal = segment(100, 100, 300, 100)

    @Test func aRightPressDraggedToAnItemAndReleasedChoosesIt() throws {
        let driver = Driver(.with([horizontal]))
        driver.down(200, 100, button: 3)
        let menu = try #require(driver.model.menu)
        let orange = menu.frame(ofEntry: menu.entries.firstIndex(of: .item(.colour(2)))!).centre
        driver.wait(100)
        driver.move(orange.x, orange.y)
        #expect(driver.model.menu?.highlighted == menu.entries.firstIndex(of: .item(.colour(2))), "lit on the way")
        driver.wait(100)
        driver.up(orange.x, orange.y, button: 3)
        #expect(driver.model.menu == nil)
        #expect(driver.model.drawing.shapes[0].style.colour == Pen.palette[2].colour, "the shape is Orange")
        driver.wait(1000)
        #expect(driver.model.drawing.shapes.count == 1, "the right press drew nothing")
    }

    @Test("A release of the opening press on the spot: within 500 ms a click (the menu stays), later it closes",
          arguments: [(499, true), (500, false)])
    func releaseOnTheSpot(after: Int, stays: Bool) {
        let driver = Driver(.with([horizontal]))
        driver.down(200, 100, button: 3)
        driver.wait(after)
        driver.up(203, 102, button: 3)  // within the drag threshold: on the spot
        #expect((driver.model.menu != nil) == stays)
        #expect(driver.model.drawing.shapes.count == 1)
    }

    @Test func aClickOpensTheMenuAndAClickOnAnItemChoosesIt() throws {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100, button: 3)
        let menu = try #require(driver.model.menu)
        let delete = menu.frame(ofEntry: 0).centre
        driver.move(delete.x, delete.y)
        driver.click(delete.x, delete.y)
        #expect(driver.model.drawing.shapes.isEmpty && driver.model.menu == nil)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.isEmpty, "the click on the menu drew nothing")
    }

    @Test func aDoubleClickOnTheMenuIsNoClear() throws {
        let driver = Driver(.with([horizontal]))
        driver.click(10, 10, button: 3)
        let menu = try #require(driver.model.menu)
        let separator = menu.frame(ofEntry: menu.entries.firstIndex(of: .separator)!).centre
        driver.click(separator.x, separator.y)
        driver.wait(50)
        driver.click(separator.x, separator.y)
        driver.wait(500)
        #expect(driver.model.drawing.shapes.count == 1 && driver.model.menu != nil)
    }

    @Test func aClickElsewhereDismissesTheMenuAndItsSecondClickIsNoDoubleClick() {
        let driver = Driver(.with([horizontal]))
        driver.click(200, 100, button: 3)
        driver.click(600, 500)
        driver.wait(50)
        driver.click(600, 500)
        driver.wait(500)
        #expect(driver.model.menu == nil)
        #expect(driver.model.drawing.shapes.count == 1, "no clear")
        #expect(driver.model.selectedID == nil, "the second click, on empty canvas, deselected: a click of its own")
    }

    @Test func aRightPressWhileDrawingOpensNoMenu() {
        let driver = Driver()
        driver.down(10, 10)
        driver.move(100, 10)
        driver.down(100, 10, button: 3, device: 3)
        #expect(driver.model.menu == nil)
        driver.up(120, 10)
        #expect(driver.model.segments == [segment(10, 10, 120, 10)])
    }
}
