import DrawingTesting
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

@Suite("Frames come at most once per refresh, and at once after a pause")
struct FramePacingTests {
    let mouse = ContactID(device: 2)
    let refresh = FramePacer.standardInterval

    /// One loop iteration of the shell at `milliseconds`: a pointer event read, then a frame if one is due.
    func event(_ kind: GestureInput.Kind, x: Double, at milliseconds: Int64, _ driver: CoreDriver) {
        driver.advance(to: at(milliseconds))
        driver.handle(.pointer(GestureInput(kind, contact: mouse, location: GesturePoint(x: x, y: 100),
                                            serverTime: ServerTime(milliseconds: UInt32(milliseconds)), readTime: at(milliseconds))))
    }

    /// A drag pressed at `start` whose pointer moves a pixel every millisecond until `end` (a 1 kHz mouse).
    func drag(from start: Int64, to end: Int64, _ driver: CoreDriver) {
        event(.press(button: 1), x: 50, at: start, driver)
        for t in (start + 1)...end { event(.motion, x: 50 + Double(t - start), at: t, driver) }
    }

    @Test func eventsInsideOneRefreshIntervalGiveOneFrame() throws {
        let driver = try CoreDriver()
        drag(from: 0, to: 100, driver)
        // The first change is painted at once; then each frame comes with the first event a refresh
        // after the last frame (events come every millisecond), showing every event since.
        #expect(driver.frames.count >= 5 && driver.frames.count <= 7, "100 ms of 1 kHz input: \(driver.frames)")
        for (earlier, later) in zip(driver.frames, driver.frames.dropFirst()) {
            #expect(later - earlier >= refresh && later - earlier <= refresh + .milliseconds(1), "\(earlier) to \(later)")
        }
    }

    @Test func aChangeWaitsForTheNextRefreshAndTheLoopWakesForIt() throws {
        let driver = try CoreDriver()
        drag(from: 0, to: 30, driver)
        let last = try #require(driver.frames.last)
        let next = last + refresh
        let t = Int64((next - at(0)).milliseconds.rounded(.down))
        event(.motion, x: 200, at: t, driver)  // before the next refresh
        #expect(driver.frames.last == last)
        #expect(driver.core.nextFrame == next)
        #expect(driver.core.nextDeadline == next)
        #expect(driver.core.takeFrame(now: next - .nanoseconds(1)) == nil, "not a nanosecond early")
        let scene = try #require(driver.core.takeFrame(now: next))
        #expect(scene.shapesInProgress.last?.geometry.segment.end == Point(x: 200, y: 100), "the frame shows the latest event")
        #expect(driver.core.nextFrame == nil)
    }

    @Test func theFirstEventAfterAPauseIsDrawnAtOnce() throws {
        let driver = try CoreDriver()
        drag(from: 0, to: 30, driver)
        driver.advance(to: at(100))
        let before = driver.frames.count
        event(.motion, x: 300, at: 200, driver)
        #expect(driver.frames.count == before + 1)
        #expect(driver.frames.last == at(200), "painted in the same iteration as the event")
    }

    @Test func anIdleWindowWaitsForNothing() throws {
        let driver = try CoreDriver()
        drag(from: 0, to: 30, driver)
        driver.advance(to: at(60))
        #expect(driver.core.nextFrame == nil)
        #expect(driver.core.nextDeadline == nil, "a drag held still waits on no timer and no frame")
        let frames = driver.frames.count
        driver.advance(to: at(1_000))
        #expect(driver.frames.count == frames, "nothing changed, nothing painted")
    }

    @Test func hoveringWithoutAButtonPaintsNothing() throws {
        let driver = try CoreDriver()
        driver.advance(to: at(0))
        let frames = driver.frames.count
        for t in Int64(1)...50 { event(.motion, x: Double(t), at: t, driver) }
        #expect(driver.frames.count == frames)
        #expect(driver.core.nextDeadline == nil)
    }

    @Test func framesFollowTheDisplaysRefreshRate() throws {
        let driver = try CoreDriver()
        driver.handle(.refreshIntervalChanged(.milliseconds(8)))  // 125 Hz
        drag(from: 0, to: 80, driver)
        let stream = driver.frames.filter { $0 > at(1) }
        #expect(stream.count >= 8 && stream.count <= 11, "80 ms at 125 Hz: \(stream.count) frames")
        event(.release(button: 1), x: 130, at: 81, driver)
        driver.handle(.refreshIntervalChanged(nil))
        drag(from: 200, to: 280, driver)
        let standard = driver.frames.filter { $0 > at(201) }
        #expect(standard.count >= 4 && standard.count <= 6, "80 ms at 60 Hz when nothing says: \(standard.count) frames")
    }
}
