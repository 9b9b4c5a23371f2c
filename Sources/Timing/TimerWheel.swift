// Timing: deadlines, durations and the timer wheel. Standard library only; `now` is always an input,
// so every behaviour is testable without a clock and without sleeping.
//
// Start here. The pieces:
//   Deadline / TimeAmount   a monotonic point in time and a signed length of time, in nanoseconds.
//   TimerWheel<Payload>     the public face: schedule / cancel / popExpired / nextDeadline, and the clock.
//   TimerSchedule           the ordering core: a hierarchical timing wheel (WheelGeometry: 8 levels x 64
//                           slots over 65.536 µs ticks, covering every UInt64 deadline), occupancy
//                           bitmaps read with trailing-zero counts, circular index-linked lists of
//                           TimerNodes with a free list, and a sorted "due list" for reached ticks so
//                           the order is exact (deadline, then insertion sequence).
//   TimerStorage            nodes (payloads inside) and bitmaps behind raw pointers, copied on write, grown
//                           by doubling: no allocation per timer.
//   TimerSchedule+Invariants  a full structural check, used by the tests after every scenario.
//   pollTimeout             turns the next deadline into a poll() timeout that never wakes early.
//
// The loop drives it (pull model, no callbacks, no ticking while idle):
//   let now = clock()
//   while let timer = wheel.popExpired(now: now) { handle(timer) }   // may schedule/cancel freely
//   poll(fds, pollTimeout(until: wheel.nextDeadline, now: now))
//
// Costs: schedule O(1) (plus, for a deadline inside the current tick, a sorted insert that is one
// comparison when deadlines arrive in order); cancel O(1); popExpired O(1) amortized: a timer is
// moved down at most once per level, and empty slots are never visited, so a big jump in time costs
// what the timers it fires cost, not the ticks it skips. nextDeadline is exact and O(1) once a drain has
// ended (cancelling the earliest timer defers one scan of the earliest slot to the next read or drain).

/// Timers keyed by deadline, each carrying a `Payload` value (no closures: no allocation per timer
/// once the wheel's storage has grown to the peak number of pending timers).
///
/// Guarantees:
/// - Never early: a timer is returned only by `popExpired(now:)` with `deadline <= now`, compared at
///   full nanosecond precision. Advancing exactly to a deadline fires it; scheduling at `now` fires
///   on the next pop at that same `now`, with no extra tick.
/// - Exact order: timers come out by (deadline, insertion sequence), whatever slot they share, and
///   the sequence does not depend on how time was advanced (one jump or many small steps).
/// - Re-entrancy: between pops the caller may schedule and cancel anything. A timer scheduled
///   during a drain with a deadline at or before that drain's `now` is returned by the same drain,
///   in (deadline, sequence) order among the timers not yet returned. A timer cancelled during a
///   drain is never returned.
/// - Time only moves forward: a `now` earlier than `self.now` does not move the wheel back; it only
///   returns timers whose deadline is <= that earlier `now`.
public struct TimerWheel<Payload> {
    @usableFromInline var order: TimerSchedule<Payload>
    @usableFromInline var clock: Deadline

    /// The latest `now` the wheel was advanced to by `popExpired(now:)` (or created with).
    @inlinable public var now: Deadline { clock }

    @inlinable public init(now: Deadline = .zero) {
        clock = now
        order = TimerSchedule(now: now.nanoseconds)
    }

    /// The number of pending timers.
    @inlinable public var count: Int { order.count }
    @inlinable public var isEmpty: Bool { order.count == 0 }

    /// Schedules `payload` to expire at `deadline` (never earlier). A deadline at or before `now`
    /// is due at once: the next `popExpired` returns it, in order.
    @inlinable @discardableResult
    public mutating func schedule(at deadline: Deadline, _ payload: Payload) -> TimerHandle {
        order.insert(deadline: deadline.nanoseconds, payload: payload)
    }

    /// Cancels a pending timer and returns its payload. For a handle whose timer has already fired or
    /// been cancelled this returns nil and changes nothing.
    @inlinable @discardableResult
    public mutating func cancel(_ handle: TimerHandle) -> Payload? { order.remove(handle) }

    /// Whether `handle`'s timer is still waiting to fire.
    @inlinable
    public func isPending(_ handle: TimerHandle) -> Bool { order.isLive(handle) }

    /// The deadline `handle`'s timer is waiting for; nil once it has fired or been cancelled. O(1):
    /// a client that needs a timer's deadline asks here instead of keeping a copy of its own.
    @inlinable
    public func deadline(of handle: TimerHandle) -> Deadline? {
        order.deadline(of: handle).map(Deadline.init(nanoseconds:))
    }

    /// The earliest pending deadline, exact (not rounded to a slot); nil when nothing is scheduled.
    /// O(1) after `popExpired(now:)` has returned nil, the event loop's usual order; if the earliest
    /// timer has been cancelled since, it costs one scan of the earliest occupied slot.
    @inlinable
    public var nextDeadline: Deadline? { order.earliest.map(Deadline.init(nanoseconds:)) }

    /// Removes and returns the earliest timer whose deadline is <= `now`, first advancing the wheel
    /// to `now`. Returns nil when nothing is due: then `nextDeadline` says when to ask again.
    @inlinable
    public mutating func popExpired(now: Deadline) -> ExpiredTimer<Payload>? {
        if now > clock {
            clock = now
            order.advance(to: now.nanoseconds)
        }
        guard let (handle, deadline, payload) = order.popDue(notAfter: now.nanoseconds) else {
            order.refreshEarliest()  // the loop asks for nextDeadline next
            return nil
        }
        return ExpiredTimer(handle: handle, deadline: Deadline(nanoseconds: deadline), payload: payload)
    }

    /// The `poll()` timeout for waiting until the next deadline: see `pollTimeout(until:now:)`.
    @inlinable
    public func pollTimeout(now: Deadline) -> Int32 { Timing.pollTimeout(until: nextDeadline, now: now) }
}

extension TimerWheel: Sendable where Payload: Sendable {}
