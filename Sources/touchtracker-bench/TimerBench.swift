import Dispatch
import SeededRandom
import Timing

// Timers (the wheel's T9 and T6): the wheel against a binary heap, a sorted array, a linear scan and
// DispatchSourceTimer, side by side at 1, 4, 1k, 100k and 1M pending timers.
//
//   schedule+cancel   cancel a random pending timer and schedule a new one in its place, so N
//                     stays constant; deadlines uniform over the next 10 s.
//   loop step         what an event loop does per event: the same replacement, then a drain that
//                     finds nothing due, then the next deadline for the poll timeout.
//                     DispatchSource has no equivalent (the kernel and libdispatch do this part).
//
// Each cell runs for a fixed time budget after a warm-up, so slow structures at large N simply do
// fewer operations; the structures take turns in interleaved rounds and each keeps its best round.
// Every round is preceded by an untimed run of the same length, so each structure is timed with its
// own data in cache (steady state), not while refilling what the previous contender evicted.
// Allocations per operation are counted in a separate run (Swift heap allocations on the measuring
// thread, see AllocationCounter.swift); not for DispatchSource, whose worker threads would run under
// the counting hook.

func timerSection(_ report: inout BenchReport) {
    let sizes: [(label: String, count: Int)] = [("1", 1), ("4", 4), ("1k", 1_000), ("100k", 100_000), ("1m", 1_000_000)]
    let budget: UInt64 = report.long ? 1_000_000_000 : 150_000_000
    let names = ["wheel", "heap", "sorted_array", "linear_scan", "dispatch"]
    let header = pad("N", 6) + ["wheel", "binary heap", "sorted array", "linear scan", "DispatchSource"].map { pad($0, 17) }.joined()

    var scheduleCancel: [String: [String: TimerCost]] = [:]
    var loopStep: [String: [String: TimerCost]] = [:]
    report.row("schedule+cancel, ns/op (Swift heap allocations/op), best of \(timerRounds) interleaved rounds:")
    report.row(header)
    for (label, count) in sizes {
        let workload = TimerWorkload(pending: count)
        var contenders = queueContenders(workload, readingNextDeadline: false)
        if count <= 100_000 { contenders.append(dispatchContender(workload)) }
        scheduleCancel[label] = measureSideBySide(contenders, budget: budget)
        report.row(pad(label, 6) + names.map { pad(scheduleCancel[label]![$0]?.description ?? "n/a", 17) }.joined())
    }
    report.row("  (?) allocations not counted: libdispatch's own threads would run under the counting hook")
    report.row("loop step (cancel + schedule + pop expired (none due) + next deadline), ns/op:")
    report.row(header)
    for (label, count) in sizes {
        loopStep[label] = measureSideBySide(queueContenders(TimerWorkload(pending: count), readingNextDeadline: true), budget: budget)
        report.row(pad(label, 6) + names.map { pad(loopStep[label]![$0]?.description ?? "n/a", 17) }.joined())
    }

    for (label, _) in sizes {
        for name in names {
            if let cost = scheduleCancel[label]![name] {
                report.record("\(name)_schedule_cancel_ns_\(label)", cost.nanosecondsPerOperation.rounded(toPlaces: 1), unit: "ns")
            }
            if let cost = loopStep[label]![name] {
                report.record("\(name)_loop_step_ns_\(label)", cost.nanosecondsPerOperation.rounded(toPlaces: 1), unit: "ns")
            }
        }
        report.record("wheel_allocations_per_op_\(label)", scheduleCancel[label]!["wheel"]!.allocationsPerOperation, unit: "allocations")
    }
    func ratio(_ table: [String: [String: TimerCost]], _ label: String, _ other: String) -> Double {
        (table[label]![other]!.nanosecondsPerOperation / table[label]!["wheel"]!.nanosecondsPerOperation).rounded(toPlaces: 2)
    }
    report.record("wheel_speedup_vs_heap_100k", ratio(scheduleCancel, "100k", "heap"), unit: "x (goal >= 3)")
    report.record("wheel_vs_linear_scan_4", ratio(scheduleCancel, "4", "linear_scan"), unit: "x (goal >= 1)")
    report.record("wheel_vs_linear_scan_loop_step_4", ratio(loopStep, "4", "linear_scan"), unit: "x")
    report.record("wheel_speedup_vs_heap_loop_step_100k", ratio(loopStep, "100k", "heap"), unit: "x")
}

