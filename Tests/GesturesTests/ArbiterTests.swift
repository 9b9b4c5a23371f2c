import Gestures
import Testing
import Timing

/// R8, R9, R11 and R12's latch: how recognizers depend on, exclude and release each other.
@Suite struct ArbiterTests {
    // MARK: R8

    @Test("R8 a pan that ends without beginning has failed for the tap that waits on it")
    func r8EndedWithoutBeginning() throws {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        engine.add(.select, TapRecognizer(taps: 1))
        try engine.require(.select, toFail: .moveLine)
        var t = Timeline(engine)
        t.run("down 50ms up")
        #expect(t.gestures == ["select recognized"])
        #expect(t.when("select recognized") == 50)
        t.expectRest()
    }

    @Test("R8 a pan that began makes the tap waiting on it fail")
    func r8PanBegan() throws {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        engine.add(.select, TapRecognizer(taps: 1))
        try engine.require(.select, toFail: .moveLine)
        var t = Timeline(engine)
        t.run("down@0,0 20ms move@20,0 20ms up")
        #expect(t.gestures == ["moveLine began", "moveLine ended"])
    }

    @Test("A long press waiting on a tap's failure begins once it fails, where the press is by then")
    func heldContinuousGesture() throws {
        var t = Timeline(try longPressAwaitingDoubleTap())
        t.run("down 500ms")
        #expect(t.gestures.isEmpty)
        t.run("move@2,0 10ms move@30,0")
        #expect(t.gesturesWithLocations == ["longPress began (30, 0)"])
        t.run("move@40,0 up")
        #expect(t.gesturesWithLocations.suffix(2) == ["longPress changed (40, 0) by (40, 0)", "longPress ended (40, 0)"])
        t.expectRest()
    }

    // MARK: R9

