import Gestures
import Testing
import Timing

/// The behaviours the app builds on (the book's BNRDrawView), through the engine configured as the app does.
@Suite struct AppBehaviourTests {
    @Test("A click selects after the double click failed, shown at once as provisional, leaving no dot")
    func clickSelects() {
        var t = Timeline(appEngine())
        t.run("down@10,10 50ms up 400ms")
        #expect(t.gesturesWithLocations == ["select provisional (10, 10)", "select confirmed"])
        #expect(t.when("select provisional") == 50)
        #expect(t.when("select confirmed") == 450)
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A double click clears and leaves nothing drawn")
    func doubleClickClears() {
        var t = Timeline(appEngine())
        t.run("down@10,10 50ms up 100ms down 50ms up")
        #expect(t.gestures == ["select provisional", "clear recognized", "select superseded"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("Without delaysContactsBegan on the double tap, the second press of a double click reaches the canvas")
    func doubleTapMustDelayToLeaveNothing() throws {
        let engine = GestureEngine<G>()
        engine.add(.clear, TapRecognizer(taps: 2))
        engine.add(.select, TapRecognizer(taps: 1), provisional: true, delaysContactsBegan: true)
        try engine.require(.select, toFail: .clear)
        var t = Timeline(engine)
        t.run("down@10,10 50ms up 100ms down 50ms up")
        #expect(t.gestures == ["select provisional", "clear recognized", "select superseded"])
        #expect(t.canvas == ["A began (10, 10)", "A ended (10, 10)"])
    }

    @Test("A drag draws a line from the press point")
    func dragDraws() {
        var t = Timeline(appEngine())
        t.run("down@10,10 10ms move@14,10 10ms move@30,10 10ms move@50,10 10ms up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == [
            "A began (10, 10)", "A moved (14, 10)", "A moved (30, 10)", "A moved (50, 10)", "A ended (50, 10)",
        ])
        t.expectRest()
    }

    @Test("A long press over a line picks it up and moves it; the canvas draws nothing")
    func longPressMovesLine() {
        var t = Timeline(appEngine(lineAt: { $0.x < 100 }))
        t.run("down@10,10 500ms move@15,10 10ms move@60,40 10ms up")
        #expect(t.gesturesWithLocations == [
            "longPress began (10, 10)", "longPress changed (15, 10) by (5, 0)",
            "longPress changed (60, 40) by (50, 30)", "longPress ended (60, 40)",
        ])
        #expect(t.when("longPress began") == 500)
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A long press over empty canvas is no gesture: pausing before a drag still draws from the press point")
    func pauseThenDrag() {
        var t = Timeline(appEngine(lineAt: { _ in false }))
        t.run("down@10,10 700ms move@40,10 10ms up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["A began (10, 10)", "A moved (40, 10)", "A ended (40, 10)"])
        t.expectRest()
    }

    @Test("A line in progress vanishes when a long press fires after the press crossed the drag threshold")
    func longPressCancelsDeliveredContact() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down@10,10 100ms move@19,10 400ms move@19,11 10ms up")
        #expect(t.canvas == ["A began (10, 10)", "A moved (19, 10)", "A cancelled"])
        #expect(t.gestures == ["longPress began", "longPress changed", "longPress ended"])
        t.expectRest()
    }

    @Test("A drag that starts on the selected line moves it and draws nothing")
    func panMovesSelectedLine() {
        var t = Timeline(appEngine(selectedLineAt: { $0 == GesturePoint(x: 10, y: 10) }))
        t.run("down@10,10 10ms move@15,10 10ms move@30,10 10ms up")
        #expect(t.gesturesWithLocations == ["moveLine began (30, 10)", "moveLine ended (30, 10)"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A drag that starts elsewhere draws and never moves the selected line")
    func dragElsewhereDraws() {
        var t = Timeline(appEngine(selectedLineAt: { $0 == GesturePoint(x: 10, y: 10) }))
        t.run("down@50,50 10ms move@70,50 10ms up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["A began (50, 50)", "A moved (70, 50)", "A ended (70, 50)"])
    }

    @Test("A right click opens the menu at its release without waiting")
    func rightClickMenu() {
        var t = Timeline(appEngine())
        t.run("down:3@5,5 60ms up:3")
        #expect(t.gesturesWithLocations == ["menu recognized (5, 5)"])
        #expect(t.when("menu recognized") == 60)
        t.expectRest()
    }

    @Test("Several fingers draw at once, each its own line")
    func severalTouchesDraw() {
        var t = Timeline(appEngine())
        t.run("T1.down@0,0 10ms T2.down@100,0 10ms T1.move@0,50 T2.move@100,50 10ms T1.up 10ms T2.up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == [
            "T1 began (0, 0)", "T2 began (100, 0)", "T1 moved (0, 50)", "T2 moved (100, 50)",
            "T1 ended (0, 50)", "T2 ended (100, 50)",
        ])
        t.expectRest()
    }

    @Test("Two master pointers draw at once, each its own line")
    func twoPointersDraw() {
        var t = Timeline(appEngine())
        t.run("A.down@0,0 10ms A.move@0,30 B.down@50,0 10ms B.move@50,30 A.up B.up")
        #expect(t.canvas == [
            "A began (0, 0)", "A moved (0, 30)", "B began (50, 0)", "B moved (50, 30)",
            "A ended (0, 30)", "B ended (50, 30)",
        ])
        t.expectRest()
    }

    @Test("A touch double tap clears with the touch thresholds (taps 30 px apart)")
    func touchDoubleTap() {
        var t = Timeline(appEngine())
        t.run("T1.down@0,0 40ms T1.up 100ms T2.down@30,0 40ms T2.up")
        #expect(t.gestures == ["select provisional", "clear recognized", "select superseded"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("Clicks 30 px apart with the mouse are two single clicks")
    func mouseClicksApart() {
        var t = Timeline(appEngine())
        t.run("down@0,0 40ms up 100ms down@30,0 40ms up 400ms")
        #expect(t.gestures == ["select provisional", "select confirmed", "select provisional", "select confirmed"])
        t.expectRest()
    }

    @Test("A cancelled contact vanishes from the canvas")
    func cancelledDrawing() {
        var t = Timeline(appEngine())
        t.run("down@0,0 10ms move@20,0 10ms cancel 500ms")
        #expect(t.canvas == ["A began (0, 0)", "A moved (20, 0)", "A cancelled"])
        #expect(t.gestures.isEmpty)
        t.expectRest()
    }

    @Test("A cancelled contact cancels the line move in progress")
    func cancelledMove() {
        var t = Timeline(appEngine(lineAt: { _ in true }))
        t.run("down@0,0 500ms move@5,0 cancel")
        #expect(t.gestures == ["longPress began", "longPress changed", "longPress cancelled"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A cancelled press is no click")
    func cancelledClick() {
        var t = Timeline(appEngine())
        t.run("down 50ms cancel 500ms")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A press whose release was lost is cancelled by the next press, which draws afresh")
    func lostRelease() {
        var t = Timeline(appEngine())
        t.run("down@0,0 10ms move@20,0 100ms down@50,50 10ms move@70,50 up")
        #expect(t.canvas == [
            "A began (0, 0)", "A moved (20, 0)", "A cancelled", "A began (50, 50)", "A moved (70, 50)",
            "A ended (70, 50)",
        ])
        t.expectRest()
    }
}
