/// The ordering machinery behind `TimerWheel`: timer nodes, the hierarchical slot lists and their
/// occupancy bitmaps. It knows deadlines and insertion sequence numbers, never payloads, so it is
/// not generic and is compiled once, in this module.
///
/// Geometry: a tick is 2^16 ns (65.536 µs). Eight levels of 64 slots, each level 64 times coarser,
/// cover 8 x 6 = 48 bits of ticks, which with the 16-bit tick is every possible `UInt64` deadline:
/// no overflow list is needed, `Deadline.distantFuture` sits in the top level.
///
/// Invariants (checked by `checkInvariants()`):
/// - A timer whose tick is <= `elapsed` is in the *due list*, sorted by (deadline, sequence).
/// - A timer whose tick is later lives at level `L`, the highest 6-bit group in which its tick
///   differs from `elapsed`, in slot `(tick >> 6L) & 63`. Every occupied slot at level `L` therefore
///   lies strictly after `elapsed`'s own slot at that level, so the lowest set bit of the lowest
///   non-empty level's bitmap is the earliest slot: no rotation, no scanning of empty slots.
/// - All timers in lower levels are earlier than all timers in higher levels, and the due list holds
///   the earliest of all; `earliest` caches the exact minimum deadline.
/// - Nodes live in one array and are linked by index (intrusive doubly linked lists); removed
///   nodes go to a free list and bump their generation, so stale handles match nothing.
@usableFromInline
struct TimerSchedule: Sendable {
    /// log2 of the tick length in nanoseconds.
    static let tickShift: UInt64 = 16
    static let slotBits = 6
    static let slotsPerLevel = 1 << slotBits
    static let levelCount = 8
    /// The list id of the due list; slot lists are `level * 64 + slot`.
    static let dueList = levelCount * slotsPerLevel
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

    var nodes: [Node] = []
    var heads = [UInt32](repeating: none, count: dueList + 1)
    var tails = [UInt32](repeating: none, count: dueList + 1)
    /// One bit per slot, one word per level: bit `s` of `occupied[L]` is set iff slot `s` of level `L` is non-empty.
    var occupied = [UInt64](repeating: 0, count: levelCount)
    var freeHead = none
    /// The tick up to which time has been processed: `now >> tickShift`.
    var elapsed: UInt64
    var nextSequence: UInt64 = 0
    @usableFromInline private(set) var count = 0
    /// The exact earliest pending deadline, kept current by every mutation.
    @usableFromInline private(set) var earliest: UInt64?
    /// Timer moves from one list to another during cascades, over the schedule's life: the work
    /// that advancing time costs (tests hold it to at most one per level per timer).
    private(set) var timersCascaded = 0

    init(now: UInt64) { elapsed = now >> Self.tickShift }

    /// Number of node records ever allocated (live + free): the memory footprint.
    var capacity: Int { nodes.count }

    // MARK: Operations

    /// Adds a timer and returns its handle; its node index is `handle.index`.
    @usableFromInline
    mutating func insert(deadline: UInt64) -> TimerHandle {
        let index: UInt32
        if freeHead != Self.none {
            index = freeHead
            freeHead = nodes[Int(index)].next
        } else {
            precondition(nodes.count < Int(Self.none), "TimerWheel: too many timers")
            index = UInt32(nodes.count)
            nodes.append(Node(deadline: 0, sequence: 0, previous: Self.none, next: Self.none, generation: 0, list: Self.freeMark))
        }
        nodes[Int(index)].deadline = deadline
        nodes[Int(index)].sequence = nextSequence
        nextSequence &+= 1
        link(index)
        count += 1
        if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        return TimerHandle(index: index, generation: nodes[Int(index)].generation)
    }

    @usableFromInline
    func isLive(_ handle: TimerHandle) -> Bool {
        Int(handle.index) < nodes.count
            && nodes[Int(handle.index)].generation == handle.generation
            && nodes[Int(handle.index)].list != Self.freeMark
    }

