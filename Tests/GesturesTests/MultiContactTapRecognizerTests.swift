import Gestures
import Testing
import Timing

/// Two or three contacts tapped together (undo, redo): pressed together, lifted without moving, not held.
@Suite struct MultiContactTapRecognizerTests {
    /// A two-contact tap alone, holding fingers back and taking its contacts from the canvas.
    static func tapEngine(contacts: Int = 2) -> GestureEngine<G> {
        let engine = GestureEngine<G>()
        engine.add(.undoTap, MultiContactTapRecognizer(contacts: contacts), delaysContactsBegan: true, cancelsContacts: true)
        return engine
    }

    @Test("Two fingers tapped together are recognized at the first lift, at the mean of their presses; the canvas sees nothing")
    func twoFingers() {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 30ms T2.down@50,30 40ms T1.move@14,12 30ms T2.up 20ms T1.up")
        #expect(t.gesturesWithLocations == ["undoTap recognized (30, 20)"])
        #expect(t.when("undoTap recognized") == 100)
        #expect(t.canvas.isEmpty, "no dot, no line")
        t.expectRest()
    }

    @Test("A finger that moves beyond the drag threshold (16 px) is no tap: both draw", arguments: [(16.0, true), (16.5, false)])
    func movedTooFar(distance: Double, taps: Bool) {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 T2.down@50,30 20ms T2.move@\(50 + distance),30 20ms T1.up T2.up")
        #expect(t.gestures == (taps ? ["undoTap recognized"] : []))
        #expect(t.canvas.contains("T2 began (50, 30)") == !taps)
        t.expectRest()
    }

    @Test("Held for the long-press duration, it is no tap: at 499 ms it is, at 500 ms (by a timer or the lift's own time) not",
          arguments: [("499ms T1.up", true), ("500ms T1.up", false), ("500ms~ T1.up", false)])
    func heldTooLong(script: String, taps: Bool) {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 10ms T2.down@50,30 \(script) T2.up")
        #expect(t.gestures == (taps ? ["undoTap recognized"] : []))
        t.expectRest()
    }

    @Test("R8 a finger lifted before the second lands fails the tap, and shows as a contact at once")
    func liftedBeforeTheSecond() {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 50ms T1.up")
        #expect(t.gestures.isEmpty)
        #expect(t.canvas == ["T1 began (10, 10)", "T1 ended (10, 10)"])
        #expect(t.whenCanvas("T1 ended (10, 10)") == 50)
        t.expectRest()
    }

    @Test("The second finger lands within the multi-contact window (150 ms), or it is no tap", arguments: [(149, true), (150, false)])
    func landingWindow(gap: Int, taps: Bool) {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 \(gap)ms T2.down@50,30 10ms T1.up T2.up")
        #expect(t.gestures == (taps ? ["undoTap recognized"] : []))
        t.expectRest()
    }

    @Test("A third finger makes two no two-contact tap, and is what a three-contact tap waits for")
    func aThirdFinger() {
        var two = Timeline(Self.tapEngine())
        two.run("T1.down@10,10 T2.down@50,30 T3.down@90,30 20ms T1.up T2.up T3.up")
        #expect(two.gestures.isEmpty)
        two.expectRest()
        var three = Timeline(Self.tapEngine(contacts: 3))
        three.run("T1.down@10,10 T2.down@50,30 20ms T3.down@90,50 20ms T2.up T1.up T3.up")
        #expect(three.gesturesWithLocations == ["undoTap recognized (50, 30)"])
        #expect(three.canvas.isEmpty)
        three.expectRest()
    }

    @Test("Two master pointers clicked together are a tap: their lines, shown at once, are taken back")
    func twoPointers() {
        var t = Timeline(Self.tapEngine())
        t.run("A.down@10,10 10ms B.down@200,150 50ms A.up B.up")
        #expect(t.gestures == ["undoTap recognized"])
        #expect(t.canvas == ["A began (10, 10)", "B began (200, 150)", "A cancelled", "B cancelled"])
        t.expectRest()
    }

