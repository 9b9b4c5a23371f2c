/// The ordering machinery behind `TimerWheel`: a hierarchical timing wheel over `TimerStorage`.
///
/// Invariants (checked by `invariantViolations()`):
/// - A timer whose tick is <= `elapsed` is in the *due list*, sorted by (deadline, sequence).
/// - A timer whose tick is later lives at level `L`, the highest 6-bit group in which its tick
///   differs from `elapsed`, in slot `(tick >> 6L) & 63`. Slot lists are in arrival order, not sorted. Every occupied
///   slot at level `L` therefore lies strictly after `elapsed`'s own slot at that level, so the
///   lowest set bit of the lowest non-empty level's bitmap is the earliest slot: no rotation, no
///   scanning of empty slots.
/// - All timers in lower levels are earlier than all timers in higher levels, and the due list
///   holds the earliest of all.
/// - `earliestBound` is <= every pending deadline, and equal to the minimum while `earliestIsExact`.
///   Removing the earliest timer only clears the flag; the exact value is found again (one scan of
///   the earliest slot) when asked for, or by `refreshEarliest()` when the loop has drained.
/// - Nodes are linked by index into circular doubly linked lists, each with a sentinel node (so
///   linking and unlinking need no edge cases); removed nodes go to a free list and bump their
///   generation, so stale handles match nothing.
///
/// Everything is `@inlinable` so that client modules get code specialized for their payload type:
/// a schedule+cancel pair is then about two hundred instructions with no calls but the two
/// uniqueness checks of copy-on-write.
@usableFromInline
struct TimerSchedule<Payload> {
    @usableFromInline typealias Geometry = WheelGeometry

    @usableFromInline var storage: TimerStorage<Payload>
    /// Nodes initialized so far (sentinels + live + free): the memory footprint in nodes.
    @usableFromInline var allocatedNodes: Int
    @usableFromInline var freeHead = Geometry.none
    /// Bit `L` set iff level `L` has an occupied slot: the summary over the per-level bitmaps, so
    /// the earliest slot is two trailing-zero counts away. (Bit 8 mirrors the due list's spare word
    /// and is ignored.)
    @usableFromInline var occupiedLevels: UInt64 = 0
    /// The tick up to which time has been processed: `now >> tickShift`.
    @usableFromInline var elapsed: UInt64
    @usableFromInline var nextSequence: UInt64 = 0
    @usableFromInline var count = 0
    /// A lower bound on the pending deadlines, exact while `earliestIsExact`; meaningful only while
    /// `count > 0`.
    @usableFromInline var earliestBound: UInt64 = 0
    @usableFromInline var earliestIsExact = true
    /// Timer moves between lists during cascades, over the schedule's life: the work advancing time
    /// costs (tests hold it to at most one per level per timer).
    @usableFromInline var timersCascaded = 0

    @inlinable init(now: UInt64) {
        storage = TimerStorage(nodeCapacity: Geometry.firstTimerNode + 15)
        for list in 0...Geometry.dueList {
            storage.nodes[list] = TimerNode(sentinelOf: UInt32(list))
        }
        allocatedNodes = Geometry.firstTimerNode
        elapsed = now &>> Geometry.tickShift
    }

    /// The exact earliest pending deadline, nil when nothing is pending. O(1) unless the earliest
    /// timer was removed since the last `refreshEarliest()`: then one scan of the earliest slot.
    @inlinable var earliest: UInt64? {
        guard count > 0 else { return nil }
        return earliestIsExact ? earliestBound : findEarliest()
    }

    /// Makes `earliest` O(1) again after removals of the earliest timer.
    @inlinable
    mutating func refreshEarliest() {
        guard !earliestIsExact, count > 0 else { return }
        earliestBound = findEarliest()
        earliestIsExact = true
    }

    // MARK: Operations

    /// Adds a timer; its node index is the returned handle's `index`.
    @inlinable
    mutating func insert(deadline: UInt64, payload: Payload) -> TimerHandle {
        makeUnique()
        let index: UInt32
        if freeHead != Geometry.none {
            index = freeHead
            freeHead = storage.nodes[Int(index)].next
        } else {
            index = newNode()
        }
        let nodes = storage.nodes
        nodes[Int(index)].deadline = deadline
        nodes[Int(index)].sequence = nextSequence
        nextSequence &+= 1
        nodes[Int(index)].payload = payload
        link(index)
        // At or below the bound, the new deadline is the exact minimum (the bound is <= all others).
        let isEarliest = count == 0 || deadline <= earliestBound
        earliestBound = isEarliest ? deadline : earliestBound
        earliestIsExact = earliestIsExact || isEarliest
        count += 1
        return TimerHandle(index: index, generation: nodes[Int(index)].generation)
    }

