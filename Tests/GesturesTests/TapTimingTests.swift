import Gestures
import Testing
import Timing

/// R1-R7 and R10: telling taps apart by time and place, without making anyone wait needlessly.
@Suite struct TapTimingTests {
    // MARK: R1

    @Test("R1 a right click is delivered while handling its release: no double tap can claim it")
    func r1RightClick() {
        var t = Timeline(appEngine())
        t.run("down:3 80ms up:3")
        #expect(t.when("menu recognized") == 80)
    }

    @Test("R1 without a double-tap recognizer a click is recognized at its release")
    func r1NoDoubleTap() {
        let engine = GestureEngine<G>()
        engine.add(.select, TapRecognizer(taps: 1), provisional: true, delaysContactsBegan: true)
        var t = Timeline(engine)
        t.run("down@3,4 80ms up")
        #expect(t.gesturesWithLocations == ["select recognized (3, 4)"])
        #expect(t.when("select recognized") == 80)
        t.expectRest()
    }

    @Test("R1 a click waits only while the double tap is still possible")
    func r1WaitsOnlyWhilePossible() {
        var t = Timeline(appEngine())
        t.run("down 80ms up 399ms")
        #expect(t.gestures == ["select provisional"])
        t.run("1ms")
        #expect(t.when("select confirmed") == 480)
    }

    // MARK: R2

    @Test("R2 the pointer moving beyond the double-click distance between clicks ends the wait")
    func r2PointerMovesAway() {
        var t = Timeline(appEngine())
        t.run("down@0,0 50ms up 20ms move@5,0 10ms move@6,0")
        #expect(t.gestures == ["select provisional", "select confirmed"])
        #expect(t.when("select confirmed") == 80)
        t.expectRest()
    }

    @Test("R2 a click released beyond the double-click distance (but within the drag threshold) does not wait")
    func r2ReleasedAwayFromThePress() {
        var t = Timeline(appEngine())
        t.run("down@0,0 10ms move@7,0 10ms up@7,0")
        #expect(t.gestures == ["select provisional", "select confirmed"])
        #expect(t.when("select confirmed") == 20, "the pointer is up and already too far for a double click")
        t.expectRest()
    }

    @Test("R2 a click released within the double-click distance still waits for the second")
    func r2ReleasedNearThePressWaits() {
        var t = Timeline(appEngine())
        t.run("down@0,0 10ms move@5,0 10ms up@5,0 399ms")
        #expect(t.gestures == ["select provisional"])
        t.run("2ms")
        #expect(t.gestures == ["select provisional", "select confirmed"])
    }

