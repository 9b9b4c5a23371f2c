import Shapes
import Testing
@testable import TouchTracker

/// The panels at the screen's scale (dpi / 96): the menu, whose items are clicked where they are drawn;
/// the help, which stays readable in any window; the notices.
@Suite struct PanelLayoutTests {
    let large = Rect(x: 0, y: 0, width: 2000, height: 2000)  // room for every row of the help at scale 2

    // MARK: - The menu

    @Test func atScaleTwoTheMenuIsTwiceAsLargeAndClicksFindItsItemsWhereTheyAreDrawn() {
        let menu = ContextMenu(at: point(10, 20), inside: large, scale: 2)
        #expect(menu.frame == Rect(x: 10, y: 20, width: 240, height: 56))
        #expect(menu.rect(ofItemAt: 0) == menu.frame)
        #expect(menu.item(at: point(249.9, 75.9)) == .delete, "inside only at scale 2")
        #expect(menu.item(at: point(250, 30)) == nil)
        #expect(menu.item(at: point(100, 76)) == nil)
        let overlay = menu.overlay(for: Pen())
        #expect(overlay.frame == menu.frame && overlay.texts == ["Delete"])
        #expect(overlay.rowHeight == menu.rect(ofItemAt: 0).height, "the drawn row is the clicked rectangle")
        #expect(overlay.fontSize == 28 && overlay.borderWidth == 2)
    }