/// Timing rounds per contender; the best is kept, so load from other processes on a shared
/// machine inflates the figures less.
private let timerRounds = 15

/// One structure under measurement: `operate(n)` runs n operations; `finish` releases resources.
private struct Contender {
    let name: String
    let operate: (Int) -> Void
    var finish: () -> Void = {}
    var countsAllocations = true
}

private func queueContenders(_ workload: TimerWorkload, readingNextDeadline: Bool) -> [Contender] {
    [
        queueContender("wheel", WheelQueue(), workload, readingNextDeadline),
        queueContender("heap", BinaryHeapQueue(), workload, readingNextDeadline),
        queueContender("sorted_array", SortedArrayQueue(), workload, readingNextDeadline),
        queueContender("linear_scan", LinearScanQueue(), workload, readingNextDeadline),
    ]
}

/// Warms every contender up, then times them in interleaved rounds (so a burst of outside load
/// hits all of them alike), keeping each one's best round; then counts allocations.
private func measureSideBySide(_ contenders: [Contender], budget: UInt64) -> [String: TimerCost] {
    for contender in contenders { _ = runFor(budget / 10, contender.operate) }
    var best = [Double](repeating: .infinity, count: contenders.count)
    let roundBudget = budget / UInt64(timerRounds)
    for _ in 0..<timerRounds {
        for (index, contender) in contenders.enumerated() {
            // Untimed first: the previous contender has evicted this one's data from the caches
            // (100k DispatchSourceTimers alone outgrow the L3), and refilling megabytes from DRAM
            // took most of a 10 ms round, so the figures measured the refill more than the structure.
            _ = runFor(roundBudget, contender.operate)
            let timing = runFor(roundBudget, contender.operate)
            best[index] = min(best[index], Double(timing.nanoseconds) / Double(timing.operations))
        }
    }
    var costs: [String: TimerCost] = [:]
    for (index, contender) in contenders.enumerated() {
        let allocations = contender.countsAllocations ? allocationsPerOperation(budget / 10, contender.operate) : .nan
        costs[contender.name] = TimerCost(nanosecondsPerOperation: best[index], allocationsPerOperation: allocations)
        contender.finish()
    }
    return costs
}

struct TimerCost: CustomStringConvertible {
    var nanosecondsPerOperation: Double
    var allocationsPerOperation: Double
    var description: String {
        guard allocationsPerOperation.isFinite else { return String(Int(nanosecondsPerOperation)) + " (?)" }
        let ns = nanosecondsPerOperation < 100 ? String(nanosecondsPerOperation.rounded(toPlaces: 1)) : String(Int(nanosecondsPerOperation))
        let allocations = allocationsPerOperation == allocationsPerOperation.rounded()
            ? String(Int(allocationsPerOperation)) : String(allocationsPerOperation.rounded(toPlaces: 2))
        return "\(ns) (\(allocations))"
    }
}

/// Deadlines within the next 10 s, and which pending timer each operation replaces: precomputed so
/// random-number generation is not measured.
private struct TimerWorkload {
    static let horizon: UInt64 = 10_000_000_000
    let initial: [UInt64]
    let deadlines: [UInt64]
    let victims: [Int]

