/// The ordering machinery behind `TimerWheel`: timer nodes, the hierarchical slot lists and their
/// occupancy bitmaps. It knows deadlines and insertion sequence numbers, never payloads, so it is
/// not generic and is compiled once, in this module.
///
/// Geometry: a tick is 2^16 ns (65.536 µs). Eight levels of 64 slots, each level 64 times coarser,
/// cover 8 x 6 = 48 bits of ticks, which with the 16-bit tick is every possible `UInt64` deadline:
/// no overflow list is needed, `Deadline.distantFuture` sits in the top level.
///
/// Invariants (checked by `invariantViolations()`):
/// - A timer whose tick is <= `elapsed` is in the *due list*, sorted by (deadline, sequence).
/// - A timer whose tick is later lives at level `L`, the highest 6-bit group in which its tick
///   differs from `elapsed`, in slot `(tick >> 6L) & 63` (slot lists are unordered). Every occupied
///   slot at level `L` therefore lies strictly after `elapsed`'s own slot at that level, so the
///   lowest set bit of the lowest non-empty level's bitmap is the earliest slot: no rotation, no
///   scanning of empty slots.
/// - All timers in lower levels are earlier than all timers in higher levels, and the due list
///   holds the earliest of all; `earliestDeadline` caches the exact minimum.
/// - Nodes live in one block and are linked by index (intrusive doubly linked lists); removed
///   nodes go to a free list and bump their generation, so stale handles match nothing.
@usableFromInline
struct TimerSchedule: Sendable {
    /// log2 of the tick length in nanoseconds.
    static let tickShift: UInt64 = 16
    static let slotBits = 6
    static let slotMask = (1 << slotBits) - 1
    static let levelCount = 8
    static let slotCount = levelCount << slotBits
    /// The list id of the due list; slot lists are `level * 64 + slot`.
    static let dueList = slotCount
    static let none = UInt32.max
    static let freeMark = UInt16.max

    struct Node: Sendable {
        var deadline: UInt64
        var sequence: UInt64
        var previous: UInt32
        var next: UInt32
        var generation: UInt32
        /// Which list holds the node, or `freeMark`.
        var list: UInt16
    }

    private(set) var storage = TimerScheduleStorage(nodeCapacity: 16)
    /// Nodes initialized so far (live + free): the memory footprint in nodes.
    private(set) var allocatedNodes = 0
    private(set) var freeHead = none
    private(set) var dueHead = none
    private(set) var dueTail = none
    /// The tick up to which time has been processed: `now >> tickShift`.
    private(set) var elapsed: UInt64
    private var nextSequence: UInt64 = 0
    @usableFromInline private(set) var count = 0
    /// The exact earliest pending deadline; meaningful only while `count > 0`.
    private var earliestDeadline: UInt64 = 0
    /// Timer moves from one list to another during cascades, over the schedule's life: the work
    /// that advancing time costs (tests hold it to at most one per level per timer).
    private(set) var timersCascaded = 0

    init(now: UInt64) { elapsed = now >> Self.tickShift }

    /// The exact earliest pending deadline, nil when nothing is pending.
    @usableFromInline var earliest: UInt64? { count == 0 ? nil : earliestDeadline }

    func node(_ index: UInt32) -> Node { storage.nodes[Int(index)] }
    func head(_ list: Int) -> UInt32 { list == Self.dueList ? dueHead : storage.heads[list] }
    func isOccupied(_ list: Int) -> Bool { storage.occupied[list >> Self.slotBits] >> UInt64(list & Self.slotMask) & 1 == 1 }

    // MARK: Operations

    /// Adds a timer and returns its handle; its node index is `handle.index`.
    @usableFromInline
    mutating func insert(deadline: UInt64) -> TimerHandle {
        makeUnique()
        let index: UInt32
        if freeHead != Self.none {
            index = freeHead
            freeHead = storage.nodes[Int(index)].next
        } else {
            precondition(allocatedNodes < Int(Self.none), "TimerWheel: too many timers")
            if allocatedNodes == storage.nodeCapacity {
                storage = storage.copy(nodeCount: allocatedNodes, nodeCapacity: storage.nodeCapacity * 2)
            }
            index = UInt32(allocatedNodes)
            storage.nodes.advanced(by: allocatedNodes).initialize(
                to: Node(deadline: 0, sequence: 0, previous: Self.none, next: Self.none, generation: 0, list: Self.freeMark))
            allocatedNodes += 1
        }
        let nodes = storage.nodes
        nodes[Int(index)].deadline = deadline
        nodes[Int(index)].sequence = nextSequence
        nextSequence &+= 1
        link(index)
        if count == 0 || deadline < earliestDeadline { earliestDeadline = deadline }
        count += 1
        return TimerHandle(index: index, generation: nodes[Int(index)].generation)
    }

    @usableFromInline
    func isLive(_ handle: TimerHandle) -> Bool {
        guard Int(handle.index) < allocatedNodes else { return false }
        let node = storage.nodes[Int(handle.index)]
        return node.generation == handle.generation && node.list != Self.freeMark
    }

    /// Removes a live timer; false (and no change) for a stale handle.
    @usableFromInline
    mutating func remove(_ handle: TimerHandle) -> Bool {
        guard isLive(handle) else { return false }
        makeUnique()
        unlink(handle.index)
        release(handle.index)
        return true
    }

    /// Moves the processed time forward to `now` (never back), cascading every slot that starts at
    /// or before `now`'s tick. Visits only occupied slots: the cost is proportional to the timers
    /// moved (each at most once per level), not to the ticks skipped.
    @usableFromInline
    mutating func advance(to now: UInt64) {
        let target = now >> Self.tickShift
        guard target > elapsed else { return }
        makeUnique()
        while let list = earliestSlot() {
            let level = list >> Self.slotBits
            let blockShift = UInt64(Self.slotBits * (level + 1))
            let start = ((elapsed >> blockShift) << blockShift) | (UInt64(list & Self.slotMask) << UInt64(Self.slotBits * level))
            guard start <= target else { break }
            elapsed = start
            cascade(list)
        }
        elapsed = target
    }

