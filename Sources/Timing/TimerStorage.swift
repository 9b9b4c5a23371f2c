/// The memory behind a `TimerSchedule`: timer nodes and their payloads, the slot list heads and the
/// occupancy bitmaps, reached through raw pointers so hot paths pay no per-access copy-on-write or
/// bounds checks. The schedule checks uniqueness once per mutation (`isKnownUniquelyReferenced`)
/// and copies this object when it is shared, which keeps `TimerWheel` a value type. Every field is a
/// `let`: growing means moving to a new, larger storage object.
@usableFromInline
final class TimerStorage<Payload> {
    /// Node records; the schedule's first `allocatedNodes` are initialized.
    @usableFromInline let nodes: UnsafeMutablePointer<TimerNode>
    /// Payloads by node index, nil for free nodes (so a fired or cancelled payload is released at once).
    @usableFromInline let payloads: UnsafeMutablePointer<Payload?>
    @usableFromInline let nodeCapacity: Int
    /// The first node of each slot list, or `WheelGeometry.none`.
    @usableFromInline let heads: UnsafeMutablePointer<UInt32>
    /// One word per level: bit `s` of word `L` is set iff slot `s` of level `L` is non-empty.
    @usableFromInline let occupied: UnsafeMutablePointer<UInt64>

    @inlinable init(nodeCapacity: Int) {
        self.nodeCapacity = nodeCapacity
        nodes = .allocate(capacity: nodeCapacity)
        payloads = .allocate(capacity: nodeCapacity)
        payloads.initialize(repeating: nil, count: nodeCapacity)
        heads = .allocate(capacity: WheelGeometry.slotCount)
        heads.initialize(repeating: WheelGeometry.none, count: WheelGeometry.slotCount)
        occupied = .allocate(capacity: WheelGeometry.levelCount)
        occupied.initialize(repeating: 0, count: WheelGeometry.levelCount)
    }

    /// A copy holding the first `nodeCount` nodes and payloads, with room for `nodeCapacity`.
    @inlinable @inline(never)
    func copy(nodeCount: Int, nodeCapacity: Int) -> TimerStorage {
        let copy = TimerStorage(nodeCapacity: nodeCapacity)
        copy.nodes.initialize(from: nodes, count: nodeCount)
        copy.payloads.update(from: payloads, count: nodeCount)
        copy.heads.update(from: heads, count: WheelGeometry.slotCount)
        copy.occupied.update(from: occupied, count: WheelGeometry.levelCount)
        return copy
    }

    deinit {
        // Nodes, heads and bitmaps are plain integers; only payloads need deinitializing.
        payloads.deinitialize(count: nodeCapacity)
        payloads.deallocate()
        nodes.deallocate()
        heads.deallocate()
        occupied.deallocate()
    }
}

// Touched only through a uniquely referenced storage (or read-only), like an Array's buffer.
extension TimerStorage: @unchecked Sendable where Payload: Sendable {}
