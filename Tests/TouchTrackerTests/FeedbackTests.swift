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
        #expect(hint.isQuiet && hint.texts == [EmptyDrawingHint.text])
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
        #expect(driver.panelTexts == [EmptyDrawingHint.text], "empty again")
        driver.key(.f1)
        #expect(driver.core.scene.overlays.count == 1 && !driver.core.scene.overlays[0].isQuiet, "the help alone")
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
        #expect(driver.panelTexts == [EmptyDrawingHint.text], "the notice passes; the drawing is empty")
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
        #expect(driver.panelTexts == [EmptyDrawingHint.text])
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
