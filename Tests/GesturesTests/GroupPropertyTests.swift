@testable import Gestures
import SeededRandom
import TestSupport
import Testing
import Timing

/// Properties of the recognizers of several contacts over seeded random streams that add fingers
/// landing together and swiping, and pointers pressed together, to everything else: 8 streams of
/// 10k events (20 under `make test-long`), each run through the app's engine with the swipe, the circle and
/// the taps of two and three contacts (in two registration orders) and without them.
@Suite struct GroupPropertyTests {
    /// One call into the engine: `position` orders calls across engines (2i + 1 handles event i,
    /// 2i fires timers before it, 2n the last advance).
    struct Call {
        var position: Int
        var now: Deadline
        /// The event's server time; nil for timers.
        var serverTime: ServerTime?
    }

    struct Run {
        var calls: [Call] = []
        /// Every output with the index of the call that produced it.
        var outputs: [(call: Int, output: GestureOutput<G>)] = []
        /// Steps after which the next deadline was not the earliest of the recognizers' own.
        var deadlineMismatches = 0
    }

    /// Runs `stream` like the X loop (as `PropertyTests.run`), recording which call produced what.
    static func run(_ engine: GestureEngine<G>, _ stream: StreamBuilder) -> Run {
        var run = Run()
        var buffer: [GestureOutput<G>] = []
        func record(_ call: Call) {
            for output in buffer { run.outputs.append((run.calls.count, output)) }
            buffer.removeAll(keepingCapacity: true)
            run.calls.append(call)
            let arbiter = engine.state.arbiter
            let earliest = arbiter.slots.compactMap { arbiter.recognizers.deadline($0.recognizer, arbiter.settings) }.min()
            if engine.nextDeadline != earliest || engine.nextDeadline != arbiter.wheel.nextDeadline {
                run.deadlineMismatches += 1
            }
        }
        var loopTime = Deadline.zero
        for (index, (event, arrival)) in zip(stream.events, stream.arrivals).enumerated() {
            if arrival > loopTime {
                while let due = engine.nextDeadline, due <= arrival {
                    engine.advance(to: due, into: &buffer)
                    record(Call(position: 2 * index, now: due, serverTime: nil))
                }
            }
            engine.handle(event, into: &buffer)
            record(Call(position: 2 * index + 1, now: event.readTime, serverTime: event.serverTime))
            loopTime = max(loopTime, event.readTime)
        }
        if let last = stream.events.last {
            engine.advance(to: last.readTime + .seconds(5), into: &buffer)
            record(Call(position: 2 * stream.events.count, now: last.readTime + .seconds(5), serverTime: nil))
        }
        return run
    }

    static func engine(
        order: [G] = [.clear, .select, .longPress, .moveLine, .menu, .swipe, .circle, .undoTap, .redoTap]
    ) -> GestureEngine<G> {
        appEngineWithGroups(lineAt: { $0.x > 100 && $0.y > 100 }, selectedLineAt: { $0.x < 40 && $0.y < 40 }, order: order)
    }

    static func stream(_ seed: Int) -> StreamBuilder {
        StreamBuilder(seed: UInt64(seed) &* 104_729 &+ 31, actions: 10_000, groups: true)
    }

