import Gestures
import Testing
import Timing

/// The circle between two contacts: two fingers, or two master pointers, down together.
@Suite struct MultiContactRecognizerTests {
    /// A circle recognizer alone, holding fingers back and taking its contacts from the canvas.
    static func circleEngine() -> GestureEngine<G> {
        let engine = GestureEngine<G>()
        engine.add(.circle, MultiContactRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        return engine
    }

    @Test("Two fingers down together begin at the second's landing, report both on every motion and end at the first lift; they draw nothing")
    func twoFingers() {
        var t = Timeline(Self.circleEngine())
        t.run("T1.down@10,10 50ms T2.down@100,80 10ms T2.move@110,90 10ms T1.move@5,5 10ms T1.up@4,4")
        #expect(t.gesturesWithLocations == [
            "circle began (10, 10) (100, 80)", "circle changed (10, 10) (110, 90)", "circle changed (5, 5) (110, 90)",
            "circle ended (4, 4) (110, 90)",
        ])
        #expect(t.when("circle began") == 50)
        t.run("10ms T2.move@200,200 T2.up")
        #expect(t.gestures.count == 4, "the contact left after the first lift is no part of anything")
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("In the app's engine the circle waits for the three-finger swipe to fail, then begins where the fingers are")
    func waitsForTheSwipe() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@10,10 50ms T2.down@100,80 50ms T2.move@120,80 49ms")
        #expect(t.gestures.isEmpty)
        t.run("1ms")
        #expect(t.gesturesWithLocations == ["circle began (10, 10) (120, 80)"])
        #expect(t.when("circle began") == 150)
        t.run("T1.up T2.up")
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("The second finger lands within 150 ms of the first: 149 ms begins a circle, 150 ms does not and both draw",
          arguments: [(149, "ms", true), (150, "ms", false), (149, "ms~", true), (150, "ms~", false)])
    func landingWindow(gap: Int, token: String, circles: Bool) {
        var t = Timeline(Self.circleEngine())
        t.run("T1.down@10,10 \(gap)\(token) T2.down@100,80 10ms T1.up T2.up")
        #expect(t.gestures.contains("circle began") == circles)
        #expect(t.canvas.contains("T2 began (100, 80)") == !circles)
        #expect(t.whenCanvas("T1 began (10, 10)") == (circles ? nil : 150))
        t.expectRest()
    }

    @Test("A third finger within the window cancels a circle; after the window it is no part of it and draws",
          arguments: [(149, true), (150, false)])
    func aThirdFinger(landsAfter: Int, cancels: Bool) {
        var t = Timeline(Self.circleEngine())
        t.run("T1.down@10,10 T2.down@100,80 \(landsAfter)ms T3.down@50,50 10ms T3.up T1.up T2.up")
        #expect(t.gestures == (cancels ? ["circle began", "circle cancelled"] : ["circle began", "circle ended"]))
        #expect(t.canvas == ["T3 began (50, 50)", "T3 ended (50, 50)"])
        t.expectRest()
    }

    @Test("Two master pointers pressed within 300 ms draw a circle once one moves (until then they may be a tap); the first is never held back and its line is taken back",
          arguments: [(299, true), (300, false)])
    func twoMasterPointers(gap: Int, circles: Bool) {
        var t = Timeline(appEngineWithGroups())
        t.run("A.down@10,10 10ms A.move@16,10 \(gap - 10)ms B.down@200,150")
        #expect(t.gestures.isEmpty)
        if circles {
            #expect(t.canvas == ["A began (10, 10)", "A moved (16, 10)", "B began (200, 150)"], "shown until the circle takes them")
            t.run("10ms B.move@220,150")
            #expect(t.gesturesWithLocations == ["circle began (16, 10) (220, 150)"])
            #expect(t.when("circle began") == Int64(gap + 10))
            #expect(t.canvas.suffix(2) == ["A cancelled", "B cancelled"], "their lines taken back")
        } else {
            #expect(t.whenCanvas("A began (10, 10)") == 300, "a click, once the second press has made it none")
            #expect(t.canvas.last == "B began (200, 150)")
        }
        t.run("10ms A.up B.up")
        t.expectRest()
    }

    @Test("A pointer that moved beyond the drag threshold before the second pressed is drawing: no circle, two lines",
          arguments: [8.0, 8.5])
    func aPointerAlreadyDrawing(moved: Double) {
        var t = Timeline(appEngineWithGroups())
        t.run("A.down@10,10 10ms A.move@\(10 + moved),10 10ms B.down@200,150 10ms B.move@220,150 A.up B.up")
        let circles = moved <= 8
        // The circle waits for the two-contact tap, which fails as B moves: it begins there, where they are.
        #expect(t.gestures == (circles ? ["circle began", "circle ended"] : []))
        #expect(t.canvas.contains("B moved (220, 150)") == !circles)
        #expect(t.canvas.contains("A ended (\(10 + moved), 10)") == !circles)
        t.expectRest()
    }

    @Test("A mouse and a finger are no circle: each draws its own line")
    func aMouseAndAFinger() {
        var t = Timeline(appEngineWithGroups())
        t.run("A.down@10,10 10ms A.move@30,10 10ms T1.down@100,100 10ms T1.move@140,100 10ms A.up T1.up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas.contains("T1 began (100, 100)") && t.canvas.contains("A ended (30, 10)"))
        #expect(t.whenCanvas("T1 began (100, 100)") == 20, "no group starts while another contact is down")
        t.expectRest()
    }

    @Test("A second mouse is no circle once the first has become something else (a pan moving the selected line)")
    func notAfterThePressBecameAPan() {
        var t = Timeline(appEngineWithGroups(selectedLineAt: { _ in true }))
        t.run("A.down@10,10 10ms A.move@30,10 20ms B.down@200,150 10ms B.move@220,150 A.up B.up")
        #expect(t.gestures == ["moveLine began", "moveLine ended"])
        t.expectRest()
    }

    @Test("R8 a finger lifted before the second lands fails the circle, and its line is shown at once")
    func liftedBeforeTheSecond() {
        var t = Timeline(Self.circleEngine())
        t.run("T1.down@10,10 50ms T1.move@40,10 T1.up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["T1 began (10, 10)", "T1 moved (40, 10)", "T1 ended (40, 10)"])
        #expect(t.whenCanvas("T1 ended (40, 10)") == 50)
        t.expectRest()
    }

    @Test("A cancelled contact cancels the circle")
    func cancelledContact() {
        var t = Timeline(Self.circleEngine())
        t.run("T1.down@10,10 T2.down@100,80 10ms T1.cancel 10ms T2.move@90,80 T2.up")
        #expect(t.gestures == ["circle began", "circle cancelled"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("R9 the recognizers of several contacts give the same output in every registration order")
    func registrationOrder() {
        let script = "T1.down@10,10 20ms T2.down@100,80 10ms T2.move@120,80 200ms T1.up T2.up 100ms "
            + "T3.down@100,300 T4.down@140,300 T5.down@180,300 30ms T3.move@100,240 T4.move@140,240 T5.move@180,240 "
            + "T3.up T4.up T5.up 100ms A.down@10,10 10ms A.move@30,10 100ms B.down@200,150 10ms A.up B.up 500ms"
        let output = expectTheSameOutput(in: permutations([G.clear, .select, .moveLine, .swipe, .circle]), script) {
            appEngineWithGroups(order: $0 + [.longPress, .menu])
        }
        #expect(output.map { $0.contains { $0.contains("contactsBegan") } && $0.contains { $0.contains("swipe") } } == true)
    }
}
