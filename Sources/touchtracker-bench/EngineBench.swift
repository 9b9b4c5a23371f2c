import Gestures
import SeededRandom
import Timing

// Gesture engine throughput on a realistic stream: drags sampled at 1 kHz, hover, clicks, double
// clicks, right clicks and long presses, through the engine configured as the app configures it.
// JSON: engine_ns_per_event (goal <= 100), engine_events, engine_ns_per_event_clicks for a
// worst case: nothing but clicks and double clicks (every event a press or release), and
// engine_ns_per_event_with_groups: the same stream with a three-finger swipe and a two-contact
// gesture registered as well.

private enum BenchGesture: Hashable, Comparable, Sendable {
    case select, clear, longPress, moveLine, swipe, circle, undo, redo
}

private extension SeededGenerator {
    /// The next number of the stream modulo `bound`: slightly biased, but the same every run.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// A realistic session: mostly motion (drags and hover at 1 kHz) between clicks and long presses.
/// With `clicksOnly`, nothing but clicks and double clicks.
private func realisticStream(events count: Int, clicksOnly: Bool = false) -> [GestureInput] {
    var random = SeededGenerator(seed: 42)
    var events: [GestureInput] = []
    events.reserveCapacity(count + 1_000)
    var ms: Int64 = 0
    var x = 100.0, y = 100.0
    let mouse = ContactID(device: 2)
    func add(_ kind: GestureInput.Kind) {
        events.append(GestureInput(
            kind, contact: mouse, source: .mouse, location: GesturePoint(x: x, y: y),
            serverTime: ServerTime(milliseconds: UInt32(truncatingIfNeeded: ms)),
            readTime: Deadline(nanoseconds: UInt64(ms) * 1_000_000 + 1_000_000_000)))
    }
    while events.count < count {
        switch clicksOnly ? 5 + random.next(2) : random.next(10) {
        case 0, 1, 2:  // drag at 1 kHz
            add(.press(button: 1))
            for _ in 0..<(50 + random.next(400)) {
                ms += 1; x += Double(random.next(5)) - 2; y += Double(random.next(5)) - 1
                add(.motion)
            }
            add(.release(button: 1))
        case 3, 4:  // hover
            for _ in 0..<(20 + random.next(200)) {
                ms += 1; x += Double(random.next(3)) - 1; y += Double(random.next(3)) - 1
                add(.motion)
            }
        case 5:  // click
            add(.press(button: 1)); ms += Int64(40 + random.next(80)); add(.release(button: 1))
        case 6:  // double click
            add(.press(button: 1)); ms += 60; add(.release(button: 1)); ms += Int64(80 + random.next(150)); add(.press(button: 1)); ms += 60
            add(.release(button: 1))
        case 7:  // right click
            add(.press(button: 3)); ms += 70; add(.release(button: 3))
        default:  // long press, then moving the line
            add(.press(button: 1)); ms += 600
            for _ in 0..<(20 + random.next(100)) { ms += 1; x += 1; add(.motion) }
            add(.release(button: 1))
        }
        ms += Int64(100 + random.next(600))
    }
    return events
}

func engineSection(_ report: inout BenchReport) {
    let passes = report.long ? 50 : 10
    let events = realisticStream(events: 200_000)
    report.row("  \(events.count) events (drags at 1 kHz, hover, clicks, double clicks, right clicks, long presses), best of \(passes) passes")
    report.record("engine_ns_per_event", nanosecondsPerEvent(events, passes: passes), unit: "ns (goal <= 100)")
    report.record("engine_events", Double(events.count))
    let clicks = realisticStream(events: 50_000, clicksOnly: true)
    report.row("  \(clicks.count) events of clicks and double clicks only")
    report.record("engine_ns_per_event_clicks", nanosecondsPerEvent(clicks, passes: passes), unit: "ns")
    report.row("  the first stream, with a three-finger swipe, a two-contact gesture and two- and three-contact taps registered too")
    report.record(
        "engine_ns_per_event_with_groups", nanosecondsPerEvent(events, passes: passes, groups: true), unit: "ns")
}

/// The best time per event over `passes` runs of `events` through a fresh engine configured as
/// the app configures it (with `groups`, with a swipe, a two-contact gesture and the taps of two and three
/// contacts as well), driven like the X loop (timers fire when due, before later events).
private func nanosecondsPerEvent(_ events: [GestureInput], passes: Int, groups: Bool = false) -> Double {
    var best = Double.infinity
    var outputs: [GestureOutput<BenchGesture>] = []
    outputs.reserveCapacity(64)
    var delivered = 0
    for _ in 0..<passes {
        let engine = GestureEngine<BenchGesture>(settings: .default, now: .zero)
        engine.add(.clear, TapRecognizer(taps: 2), delaysContactsBegan: true)
        engine.add(.select, TapRecognizer(taps: 1), provisional: true, delaysContactsBegan: true)
        engine.add(.longPress, LongPressRecognizer(shouldBegin: { $0.x > 150 }), cancelsContacts: true)
        engine.add(.moveLine, PanRecognizer(shouldBegin: { $0.y < 90 }), cancelsContacts: true)
        try! engine.require(.select, toFail: .clear)
        if groups {
            engine.add(.swipe, SwipeRecognizer(contacts: 3, direction: .up, sources: .touch), delaysContactsBegan: true,
                       cancelsContacts: true)
            engine.add(.circle, MultiContactRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
            engine.add(.undo, MultiContactTapRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
            engine.add(.redo, MultiContactTapRecognizer(contacts: 3), delaysContactsBegan: true, cancelsContacts: true)
            try! engine.require(.circle, toFail: .swipe)
            try! engine.require(.circle, toFail: .undo)
        }

        let start = monotonicNanoseconds()
        for event in events {
            while let due = engine.nextDeadline, due <= event.readTime { engine.advance(to: due, into: &outputs) }
            engine.handle(event, into: &outputs)
            delivered &+= outputs.count
            outputs.removeAll(keepingCapacity: true)
        }
        let elapsed = Double(monotonicNanoseconds() - start)
        best = min(best, elapsed / Double(events.count))
    }
    blackHole(delivered)
    return best.rounded(toPlaces: 1)
}
