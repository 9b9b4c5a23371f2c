/// One timer's bookkeeping and payload, linked by index into exactly one list: a wheel slot, the due
/// list, or the free list. (Each slot list and the due list also has a sentinel node, see
/// `WheelGeometry`.) The payload lives in the node, so cancelling or firing a timer touches one
/// record, not a record and a separate payload array.
@usableFromInline
struct TimerNode<Payload> {
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
    /// The timer's payload; nil for free nodes and sentinels (so a fired or cancelled payload is
    /// released at once).
    @usableFromInline var payload: Payload?

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
        payload = nil
    }
}

extension TimerNode: Sendable where Payload: Sendable {}
