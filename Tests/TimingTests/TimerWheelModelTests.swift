import SeededRandom
import Testing
@testable import Timing

/// The trivially correct reference: an unsorted array searched in full for the minimum
/// (deadline, sequence) each time.
private struct ReferenceTimers {
    struct Entry { var deadline: Deadline; var sequence: Int; var id: Int }
    var pending: [Entry] = []
    var nextSequence = 0

    mutating func schedule(at deadline: Deadline, id: Int) {
        pending.append(Entry(deadline: deadline, sequence: nextSequence, id: id))
        nextSequence += 1
    }

    mutating func cancel(id: Int) -> Bool {
        guard let position = pending.firstIndex(where: { $0.id == id }) else { return false }
        pending.remove(at: position)
        return true
    }

    var next: Entry? { pending.min { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) } }

    mutating func popExpired(now: Deadline) -> Entry? {
        guard let first = next, first.deadline <= now else { return nil }
        _ = cancel(id: first.id)
        return first
    }
}

/// Drives the wheel and the reference with the same random operations and demands identical answers.
private struct ModelRun {
    var random: SeededGenerator
    var wheel: TimerWheel<Int>
    var reference = ReferenceTimers()
    var handles: [Int: TimerHandle] = [:]  // id -> handle, including stale ones
    var now: Deadline
    var nextID = 0
    var comparisons = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        now = Deadline(nanoseconds: UInt64.random(in: 0...(1 << 40), using: &random))
        wheel = TimerWheel(now: now)
    }

    mutating func randomDeadline() -> Deadline {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<5: return now - .nanoseconds(Int64.random(in: 0...Int64(second), using: &random))  // overdue
        case 5..<10: return now
        case 10..<30: return now + .nanoseconds(Int64.random(in: 1..<65_536, using: &random))  // this tick or next
        case 30..<55: return now + .nanoseconds(Int64.random(in: 1...Int64(500 * millisecond), using: &random))
        case 55..<70: return now + .nanoseconds(Int64.random(in: 1...Int64(100 * second), using: &random))
        // Far, but not so far that `now` saturates at the end of time within a few hundred steps, after
        // which every deadline is due or distantFuture and the cascades go untested. The jump to the
        // end of time is each episode's final drain.
        case 70..<78: return now + .nanoseconds(Int64.random(in: 1...(Int64(1) << 46), using: &random))
        case 78..<80: return .distantFuture
        default:  // a tie with a pending timer
            return reference.pending.randomElement(using: &random)?.deadline ?? now
        }
    }

    mutating func schedule() {
        let deadline = randomDeadline()
        handles[nextID] = wheel.schedule(at: deadline, nextID)
        reference.schedule(at: deadline, id: nextID)
        nextID += 1
    }

    mutating func cancel() {
        guard nextID > 0 else { return }
        let id = Int.random(in: 0..<nextID, using: &random)  // often stale
        let payload = wheel.cancel(handles[id]!)
        let wasPending = reference.cancel(id: id)
        #expect(payload == (wasPending ? id : nil))
    }

    mutating func advance() {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: now = now + .nanoseconds(Int64.random(in: 0...Int64(2 * millisecond), using: &random))
        case 40..<60: now = now + .nanoseconds(Int64.random(in: 0...Int64(10 * second), using: &random))
        case 60..<80:  // exactly onto a pending deadline
            if let target = reference.pending.randomElement(using: &random)?.deadline, target > now { now = target }
        case 80..<85: now = now + .nanoseconds(Int64.random(in: 0...(Int64(1) << 44), using: &random))
        default: break  // the same now again
        }
        drain(at: now)
    }

    /// Pops everything due, sometimes scheduling or cancelling in between (re-entrancy).
    mutating func drain(at time: Deadline) {
        while true {
            let expected = reference.popExpired(now: time)
            let actual = wheel.popExpired(now: time)
            comparisons += 1
            #expect(actual?.payload == expected?.id)
            #expect(actual?.deadline == expected?.deadline)
            guard let actual else { return }
            #expect(actual.handle == handles[actual.payload])
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 2 { schedule() } else if roll < 3 { cancel() }
        }
    }

    mutating func step() {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: schedule()
        case 5..<7: cancel()
        case 7: drain(at: now - .nanoseconds(Int64.random(in: 0...Int64(millisecond), using: &random)))  // a stale now
        default: advance()
        }
        #expect(wheel.count == reference.pending.count)
        #expect(wheel.nextDeadline == reference.next?.deadline)
    }
}

@Suite struct TimerWheelAgainstAReferenceModel {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSchedulesCancelsAndAdvancesMatchASortedReference(seed: UInt64) {
        for episode in 0..<10 {
            var run = ModelRun(seed: seed &* 1_000 &+ UInt64(episode))
            for operation in 0..<2_500 {
                run.step()
                if operation % 500 == 0 { expectSound(run.wheel) }
            }
            run.drain(at: .distantFuture)
            #expect(run.wheel.isEmpty)
            #expect(run.comparisons > 1_000)
            expectSound(run.wheel)
        }
    }
}
