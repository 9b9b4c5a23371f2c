// Structural self-checks for tests and debugging: every documented invariant of `TimerSchedule`,
// walked in full (O(n)), reported as readable violations rather than traps.

extension TimerSchedule {
    func node(_ index: UInt32) -> TimerNode<Payload> { storage.nodes[Int(index)] }

    func isOccupied(_ list: Int) -> Bool {
        storage.occupied[list >> Geometry.slotBits] >> UInt64(list & Geometry.slotMask) & 1 == 1
    }

    /// Every broken invariant, described; empty when the structure is sound.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = [Bool](repeating: false, count: allocatedNodes)
        var live = 0
        var minimum: UInt64?

        for list in 0...Geometry.dueList {
            let sentinel = UInt32(list)
            if node(sentinel).list != Geometry.sentinelMark { problems.append("sentinel \(list) is not marked") }
            var previous = sentinel
            var index = node(sentinel).next
            var steps = 0
            while index != sentinel {
                steps += 1
                if steps > allocatedNodes || Int(index) >= allocatedNodes { problems.append("list \(list) is broken"); break }
                let node = node(index)
                if seen[Int(index)] { problems.append("node \(index) linked twice") }
                seen[Int(index)] = true
                live += 1
                minimum = Swift.min(minimum ?? .max, node.deadline)
                if node.previous != previous { problems.append("node \(index) has a wrong back link") }
                if Int(node.list) != list { problems.append("node \(index) in list \(list) says \(node.list)") }
                if self.list(for: node.deadline) != list {
                    problems.append("node \(index) (deadline \(node.deadline)) belongs in \(self.list(for: node.deadline)), is in \(list)")
                }
                if list == Geometry.dueList, previous != sentinel {
                    let before = self.node(previous)
                    if (before.deadline, before.sequence) >= (node.deadline, node.sequence) {
                        problems.append("due list out of order at node \(index)")
                    }
                }
                previous = index
                index = node.next
            }
            if node(sentinel).previous != previous { problems.append("list \(list) has a wrong tail") }
            if list < Geometry.dueList, isOccupied(list) != (node(sentinel).next != sentinel) {
                problems.append("bitmap disagrees with slot \(list)")
            }
        }

        for level in 0..<Geometry.levelCount
        where (occupiedLevels >> UInt64(level) & 1 == 1) != (storage.occupied[level] != 0) {
            problems.append("level summary disagrees with level \(level)")
        }

        var free = 0
        var index = freeHead
        while index != Geometry.none, free <= allocatedNodes {
            if node(index).list != Geometry.freeMark { problems.append("free node \(index) is not marked free") }
            if seen[Int(index)] { problems.append("node \(index) both free and linked") }
            free += 1
            index = node(index).next
        }
        if live != count { problems.append("count \(count) but \(live) linked") }
        if Geometry.firstTimerNode + live + free != allocatedNodes {
            problems.append("\(allocatedNodes - Geometry.firstTimerNode - live - free) nodes leaked")
        }
        if earliest != minimum { problems.append("earliest \(String(describing: earliest)) but minimum \(String(describing: minimum))") }
        if let minimum, earliestBound > minimum { problems.append("earliest bound \(earliestBound) above the minimum \(minimum)") }
        if let minimum, earliestIsExact, earliestBound != minimum { problems.append("earliest bound marked exact but is not") }
        return problems
    }
}

extension TimerWheel {
    /// Every broken invariant of the wheel, described; empty when sound. For tests.
    func invariantViolations() -> [String] {
        var problems = order.invariantViolations()
        for index in Int(WheelGeometry.firstTimerNode)..<order.allocatedNodes
        where (order.node(UInt32(index)).list == WheelGeometry.freeMark) != (order.storage.nodes[index].payload == nil) {
            problems.append("node \(index): payload presence disagrees with liveness")
        }
        if clock.nanoseconds >> WheelGeometry.tickShift != order.elapsed { problems.append("elapsed tick out of step with now") }
        return problems
    }

    /// Node records allocated so far (sentinels + live + free): flat under churn means no growth.
    var storageCapacity: Int { order.allocatedNodes }

    /// How many times timers have been moved between lists by cascades: the cost of advancing time.
    var timersCascaded: Int { order.timersCascaded }
}