    @Test("R2 another button pressing ends the wait and the right click still counts")
    func r2AnotherButton() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 20ms down:3 50ms up:3")
        #expect(t.gestures == ["select provisional", "select confirmed", "menu recognized"])
        #expect(t.when("select confirmed") == 70)
        t.expectRest()
    }

    @Test("R2 another pointer pressing ends the wait")
    func r2AnotherDevice() {
        var t = Timeline(appEngine())
        t.run("A.down@0,0 50ms A.up 20ms B.down@0,0 50ms B.up 400ms")
        #expect(t.when("select confirmed") == 70)
        #expect(t.gestures == ["select provisional", "select confirmed", "select provisional", "select confirmed"])
        t.expectRest()
    }

    @Test("R2 a second contact pressing fails a pending tap and both contacts reach the canvas")
    func r2SecondContact() {
        var t = Timeline(appEngine())
        t.run("T1.down@0,0 30ms T2.down@200,0 30ms T1.up 10ms T2.up 500ms")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["T1 began (0, 0)", "T2 began (200, 0)", "T1 ended (0, 0)", "T2 ended (200, 0)"])
        t.expectRest()
    }

    @Test("R2 the press moving past the drag threshold fails the tap at once")
    func r2PressMovesPastSlop() {
        var t = Timeline(appEngine())
        t.run("down@0,0 50ms up 100ms down@0,0 20ms move@9,0")
        #expect(t.gestures == ["select provisional", "select confirmed"])
        #expect(t.when("select confirmed") == 170)
        #expect(t.canvas == ["A began (0, 0)", "A moved (9, 0)"])
    }

    @Test("R2 a long press firing ends the wait for the double tap")
    func r2LongPressFires() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 50ms up 100ms down 500ms")
        #expect(t.gestures == ["select provisional", "longPress began", "select confirmed"])
        #expect(t.when("select confirmed") == 650)
    }

    // MARK: R3

    @Test("R3 a press stamped inside the window but read late is still a double tap")
    func r3LateReadPress() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 399ms~ down+200 50ms up")
        #expect(t.gestures == ["select provisional", "clear recognized", "select superseded"])
        t.expectRest()
    }

    @Test("R3 a press stamped after the window starts a new tap even when read before the timer")
    func r3LateStampedPress() {
        // The release is read 100 ms late, so its timer is due at 550 by the monotonic clock.
        var t = Timeline(appEngine())
        t.run("down 50ms up+100 400ms down 50ms up 400ms")
        #expect(t.gestures == ["select provisional", "select confirmed", "select provisional", "select confirmed"])
        #expect(t.when("select confirmed") == 450)
        t.expectRest()
    }

    @Test("R3 a timer decides when no event comes")
    func r3TimerWhenSilent() {
        var t = Timeline(appEngine())
        t.run("down 50ms up")
        #expect(t.engine.nextDeadline == t.readTime() + .milliseconds(400))
        t.run("399ms")
        #expect(t.gestures == ["select provisional"])
        t.run("1ms")
        #expect(t.gestures == ["select provisional", "select confirmed"])
    }

    @Test("R3 a long press held through motion is decided by the motion's timestamp")
    func r3LongPressByTimestamp() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 600ms~ move@1,0")
        #expect(t.gestures == ["longPress began", "longPress changed"])
    }

    @Test("R3 server times compare across the 32-bit wrap")
    func r3Wraparound() {
        var t = Timeline(appEngine(), serverStart: UInt32.max - 100)
        t.run("down 50ms up 100ms down 50ms up")
        #expect(t.gestures == ["select provisional", "clear recognized", "select superseded"])
        var u = Timeline(appEngine(), serverStart: UInt32.max - 100)
        u.run("down 50ms up 450ms~ down 50ms up 500ms")
        #expect(u.gestures == ["select provisional", "select confirmed", "select provisional", "select confirmed"])
        #expect(ServerTime(milliseconds: 5).milliseconds(since: ServerTime(milliseconds: UInt32.max - 4)) == 10)
        #expect(ServerTime(milliseconds: UInt32.max - 4).milliseconds(since: ServerTime(milliseconds: 5)) == -10)
    }

    // MARK: R4

    @Test("R4 the window is measured release to press: 399 ms is a double, 400 and 401 are not",
          arguments: [(399, true), (400, false), (401, false)])
    func r4WindowBoundary(gap: Int, isDouble: Bool) {
        var t = Timeline(appEngine())
        t.run("down 300ms up \(gap)ms down 50ms up 500ms")
        #expect(t.gestures.contains("clear recognized") == isDouble)
        #expect(t.gestures.filter { $0 == "select confirmed" }.count == (isDouble ? 0 : 2))
        t.expectRest()
    }

    @Test("R4 a second press within the minimum gap is bounce, not a second tap: 39 ms no, 40 ms yes",
          arguments: [(39, false), (40, true), (41, true)])
    func r4MinimumGap(gap: Int, isDouble: Bool) {
        var t = Timeline(appEngine())
        t.run("down 50ms up \(gap)ms down 50ms up 500ms")
        #expect(t.gestures.contains("clear recognized") == isDouble)
    }

    @Test("R4 the distance is a straight line from the first press: 4 and 5 px count, 6 px does not",
          arguments: [("4,0", true), ("5,0", true), ("6,0", false), ("3,4", true), ("4,4", false)])
    func r4DistanceBoundary(second: String, isDouble: Bool) {
        var t = Timeline(appEngine())
        t.run("down@0,0 50ms up 100ms down@\(second) 50ms up 500ms")
        #expect(t.gestures.contains("clear recognized") == isDouble)
        t.expectRest()
    }

    @Test("R4 the drag threshold: 8 px of motion is still a tap, 9 px is a drag",
          arguments: [(8.0, true), (9.0, false)])
    func r4DragThreshold(distance: Double, isTap: Bool) {
        var t = Timeline(appEngine())
        t.run("down@0,0 20ms move@\(distance),0 20ms up 500ms")
        #expect(t.gestures.contains("select confirmed") == isTap)
        #expect(t.canvas.isEmpty == isTap)
    }

    @Test("R4 touch thresholds are separate: 40 px between touch taps counts, 41 px does not",
          arguments: [(40.0, true), (41.0, false)])
    func r4TouchDistance(distance: Double, isDouble: Bool) {
        var t = Timeline(appEngine())
        t.run("T1.down@0,0 50ms T1.up 100ms T2.down@\(distance),0 50ms T2.up 500ms")
        #expect(t.gestures.contains("clear recognized") == isDouble)
    }

    // MARK: R5

    @Test("R5 settings changed live move a pending deadline and classify the next press")
    func r5LiveSettings() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 100ms")
        t.engine.settings.mouse.multiTapWindowMilliseconds = 200
        #expect(t.engine.nextDeadline == t.readTime() + .milliseconds(100))
        t.run("100ms")
        #expect(t.when("select confirmed") == 250)
        t.engine.settings.mouse.multiTapWindowMilliseconds = 600
        t.run("down 50ms up 500ms down 50ms up")
        #expect(t.gestures.suffix(2) == ["clear recognized", "select superseded"])
        t.expectRest()
    }

    @Test("R5 settings overrides apply per source: a larger mouse drag threshold keeps a 12 px wobble a tap")
    func r5Override() {
        var settings = GestureSettings.default
        settings.mouse.dragThresholdPixels = 16
        var t = Timeline(appEngine(settings: settings))
        t.run("down@0,0 20ms move@12,0 20ms up 500ms")
        #expect(t.gestures == ["select provisional", "select confirmed"])
    }

    // MARK: R6

    @Test("R6 a press outside the radius confirms the first tap at once and becomes a new first tap")
    func r6RestartOutsideRadius() {
        var t = Timeline(appEngine())
        t.run("down@0,0 50ms up 100ms down@20,0 50ms up 100ms down@20,0 50ms up")
        #expect(t.gesturesWithLocations == [
            "select provisional (0, 0)", "select confirmed", "select provisional (20, 0)",
            "clear recognized (20, 0)", "select superseded",
        ])
        #expect(t.when("select confirmed") == 150)
        t.expectRest()
    }

    @Test("R6 a press after the window starts a new sequence")
    func r6RestartAfterWindow() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 450ms~ down 50ms up 100ms down 50ms up")
        #expect(t.gestures == [
            "select provisional", "select confirmed", "select provisional", "clear recognized", "select superseded",
        ])
    }

    @Test("R6 three quick taps are one double and one single")
    func r6ThreeTaps() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 100ms down 50ms up 100ms down 50ms up 500ms")
        #expect(t.gestures == [
            "select provisional", "clear recognized", "select superseded", "select provisional", "select confirmed",
        ])
        t.expectRest()
    }

    @Test("R6 N rapid taps lose none: seven taps are three doubles and a single")
    func r6RapidTaps() {
        var t = Timeline(appEngine())
        for _ in 0..<7 { t.run("down 45ms up 45ms") }
        t.run("500ms")
        #expect(t.gestures.filter { $0 == "clear recognized" }.count == 3)
        #expect(t.gestures.filter { $0 == "select confirmed" }.count == 1)
        #expect(t.gestures.filter { $0 == "select superseded" }.count == 3)
        t.expectRest()
    }

    // MARK: R7

    @Test("R7 a provisional tap is followed by exactly one confirmation")
    func r7Confirmed() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 1000ms")
        #expect(t.gestures == ["select provisional", "select confirmed"])
    }

    @Test("R7 a provisional tap is superseded by the double tap it waited on")
    func r7Superseded() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 100ms down 50ms up 1000ms")
        #expect(t.gestures.filter { $0.hasPrefix("select") } == ["select provisional", "select superseded"])
    }

    @Test("R7 without provisional the tap is reported once, when it is certain")
    func r7NotProvisional() throws {
        let engine = GestureEngine<G>()
        engine.add(.clear, TapRecognizer(taps: 2))
        engine.add(.select, TapRecognizer(taps: 1))
        try engine.require(.select, toFail: .clear)
        var t = Timeline(engine)
        t.run("down@1,2 50ms up 400ms")
        #expect(t.gesturesWithLocations == ["select recognized (1, 2)"])
        #expect(t.when("select recognized") == 450)
    }

    // MARK: R10

    @Test("R10 a double tap is delivered at its second release")
    func r10NoWaitAfterSecondTap() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 100ms down 50ms up")
        #expect(t.when("clear recognized") == 200)
        #expect(t.engine.nextDeadline == nil)
    }

    @Test("R10 a double tap waits only when a triple tap waits on it")
    func r10TripleWaits() throws {
        let engine = GestureEngine<G>()
        engine.add(.select, TapRecognizer(taps: 1))
        engine.add(.clear, TapRecognizer(taps: 2))
        engine.add(.menu, TapRecognizer(taps: 3))
        try engine.require(.select, toFail: .clear)
        try engine.require(.clear, toFail: .menu)
        var t = Timeline(engine)
        t.run("down 50ms up 100ms down 50ms up 400ms")
        #expect(t.gestures == ["clear recognized"])
        #expect(t.when("clear recognized") == 600)
        var u = Timeline(engine)
        u.run("down 50ms up 100ms down 50ms up 100ms down 50ms up")
        #expect(u.gestures == ["menu recognized"])
        u.expectRest()
    }
}