    /// Removes and returns the earliest timer if its deadline is <= `now` (full precision).
    /// Call `advance(to:)` first.
    @usableFromInline
    mutating func popDue(notAfter now: UInt64) -> (handle: TimerHandle, deadline: UInt64)? {
        let head = dueHead
        guard head != Self.none, storage.nodes[Int(head)].deadline <= now else { return nil }
        makeUnique()
        let node = storage.nodes[Int(head)]
        unlink(head)
        release(head)
        return (TimerHandle(index: head, generation: node.generation), node.deadline)
    }

    // MARK: Lists

    /// The list a deadline belongs in, relative to `elapsed`.
    @inline(__always)
    func list(for deadline: UInt64) -> Int {
        let tick = deadline >> Self.tickShift
        if tick <= elapsed { return Self.dueList }
        let highestDifferingBit = 63 - ((elapsed ^ tick) | UInt64(Self.slotMask)).leadingZeroBitCount
        let level = highestDifferingBit / Self.slotBits
        let slot = Int(truncatingIfNeeded: tick >> UInt64(Self.slotBits * level)) & Self.slotMask
        return level << Self.slotBits | slot
    }

    /// The earliest non-empty slot list, found from the bitmaps.
    func earliestSlot() -> Int? {
        let occupied = storage.occupied
        for level in 0..<Self.levelCount where occupied[level] != 0 {
            return level << Self.slotBits | occupied[level].trailingZeroBitCount
        }
        return nil
    }

    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(nodeCount: allocatedNodes, nodeCapacity: storage.nodeCapacity)
        }
    }

    @inline(__always)
    private mutating func link(_ index: UInt32) {
        let nodes = storage.nodes
        let list = list(for: nodes[Int(index)].deadline)
        nodes[Int(index)].list = UInt16(list)
        if list == Self.dueList {
            insertSorted(index)
        } else {
            // Slot lists are unordered: push at the front.
            let heads = storage.heads
            let first = heads[list]
            nodes[Int(index)].previous = Self.none
            nodes[Int(index)].next = first
            if first != Self.none { nodes[Int(first)].previous = index }
            heads[list] = index
            storage.occupied[list >> Self.slotBits] |= 1 << UInt64(list & Self.slotMask)
        }
    }

    /// Inserts into the due list at its (deadline, sequence) place, scanning from the tail: timers
    /// mostly arrive in order, so this is usually one comparison.
    private mutating func insertSorted(_ index: UInt32) {
        let nodes = storage.nodes
        let key = (nodes[Int(index)].deadline, nodes[Int(index)].sequence)
        var after = dueTail
        while after != Self.none, (nodes[Int(after)].deadline, nodes[Int(after)].sequence) > key {
            after = nodes[Int(after)].previous
        }
        let before = after == Self.none ? dueHead : nodes[Int(after)].next
        nodes[Int(index)].previous = after
        nodes[Int(index)].next = before
        if after == Self.none { dueHead = index } else { nodes[Int(after)].next = index }
        if before == Self.none { dueTail = index } else { nodes[Int(before)].previous = index }
    }

    @inline(__always)
    private mutating func unlink(_ index: UInt32) {
        let nodes = storage.nodes
        let node = nodes[Int(index)]
        let list = Int(node.list)
        if node.next != Self.none {
            nodes[Int(node.next)].previous = node.previous
        } else if list == Self.dueList {
            dueTail = node.previous
        }
        if node.previous != Self.none {
            nodes[Int(node.previous)].next = node.next
        } else if list == Self.dueList {
            dueHead = node.next
        } else {
            storage.heads[list] = node.next
            if node.next == Self.none {
                storage.occupied[list >> Self.slotBits] &= ~(1 << UInt64(list & Self.slotMask))
            }
        }
    }

    /// Returns an unlinked node to the free list, invalidating its handles.
    @inline(__always)
    private mutating func release(_ index: UInt32) {
        let nodes = storage.nodes
        nodes[Int(index)].generation &+= 1
        nodes[Int(index)].list = Self.freeMark
        nodes[Int(index)].next = freeHead
        nodes[Int(index)].previous = Self.none
        freeHead = index
        count -= 1
        if count > 0, nodes[Int(index)].deadline == earliestDeadline { recomputeEarliest() }
    }

    /// Re-links every timer of a slot relative to the new `elapsed` (which is the slot's start).
    private mutating func cascade(_ list: Int) {
        let nodes = storage.nodes
        var index = storage.heads[list]
        storage.heads[list] = Self.none
        storage.occupied[list >> Self.slotBits] &= ~(1 << UInt64(list & Self.slotMask))
        while index != Self.none {
            let next = nodes[Int(index)].next
            link(index)
            timersCascaded += 1
            index = next
        }
    }

    /// The due list's head if any (it precedes everything), else the minimum of the earliest slot.
    /// Costs one scan of that slot; it runs only when the earliest timer is removed.
    private mutating func recomputeEarliest() {
        let nodes = storage.nodes
        if dueHead != Self.none {
            earliestDeadline = nodes[Int(dueHead)].deadline
            return
        }
        guard let list = earliestSlot() else { return }
        var minimum = UInt64.max
        var index = storage.heads[list]
        while index != Self.none {
            minimum = min(minimum, nodes[Int(index)].deadline)
            index = nodes[Int(index)].next
        }
        earliestDeadline = minimum
    }
}
