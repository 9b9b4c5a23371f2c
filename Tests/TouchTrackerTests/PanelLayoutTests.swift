import Canvas
import Gestures
import Shapes
import Testing
@testable import TouchTracker

/// The panels at the screen's scale (dpi / 96): the menu, whose items are clicked where they are drawn;
/// the help, which stays readable in any window; the notices.
@Suite struct PanelLayoutTests {
    let large = Rect(x: 0, y: 0, width: 2000, height: 2400)  // room for every row of the help at scale 2

    // MARK: - The menu

    @Test func atScaleTwoTheMenuIsTwiceAsLargeAndClicksFindItsItemsWhereTheyAreDrawn() {
        let one = ContextMenu(.canvas, entries: ContextMenu.shapeEntries, at: point(10, 20), inside: large, scale: 1)
        let two = ContextMenu(.canvas, entries: ContextMenu.shapeEntries, at: point(10, 20), inside: large, scale: 2)
        #expect(two.frame.minX == 11 && two.frame.minY == 21)
        #expect(abs(two.frame.width / one.frame.width - 2) < 0.1 && abs(two.frame.height - 2 * one.frame.height) <= 2,
                "twice as large (each character's advance a whole pixel at each size), separators in whole pixels")
        #expect(two.frame(ofEntry: 0) == Rect(x: 11, y: 21, width: two.frame.width, height: 56))
        #expect(two.item(at: point(11 + two.frame.width - 0.1, 76.9)) == .delete, "inside only at scale 2")
        #expect(two.item(at: point(11 + two.frame.width, 30)) == nil)
        #expect(two.entry(at: point(100, 77)) == 1 && two.frame(ofEntry: 1).height == 19, "a separator, a third of a row")
        let overlay = two.overlay(marking: ContextMenu.Marks())
        #expect(overlay.frame == two.frame && overlay.texts.first == "Delete")
        #expect(overlay.frame(ofRow: 0) == two.frame(ofEntry: 0), "the drawn row is the clicked rectangle")
        #expect(overlay.fontSize == 28 && overlay.borderWidth == 2)
    }

    @Test func anOpenMenuGrowsWhenTheResolutionChangesAndItsNewPartDeletes() throws {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.rightClick(at: point(100, 100))
        let before = try #require(model.menu)
        model.setDisplayScale(2)
        let after = try #require(model.menu)
        #expect(after.scale == 2 && after.frame.minX == 101 && after.frame.width > before.frame.width)
        let beyond = point(before.frame.maxX + 10, after.frame(ofEntry: 0).centre.y)  // beyond the menu at 96 dpi, on Delete at 192
        model.menuPressed(at: beyond, time: ServerTime(milliseconds: 9_000))
        model.menuReleased(at: beyond, time: ServerTime(milliseconds: 9_050), slop: 8)
        #expect(model.drawing.shapes.isEmpty)
    }

    @Test func aMenuOpenedAtScaleTwoStaysInsideTheWindow() throws {
        var model = CanvasModel.with([segment(300, 290, 400, 290)])
        model.setVisibleArea(Rect(x: 0, y: 0, width: 400, height: 300))
        model.setDisplayScale(2)
        model.rightClick(at: point(390, 290))
        let menu = try #require(model.menu)
        #expect(menu.scale < 2 && menu.columns >= 2, "smaller, to fit in columns")
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
        #expect(abs(two.width / one.width - 2) < 0.1, "the text is twice as wide (each advance a whole pixel at each size)")
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

    @Test func aSmallWindowWrapsAndScrollsTheSmallestTextWithTheScrollingRowKeptAtTheBottom() throws {
        let area = Rect(x: 0, y: 0, width: 260, height: 160)
        let layout = HelpPanel.layout(in: area, scale: 1)
        #expect(layout.scrolls && layout.columns == 1)
        #expect(layout.style.fontSize == HelpPanel.smallestFontSize)
        #expect(layout.lines.count > HelpPanel.rows.count, "long rows wrapped")
        let firstLines = layout.lines.filter { !$0.hasPrefix(HelpPanel.continuation) }
        #expect(firstLines.count == HelpPanel.rows.count && zip(HelpPanel.rows, firstLines).allSatisfy { $0.hasPrefix($1) },
                "each row starts a line, its further lines indented")
        let pinned = layout.pinnedLines
        let last = try #require(HelpPanel.rows.last)
        #expect(pinned == 2 && layout.lines.suffix(pinned).map { $0.trimmingPrefix(HelpPanel.continuation) }.joined(separator: " ") == last,
                "the last row, which says how to scroll, wraps in two lines that stay at the bottom")
        let top = HelpPanel.overlay(in: area, scale: 1, firstRow: 0)
        #expect(top.rows.count == layout.visibleRows && Double(top.rows.count) * top.rowHeight <= area.height)
        #expect(top.texts.first == layout.lines.first)
        #expect(top.texts.suffix(pinned) == layout.lines.suffix(pinned) && top.texts.last?.contains("shown") == true)
        let bottom = HelpPanel.overlay(in: area, scale: 1, firstRow: .max)
        #expect(bottom.texts.suffix(pinned + 1) == layout.lines.suffix(pinned + 1), "at the end the lines meet the last row")
        #expect(area.contains(top.frame))
    }

    @Test("The help fits every window: in a 300x200 window, at 96, 144 and 192 dpi, every line's text fits its column",
          arguments: [1.0, 1.5, 2.0])
    func everyLineFitsItsColumn(scale: Double) {
        for area in [Rect(x: 0, y: 0, width: 300, height: 200), Rect(x: 0, y: 0, width: 100, height: 100), large,
                     Rect(x: 0, y: 0, width: 900, height: 200)] {
            let layout = HelpPanel.layout(in: area, scale: scale)
            // A page of scrolling lines at a time, and the last: every line shows on one of them.
            let firsts = Array(stride(from: 0, to: layout.lastFirstRow, by: max(1, layout.scrollingRows))) + [layout.lastFirstRow]
            for first in firsts {
                let overlay = HelpPanel.overlay(in: area, scale: scale, firstRow: first)
                #expect(area.contains(overlay.frame))
                for (index, text) in overlay.texts.enumerated() {
                    let needed = TextMeasure.width(of: text, fontSize: overlay.fontSize) + 1.2 * overlay.fontSize
                    #expect(needed <= overlay.frame(ofRow: index).width + 0.001 || text.count == 1,
                            "\(text) in \(area) at \(scale): \(needed) px in \(overlay.frame(ofRow: index).width)")
                }
            }
        }
    }

    @Test func aLongNoticeWrapsToTheWindowsWidthAndGrowsUp() {
        let notice = Notice(text: "Exported /home/someone/Pictures/a rather long folder name/drawing-export-12.png")
        let overlay = notice.overlay(in: Rect(x: 0, y: 0, width: 300, height: 200), scale: 1)
        #expect(overlay.texts.count > 1 && overlay.texts.joined(separator: " ") == notice.text)
        #expect(overlay.frame.maxY == 192 && overlay.frame.height == 28 * Double(overlay.texts.count))
        for (index, text) in overlay.texts.enumerated() {
            #expect(TextMeasure.width(of: text, fontSize: 13) + 1.2 * 13 <= overlay.frame(ofRow: index).width)
        }
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
        for _ in 0..<100 { model.key(.pageDown) }
        #expect(model.helpFirstRow == model.helpLayout.lastFirstRow)
        for _ in 0..<200 { model.key(.up) }
        #expect(model.helpFirstRow == 0)
        model.key(.f1)
        model.key(.down)
        #expect(model.segments == [segment(0, 101, 200, 101)], "with the help hidden, the arrows nudge again")
    }

    @Test func helpThatFitsDoesNotScroll() {
        var model = CanvasModel()
        model.setVisibleArea(Rect(x: 0, y: 0, width: 1600, height: 1400))
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
        #expect(two.fontSize == 26 && abs(two.frame.width / one.frame.width - 2) < 0.1)
        #expect(two.frame.maxY == large.maxY - 16, "its margin scales too")
    }
}

extension Rect {
    func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