    @Test("A cancelled contact fails the tap")
    func cancelled() {
        var t = Timeline(Self.tapEngine())
        t.run("T1.down@10,10 T2.down@50,30 10ms T1.cancel T2.up")
        #expect(t.gestures.isEmpty)
        t.expectRest()
    }

    // MARK: - In the app's engine

    @Test("Two fingers tapped together in the app's engine: an undo, no circle, nothing drawn")
    func appTwoFingerTap() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@10,10 20ms T2.down@100,80 60ms T1.up T2.up")
        #expect(t.gestures == ["undoTap recognized"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("Three fingers tapped together in the app's engine: a redo, no circle, no swipe, nothing drawn")
    func appThreeFingerTap() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@10,10 20ms T2.down@100,80 20ms T3.down@150,80 60ms T2.up T1.up T3.up")
        #expect(t.gestures == ["redoTap recognized"])
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("Two master pointers clicked together in the app's engine: an undo and no 2-px circle (the bug of issue 21)")
    func appTwoPointers() {
        var t = Timeline(appEngineWithGroups())
        t.run("A.down@10,10 10ms B.down@12,11 40ms A.up B.up")
        #expect(t.gestures == ["undoTap recognized"])
        #expect(!t.canvas.contains { $0.contains("ended") }, "no line finished: \(t.canvas)")
        t.expectRest()
    }

    @Test("The circle waits for the two-contact tap to fail: it begins once a finger moves, where the fingers are then")
    func theCircleWaitsForTheTap() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@10,10 20ms T2.down@100,80 200ms T2.move@110,90 10ms T2.move@130,100 10ms T1.up")
        #expect(t.gesturesWithLocations == ["circle began (10, 10) (130, 100)", "circle ended (10, 10) (130, 100)"])
        #expect(t.when("circle began") == 230)
        t.run("T2.up")
        #expect(t.canvas.isEmpty)
        t.expectRest()
    }

    @Test("A circle that ends while it waits for the swipe to fail still takes its fingers from the canvas when it is delivered")
    func anEndedCircleDeliveredLateTakesItsFingers() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@100,100 20ms T2.down@200,200 10ms T2.move@210,200 10ms T2.move@230,200 10ms T1.up")
        #expect(t.gesturesWithLocations == ["circle began (100, 100) (230, 200)", "circle ended (100, 100) (230, 200)"])
        #expect(t.when("circle began") == 50, "when the swipe failed, at the lift")
        t.run("10ms T2.move@260,200 T2.up")
        #expect(t.canvas.isEmpty, "no dot and no line beside the circle: \(t.canvas)")
        t.expectRest()
    }

    @Test("Two fingers held still become a circle once they are held too long to be a tap")
    func heldFingersBecomeACircle() {
        var t = Timeline(appEngineWithGroups())
        t.run("T1.down@10,10 20ms T2.down@100,80 499ms")
        #expect(t.gestures.isEmpty)
        t.run("1ms")
        #expect(t.gesturesWithLocations == ["circle began (10, 10) (100, 80)"])
        t.run("T1.up T2.up")
        #expect(t.gestures == ["circle began", "circle ended"])
        t.expectRest()
    }

    @Test("R9 the taps give the same output in every registration order")
    func registrationOrder() {
        let script = "T1.down@10,10 20ms T2.down@100,80 50ms T1.up T2.up 500ms "
            + "T3.down@100,300 T4.down@140,300 T5.down@180,300 30ms T3.up T4.up T5.up 500ms "
            + "A.down@10,10 10ms B.down@200,150 10ms A.up B.up 500ms "
            + "T6.down@10,10 20ms T7.down@100,80 10ms T7.move@130,90 T6.up T7.up 500ms"
        let output = expectTheSameOutput(in: permutations([G.swipe, .circle, .undoTap, .redoTap, .select]), script) {
            appEngineWithGroups(order: $0 + [.clear, .longPress, .moveLine, .menu])
        }
        #expect(output.map { $0.contains { $0.contains("undoTap") } && $0.contains { $0.contains("redoTap") }
            && $0.contains { $0.contains("contactsBegan") } } == true)
    }
}
