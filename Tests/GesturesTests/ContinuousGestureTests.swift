import Gestures
import Testing
import Timing

/// Long press and pan: thresholds, translation and velocity.
@Suite struct ContinuousGestureTests {
    @Test("A long press begins at 500 ms, not at 499 ms", arguments: [(499, false), (500, true)])
    func longPressDuration(held: Int, begins: Bool) {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down \(held)ms")
        #expect(t.gestures.contains("longPress began") == begins)
    }

    @Test("A release stamped exactly at the duration, read before the timer fires, ends a long press that began")
    func longPressReleasedExactlyAtTheDuration() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 500ms~ up")  // the loop never ran the timer: the release's own stamp says 500 ms
        #expect(t.gestures == ["longPress began", "longPress ended"])
        t.expectRest()
    }

    @Test("A long press allows 10 px of movement before it begins, not 11 px", arguments: [(10.0, true), (11.0, false)])
    func longPressMovement(moved: Double, begins: Bool) {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down@0,0 100ms move@\(moved),0 400ms")
        #expect(t.gestures.contains("longPress began") == begins)
    }

    @Test("A touch long press allows 16 px of movement")
    func touchLongPressMovement() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("T1.down@0,0 100ms T1.move@16,0 400ms")
        #expect(t.gestures == ["longPress began"])
    }

    @Test("A long press released before its duration fails and the press is a click")
    func longPressReleasedEarly() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 300ms up 400ms")
        #expect(t.gestures == ["select provisional", "select confirmed"])
        t.expectRest()
    }

    @Test("A long press asks shouldBegin once, with the press location, when the duration has passed")
    func longPressAsksOnce() {
        var asked: [GesturePoint] = []
        let engine = GestureEngine<G>()
        engine.add(.longPress, LongPressRecognizer(shouldBegin: { asked.append($0); return false }))
        var t = Timeline(engine)
        t.run("down@4,5 100ms move@6,5 100ms")
        #expect(asked.isEmpty)
        t.run("300ms move@30,5 up")
        #expect(asked == [GesturePoint(x: 4, y: 5)])
        #expect(t.gestures.isEmpty)
        t.expectRest()
    }

    @Test("A pan reports translation from the press and velocity in px/s")
    func panTranslationAndVelocity() {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        var t = Timeline(engine)
        t.run("down@0,0 10ms move@10,0 10ms move@20,5")
        let changes = t.log.compactMap { entry -> (GestureVector, GestureVector)? in
            if case .gesture(_, .changed(_, let translation, let velocity)) = entry.output { (translation, velocity) } else { nil }
        }
        #expect(changes.count == 1)
        #expect(changes.first?.0 == GestureVector(dx: 20, dy: 5))
        #expect(changes.first?.1 == GestureVector(dx: 1000, dy: 500))
    }

    @Test("A pan begins where the pointer is past the drag threshold and says where it was pressed")
    func panBeganCarriesThePress() {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        var t = Timeline(engine)
        t.run("down@3,4 10ms move@5,4 10ms move@20,4 10ms move@25,4 up")
        #expect(t.beginnings == ["moveLine began (20, 4) pressed at (3, 4)"])
    }

    @Test("A long press begins at its press, moved within its allowance or not, and says where it was pressed")
    func longPressBeganCarriesThePress() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down@4,5 100ms move@10,5 400ms move@30,5 up")
        #expect(t.beginnings == ["longPress began (4, 5) pressed at (4, 5)"])
    }

    @Test("A long press that waited for a tap to fail begins where the pointer is by then, pressed where it went down")
    func heldLongPressBeganCarriesThePress() throws {
        var t = Timeline(try longPressAwaitingDoubleTap())
        t.run("down@1,2 500ms move@3,2 10ms move@30,2")
        #expect(t.beginnings == ["longPress began (30, 2) pressed at (1, 2)"])
    }

    @Test("A long press that waited for a tap to fail and was released meanwhile still says where it was pressed")
    func heldLongPressEndedMeanwhileCarriesThePress() throws {
        var t = Timeline(try longPressAwaitingDoubleTap())
        t.run("down@1,2 500ms move@3,2 up@4,2 2000ms")
        #expect(t.beginnings == ["longPress began (3, 2) pressed at (1, 2)"])
        #expect(t.gestures == ["longPress began", "longPress ended"])
    }

    @Test("A pan with the right button ignores left drags")
    func panButton() {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer(button: 3))
        var t = Timeline(engine)
        t.run("down@0,0 10ms move@30,0 up 10ms down:3@0,0 10ms move@30,0 up:3")
        #expect(t.gestures == ["moveLine began", "moveLine ended"])
    }

    @Test("A touch pan needs 16 px: 16 px is not yet a drag, 17 px is", arguments: [(16.0, false), (17.0, true)])
    func touchPanSlop(moved: Double, begins: Bool) {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        var t = Timeline(engine)
        t.run("T1.down@0,0 10ms T1.move@\(moved),0")
        #expect(t.gestures.contains("moveLine began") == begins)
    }
}