    /// Removes a live timer; false (and no change) for a stale handle.
    @usableFromInline
    mutating func remove(_ handle: TimerHandle) -> Bool {
        guard isLive(handle) else { return false }
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
        while let list = earliestSlot() {
            let level = list >> Self.slotBits
            let blockShift = UInt64(Self.slotBits * (level + 1))
            let start = ((elapsed >> blockShift) << blockShift) | (UInt64(list & (Self.slotsPerLevel - 1)) << UInt64(Self.slotBits * level))
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
        let head = heads[Self.dueList]
        guard head != Self.none, nodes[Int(head)].deadline <= now else { return nil }
        let node = nodes[Int(head)]
        unlink(head)
        release(head)
        return (TimerHandle(index: head, generation: node.generation), node.deadline)
    }

    // MARK: Lists

    /// The list a deadline belongs in, relative to `elapsed`.
    func list(for deadline: UInt64) -> Int {
        let tick = deadline >> Self.tickShift
        if tick <= elapsed { return Self.dueList }
        let highestDifferingBit = 63 - ((elapsed ^ tick) | UInt64(Self.slotsPerLevel - 1)).leadingZeroBitCount
        let level = highestDifferingBit / Self.slotBits
        let slot = Int(truncatingIfNeeded: tick >> UInt64(Self.slotBits * level)) & (Self.slotsPerLevel - 1)
        return level * Self.slotsPerLevel + slot
    }

    /// The earliest non-empty slot list, found from the bitmaps.
    func earliestSlot() -> Int? {
        for level in 0..<Self.levelCount where occupied[level] != 0 {
            return level * Self.slotsPerLevel + occupied[level].trailingZeroBitCount
        }
        return nil
    }

    private mutating func link(_ index: UInt32) {
        let list = list(for: nodes[Int(index)].deadline)
        nodes[Int(index)].list = UInt16(list)
        if list == Self.dueList {
            insertSorted(index)
        } else {
            append(index, to: list)
            occupied[list >> Self.slotBits] |= 1 << UInt64(list & (Self.slotsPerLevel - 1))
        }
    }

    private mutating func append(_ index: UInt32, to list: Int) {
        let tail = tails[list]
        nodes[Int(index)].previous = tail
        nodes[Int(index)].next = Self.none
        if tail == Self.none { heads[list] = index } else { nodes[Int(tail)].next = index }
        tails[list] = index
    }

    /// Inserts into the due list at its (deadline, sequence) place, scanning from the tail: timers
    /// mostly arrive in order, so this is usually one comparison.
    private mutating func insertSorted(_ index: UInt32) {
        let key = (nodes[Int(index)].deadline, nodes[Int(index)].sequence)
        var after = tails[Self.dueList]
        while after != Self.none, (nodes[Int(after)].deadline, nodes[Int(after)].sequence) > key {
            after = nodes[Int(after)].previous
        }
        let before = after == Self.none ? heads[Self.dueList] : nodes[Int(after)].next
        nodes[Int(index)].previous = after
        nodes[Int(index)].next = before
        if after == Self.none { heads[Self.dueList] = index } else { nodes[Int(after)].next = index }
        if before == Self.none { tails[Self.dueList] = index } else { nodes[Int(before)].previous = index }
    }

    private mutating func unlink(_ index: UInt32) {
        let node = nodes[Int(index)]
        let list = Int(node.list)
        if node.previous == Self.none { heads[list] = node.next } else { nodes[Int(node.previous)].next = node.next }
        if node.next == Self.none { tails[list] = node.previous } else { nodes[Int(node.next)].previous = node.previous }
        if list != Self.dueList, heads[list] == Self.none {
            occupied[list >> Self.slotBits] &= ~(1 << UInt64(list & (Self.slotsPerLevel - 1)))
        }
    }

    /// Returns an unlinked node to the free list, invalidating its handles.
    private mutating func release(_ index: UInt32) {
        nodes[Int(index)].generation &+= 1
        nodes[Int(index)].list = Self.freeMark
        nodes[Int(index)].next = freeHead
        nodes[Int(index)].previous = Self.none
        freeHead = index
        count -= 1
        if nodes[Int(index)].deadline == earliest { recomputeEarliest() }
    }

    /// Re-links every timer of a slot relative to the new `elapsed` (which is the slot's start).
    private mutating func cascade(_ list: Int) {
        var index = heads[list]
        heads[list] = Self.none
        tails[list] = Self.none
        occupied[list >> Self.slotBits] &= ~(1 << UInt64(list & (Self.slotsPerLevel - 1)))
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
        if heads[Self.dueList] != Self.none {
            earliest = nodes[Int(heads[Self.dueList])].deadline
            return
        }
        guard let list = earliestSlot() else {
            earliest = nil
            return
        }
        var minimum = UInt64.max
        var index = heads[list]
        while index != Self.none {
            minimum = min(minimum, nodes[Int(index)].deadline)
            index = nodes[Int(index)].next
        }
        earliest = minimum
    }
}
