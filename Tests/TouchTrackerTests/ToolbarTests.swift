import Canvas
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// The toolbar: laid out from the tables at every scale and in a small window, its buttons never overlapping
/// and as large as a mouse or a finger needs; a click on a button does what its key does and is never a
/// gesture on the canvas; tooltips on the core's timer; F9 hides it, and the pen remembers.
@Suite struct ToolbarTests {
    static let everyItem: [Toolbar.Item] = Tool.table.map(Toolbar.Item.tool) + Pen.palette.indices.map(Toolbar.Item.colour)
        + [.byAngle] + Pen.widths.indices.map(Toolbar.Item.width) + [.bySpeed, .undo, .redo, .zoomOut, .zoomIn, .zoomToFit, .help]

    /// Windows from the smallest the issue names to a full HD screen, in device px.
    static let windows: [(Double, Double)] = [(300, 200), (400, 300), (640, 480), (1024, 768), (1280, 800), (1920, 1080)]

    @Test(arguments: [1.0, 1.5, 2.0], [false, true])
    func inEveryWindowEachButtonIsShownWholeOrInTheOverflowMenuOnceAndTheCanvasKeepsMostOfTheWindow(scale: Double,
                                                                                                  forTouch: Bool) throws {
        for (width, height) in Self.windows {
            let area = Rect(x: 0, y: 0, width: width, height: height)
            let toolbar = try #require(Toolbar(in: area, scale: scale, forTouch: forTouch), "\(width)x\(height)")
            let shown: [Toolbar.Item] = toolbar.buttons.map(\.item).filter { $0 != .more }
            let everywhere: [Toolbar.Item] = shown + toolbar.overflow
            #expect(everywhere == Self.everyItem, "each tool, colour, width and command once, in the tables' order")
            let mores: Int = toolbar.buttons.count - shown.count
            #expect(mores == (toolbar.overflow.isEmpty ? 0 : 1))
            if !toolbar.overflow.isEmpty {
                #expect(toolbar.buttons.last?.item == .more && toolbar.buttons.last!.frame.maxX > width - 5 * scale, "» last, at the end")
            }
            let least = (forTouch ? 44.0 : 24.0) * scale
            for (index, button) in toolbar.buttons.enumerated() {
                #expect(button.frame.width >= least && button.frame.height >= least)
                #expect(toolbar.frame.contains(button.frame) && button.frame.maxX <= area.maxX, "whole, inside the strip and the window")
                for other in toolbar.buttons[(index + 1)...] {
                    #expect(!button.frame.overlaps(other.frame), "\(button.item) and \(other.item) overlap")
                }
            }
            #expect(Set(toolbar.buttons.map(\.frame.minY)).count == 1, "one row")
            #expect(toolbar.frame.minY == area.minY && toolbar.frame.width == area.width, "along the top")
            #expect(toolbar.frame.height <= height / 2, "the canvas keeps at least half the window")
            #expect(toolbar.overflowEntries.compactMap(\.item) == toolbar.overflow.compactMap(\.menuItem))
        }
    }

    @Test func aWideWindowHoldsEveryButtonAndANarrowOneOverflowsTheLastOnesIntoTheMenu() throws {
        let wide = try #require(Toolbar(in: Rect(x: 0, y: 0, width: 1024, height: 768), scale: 1, forTouch: false))
        #expect(wide.overflow.isEmpty && wide.frame.height == 28)
        let narrow = try #require(Toolbar(in: Rect(x: 0, y: 0, width: 300, height: 200), scale: 1, forTouch: false))
        #expect(narrow.frame.height == 28 && narrow.overflow.last == .help && narrow.buttons.first?.item == .tool(.line))
        #expect(narrow.overflowEntries.contains(.separator), "its groups apart")
        let finger = try #require(Toolbar(in: Rect(x: 0, y: 0, width: 300, height: 200), scale: 2, forTouch: true))
        #expect(finger.buttons.map(\.item) == [.tool(.line), .tool(.circle), .more] && finger.frame.height == 96)
    }

