import Canvas
import Foundation
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

/// What the window says without being asked: a hint on an empty drawing, and what a double click cleared.
@Suite("Feedback in the window")
struct FeedbackTests {
    let a = GesturePoint(x: 10, y: 10), b = GesturePoint(x: 200, y: 10), c = GesturePoint(x: 10, y: 100)

    @Test func anEmptyDrawingShowsAQuietHintUntilItsFirstShape() throws {
        let driver = try CoreDriver()
        let hint = try #require(driver.core.scene.overlays.first)
        #expect(hint.isQuiet && hint.texts == [EmptyDrawingHint.text(toolbar: false)])
        #expect(hint.frame.maxY == 300 - 8, "at the bottom, where notices go")
        driver.now(at(0))
        driver.handle(.pointer(GestureInput(.press(button: 1), contact: ContactID(device: 2), location: a,
                                            serverTime: ServerTime(milliseconds: 0), readTime: at(0))))
        driver.handle(.pointer(GestureInput(.motion, contact: ContactID(device: 2), location: b,
                                            serverTime: ServerTime(milliseconds: 10), readTime: at(10))))
        #expect(driver.core.scene.overlays.isEmpty, "not under a shape being drawn")
        driver.handle(.pointer(GestureInput(.release(button: 1), contact: ContactID(device: 2), location: b,
                                            serverTime: ServerTime(milliseconds: 20), readTime: at(20))))
        #expect(driver.core.scene.overlays.isEmpty, "gone with the first shape")
        driver.key(.character("z"), .control)
        #expect(driver.panelTexts == [EmptyDrawingHint.text(toolbar: false)], "empty again")
        driver.key(.f1)
        #expect(driver.core.scene.overlays.count == 1 && !driver.core.scene.overlays[0].isQuiet, "the help alone")
    }

    @Test func theHintMentionsTheToolbarWhereItShowsAndSitsBelowIt() throws {
        let driver = try CoreDriver(toolbar: true)
        let hint = try #require(driver.core.scene.overlays.last)
        #expect(hint.texts == ["Drag to draw · pick a tool above", "right-click for the pen · F1 for help"], "wrapped between phrases")
        #expect(hint.isQuiet && hint.frame.minY >= driver.core.model.canvasArea.minY)
        driver.key(.f9)
        #expect(driver.panelTexts == ["Drag to draw · right-click for the pen · F1 for help"], "no toolbar, no mention")
    }

    @Test(arguments: [1.0, 2.0], [true, false])
    func theHintFitsEveryWindowWholeLinesOnlyItsPhrasesInOrder(scale: Double, toolbar: Bool) {
        let all = EmptyDrawingHint.phrases(toolbar: toolbar)
        for (width, height) in [(80.0, 30.0), (120, 100), (200, 60), (300, 200), (400, 300), (1920, 1080)] {
            let area = Rect(x: 0, y: 20, width: width, height: height)
            guard let hint = EmptyDrawingHint.overlay(in: area, scale: scale, toolbar: toolbar) else {
                #expect(height < 2 * 28 * scale, "only a canvas too low for a line shows none: \(width)x\(height)")
                continue
            }
            #expect(area.contains(hint.frame), "\(width)x\(height) at \(scale)")
            #expect(hint.frame.height == Double(hint.texts.count) * 28 * scale, "whole lines")
            let fontSize = 13 * scale
            for line in hint.texts {
                #expect(TextMeasure.width(of: line, fontSize: fontSize) + 1.2 * fontSize <= hint.frame.width, "never clipped: \(line)")
            }
            // Whole phrases, in order: all of them, else the first and the last, else the first.
            func letters(_ texts: [String]) -> String { texts.joined().filter { $0 != " " && $0 != "·" } }
            let shortenings = [all, [all[0], all[all.count - 1]], [all[0]]].map(letters)
            #expect(shortenings.contains(letters(hint.texts)), "\(hint.texts)")
            if width >= 1000 { #expect(hint.texts == [all.joined(separator: " · ")], "one line where it fits") }
        }
    }

    @Test func aDoubleClickClearSaysHowManyShapesWentAndThatCtrlZBringsThemBack() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.drawLine(from: a, to: c, at: 100)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_000)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_150)
        #expect(driver.core.model.drawing.shapes.isEmpty)
        #expect(driver.panelTexts == ["Cleared 2 shapes — Ctrl+Z brings them back"])
        driver.advance(to: at(1_150) + AppCore.noticeDuration)
        #expect(driver.panelTexts == [EmptyDrawingHint.text(toolbar: false)], "the notice passes; the drawing is empty")
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing.shapes.count == 2)
        driver.key(.character("z"), .control)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 10_000)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 10_150)
        #expect(driver.panelTexts == ["Cleared 1 shape — Ctrl+Z brings it back"])
    }

    @Test func aDoubleClickOnAnEmptyDrawingSaysNothing() throws {
        let driver = try CoreDriver()
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_000)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_150)
        #expect(driver.panelTexts == [EmptyDrawingHint.text(toolbar: false)])
    }

    @Test func aPressOnANoticeIsTheNoticesAndDrawsNothing() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_000)
        driver.click(at: GesturePoint(x: 300, y: 200), at: 1_150)
        let notice = try #require(driver.core.scene.overlays.first?.frame)
        let inside = GesturePoint(x: notice.centre.x, y: notice.centre.y)
        driver.drawLine(from: inside, to: GesturePoint(x: inside.x + 100, y: inside.y - 100), at: 2_000)
        driver.advance(to: at(3_000))
        #expect(driver.core.model.drawing.shapes.isEmpty, "a drag from the notice draws nothing")
    }
}
