/// The memory behind a `TimerSchedule`: one block of timer nodes plus the slot list heads and the
/// occupancy bitmaps, reached through raw pointers so the hot paths pay no per-access
/// copy-on-write or bounds checks. The schedule checks uniqueness once per mutation
/// (`isKnownUniquelyReferenced`) and copies this object when shared, which keeps `TimerWheel` a
/// value type. Every field is a `let`: growing means moving to a new, larger storage object.
@usableFromInline
final class TimerScheduleStorage {
    /// Node records; the first `TimerSchedule.allocatedNodes` are initialized.
    let nodes: UnsafeMutablePointer<TimerSchedule.Node>
    let nodeCapacity: Int
    /// The first node of each slot list (`level * 64 + slot`), or `TimerSchedule.none`.
    let heads: UnsafeMutablePointer<UInt32>
    /// One word per level: bit `s` of word `L` is set iff slot `s` of level `L` is non-empty.
    let occupied: UnsafeMutablePointer<UInt64>

    init(nodeCapacity: Int) {
        self.nodeCapacity = nodeCapacity
        nodes = .allocate(capacity: nodeCapacity)
        heads = .allocate(capacity: TimerSchedule.slotCount)
        heads.initialize(repeating: TimerSchedule.none, count: TimerSchedule.slotCount)
        occupied = .allocate(capacity: TimerSchedule.levelCount)
        occupied.initialize(repeating: 0, count: TimerSchedule.levelCount)
    }

    /// A copy holding the first `nodeCount` nodes, with room for `nodeCapacity`.
    func copy(nodeCount: Int, nodeCapacity: Int) -> TimerScheduleStorage {
        let copy = TimerScheduleStorage(nodeCapacity: nodeCapacity)
        copy.nodes.initialize(from: nodes, count: nodeCount)
        copy.heads.update(from: heads, count: TimerSchedule.slotCount)
        copy.occupied.update(from: occupied, count: TimerSchedule.levelCount)
        return copy
    }

    deinit {
        // Nodes are plain integers: nothing to deinitialize.
        nodes.deallocate()
        heads.deallocate()
        occupied.deallocate()
    }
}

// The pointers are only touched through a uniquely referenced storage (or read-only), like an
// Array's buffer, so a wheel with Sendable payloads may cross threads.
extension TimerScheduleStorage: @unchecked Sendable {}