    @Test func anOpenMenuGrowsWhenTheResolutionChangesAndItsNewPartDeletes() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.secondaryClick(at: point(100, 100))
        #expect(model.menu?.frame == Rect(x: 100, y: 100, width: 120, height: 28 * 13))
        model.setDisplayScale(2)
        #expect(model.menu?.frame == Rect(x: 100, y: 100, width: 480, height: 56 * 7), "two columns of 7 at twice the size")
        model.click(at: point(300, 150))  // beyond the menu at 96 dpi, on its Delete item at 192
        #expect(model.drawing.shapes.isEmpty)
    }

    @Test func aMenuOpenedAtScaleTwoStaysInsideTheWindow() throws {
        var model = CanvasModel.with([segment(300, 290, 400, 290)])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 400, height: 300))
        model.setDisplayScale(2)
        model.secondaryClick(at: point(390, 290))
        let menu = try #require(model.menu)
        #expect(menu.scale == 1.5 && menu.columns == 2, "smaller, to fit in two columns")
        #expect(Rect(x: 0, y: 0, width: 400, height: 300).contains(menu.frame))
    }

    // MARK: - The help

    @Test func inALargeWindowTheHelpShowsEveryRowAtItsDesignSizeTimesTheScale() {
        for scale in [1.0, 2.0] {
            let layout = HelpPanel.layout(in: large, scale: scale)
            #expect(layout.style.fontSize == 13 * scale && layout.style.rowHeight == 22 * scale)
            #expect(layout.columns == 1 && !layout.scrolls)
            let overlay = HelpPanel.overlay(in: large, scale: scale, firstRow: 0)
            #expect(overlay.texts == HelpPanel.rows)
            #expect(overlay.frame.height == 22 * scale * Double(HelpPanel.rows.count))
            #expect(overlay.borderWidth == scale)
        }
        let one = HelpPanel.layout(in: large, scale: 1).frame, two = HelpPanel.layout(in: large, scale: 2).frame
        #expect(abs(two.width - 2 * one.width) <= 1, "the text is twice as wide")
    }

    @Test func whereItDoesNotFitItsTextShrinksFirst() {
        // Wide enough for every row at the design size; tall enough for them at 20 px text (rows of 34 px) at
        // scale 2, not at 26 px (44 px): the text shrinks, and stays in one column.
        let area = Rect(x: 0, y: 0, width: 2000, height: 36 * Double(HelpPanel.rows.count))
        let layout = HelpPanel.layout(in: area, scale: 2)
        #expect(layout.columns == 1 && !layout.scrolls)
        #expect(layout.style.fontSize < 26 && layout.style.fontSize >= 18, "smaller, not below 9 px at 96 dpi")
        #expect(layout.frame.width <= area.width && layout.frame.height <= area.height)
    }

    @Test func aWideShortWindowGetsColumns() {
        // Two columns of the design size fit; one column does not, even of the smallest text (rows of 15 px).
        let rows = HelpPanel.rows
        let area = Rect(x: 0, y: 0, width: 2 * HelpPanel.style.width(of: rows) + 10, height: 22 * Double((rows.count + 1) / 2))
        let layout = HelpPanel.layout(in: area, scale: 1)
        #expect(layout.columns == 2 && !layout.scrolls)
        let overlay = HelpPanel.overlay(in: area, scale: 1, firstRow: 0)
        #expect(overlay.columns == 2 && overlay.texts == HelpPanel.rows)
        #expect(Double(overlay.rowsPerColumn) * overlay.rowHeight <= overlay.frame.height)
        #expect(area.contains(overlay.frame))
    }

    @Test func aSmallWindowScrollsTheSmallestTextWithTheScrollingRowKeptAtTheBottom() {
        let area = Rect(x: 0, y: 0, width: 260, height: 160)
        let layout = HelpPanel.layout(in: area, scale: 1)
        #expect(layout.scrolls && layout.columns == 1)
        #expect(layout.style.fontSize == HelpPanel.smallestFontSize)
        let top = HelpPanel.overlay(in: area, scale: 1, firstRow: 0)
        #expect(top.rows.count == layout.visibleRows && Double(top.rows.count) * top.rowHeight <= area.height)
        #expect(top.texts.first == HelpPanel.rows.first)
        #expect(top.texts.last == HelpPanel.rows.last && top.texts.last?.contains("scroll") == true)
        let bottom = HelpPanel.overlay(in: area, scale: 1, firstRow: .max)
        #expect(bottom.texts.suffix(2) == HelpPanel.rows.suffix(2), "at the end the rows meet the last one")
        #expect(area.contains(top.frame))
    }

    @Test func inTheSmallestAreaTheHelpStillShowsARowAndStaysInside() {
        for area in [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 30, y: 40, width: 50, height: 12)] {
            let overlay = HelpPanel.overlay(in: area, scale: 2, firstRow: 3)
            #expect(!overlay.rows.isEmpty)
            #expect(area.contains(overlay.frame), "\(overlay.frame) in \(area)")
        }
    }

    // MARK: - Scrolling the help with the keys

    @Test func whileTheHelpIsShownTheArrowsAndPageKeysScrollItAndNudgeNothing() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 260, height: 100))
        model.click(at: point(100, 100))
        model.key(.f1)
        model.key(.down)
        #expect(model.helpFirstRow == 1)
        #expect(model.segments == [segment(0, 100, 200, 100)], "the selected line stays put")
        model.key(.pageDown)
        let page = model.helpLayout.page
        #expect(page > 1 && model.helpFirstRow == 1 + page && model.helpFirstRow < model.helpLayout.lastFirstRow)
        for _ in 0..<20 { model.key(.pageDown) }
        #expect(model.helpFirstRow == model.helpLayout.lastFirstRow)
        for _ in 0..<40 { model.key(.up) }
        #expect(model.helpFirstRow == 0)
        model.key(.f1)
        model.key(.down)
        #expect(model.segments == [segment(0, 101, 200, 101)], "with the help hidden, the arrows nudge again")
    }

    @Test func helpThatFitsDoesNotScroll() {
        var model = CanvasModel()
        model.key(.f1)
        model.key(.pageDown)
        model.key(.down)
        #expect(model.helpFirstRow == 0)
    }

    @Test func theHelpOpensAtItsTop() {
        var model = CanvasModel()
        model.setVisibleArea(Rect(x: 0, y: 0, width: 260, height: 160))
        model.key(.f1)
        model.key(.pageDown)
        model.key(.escape)
        model.key(.f1)
        #expect(model.helpFirstRow == 0)
    }

    // MARK: - Through the core

    @Test func theCoresPanelsFollowTheScaleLive() throws {
        let driver = try CoreDriver()
        driver.handle(.visibleAreaChanged(large))
        driver.key(.f1)
        let before = try #require(driver.core.scene.overlays.first)
        driver.handle(.settingsChanged(driver.core.controller.gestureSettings, scale: 2))
        let after = try #require(driver.core.scene.overlays.first)
        #expect(before.fontSize == 13 && after.fontSize > before.fontSize)
        #expect(after.frame.width > before.frame.width)
    }

    @Test func aNoticeScales() {
        let notice = Notice(text: "Saved drawing.json again")
        let one = notice.overlay(in: large, scale: 1), two = notice.overlay(in: large, scale: 2)
        #expect(one.frame.height == 28 && two.frame.height == 56)
        #expect(two.fontSize == 26 && abs(two.frame.width - 2 * one.frame.width) <= 1)
        #expect(two.frame.maxY == large.maxY - 16, "its margin scales too")
    }
}

extension Rect {
    func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