    @Test func aWindowTooSmallForARowAndAsMuchCanvasShowsNoToolbarAndDrawsEverywhere() throws {
        #expect(Toolbar(in: Rect(x: 0, y: 0, width: 300, height: 150), scale: 2, forTouch: true) == nil)
        #expect(Toolbar(in: Rect(x: 0, y: 0, width: 80, height: 200), scale: 2, forTouch: true) == nil)
        #expect(Toolbar(in: Rect(x: 0, y: 0, width: 300, height: 56), scale: 1, forTouch: false) != nil)
        let driver = Driver(CanvasModel(visibleArea: Rect(x: 0, y: 0, width: 300, height: 40)), toolbar: true)
        #expect(driver.model.toolbar == nil && driver.model.canvasArea == driver.model.visibleArea)
        driver.drag(from: (10, 10), to: (200, 10))
        #expect(driver.model.drawing.shapes.count == 1)
    }

    @Test func theMoreButtonOpensTheButtonsThatDidNotFitAsAMenuThatBehavesAsTheOthers() throws {
        let driver = Driver(CanvasModel(visibleArea: Rect(x: 0, y: 0, width: 300, height: 200)), toolbar: true)
        let toolbar = try #require(driver.model.toolbar)
        #expect(toolbar.overflow.contains(.zoomIn) && toolbar.overflow.contains(.colour(7)))
        let more = try centre(of: .more, driver)
        #expect(Toolbar.Item.more.tooltip == "More")
        driver.click(more.x, more.y)
        let menu = try #require(driver.model.menu)
        #expect(menu.kind == .toolbarOverflow && menu.items == toolbar.overflow.compactMap(\.menuItem))
        #expect(menu.frame.minX >= 0 && menu.frame.maxX <= 300 && menu.frame.minY >= 0 && menu.frame.maxY <= 200, "on screen: \(menu.frame)")
        #expect(menu.disabled.contains(.undo) && menu.disabled.contains(.redo), "what cannot apply dimmed")
        let zoomIn = try #require(menu.items.firstIndex(of: .zoomIn).map { menu.entries.firstIndex(of: .item(menu.items[$0]))! })
        let row = menu.frame(ofEntry: zoomIn)
        driver.click(row.centre.x, row.centre.y)
        #expect(driver.model.menu == nil && driver.model.view.zoom == pow(2, 0.25), "chosen: zoomed in")
        driver.click(more.x, more.y)
        #expect(driver.model.menu?.kind == .toolbarOverflow)
        _ = driver.app.key(.escape)
        #expect(driver.model.menu == nil)
    }

    @Test func theZoomButtonsZoomAboutTheCanvasMiddleAndAreDimmedAtTheEndsOfTheRange() throws {
        let driver = Driver(.with([segment(100, 300, 300, 300)]), toolbar: true)
        let canvas = driver.model.canvasArea
        let middle = Point(x: (canvas.minX + canvas.maxX) / 2, y: (canvas.minY + canvas.maxY) / 2)
        let before = driver.model.view.document(middle)
        let zoomIn = try centre(of: .zoomIn, driver), zoomOut = try centre(of: .zoomOut, driver)
        driver.click(zoomIn.x, zoomIn.y)
        #expect(driver.model.view.zoom == pow(2, 0.25))
        #expect(driver.model.view.document(middle).distance(to: before) < 1, "about the canvas's middle (to the pixel)")
        #expect(driver.model.drawing.shapes.count == 1 && driver.model.selection.isEmpty, "the click drew and selected nothing")
        for _ in 0..<30 { driver.click(zoomIn.x, zoomIn.y); driver.wait(400) }
        #expect(driver.model.view.zoom == 32 && driver.model.disabledToolbarItems.contains(.zoomIn))
        #expect(!driver.model.disabledToolbarItems.contains(.zoomOut))
        for _ in 0..<50 { driver.click(zoomOut.x, zoomOut.y); driver.wait(400) }
        #expect(driver.model.view.zoom == 0.05 && driver.model.disabledToolbarItems.contains(.zoomOut))
        let fit = try centre(of: .zoomToFit, driver)
        driver.click(fit.x, fit.y)
        #expect(driver.model.view.zoom > 1, "fitted: the line fills the canvas")
        #expect(driver.model.disabledToolbarItems.isDisjoint(with: [.zoomIn, .zoomOut]))
    }

