/// The shape of the timer wheel. A tick is 2^16 ns (65.536 µs); eight levels of 64 slots, each level
/// 64 times coarser than the one below, cover 8 x 6 = 48 bits of ticks. With the 16-bit tick that is
/// every possible `UInt64` deadline, so no overflow list is needed: `Deadline.distantFuture` simply
/// sits in the top level.
///
/// Computed constants (not stored statics) so inlined client code sees plain literals.
@usableFromInline
enum WheelGeometry {
    /// log2 of the tick length in nanoseconds.
    @inlinable static var tickShift: UInt64 { 16 }
    @inlinable static var slotBits: Int { 6 }
    @inlinable static var slotMask: Int { 63 }
    @inlinable static var levelCount: Int { 8 }
    /// Slot lists in all levels; list id `level * 64 + slot`.
    @inlinable static var slotCount: Int { 512 }
    /// The list id of the due list (timers whose tick has been reached).
    @inlinable static var dueList: Int { 512 }
    /// Every list is circular through a sentinel node whose index is the list id, so nodes
    /// `0...dueList` are sentinels and timers start here.
    @inlinable static var firstTimerNode: Int { 513 }
    /// "No node": the end of the free list.
    @inlinable static var none: UInt32 { .max }
    /// The `list` of a node on the free list.
    @inlinable static var freeMark: UInt16 { .max }
    /// The `list` of a sentinel node. Like `freeMark`, above every real list id.
    @inlinable static var sentinelMark: UInt16 { .max - 1 }
}