    @inlinable
    func isLive(_ handle: TimerHandle) -> Bool {
        guard Int(handle.index) < allocatedNodes else { return false }
        // Field by field: copying the whole node would copy (retain) its payload.
        let generation = storage.nodes[Int(handle.index)].generation
        let list = storage.nodes[Int(handle.index)].list
        // Sentinels and free nodes carry a `list` above every real list id.
        return generation == handle.generation && Int(list) <= Geometry.dueList
    }

    /// A live timer's deadline; nil for a stale handle.
    @inlinable
    func deadline(of handle: TimerHandle) -> UInt64? {
        isLive(handle) ? storage.nodes[Int(handle.index)].deadline : nil
    }

    /// Removes a live timer and returns its payload; nil (and no change) for a stale handle.
    @inlinable
    mutating func remove(_ handle: TimerHandle) -> Payload? {
        guard isLive(handle) else { return nil }
        makeUnique()
        unlink(handle.index)
        return release(handle.index)
    }

    /// Moves the processed time forward to `now` (never back), cascading every slot that starts at
    /// or before `now`'s tick. Visits only occupied slots: the cost is proportional to the timers
    /// moved (each at most once per level), not to the ticks skipped.
    @inlinable
    mutating func advance(to now: UInt64) {
        let target = now &>> Geometry.tickShift
        guard target > elapsed else { return }
        makeUnique()
        while let list = earliestSlot() {
            let level = list &>> Geometry.slotBits
            let blockShift = UInt64(Geometry.slotBits * (level + 1))
            let start = ((elapsed &>> blockShift) &<< blockShift) | (UInt64(list & Geometry.slotMask) &<< UInt64(Geometry.slotBits * level))
            guard start <= target else { break }
            elapsed = start
            cascade(list)
        }
        elapsed = target
    }

    /// Removes and returns the earliest timer if its deadline is <= `now` (full precision).
    /// Call `advance(to:)` first.
    @inlinable
    mutating func popDue(notAfter now: UInt64) -> (handle: TimerHandle, deadline: UInt64, payload: Payload)? {
        let head = storage.nodes[Geometry.dueList].next
        guard Int(head) != Geometry.dueList, storage.nodes[Int(head)].deadline <= now else { return nil }
        makeUnique()
        let deadline = storage.nodes[Int(head)].deadline
        let generation = storage.nodes[Int(head)].generation
        unlink(head)
        let payload = release(head)
        return (TimerHandle(index: head, generation: generation), deadline, payload)
    }

    // MARK: Lists

    /// The list a deadline belongs in, relative to `elapsed`.
    @inlinable @inline(__always)
    func list(for deadline: UInt64) -> Int {
        let tick = deadline &>> Geometry.tickShift
        if tick <= elapsed { return Geometry.dueList }
        let highestDifferingBit = 63 - ((elapsed ^ tick) | UInt64(Geometry.slotMask)).leadingZeroBitCount
        let level = highestDifferingBit / Geometry.slotBits
        let slot = Int(truncatingIfNeeded: tick &>> UInt64(Geometry.slotBits * level)) & Geometry.slotMask
        return level &<< Geometry.slotBits | slot
    }

    /// The earliest non-empty slot list, found from the bitmaps.
    @inlinable @inline(__always)
    func earliestSlot() -> Int? {
        let levels = occupiedLevels & (1 &<< UInt64(Geometry.levelCount) - 1)
        guard levels != 0 else { return nil }
        let level = levels.trailingZeroBitCount
        return level &<< Geometry.slotBits | storage.occupied[level].trailingZeroBitCount
    }

    @inlinable @inline(__always)
    mutating func markOccupied(_ list: Int) {
        storage.occupied[list &>> Geometry.slotBits] |= 1 &<< UInt64(list & Geometry.slotMask)
        occupiedLevels |= 1 &<< UInt64(list &>> Geometry.slotBits)
    }

    /// Clears `list`'s bit if `isEmpty`, without branching (the due list's bits are spares).
    @inlinable @inline(__always)
    mutating func markEmpty(_ list: Int, if isEmpty: Bool) {
        let word = list &>> Geometry.slotBits
        storage.occupied[word] &= ~(UInt64(isEmpty ? 1 : 0) &<< UInt64(list & Geometry.slotMask))
        occupiedLevels &= ~(UInt64(storage.occupied[word] == 0 ? 1 : 0) &<< UInt64(word))
    }

