import Timing

// The timer structures the wheel is measured against, each the way a careful program would write
// it, behind one small protocol so a single generic driver measures them all the same way.
// (They hold an Int payload so the wheel is measured with a payload too.)

protocol BenchTimerQueue {
    associatedtype Handle
    mutating func schedule(at deadline: UInt64, _ payload: Int) -> Handle
    mutating func cancel(_ handle: Handle)
    var nextDeadline: UInt64? { get }
    /// Removes and returns the payload of the earliest timer if it is due at `now`.
    mutating func popExpired(now: UInt64) -> Int?
    /// Fills an empty queue; structures whose inserts are O(n) override it to build in one go.
    mutating func fill(_ deadlines: [UInt64]) -> [Handle]
}

extension BenchTimerQueue {
    mutating func fill(_ deadlines: [UInt64]) -> [Handle] {
        deadlines.enumerated().map { schedule(at: $0.element, $0.offset) }
    }
}

struct WheelQueue: BenchTimerQueue {
    var wheel = TimerWheel<Int>(now: .zero)
    mutating func schedule(at deadline: UInt64, _ payload: Int) -> TimerHandle {
        wheel.schedule(at: Deadline(nanoseconds: deadline), payload)
    }
    mutating func cancel(_ handle: TimerHandle) { wheel.cancel(handle) }
    var nextDeadline: UInt64? { wheel.nextDeadline?.nanoseconds }
    mutating func popExpired(now: UInt64) -> Int? { wheel.popExpired(now: Deadline(nanoseconds: now))?.payload }
}

/// A binary min-heap on (deadline, sequence) with a position table so any timer can be cancelled
/// in O(log n) (libuv/libevent style). Handles are slot index + generation, as in the wheel.
struct BinaryHeapQueue: BenchTimerQueue {
    struct Handle { var slot: Int32; var generation: UInt32 }
    private struct Entry { var deadline: UInt64; var sequence: UInt64; var slot: Int32 }
    private var heap: [Entry] = []
    private var positions: [Int32] = []  // slot -> heap index, -1 when free
    private var generations: [UInt32] = []
    private var payloads: [Int] = []
    private var freeSlots: [Int32] = []
    private var sequence: UInt64 = 0

    mutating func schedule(at deadline: UInt64, _ payload: Int) -> Handle {
        let slot: Int32
        if let reused = freeSlots.popLast() { slot = reused; payloads[Int(slot)] = payload } else {
            slot = Int32(positions.count)
            positions.append(-1); generations.append(0); payloads.append(payload)
        }
        sequence += 1
        heap.append(Entry(deadline: deadline, sequence: sequence, slot: slot))
        positions[Int(slot)] = Int32(heap.count - 1)
        siftUp(heap.count - 1)
        return Handle(slot: slot, generation: generations[Int(slot)])
    }

    mutating func cancel(_ handle: Handle) {
        let slot = Int(handle.slot)
        guard generations[slot] == handle.generation, positions[slot] >= 0 else { return }
        let position = Int(positions[slot])
        positions[slot] = -1
        generations[slot] &+= 1
        freeSlots.append(handle.slot)
        let last = heap.removeLast()
        guard position < heap.count else { return }
        heap[position] = last
        positions[Int(last.slot)] = Int32(position)
        siftDown(position)
        siftUp(position)
    }

    var nextDeadline: UInt64? { heap.first?.deadline }

    mutating func popExpired(now: UInt64) -> Int? {
        guard let first = heap.first, first.deadline <= now else { return nil }
        let payload = payloads[Int(first.slot)]
        cancel(Handle(slot: first.slot, generation: generations[Int(first.slot)]))
        return payload
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        (heap[a].deadline, heap[a].sequence) < (heap[b].deadline, heap[b].sequence)
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        positions[Int(heap[a].slot)] = Int32(a)
        positions[Int(heap[b].slot)] = Int32(b)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, less(left + 1, left) { smallest = left + 1 }
            guard less(smallest, parent) else { return }
            swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// An array kept sorted by (deadline, sequence): O(1) next deadline, O(n) insert and cancel
/// (binary search, then a memmove).
struct SortedArrayQueue: BenchTimerQueue {
    struct Handle { var deadline: UInt64; var sequence: UInt64 }
    private struct Entry { var deadline: UInt64; var sequence: UInt64; var payload: Int }
    private var entries: [Entry] = []
    private var sequence: UInt64 = 0

    private func firstIndex(notBefore key: (UInt64, UInt64)) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if (entries[middle].deadline, entries[middle].sequence) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    mutating func schedule(at deadline: UInt64, _ payload: Int) -> Handle {
        sequence += 1
        entries.insert(Entry(deadline: deadline, sequence: sequence, payload: payload), at: firstIndex(notBefore: (deadline, sequence)))
        return Handle(deadline: deadline, sequence: sequence)
    }

    mutating func cancel(_ handle: Handle) {
        let index = firstIndex(notBefore: (handle.deadline, handle.sequence))
        if index < entries.count, entries[index].sequence == handle.sequence { entries.remove(at: index) }
    }

    var nextDeadline: UInt64? { entries.first?.deadline }

    mutating func popExpired(now: UInt64) -> Int? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        return entries.removeFirst().payload
    }

    mutating func fill(_ deadlines: [UInt64]) -> [Handle] {
        entries = deadlines.enumerated().map { Entry(deadline: $0.element, sequence: UInt64($0.offset + 1), payload: $0.offset) }
        sequence = UInt64(deadlines.count)
        let handles = entries.map { Handle(deadline: $0.deadline, sequence: $0.sequence) }
        entries.sort { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        return handles
    }
}

/// An unsorted array (the "just loop over them" approach): O(1) schedule, O(n) cancel and next deadline.
struct LinearScanQueue: BenchTimerQueue {
    private struct Entry { var deadline: UInt64; var id: UInt64; var payload: Int }
    private var entries: [Entry] = []
    private var nextID: UInt64 = 0

    mutating func schedule(at deadline: UInt64, _ payload: Int) -> UInt64 {
        nextID += 1
        entries.append(Entry(deadline: deadline, id: nextID, payload: payload))
        return nextID
    }

    mutating func cancel(_ handle: UInt64) {
        guard let index = entries.firstIndex(where: { $0.id == handle }) else { return }
        entries.swapAt(index, entries.count - 1)
        entries.removeLast()
    }

    var nextDeadline: UInt64? { entries.min { ($0.deadline, $0.id) < ($1.deadline, $1.id) }?.deadline }

    mutating func popExpired(now: UInt64) -> Int? {
        guard let index = entries.indices.min(by: { (entries[$0].deadline, entries[$0].id) < (entries[$1].deadline, entries[$1].id) }),
              entries[index].deadline <= now else { return nil }
        entries.swapAt(index, entries.count - 1)
        return entries.removeLast().payload
    }
}