    @Test("R9 a requirement cycle is rejected when set up")
    func r9CycleRejected() throws {
        let engine = GestureEngine<G>()
        engine.add(.select, TapRecognizer(taps: 1))
        engine.add(.clear, TapRecognizer(taps: 2))
        engine.add(.menu, TapRecognizer(taps: 3))
        try engine.require(.select, toFail: .clear)
        try engine.require(.clear, toFail: .menu)
        #expect(throws: GestureEngineError.cycle(waiter: "menu", awaited: "select")) {
            try engine.require(.menu, toFail: .select)
        }
        #expect(throws: GestureEngineError.cycle(waiter: "select", awaited: "select")) {
            try engine.require(.select, toFail: .select)
        }
        #expect(throws: GestureEngineError.unknownTag("longPress")) {
            try engine.require(.select, toFail: .longPress)
        }
    }

    @Test("R9 requirements are one-way: the double tap does not wait on the single tap")
    func r9OneWay() {
        var t = Timeline(appEngine())
        t.run("down 50ms up 100ms down 50ms up")
        #expect(t.when("clear recognized") == 200)
    }

    @Test("R9 every registration order gives the same output")
    func r9RegistrationOrder() {
        let script = "down@0,0 50ms up 100ms down@0,0 50ms up 100ms down@0,0 50ms up 100ms "
            + "down:3@40,40 20ms up:3 30ms down@40,40 600ms move@45,40 10ms move@80,40 up 100ms "
            + "down@0,0 20ms move@20,0 up T1.down@5,5 10ms T2.down@60,5 10ms T1.up T2.up 500ms"
        let output = expectTheSameOutput(in: permutations([G.clear, .select, .longPress, .moveLine, .menu]), script) {
            appEngine(lineAt: { $0.x > 30 }, selectedLineAt: { $0.x < 10 }, order: $0)
        }
        #expect(output?.isEmpty == false)
    }

    // MARK: Exclusion and simultaneity

    @Test("When a pan begins, a long press pending on the same press fails")
    func panExcludesLongPress() {
        var t = Timeline(appEngine(lineAt: { _ in true }, selectedLineAt: { _ in true }))
        t.run("down@0,0 100ms move@9,0 450ms move@9,1 up")
        #expect(t.gestures == ["moveLine began", "moveLine changed", "moveLine ended"])
    }

    @Test("Recognizers allowed to be simultaneous both succeed on one press")
    func simultaneousRecognition() {
        let engine = GestureEngine<G>()
        engine.add(.longPress, LongPressRecognizer())
        engine.add(.moveLine, PanRecognizer())
        engine.recognizeSimultaneously(.longPress, .moveLine)
        var t = Timeline(engine)
        t.run("down@0,0 500ms move@20,0 up")
        #expect(t.gestures == ["longPress began", "longPress changed", "moveLine began", "longPress ended",
                               "moveLine ended"])
    }

    @Test("Without simultaneity the first to succeed wins the press")
    func exclusiveByDefault() {
        let engine = GestureEngine<G>()
        engine.add(.longPress, LongPressRecognizer())
        engine.add(.moveLine, PanRecognizer())
        var t = Timeline(engine)
        t.run("down@0,0 500ms move@20,0 up")
        #expect(t.gestures == ["longPress began", "longPress changed", "longPress ended"])
    }

    @Test("A chord (a second button while the first is held) fails pending taps and is no new contact")
    func chordPress() {
        var t = Timeline(appEngine())
        t.run("down@0,0 30ms down:3 20ms up:3 20ms up 500ms")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["A began (0, 0)", "A ended (0, 0)"])
        t.expectRest()
    }

    // MARK: R11

    @Test("R11 everything returns to rest after clicks, drags, long presses and touches")
    func r11Rest() {
        var t = Timeline(appEngine(lineAt: { $0.x > 50 }))
        #expect(t.engine.isAtRest)
        t.run("down 50ms up 100ms down@60,0 600ms move@70,0 up T1.down 20ms T2.down 20ms T1.up T2.up")
        t.expectRest()
    }

    @Test("R11 a recognizer is not at rest while a tap waits on it")
    func r11NotAtRestWhileWaiting() {
        var t = Timeline(appEngine())
        t.run("down 50ms up")
        #expect(!t.engine.isAtRest)
        #expect(t.engine.pendingTimerCount == 1)
        t.run("400ms")
        #expect(t.engine.isAtRest)
    }

    @Test("R11 removing a recognizer cancels its timers and releases what waited on it")
    func r11RemoveCancelsTimers() {
        var t = Timeline(appEngine())
        t.run("down 50ms up")
        #expect(t.engine.pendingTimerCount == 1)
        t.engine.remove(.clear)
        #expect(t.engine.pendingTimerCount == 0)
        t.run("tick")
        #expect(t.gestures == ["select provisional", "select confirmed"])
        #expect(t.when("select confirmed") == 50)
        t.run("1000ms")
        #expect(t.gestures.count == 2)
        t.expectRest()
    }

    @Test("R11 stale timer handles do nothing: a removed and re-added recognizer starts clean")
    func r11StaleHandles() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 100ms")
        t.engine.remove(.longPress)
        t.engine.add(.longPress, LongPressRecognizer(shouldBegin: { _ in true }), cancelsContacts: true)
        t.run("1000ms")
        #expect(!t.gestures.contains("longPress began"))
        t.run("up 500ms")
        t.expectRest()
    }

    @Test("R11 removing a recognizer mid-gesture reports it cancelled")
    func r11RemoveMidGesture() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down 500ms")
        t.engine.remove(.longPress)
        t.run("move@1,0 up")
        #expect(t.gestures == ["longPress began", "longPress cancelled"])
        t.expectRest()
    }

    // MARK: R12 latch

    @Test("R12 a sequence stays bound to what the first press hit: shouldBegin sees the press location")
    func r12Latch() {
        var asked: [GesturePoint] = []
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer(shouldBegin: { asked.append($0); return true }))
        var t = Timeline(engine)
        t.run("down@3,3 10ms move@8,3 10ms move@30,3 10ms move@60,3 up")
        #expect(asked == [GesturePoint(x: 3, y: 3)])
        #expect(t.gesturesWithLocations.first == "moveLine began (30, 3)")
    }

    @Test("R12 a pan latched to one finger ignores another finger's motion")
    func r12PanLatched() {
        let engine = GestureEngine<G>()
        engine.add(.moveLine, PanRecognizer())
        var t = Timeline(engine)
        t.run("T1.down@0,0 10ms T2.down@50,0 10ms T2.move@90,0 T1.move@0,20 T1.up T2.up")
        #expect(t.gesturesWithLocations == ["moveLine began (0, 20)", "moveLine ended (0, 20)"])
    }
}

func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in
        var rest = items
        let first = rest.remove(at: i)
        return permutations(rest).map { [first] + $0 }
    }
}
