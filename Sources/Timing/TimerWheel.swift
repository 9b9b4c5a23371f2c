// Timing: deadlines, durations and the timer wheel. Standard library only; `now` is always an input.
//
// PLACEHOLDER IMPLEMENTATION (a sorted array) fixing the public API; the Timing work replaces the
// internals with the hierarchical wheel without changing these signatures.

/// Identifies one scheduled timer. Carries a generation, so a handle whose timer has fired or been
/// cancelled no longer matches anything: cancelling it is a harmless no-op.
public struct TimerHandle: Hashable, Sendable {
    let index: UInt32
    let generation: UInt32
}

/// A timer that has come due, as returned by `TimerWheel.popExpired(now:)`.
public struct ExpiredTimer<Payload> {
    public let handle: TimerHandle
    public let deadline: Deadline
    public let payload: Payload
}

/// Timers keyed by deadline, each carrying a `Payload` value (no closures: no allocation per timer).
///
/// Expiry is pulled: `while let t = wheel.popExpired(now: now) { handle(t) }`. Between pops the
/// caller may schedule and cancel freely (re-entrancy). A timer scheduled at or before `now` during
/// such a drain is returned by the same drain, in (deadline, insertion) order.
public struct TimerWheel<Payload> {
    private struct Entry {
        var deadline: Deadline
        var sequence: UInt64
        var handle: TimerHandle
        var payload: Payload
    }
    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0
    private var generations: [UInt32] = []
    private var freeIndices: [UInt32] = []

    /// The last `now` the wheel was advanced to.
    public private(set) var now: Deadline

    public init(now: Deadline = .zero) { self.now = now }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Schedules `payload` to expire at `deadline` (never earlier).
    @discardableResult
    public mutating func schedule(at deadline: Deadline, _ payload: Payload) -> TimerHandle {
        let index: UInt32
        if let reused = freeIndices.popLast() { index = reused } else {
            index = UInt32(generations.count); generations.append(0)
        }
        let handle = TimerHandle(index: index, generation: generations[Int(index)])
        let entry = Entry(deadline: deadline, sequence: nextSequence, handle: handle, payload: payload)
        nextSequence += 1
        let position = entries.firstIndex { ($0.deadline, $0.sequence) > (deadline, entry.sequence) } ?? entries.endIndex
        entries.insert(entry, at: position)
        return handle
    }

    /// Cancels a pending timer and returns its payload; nil (and nothing happens) for a stale handle.
    @discardableResult
    public mutating func cancel(_ handle: TimerHandle) -> Payload? {
        guard isPending(handle), let position = entries.firstIndex(where: { $0.handle == handle }) else { return nil }
        let entry = entries.remove(at: position)
        retire(handle)
        return entry.payload
    }

    public func isPending(_ handle: TimerHandle) -> Bool {
        Int(handle.index) < generations.count && generations[Int(handle.index)] == handle.generation
            && entries.contains { $0.handle == handle }
    }

    /// The earliest pending deadline, exact; nil when nothing is scheduled.
    public var nextDeadline: Deadline? { entries.first?.deadline }

    /// Removes and returns the earliest timer whose deadline is <= `now`, advancing the wheel's clock.
    public mutating func popExpired(now: Deadline) -> ExpiredTimer<Payload>? {
        if now > self.now { self.now = now }
        guard let first = entries.first, first.deadline <= now else { return nil }
        entries.removeFirst()
        retire(first.handle)
        return ExpiredTimer(handle: first.handle, deadline: first.deadline, payload: first.payload)
    }

    private mutating func retire(_ handle: TimerHandle) {
        generations[Int(handle.index)] &+= 1
        freeIndices.append(handle.index)
    }
}

/// The `poll()` timeout in milliseconds for waiting until `deadline`: -1 (block) when there is none,
/// 0 only when it is already due, otherwise rounded up so the wait never ends early.
public func pollTimeout(until deadline: Deadline?, now: Deadline) -> Int32 {
    guard let deadline else { return -1 }
    if deadline <= now { return 0 }
    let ms = (deadline - now).millisecondsRoundedUp
    return ms > Int64(Int32.max) ? Int32.max : Int32(ms)
}
