/// The memory behind a `TimerSchedule`: timer nodes (sentinels first, payloads inside), and the
/// occupancy bitmaps, reached through raw pointers so hot paths pay no per-access copy-on-write or
/// bounds checks. The schedule checks uniqueness once per mutation (`isKnownUniquelyReferenced`)
/// and copies this object when it is shared, which keeps `TimerWheel` a value type. Every field is a
/// `let`: growing means moving to a new, larger storage object.
@usableFromInline
final class TimerStorage<Payload> {
    /// Node records, all initialized (as free nodes past the schedule's first `allocatedNodes`).
    @usableFromInline let nodes: UnsafeMutablePointer<TimerNode<Payload>>
    @usableFromInline let nodeCapacity: Int
    /// One word per level, plus a spare for the due list so updates need no branch: bit `s` of
    /// word `L` is set iff slot `s` of level `L` is non-empty.
    @usableFromInline let occupied: UnsafeMutablePointer<UInt64>

    @inlinable init(nodeCapacity: Int) {
        self.nodeCapacity = nodeCapacity
        nodes = .allocate(capacity: nodeCapacity)
        nodes.initialize(repeating: TimerNode(), count: nodeCapacity)
        occupied = .allocate(capacity: WheelGeometry.levelCount + 1)
        occupied.initialize(repeating: 0, count: WheelGeometry.levelCount + 1)
    }

    /// A copy holding the first `nodeCount` nodes, with room for `nodeCapacity`.
    @inlinable @inline(never)
    func copy(nodeCount: Int, nodeCapacity: Int) -> TimerStorage {
        let copy = TimerStorage(nodeCapacity: nodeCapacity)
        copy.nodes.update(from: nodes, count: nodeCount)
        copy.occupied.update(from: occupied, count: WheelGeometry.levelCount + 1)
        return copy
    }

    deinit {
        // Bitmaps are plain integers; nodes hold payloads.
        nodes.deinitialize(count: nodeCapacity)
        nodes.deallocate()
        occupied.deallocate()
    }
}

// Touched only through a uniquely referenced storage (or read-only), like an Array's buffer.
extension TimerStorage: @unchecked Sendable where Payload: Sendable {}
