/// One timer's bookkeeping, linked by index into exactly one list: a wheel slot, the due list, or
/// the free list. (Each slot list and the due list also has a sentinel node, see `WheelGeometry`.)
@usableFromInline
struct TimerNode: Sendable {
    @usableFromInline var deadline: UInt64
    /// Insertion order, the tie-breaker between equal deadlines.
    @usableFromInline var sequence: UInt64
    @usableFromInline var previous: UInt32
    @usableFromInline var next: UInt32
    /// Bumped whenever the node is freed, so handles to its earlier timers no longer match.
    @usableFromInline var generation: UInt32
    /// Which list holds the node (`level * 64 + slot`, or `WheelGeometry.dueList`), or `freeMark` /
    /// `sentinelMark`.
    @usableFromInline var list: UInt16

    /// A free node.
    @inlinable init() {
        self.init(sentinelOf: WheelGeometry.none)
        list = WheelGeometry.freeMark
    }

    /// The sentinel of an empty circular list: linked to itself.
    @inlinable init(sentinelOf index: UInt32) {
        deadline = 0
        sequence = 0
        previous = index
        next = index
        generation = 0
        list = WheelGeometry.sentinelMark
    }
}