    @inlinable @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(nodeCount: allocatedNodes, nodeCapacity: storage.nodeCapacity)
        }
    }

    /// Initializes a fresh node past the end, growing the storage when full.
    @inlinable @inline(never)
    mutating func newNode() -> UInt32 {
        precondition(allocatedNodes < Int(Geometry.none), "TimerWheel: too many timers")
        if allocatedNodes == storage.nodeCapacity {
            storage = storage.copy(nodeCount: allocatedNodes, nodeCapacity: storage.nodeCapacity * 2)
        }
        // Past `allocatedNodes` the storage holds free nodes with generation 0 already.
        allocatedNodes += 1
        return UInt32(allocatedNodes - 1)
    }

    @inlinable @inline(__always)
    mutating func link(_ index: UInt32) {
        let list = list(for: storage.nodes[Int(index)].deadline)
        storage.nodes[Int(index)].list = UInt16(list)
        if list == Geometry.dueList {
            insertSorted(index)
        } else {
            // Append: cascades keep arrival order, so ties reach the due list already in sequence
            // order and each sorted insert there is a single comparison.
            insert(index, after: storage.nodes[list].previous)
            markOccupied(list)
        }
    }

    @inlinable @inline(__always)
    mutating func insert(_ index: UInt32, after previous: UInt32) {
        let nodes = storage.nodes
        let next = nodes[Int(previous)].next
        nodes[Int(index)].previous = previous
        nodes[Int(index)].next = next
        nodes[Int(previous)].next = index
        nodes[Int(next)].previous = index
    }

    /// Inserts into the due list at its (deadline, sequence) place, scanning from the tail: timers
    /// mostly arrive in order, so this is usually one comparison.
    @inlinable
    mutating func insertSorted(_ index: UInt32) {
        let nodes = storage.nodes
        let key = (nodes[Int(index)].deadline, nodes[Int(index)].sequence)
        let sentinel = UInt32(Geometry.dueList)
        var after = nodes[Int(sentinel)].previous
        while after != sentinel, (nodes[Int(after)].deadline, nodes[Int(after)].sequence) > key {
            after = nodes[Int(after)].previous
        }
        insert(index, after: after)
    }

    @inlinable @inline(__always)
    mutating func unlink(_ index: UInt32) {
        let nodes = storage.nodes
        let previous = nodes[Int(index)].previous
        let next = nodes[Int(index)].next
        nodes[Int(previous)].next = next
        nodes[Int(next)].previous = previous
        // Clear the slot's bit when its list became empty (the due list's bit is a spare word).
        let list = Int(nodes[Int(index)].list)
        markEmpty(list, if: nodes[list].next == UInt32(list))
    }

    /// Returns an unlinked node to the free list, invalidating its handles; hands back its payload.
    @inlinable @inline(__always)
    mutating func release(_ index: UInt32) -> Payload {
        let nodes = storage.nodes
        nodes[Int(index)].generation &+= 1
        nodes[Int(index)].list = Geometry.freeMark
        nodes[Int(index)].next = freeHead
        freeHead = index
        count -= 1
        // The bound stays a bound; it is no longer exact if this was the earliest timer.
        earliestIsExact = earliestIsExact && nodes[Int(index)].deadline != earliestBound
        return nodes[Int(index)].payload.take()!
    }

    /// Re-links every timer of a slot relative to the new `elapsed` (which is the slot's start).
    @inlinable
    mutating func cascade(_ list: Int) {
        let nodes = storage.nodes
        let sentinel = UInt32(list)
        var index = nodes[list].next
        nodes[list] = TimerNode(sentinelOf: sentinel)
        markEmpty(list, if: true)
        while index != sentinel {
            let next = nodes[Int(index)].next
            link(index)
            timersCascaded += 1
            index = next
        }
    }

    /// The earliest pending deadline, found: the due list's head if any (it precedes everything),
    /// else the minimum of the earliest occupied slot (one scan of that slot). Needs `count > 0`.
    @inlinable
    func findEarliest() -> UInt64 {
        let nodes = storage.nodes
        let dueHead = nodes[Geometry.dueList].next
        if Int(dueHead) != Geometry.dueList { return nodes[Int(dueHead)].deadline }
        let list = earliestSlot()!
        var minimum = UInt64.max
        var index = nodes[list].next
        while Int(index) != list {
            minimum = min(minimum, nodes[Int(index)].deadline)
            index = nodes[Int(index)].next
        }
        return minimum
    }
}

extension TimerSchedule: Sendable where Payload: Sendable {}