    @Test("Streams with swipes and contacts landing together: well formed, at rest, no timer leaked, deadlines the wheel's, order-independent",
          arguments: 0..<TestLength.pick(8, long: 20))
    func wellFormedAndAtRest(seed: Int) {
        let stream = Self.stream(seed)
        let engine = Self.engine()
        let run = Self.run(engine, stream)
        let outputs = run.outputs.map(\.output)
        PropertyTests().checkWellFormed(outputs)
        #expect(engine.isAtRest)
        #expect(engine.pendingTimerCount == 0)
        #expect(engine.nextDeadline == nil)
        #expect(run.deadlineMismatches == 0)
        #expect(outputs.contains { if case .gesture(.swipe, .recognized) = $0 { true } else { false } }, "no swipe at all")
        #expect(outputs.contains { if case .gesture(.circle, .contactsBegan) = $0 { true } else { false } }, "no circle at all")
        #expect(outputs.contains { if case .gesture(.undoTap, .recognized) = $0 { true } else { false } }, "no two-contact tap at all")

        var random = SeededGenerator(seed: UInt64(seed))
        let order = [G.clear, .select, .longPress, .moveLine, .menu, .swipe, .circle, .undoTap, .redoTap].shuffled(using: &random)
        #expect(Self.run(Self.engine(order: order), stream).outputs.map(\.output) == outputs,
                "registration order \(order) changed the output (R9)")
    }

    @Test("A contact with no other down while it lasts: a mouse reaches the canvas exactly as without the swipe and the circle, a finger at most once the multi-contact window has passed",
          arguments: 0..<TestLength.pick(8, long: 20))
    func loneContacts(seed: Int) {
        let stream = Self.stream(seed)
        let with = Self.lone(Self.run(Self.engine(), stream), stream)
        let without = Self.lone(Self.run(appEngine(
            lineAt: { $0.x > 100 && $0.y > 100 }, selectedLineAt: { $0.x < 40 && $0.y < 40 }), stream), stream)
        Self.checkMiceAreNeverDelayed(with, without)
        Self.checkFingersAreHeldBackAtMostTheWindow(with, without, stream)
    }

    /// What the canvas saw of lone contacts: the press each output belongs to, the call, the output.
    struct Lone {
        var outputs: [(press: Int, position: Int, event: ContactEvent)]
        var calls: [Call]
    }

    static func lone(_ run: Run, _ stream: StreamBuilder) -> Lone {
        let lone = lonePresses(stream.events)
        return Lone(outputs: run.outputs.compactMap { call, output in
            let position = run.calls[call].position
            guard case .contact(let event) = output, let press = press(of: event, before: position, in: stream.events),
                lone.contains(press)
            else { return nil }
            return (press, position, event)
        }, calls: run.calls)
    }

    static func checkMiceAreNeverDelayed(_ with: Lone, _ without: Lone, sourceLocation: SourceLocation = #_sourceLocation) {
        func mice(_ lone: Lone) -> [String] {
            lone.outputs.compactMap { contact(of: $0.event)?.touch == 0 ? "\($0.position) \($0.event)" : nil }
        }
        let held = mice(with), free = mice(without)
        #expect(held.count > 1000, "too few lone mouse samples (\(held.count)) to show anything", sourceLocation: sourceLocation)
        let difference = zip(held, free).first { $0 != $1 }
        #expect(held.count == free.count && difference == nil, "first difference: \(String(describing: difference))",
                sourceLocation: sourceLocation)
    }

    /// A lone finger reaches the canvas as it would without the swipe and the circle (from the same
    /// press to the same end), its `began` no later than then or the first call by which the
    /// multi-contact window has passed (an event stamped that late, or a timer that late).
    static func checkFingersAreHeldBackAtMostTheWindow(
        _ with: Lone, _ without: Lone, _ stream: StreamBuilder, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        /// Each lone finger's press -> (position of its `began`, its first and last canvas outputs).
        func fates(_ lone: Lone) -> [Int: (began: Int, first: String, last: String)] {
            var fates: [Int: (began: Int, first: String, last: String)] = [:]
            for (press, position, event) in lone.outputs where contact(of: event)?.touch != 0 {
                if fates[press] == nil { fates[press] = (position, "\(event)", "\(event)") } else { fates[press]?.last = "\(event)" }
            }
            return fates
        }
        let held = fates(with), free = fates(without)
        #expect(held.count > 30, "too few lone fingers (\(held.count)) to show anything", sourceLocation: sourceLocation)
        let window = GestureSettings.default.touch.multiContactWindowMilliseconds
        var problems: [String] = []
        for (press, fate) in free {
            // A contact cancelled while held back is dropped: it leaves nothing, as one shown and cancelled.
            guard let heldFate = held[press] else {
                if !fate.last.hasPrefix("cancelled") { problems.append("press \(press) never reached the canvas") }
                continue
            }
            if heldFate.first != fate.first || heldFate.last != fate.last {
                problems.append("press \(press): \(heldFate.first)…\(heldFate.last) instead of \(fate.first)…\(fate.last)")
            }
            let event = stream.events[press]
            let windowPassed = with.calls.first { call in
                guard call.position > 2 * press + 1 else { return false }
                if let serverTime = call.serverTime { return serverTime.milliseconds(since: event.serverTime) >= window }
                return call.now >= event.readTime + .milliseconds(window)
            }?.position ?? Int.max
            if heldFate.began > max(fate.began, windowPassed) {
                problems.append("press \(press) began at \(heldFate.began), not by \(max(fate.began, windowPassed))")
            }
        }
        let extra = held.keys.filter { free[$0] == nil }.sorted()
        #expect(extra.isEmpty && problems.isEmpty,
                "\(problems.count) problems: \(problems.prefix(3)); shown only with them: \(extra.prefix(3))",
                sourceLocation: sourceLocation)
    }

    // MARK: Reading the stream

    /// The presses (event indices) during which no other contact was down: pressed with none down,
    /// and no other press until the contact lifted (released, cancelled, or pressed anew).
    static func lonePresses(_ events: [GestureInput]) -> Set<Int> {
        var down: [ContactID: (press: Int, button: Int)] = [:]
        var spoiled: Set<Int> = []
        var presses: [Int] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .press(let button):
                if let current = down[event.contact] {
                    guard current.button == button else { continue }  // a chord
                    down[event.contact] = nil  // its release was lost: this press ends it
                }
                if !down.isEmpty {
                    spoiled.insert(index)
                    for other in down.values { spoiled.insert(other.press) }
                }
                down[event.contact] = (index, button)
                presses.append(index)
            case .release(let button):
                if down[event.contact]?.button == button { down[event.contact] = nil }
            case .cancel:
                down[event.contact] = nil
            case .motion:
                continue
            }
        }
        return Set(presses).subtracting(spoiled)
    }

    /// The press (event index) that the canvas's `event` at call `position` belongs to: its contact's
    /// latest press by then; for the cancel a new press of the contact brings (its release was lost),
    /// the one before.
    static func press(of event: ContactEvent, before position: Int, in events: [GestureInput]) -> Int? {
        guard let contact = contact(of: event) else { return nil }
        var index = min((position - 1) / 2, events.count - 1)
        if case .cancelled = event, position % 2 == 1, events[index].contact == contact, case .press = events[index].kind {
            index -= 1
        }
        while index >= 0 {
            if events[index].contact == contact, case .press = events[index].kind { return index }
            index -= 1
        }
        return nil
    }

    static func contact(of event: ContactEvent) -> ContactID? {
        switch event {
        case .began(let s), .moved(let s), .ended(let s): s.contact
        case .cancelled(let contact): contact
        }
    }
}
