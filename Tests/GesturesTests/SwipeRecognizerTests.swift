import Gestures
import Testing
import Timing

/// The three-finger swipe up (the palette) in the engine the app is to have, and swipes on their own.
/// Touch thresholds: the fingers land within 150 ms; 50 px in less than 250 ms; 16 px drag threshold.
@Suite struct SwipeRecognizerTests {
    /// Three fingers put down together at y = 300, 40 px apart.
    static let land = "T1.down@100,300 20ms T2.down@140,300 20ms T3.down@180,300"

    /// The three fingers moved by (`dx`, `dy`), one after the other.
    static func move(_ dx: Double, _ dy: Double) -> String {
        "T1.move@\(100 + dx),\(300 + dy) T2.move@\(140 + dx),\(300 + dy) T3.move@\(180 + dx),\(300 + dy)"
    }

    @Test("Three fingers landing together and moving up 50 px swipe, where they were pressed, and draw nothing")
    func threeFingersSwipeUp() {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) 50ms \(Self.move(0, -20)) 10ms \(Self.move(0, -50))")
        #expect(t.gesturesWithLocations == ["swipe recognized (140, 300)"])
        #expect(t.when("swipe recognized") == 100)
        t.run("10ms \(Self.move(0, -90)) T1.up T2.up T3.up")
        #expect(t.gestures == ["swipe recognized"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("The fingers' mean displacement must reach 50 px: 49 px is no swipe, 50 px is",
          arguments: [(49.0, false), (50.0, true)])
    func minimumDistance(moved: Double, swipes: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) 50ms T1.move@100,\(300 - moved + 10) T2.move@140,\(300 - moved - 10) T3.move@180,\(300 - moved)")
        #expect(t.gestures.contains("swipe recognized") == swipes)
        t.run("T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("The distance is covered in less than 250 ms from the last landing, by server time with or without the timer",
          arguments: [(249, "ms", true), (250, "ms", false), (249, "ms~", true), (250, "ms~", false)])
    func minimumSpeed(after: Int, token: String, swipes: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) \(after)\(token) \(Self.move(0, -50))")
        #expect(t.gestures.contains("swipe recognized") == swipes)
        t.run("T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("The last finger lands within 150 ms of the first: 149 ms joins, 150 ms is too late, with or without the timer",
          arguments: [(149, "ms", true), (150, "ms", false), (149, "ms~", true), (150, "ms~", false)])
    func landingWindow(gap: Int, token: String, swipes: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@100,300 T2.down@140,300 \(gap)\(token) T3.down@180,300 10ms \(Self.move(0, -60))")
        #expect(t.gestures.contains("swipe recognized") == swipes)
        t.run("T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("Moving sideways past the 16 px drag threshold fails a swipe up; 16 px does not",
          arguments: [(16.0, true), (17.0, false)])
    func wrongDirection(sideways: Double, swipes: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) 10ms \(Self.move(sideways, 0)) 10ms \(Self.move(sideways, -50))")
        #expect(t.gestures.contains("swipe recognized") == swipes)
        #expect(t.canvas.contains("T2 began (140, 300)") == !swipes, "the fingers of a failed swipe draw")
        t.run("T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("A swipe accepts any of its directions, decided by the larger component of the displacement")
    func directions() {
        let engine = GestureEngine<G>()
        engine.add(.swipe, SwipeRecognizer(contacts: 1, direction: [.left, .down], sources: .touch))
        var t = Timeline(engine)
        t.run("T1.down@100,100 10ms T1.move@50,90 T1.up 100ms T2.down@100,100 10ms T2.move@90,150 T2.up")
        #expect(t.gesturesWithLocations == ["swipe recognized (100, 100)", "swipe recognized (100, 100)"])
        t.run("100ms T3.down@100,100 10ms T3.move@150,100 T3.up 100ms T4.down@100,100 10ms T4.move@100,50 T4.up")
        #expect(t.gestures.count == 2, "right and up are not accepted")
        t.expectRest()
    }

    @Test("A fourth finger fails a three-finger swipe, and all four draw")
    func anotherFingerFails() {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) 20ms T4.down@220,300 10ms \(Self.move(0, -60))")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas.filter { $0.hasSuffix("began (220, 300)") || $0.hasSuffix("began (100, 300)") }.count == 2)
        t.run("T1.up T2.up T3.up T4.up")
        t.expectRest()
    }

    @Test("A finger lifted short of the distance fails the swipe; one lifted where the distance is reached completes it",
          arguments: [(255.0, false), (150.0, true)])
    func liftedFinger(liftedAt y: Double, swipes: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("\(Self.land) 30ms \(Self.move(0, -40)) 10ms T1.up@100,\(y)")
        #expect(t.gestures == (swipes ? ["swipe recognized"] : []))
        t.run("T2.up T3.up")
        #expect(t.canvas.contains("T1 began (100, 300)") == !swipes)
        t.expectRest()
    }

    @Test("Fingers that land together and stay still are shown once the swipe's time has run out, and they are held too long to tap")
    func stillFingersAreShownWhenTheTimeRunsOut() {
        var t = Timeline(appEngineWithGroups(order: [.clear, .select, .longPress, .moveLine, .menu, .swipe, .circle]))
        t.run("T1.down@100,300 T2.down@140,300 T3.down@180,300 249ms")
        #expect(t.canvas.isEmpty)
        t.run("1ms")
        #expect(t.canvas == ["T1 began (100, 300)", "T2 began (140, 300)", "T3 began (180, 300)"])
        t.run("T1.up T2.up T3.up")
        t.expectRest()
        // With the taps of two and three contacts (the app's), three still fingers may still be a tap until they
        // have been held for the long-press duration.
        t = Timeline(appEngineWithGroups())
        t.run("T1.down@100,300 T2.down@140,300 T3.down@180,300 499ms")
        #expect(t.canvas.isEmpty)
        t.run("1ms")
        #expect(t.canvas == ["T1 began (100, 300)", "T2 began (140, 300)", "T3 began (180, 300)"])
        t.run("T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("A lone finger is held back only for the 150 ms in which more fingers may land, then draws from its press")
    func aLoneFingerIsHeldBackAtMostTheWindow() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@0,0 10ms T1.move@30,0 10ms T1.move@60,0 129ms")
        #expect(t.canvas.isEmpty)
        t.run("1ms")
        #expect(t.canvas == ["T1 began (0, 0)", "T1 moved (60, 0)"])
        #expect(t.whenCanvas("T1 began (0, 0)") == 150)
        t.run("T1.move@90,0 T1.up")
        #expect(t.canvas.suffix(2) == ["T1 moved (90, 0)", "T1 ended (90, 0)"])
        t.expectRest()
    }

    @Test("A swipe of fingers cannot start from a mouse: fingers pressed while it is down draw at once")
    func noFingerSwipeFromAMouse() {
        var t = Timeline(appEngineWithGroups())
        t.run("down@10,10 10ms move@30,10 10ms T1.down@100,300 T2.down@140,300 T3.down@180,300 10ms \(Self.move(0, -60))")
        #expect(t.gestures.isEmpty)
        #expect(t.whenCanvas("T1 began (100, 300)") == 20)
        t.run("up T1.up T2.up T3.up")
        t.expectRest()
    }

    @Test("A mouse's swipe is never held back: its line shows at once and is taken back when the swipe is recognized")
    func aMouseSwipeIsNotHeldBack() {
        let engine = GestureEngine<G>()
        engine.add(.swipe, SwipeRecognizer(direction: .left), delaysContactsBegan: true, cancelsContacts: true)
        var t = Timeline(engine)
        t.run("down@100,100 10ms move@80,100 10ms move@50,100 10ms up")
        #expect(t.gesturesWithLocations == ["swipe recognized (100, 100)"])
        #expect(t.canvas == ["A began (100, 100)", "A moved (80, 100)", "A cancelled"])
        t.expectRest()
    }

    @Test("A swipe's own distance and speed replace the settings'")
    func ownThresholds() {
        let engine = GestureEngine<G>()
        engine.add(.swipe, SwipeRecognizer(direction: .right, sources: .touch, minimumDistance: 100, minimumSpeed: 1000))
        var t = Timeline(engine)
        t.run("T1.down@0,0 10ms T1.move@99,0 T1.up 100ms T2.down@0,0 100ms T2.move@100,0 T2.up")
        #expect(t.gestures.isEmpty, "99 px is short, and 100 px in 100 ms is too slow")
        t.run("100ms T3.down@0,0 99ms T3.move@100,0 T3.up")
        #expect(t.gestures == ["swipe recognized"])
        t.expectRest()
    }

    @Test("A swipe scales with the touch settings, live (R5)")
    func liveSettings() {
        let engine = GestureEngine<G>()
        engine.add(.swipe, SwipeRecognizer(direction: .right, sources: .touch))
        var t = Timeline(engine)
        t.run("T1.down@0,0 10ms")
        engine.settings.touch.swipeMinimumDistancePixels = 100
        t.run("T1.move@60,0 10ms T1.move@100,0 T1.up")
        #expect(t.when("swipe recognized") == 20)
        t.expectRest()
    }

    @Test("A tap that requires the swipe to fail waits for it, and goes ahead when it fails")
    func requireToFail() throws {
        let engine = GestureEngine<G>()
        engine.add(.swipe, SwipeRecognizer(direction: .right, sources: .touch))
        engine.add(.select, TapRecognizer())
        try engine.require(.select, toFail: .swipe)
        var t = Timeline(engine)
        t.run("T1.down@0,0 30ms T1.up")
        #expect(t.gestures == ["select recognized"], "a lift short of the distance fails the swipe at once")
        t.run("100ms T2.down@0,0 10ms T2.move@10,0 10ms T2.move@60,0 T2.up")
        #expect(t.gestures == ["select recognized", "swipe recognized"])
        t.expectRest()
    }
}
