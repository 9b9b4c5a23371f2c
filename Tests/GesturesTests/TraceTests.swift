import Gestures
import Testing
import Timing

/// R12: every decision can be traced as a value and a machine-readable line.
@Suite struct TraceTests {
    @Test("R12 each decision is traced with recognizer, outcome, reason and times")
    func decisionsTraced() {
        let engine = appEngine()
        engine.isTracing = true
        var t = Timeline(engine)
        t.run("down 50ms up 400ms")
        var decisions: [GestureDecision<G>] = []
        engine.drainDecisions(into: &decisions)
        let summary = decisions.map { "\($0.tag) \($0.outcome.rawValue)" }
        #expect(summary == ["select held", "longPress failed", "moveLine failed", "clear failed", "select confirmed"])
        let confirmed = decisions[4]
        #expect(confirmed.reason == .awaitedGestureFailed)
        #expect(confirmed.eventTime == nil)
        #expect(confirmed.firstPressTime == ServerTime(milliseconds: 1_000))
        #expect(confirmed.latency == .milliseconds(400))
        #expect(decisions[1].reason == .releasedEarly)
        #expect(decisions[2].reason == .endedWithoutBeginning)
        #expect(decisions[3].reason == .windowPassed)
        #expect(decisions[0].latency == .zero)
    }

    @Test("R12 a decision renders as one line of JSON")
    func json() {
        let decision = GestureDecision(
            tag: G.select, outcome: .confirmed, reason: .awaitedGestureFailed, eventTime: nil,
            firstPressTime: ServerTime(milliseconds: 1_000), now: Deadline(nanoseconds: 5),
            latency: .milliseconds(400))
        #expect(decision.json == #"{"gesture":"select","outcome":"confirmed","reason":"every gesture it requires to fail has failed","event_ms":null,"first_press_ms":1000,"now_ns":5,"latency_ms":400.0}"#)
        #expect(!decision.json.contains("\n"))
    }

    @Test("R12 nothing is recorded unless tracing is on")
    func tracingOff() {
        let engine = appEngine()
        var t = Timeline(engine)
        t.run("down 50ms up 400ms")
        var decisions: [GestureDecision<G>] = []
        engine.drainDecisions(into: &decisions)
        #expect(decisions.isEmpty)
    }
}