    @Test func theOverlayMarksThePensChoicesAndDimsWhatCannotApply() throws {
        let toolbar = try #require(Toolbar(in: Rect(x: 0, y: 0, width: 1024, height: 768), scale: 1, forTouch: false))
        let pen = Pen(colour: .fixed(Pen.palette[1].colour), width: Pen.widths[3].pixels, tool: .circle)
        let overlay = toolbar.overlay(pen: pen, disabled: [.undo], hovered: .help, scale: 1)
        let chosen = zip(toolbar.buttons, overlay.buttons).filter { $0.1.isChosen }.map(\.0.item)
        #expect(chosen == [.tool(.circle), .colour(1), .width(3)])
        #expect(overlay.buttons.map(\.frame) == toolbar.buttons.map(\.frame), "drawn where clicks find them")
        let dimmed: [Toolbar.Item] = zip(toolbar.buttons, overlay.buttons).filter { !$0.1.isEnabled }.map { $0.0.item }
        let hovered: [Toolbar.Item] = zip(toolbar.buttons, overlay.buttons).filter { $0.1.isHovered }.map { $0.0.item }
        #expect(dimmed == [.undo])
        #expect(hovered == [.help])
    }

    @Test func tooltipsNameTheButtonAndItsKeyFromTheKeyTable() {
        #expect(Toolbar.Item.tool(.circle).tooltip == "Circle tool (C)")
        #expect(Toolbar.Item.colour(1).tooltip == "Blue (2)")
        #expect(Toolbar.Item.undo.tooltip == "Undo (Ctrl+Z)")
        #expect(Toolbar.Item.redo.tooltip == "Redo (Ctrl+Shift+Z)")
        #expect(Toolbar.Item.help.tooltip == "Help (F1)")
        #expect(Toolbar.Item.width(0).tooltip == "Thin (2 px)")
        #expect(Toolbar.Item.zoomIn.tooltip == "Zoom in (Ctrl+=)" && Toolbar.Item.zoomOut.tooltip == "Zoom out (Ctrl+-)")
        #expect(Toolbar.Item.zoomToFit.tooltip == "Zoom to fit (Ctrl+0)")
    }

    // MARK: - Presses

    private func centre(of item: Toolbar.Item, _ driver: Driver) throws -> Point {
        try #require(driver.model.toolbar?.frame(of: item)).centre
    }

    @Test func aClickOnAButtonDoesWhatItsKeyDoesAndDrawsOrSelectsNothing() throws {
        let driver = Driver(.with([segment(100, 100, 300, 100)]), toolbar: true)
        driver.click(200, 100)
        driver.wait(500)
        #expect(driver.model.selectedID == ShapeID(1))
        let circle = try centre(of: .tool(.circle), driver)
        driver.click(circle.x, circle.y)
        #expect(driver.model.pen.tool == .circle)
        let blue = try centre(of: .colour(1), driver)
        driver.drag(from: (blue.x, blue.y), to: (blue.x + 150, blue.y + 150))
        #expect(driver.model.pen.colour == .fixed(Pen.palette[0].colour), "a drag off the button chooses nothing")
        #expect(driver.model.drawing.shapes.count == 1 && driver.model.strokes.isEmpty, "and draws nothing")
        driver.click(blue.x, blue.y)
        driver.wait(100)
        driver.click(blue.x, blue.y)
        driver.wait(500)
        #expect(driver.model.pen.colour == .fixed(Pen.palette[1].colour))
        #expect(driver.model.drawing.shapes.count == 1, "two clicks on a button are no double click: nothing cleared")
    }

    @Test func undoIsDimmedWithNothingToUndoAndAClickOnItThenDoesNothing() throws {
        let driver = Driver(toolbar: true)
        #expect(driver.model.disabledToolbarItems == [.undo, .redo])
        driver.drag(from: (100, 150), to: (300, 150))
        #expect(driver.model.disabledToolbarItems == [.redo])
        let undo = try centre(of: .undo, driver)
        driver.click(undo.x, undo.y)
        #expect(driver.model.drawing.shapes.isEmpty && driver.model.disabledToolbarItems == [.undo])
    }

