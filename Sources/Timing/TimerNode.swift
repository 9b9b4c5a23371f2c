/// One timer's bookkeeping, linked by index into exactly one list: a wheel slot, the due list, or
/// the free list.
@usableFromInline
struct TimerNode: Sendable {
    @usableFromInline var deadline: UInt64
    /// Insertion order, the tie-breaker between equal deadlines.
    @usableFromInline var sequence: UInt64
    @usableFromInline var previous: UInt32
    @usableFromInline var next: UInt32
    /// Bumped whenever the node is freed, so handles to its earlier timers no longer match.
    @usableFromInline var generation: UInt32
    /// Which list holds the node (`level * 64 + slot`, or `WheelGeometry.dueList`), or `freeMark`.
    @usableFromInline var list: UInt16

    @inlinable init() {
        deadline = 0
        sequence = 0
        previous = WheelGeometry.none
        next = WheelGeometry.none
        generation = 0
        list = WheelGeometry.freeMark
    }
}
