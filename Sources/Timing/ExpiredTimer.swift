/// A timer that has come due, as returned by `TimerWheel.popExpired(now:)`.
public struct ExpiredTimer<Payload> {
    /// The handle `schedule(at:_:)` returned; no longer pending.
    public let handle: TimerHandle
    /// The deadline it was scheduled for (<= the `now` it was popped at).
    public let deadline: Deadline
    public let payload: Payload

    @inlinable init(handle: TimerHandle, deadline: Deadline, payload: Payload) {
        self.handle = handle
        self.deadline = deadline
        self.payload = payload
    }
}

extension ExpiredTimer: Sendable where Payload: Sendable {}