    init(pending: Int) {
        var random = SeededGenerator(seed: UInt64(pending))
        initial = (0..<pending).map { _ in random.next() % Self.horizon + 1 }
        deadlines = (0..<65_536).map { _ in random.next() % Self.horizon + 1 }
        victims = (0..<65_536).map { _ in Int(random.next() % UInt64(pending)) }
    }
}

private func queueContender<Queue: BenchTimerQueue>(
    _ name: String, _ empty: Queue, _ workload: TimerWorkload, _ readingNextDeadline: Bool
) -> Contender {
    var run = QueueRun(queue: empty, workload: workload)
    return Contender(name: name, operate: { readingNextDeadline ? run.operateReadingNextDeadline($0) : run.operate($0) },
                     finish: { blackHole(run.checksum) })
}

/// A queue under the workload: each operation cancels a random pending timer and schedules a new one.
private struct QueueRun<Queue: BenchTimerQueue> {
    var queue: Queue
    var handles: [Queue.Handle]
    let workload: TimerWorkload
    var operation = 0
    /// Folds in every next deadline read, so the reads cannot be optimized away.
    var checksum: UInt64 = 0

    init(queue: Queue, workload: TimerWorkload) {
        self.queue = queue
        self.workload = workload
        handles = self.queue.fill(workload.initial)
    }

    @inline(__always)
    mutating func replaceOne() {
        let slot = operation & 65_535
        let victim = workload.victims[slot]
        queue.cancel(handles[victim])
        handles[victim] = queue.schedule(at: workload.deadlines[slot], operation)
        operation &+= 1
    }

    mutating func operate(_ count: Int) {
        for _ in 0..<count { replaceOne() }
    }

    /// As an event loop: the replacement, a drain at time zero (all deadlines lie ahead), then the
    /// next deadline.
    mutating func operateReadingNextDeadline(_ count: Int) {
        for _ in 0..<count {
            replaceOne()
            while let payload = queue.popExpired(now: 0) { checksum &+= UInt64(payload) }
            checksum &+= queue.nextDeadline ?? 0
        }
    }
}

/// The same operation with libdispatch: cancel a pending timer source, create, schedule and
/// activate a new one on a private serial queue.
private func dispatchContender(_ workload: TimerWorkload) -> Contender {
    let queue = DispatchQueue(label: "touchtracker-bench.timers")
    let start = DispatchTime.now()
    func makeSource(_ deadline: UInt64) -> DispatchSourceTimer {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: start + .nanoseconds(Int(deadline + 3_600_000_000_000)))
        source.activate()
        return source
    }
    var sources = workload.initial.map(makeSource)
    var operation = 0
    return Contender(name: "dispatch", operate: { count in
        for _ in 0..<count {
            let slot = operation & 65_535
            let victim = workload.victims[slot]
            sources[victim].cancel()
            sources[victim] = makeSource(workload.deadlines[slot])
            operation &+= 1
        }
    }, finish: {
        sources.forEach { $0.cancel() }
        sources = []
        queue.sync {}
    }, countsAllocations: false)
}

/// Swift heap allocations per operation over a separate run (counting slows retain/release, so it
/// is kept out of the timed run); NaN when the runtime offers no hook.
private func allocationsPerOperation(_ budget: UInt64, _ body: (Int) -> Void) -> Double {
    var operations = 0
    guard let allocations = countAllocations({ operations = runFor(budget, body).operations }) else { return .nan }
    return Double(allocations) / Double(operations)
}

/// Runs `body` in doubling batches until `budget` nanoseconds have passed; returns the totals.
private func runFor(_ budget: UInt64, _ body: (Int) -> Void) -> (operations: Int, nanoseconds: UInt64) {
    let start = monotonicNanoseconds()
    var operations = 0
    var batch = 1
    var elapsed: UInt64 = 0
    repeat {
        body(batch)
        operations += batch
        batch = min(batch * 2, 4_096)
        elapsed = monotonicNanoseconds() - start
    } while elapsed < budget
    return (operations, elapsed)
}
