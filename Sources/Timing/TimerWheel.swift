/// Timers keyed by deadline, each carrying a `Payload` value (no closures: no allocation per timer
/// once the wheel's storage has grown to the peak number of pending timers, T6).
///
/// Holds T1–T8. How they read for this API:
/// - A timer is returned only by `popExpired(now:)`, with `deadline <= now` (T1); scheduling at
///   `now` makes it due at the next pop at that same `now` (T2).
/// - Timers come out by (deadline, insertion sequence) whatever slot they share (T4), the same
///   however time was advanced (T3).
/// - A timer scheduled during a drain with a deadline at or before that drain's `now` is returned
///   by the same drain, in (deadline, sequence) order among the timers not yet returned; one
///   cancelled during a drain is never returned (T8).
/// - A `now` earlier than `self.now` does not move the wheel back; it only returns timers whose
///   deadline is <= that earlier `now` (T7).
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