    @Test func aFingerPressesAFingerSizedButtonAndTheMouseAMouseSizedOne() throws {
        let driver = Driver(toolbar: true)
        let mouseSized = try #require(driver.model.toolbar?.frame(of: .help))
        #expect(mouseSized.width == 24)
        driver.down(mouseSized.centre.x, mouseSized.centre.y, touch: 1, source: .touch)
        driver.up(mouseSized.centre.x, mouseSized.centre.y, touch: 1, source: .touch)
        #expect(driver.model.isHelpVisible, "the press found the button as it was shown")
        #expect(driver.model.toolbar?.frame(of: .tool(.line))?.width == 44, "then a finger's size")
        #expect(driver.model.toolbar?.overflow.contains(.help) == true, "where the help no longer fits in the row")
    }

    @Test func f9HidesItAndThenPressesThereDraw() {
        let driver = Driver(toolbar: true)
        #expect(driver.model.toolbarFrame != nil)
        _ = driver.app.key(.f9)
        #expect(driver.model.toolbarFrame == nil && !driver.model.pen.showsToolbar)
        driver.drag(from: (10, 10), to: (200, 10))
        #expect(driver.model.drawing.shapes.count == 1)
    }

    @Test func thePenFileRemembersAHiddenToolbarAndReadsOlderPensWithIt() {
        var pen = Pen(tool: .circle)
        pen.showsToolbar = false
        #expect(String(decoding: pen.fileBytes, as: UTF8.self) == "colour #000000\nwidth 10\nspeed off\ntool circle\ntoolbar off\n")
        #expect(Pen(fileBytes: pen.fileBytes) == pen)
        #expect(Pen(fileBytes: Array("colour #000000\nwidth 10\nspeed off\n".utf8))?.showsToolbar == true)
        #expect(Pen(fileBytes: Array("colour #000000\nwidth 10\nspeed off\ntoolbar off\n".utf8)) == Pen(showsToolbar: false))
        #expect(Pen(fileBytes: Array("colour #000000\nwidth 10\nspeed off\ntoolbar on\n".utf8)) == nil)
    }

    // MARK: - Tooltips, on the core's timer

    private func move(_ driver: CoreDriver, to p: Point, at ms: Int64, source: InputSource = .mouse) {
        driver.now(at(ms))
        driver.handle(.pointer(GestureInput(.motion, contact: ContactID(device: 2), source: source, location: GesturePoint(p),
                                            serverTime: ServerTime(milliseconds: UInt32(ms)), readTime: at(ms))))
    }

    @Test func aTooltipShowsAfterTheMouseRestsHalfASecondThenNeighboursAfter60Milliseconds() throws {
        let driver = try CoreDriver(toolbar: true)
        let toolbar = try #require(driver.core.model.toolbar)
        let line = try #require(toolbar.frame(of: .tool(.line))), circle = try #require(toolbar.frame(of: .tool(.circle)))
        move(driver, to: line.centre, at: 0)
        driver.advance(to: at(499))
        #expect(!driver.panelTexts.contains("Line tool (L)"))
        driver.advance(to: at(500))
        #expect(driver.panelTexts.last == "Line tool (L)")
        move(driver, to: circle.centre, at: 700)
        #expect(!driver.panelTexts.contains("Line tool (L)"), "it follows the mouse")
        driver.advance(to: at(759))
        #expect(!driver.panelTexts.contains("Circle tool (C)"))
        driver.advance(to: at(760))
        #expect(driver.panelTexts.last == "Circle tool (C)", "browsing: 60 ms")
        move(driver, to: Point(x: 200, y: 200), at: 800)
        #expect(!driver.panelTexts.contains("Circle tool (C)"))
        move(driver, to: line.centre, at: 2_000)
        driver.advance(to: at(2_060))
        #expect(!driver.panelTexts.contains("Line tool (L)"), "browsing ended: 500 ms again")
        driver.advance(to: at(2_500))
        #expect(driver.panelTexts.last == "Line tool (L)")
    }

    @Test func aFingerNeverShowsATooltip() throws {
        let driver = try CoreDriver(toolbar: true)
        let line = try #require(driver.core.model.toolbar?.frame(of: .tool(.line)))
        move(driver, to: line.centre, at: 0, source: .touch)
        driver.advance(to: at(2_000))
        #expect(driver.core.model.toolbarHovered == nil && driver.core.scene.overlays.count == 2, "the toolbar and the hint")
    }
}

extension Rect {
    /// Whether the two share more than an edge.
    func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
