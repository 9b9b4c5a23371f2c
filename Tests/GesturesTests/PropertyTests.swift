@testable import Gestures
import SeededRandom
import TestSupport
import Testing
import Timing

/// Properties over seeded random streams: 20 streams of 10k events (each run in two registration
/// orders, every third also in a second configuration), 8 of 20k clicks and 10 of 10k with live
/// reconfiguration: 0.5M distinct events, 0.8M handled. `make test-long` takes 60 streams and 20 of
/// clicks: 1.1M distinct events, 1.9M handled.
@Suite struct PropertyTests {
    /// Runs a stream like the X loop: idle until the next deadline or an event's arrival, timers
    /// due by the arrival fire first; a late-read event was queued while the loop was busy, so
    /// nothing fires between its arrival and its reading. Finally all time passes.
    /// `afterEachStep` runs after every call into the engine.
    static func run(
        _ engine: GestureEngine<G>, _ stream: StreamBuilder, afterEachStep: () -> Void = {}
    ) -> [GestureOutput<G>] {
        let events = stream.events
        var outputs: [GestureOutput<G>] = []
        outputs.reserveCapacity(events.count * 2)
        var loopTime = Deadline.zero
        for (event, arrival) in zip(events, stream.arrivals) {
            if arrival > loopTime {
                while let due = engine.nextDeadline, due <= arrival {
                    engine.advance(to: due, into: &outputs)
                    afterEachStep()
                }
            }
            engine.handle(event, into: &outputs)
            afterEachStep()
            loopTime = max(loopTime, event.readTime)
        }
        if let last = events.last {
            engine.advance(to: last.readTime + .seconds(5), into: &outputs)
            afterEachStep()
        }
        return outputs
    }

    static func engine(order: [G], doubleTapDelaysContacts: Bool = true) -> GestureEngine<G> {
        appEngine(lineAt: { $0.x > 100 && $0.y > 100 }, selectedLineAt: { $0.x < 40 && $0.y < 40 }, order: order,
                  doubleTapDelaysContacts: doubleTapDelaysContacts)
    }

    @Test("Random streams: no crash, well-formed gestures and contacts, rest reached, no timer leaked, order-independent",
          arguments: 0..<TestLength.pick(20, long: 60))
    func randomStreams(seed: Int) {
        let builder = StreamBuilder(seed: UInt64(seed) &* 7919 &+ 17, actions: 10_000)
        let engine = Self.engine(order: [.clear, .select, .longPress, .moveLine, .menu])
        let outputs = Self.run(engine, builder)
        #expect(engine.isAtRest)
        #expect(engine.pendingTimerCount == 0)
        #expect(engine.nextDeadline == nil)
        checkWellFormed(outputs)
        let presses = Set(builder.events.filter { if case .press = $0.kind { true } else { false } }.map { "\($0.contact) \($0.serverTime) \($0.location)" })
        let lostOrigins = outputs.filter { output in
            guard case .contact(.began(let s)) = output else { return false }
            return !presses.contains("\(s.contact) \(s.serverTime) \(s.location)")
        }
        #expect(lostOrigins.isEmpty, "a contact began somewhere other than its press: \(lostOrigins.prefix(3))")

        var random = SeededGenerator(seed: UInt64(seed))
        let order = [G.clear, .select, .longPress, .moveLine, .menu].shuffled(using: &random)
        let other = Self.run(Self.engine(order: order), builder)
        #expect(other == outputs, "registration order \(order) changed the output (R9)")

        // The configuration as first sketched, with a double tap that does not delay contacts.
        guard seed % 3 == 0 else { return }
        let sketch = Self.engine(order: order, doubleTapDelaysContacts: false)
        checkWellFormed(Self.run(sketch, builder))
        #expect(sketch.isAtRest)
    }

    @Test("After every event and timer the next deadline is the wheel's, the earliest of the recognizers' own deadlines",
          arguments: 0..<10)
    func nextDeadlineIsTheWheels(seed: Int) {
        let builder = StreamBuilder(seed: UInt64(seed) &+ 9_000, actions: 5_000)
        let engine = Self.engine(order: [.clear, .select, .longPress, .moveLine, .menu])
        var steps = 0
        var timed = 0
        var mismatches: [String] = []
        _ = Self.run(engine, builder) {
            steps += 1
            let arbiter = engine.state.arbiter
            let earliest = arbiter.slots.compactMap { arbiter.recognizers.deadline($0.recognizer, arbiter.settings) }
                .min()
            if earliest != nil { timed += 1 }
            if engine.nextDeadline != arbiter.wheel.nextDeadline || engine.nextDeadline != earliest {
                mismatches.append("step \(steps): engine \(String(describing: engine.nextDeadline)), wheel "
                    + "\(String(describing: arbiter.wheel.nextDeadline)), recognizers \(String(describing: earliest))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(steps) steps: \(mismatches.prefix(3))")
        #expect(timed > steps / 20, "too few steps with a timer pending (\(timed) of \(steps)) to show anything")
    }

    @Test("Random streams with settings changed live and recognizers removed and re-added stay well formed and reach rest",
          arguments: 0..<10)
    func randomReconfiguration(seed: Int) throws {
        let builder = StreamBuilder(seed: UInt64(seed) &+ 5_000, actions: 10_000)
        var random = SeededGenerator(seed: UInt64(seed))
        let engine = Self.engine(order: [.menu, .moveLine, .longPress, .select, .clear])
        var outputs: [GestureOutput<G>] = []
        for (index, event) in builder.events.enumerated() {
            while let due = engine.nextDeadline, due <= builder.arrivals[index] { engine.advance(to: due, into: &outputs) }
            engine.handle(event, into: &outputs)
            guard index % 97 == 0 else { continue }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: engine.settings.mouse.multiTapWindowMilliseconds = Int64.random(in: 150...700, using: &random)
            case 1: engine.settings.touch.dragThresholdPixels = Double.random(in: 4...30, using: &random)
            case 2:
                engine.remove(.longPress)
                engine.add(.longPress, LongPressRecognizer(shouldBegin: { $0.x > 100 }), cancelsContacts: true)
            default:
                engine.remove(.clear)
                engine.add(.clear, TapRecognizer(taps: 2), delaysContactsBegan: true)
                try engine.require(.select, toFail: .clear)
            }
        }
        engine.advance(to: builder.events.last!.readTime + .seconds(5), into: &outputs)
        checkWellFormed(outputs)
        #expect(engine.isAtRest)
        #expect(engine.pendingTimerCount == 0)
    }

    @Test("Random clicks: exactly one outcome per press sequence, never both a single and a double for the same presses",
          arguments: 0..<TestLength.pick(8, long: 20))
    func randomClicks(seed: Int) {
        var builder = StreamBuilder(seed: UInt64(seed) &+ 1_000)
        builder.ending = false
        while builder.events.count < 20_000 { builder.addClick() }
        let events = builder.events
        let outputs = Self.run(Self.engine(order: [.select, .clear, .menu, .moveLine, .longPress]), builder)

        let outcomes = outputs.compactMap { output -> String? in
            switch output {
            case .gesture(.select, .confirmed), .gesture(.select, .recognized): "single"
            case .gesture(.clear, .recognized): "double"
            default: nil
            }
        }
        let expected = Self.expectedTaps(events, .mouse)
        let mismatch = zip(outcomes, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(outcomes.count == expected.count && mismatch == nil,
                "first difference at outcome \(mismatch ?? min(outcomes.count, expected.count))")
        #expect(outputs.allSatisfy { if case .contact = $0 { false } else { true } }, "a click left a mark")
    }

    /// The rules of R4/R6 written plainly: press i and i+1 are a double when the gap from release
    /// i to press i+1 is in [minimum gap, window) and the presses are within the distance.
    static func expectedTaps(_ events: [GestureInput], _ source: InputSource) -> [String] {
        let t = GestureSettings.default.thresholds(for: source)
        let presses = stride(from: 0, to: events.count, by: 2).map { (events[$0], events[$0 + 1]) }
        var outcomes: [String] = []
        var i = 0
        while i < presses.count {
            if i + 1 < presses.count {
                let gap = presses[i + 1].0.serverTime.milliseconds(since: presses[i].1.serverTime)
                let distance = presses[i + 1].0.location.distance(to: presses[i].0.location)
                if gap >= t.multiTapMinimumGapMilliseconds && gap < t.multiTapWindowMilliseconds
                    && distance <= t.multiTapDistancePixels
                {
                    outcomes.append("double")
                    i += 2
                    continue
                }
            }
            outcomes.append("single")
            i += 1
        }
        return outcomes
    }

    /// Every contact: began, moved*, then ended or cancelled. Every continuous gesture: began,
    /// changed*, then ended or cancelled. Every provisional tap: exactly one confirmed/superseded.
    func checkWellFormed(_ outputs: [GestureOutput<G>], sourceLocation: SourceLocation = #_sourceLocation) {
        var contactsDown: Set<ContactID> = []
        var active: Set<G> = []
        var provisional: Set<G> = []
        var problems: [String] = []
        for (index, output) in outputs.enumerated() {
            switch output {
            case .contact(.began(let s)):
                if !contactsDown.insert(s.contact).inserted { problems.append("\(index): \(s.contact) began twice") }
            case .contact(.moved(let s)):
                if !contactsDown.contains(s.contact) { problems.append("\(index): \(s.contact) moved before began") }
            case .contact(.ended(let s)):
                if contactsDown.remove(s.contact) == nil { problems.append("\(index): \(s.contact) ended before began") }
            case .contact(.cancelled(let c)):
                if contactsDown.remove(c) == nil { problems.append("\(index): \(c) cancelled before began") }
            case .gesture(let tag, .began), .gesture(let tag, .contactsBegan):
                if !active.insert(tag).inserted { problems.append("\(index): \(tag) began twice") }
            case .gesture(let tag, .changed), .gesture(let tag, .contactsChanged):
                if !active.contains(tag) { problems.append("\(index): \(tag) changed before began") }
            case .gesture(let tag, .ended), .gesture(let tag, .contactsEnded), .gesture(let tag, .cancelled):
                if active.remove(tag) == nil { problems.append("\(index): \(tag) ended before began") }
            case .gesture(let tag, .provisional):
                if !provisional.insert(tag).inserted { problems.append("\(index): \(tag) provisional twice") }
            case .gesture(let tag, .confirmed), .gesture(let tag, .superseded):
                if provisional.remove(tag) == nil { problems.append("\(index): \(tag) settled without provisional") }
            case .gesture(let tag, .recognized):
                if provisional.contains(tag) { problems.append("\(index): \(tag) recognized while provisional") }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        #expect(contactsDown.isEmpty && active.isEmpty && provisional.isEmpty, sourceLocation: sourceLocation)
    }
}
