// Structural self-checks for tests and debugging: every documented invariant of `TimerSchedule`,
// walked in full (O(n)), reported as readable violations rather than traps.

extension TimerSchedule {
    /// Every broken invariant, described; empty when the structure is sound.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var seen = [Bool](repeating: false, count: nodes.count)
        var live = 0
        var minimum: UInt64?

        for list in 0...Self.dueList {
            var previous = Self.none
            var index = heads[list]
            var steps = 0
            while index != Self.none {
                steps += 1
                if steps > nodes.count { problems.append("list \(list) has a cycle"); break }
                let node = nodes[Int(index)]
                if seen[Int(index)] { problems.append("node \(index) linked twice") }
                seen[Int(index)] = true
                live += 1
                minimum = Swift.min(minimum ?? .max, node.deadline)
                if node.previous != previous { problems.append("node \(index) has a wrong back link") }
                if Int(node.list) != list { problems.append("node \(index) in list \(list) says \(node.list)") }
                if self.list(for: node.deadline) != list {
                    problems.append("node \(index) (deadline \(node.deadline)) belongs in \(self.list(for: node.deadline)), is in \(list)")
                }
                if list == Self.dueList, previous != Self.none {
                    let before = nodes[Int(previous)]
                    if (before.deadline, before.sequence) >= (node.deadline, node.sequence) {
                        problems.append("due list out of order at node \(index)")
                    }
                }
                previous = index
                index = node.next
            }
            if tails[list] != previous { problems.append("list \(list) has a wrong tail") }
            if list < Self.dueList {
                let bit = occupied[list >> Self.slotBits] >> UInt64(list & (Self.slotsPerLevel - 1)) & 1
                if (bit == 1) != (heads[list] != Self.none) { problems.append("bitmap disagrees with slot \(list)") }
            }
        }

        var free = 0
        var index = freeHead
        while index != Self.none, free <= nodes.count {
            if nodes[Int(index)].list != Self.freeMark { problems.append("free node \(index) is marked as linked") }
            if seen[Int(index)] { problems.append("node \(index) both free and linked") }
            free += 1
            index = nodes[Int(index)].next
        }
        if live != count { problems.append("count \(count) but \(live) linked") }
        if live + free != nodes.count { problems.append("\(nodes.count - live - free) nodes leaked") }
        if earliest != minimum { problems.append("cached earliest \(String(describing: earliest)) but minimum \(String(describing: minimum))") }
        return problems
    }
}

extension TimerWheel {
    /// Every broken invariant of the wheel, described; empty when sound. For tests.
    func invariantViolations() -> [String] {
        var problems = order.invariantViolations()
        if payloads.count != order.nodes.count { problems.append("payload storage out of step with nodes") }
        for (index, node) in order.nodes.enumerated() where (node.list == TimerSchedule.freeMark) != (payloads[index] == nil) {
            problems.append("node \(index): payload presence disagrees with liveness")
        }
        if clock.nanoseconds >> TimerSchedule.tickShift != order.elapsed { problems.append("elapsed tick out of step with now") }
        return problems
    }

    /// Node records allocated so far (live + free): flat under churn means no growth, no leak.
    var storageCapacity: Int { order.capacity }

    /// How many times timers have been moved between lists by cascades: the cost of advancing time.
    var timersCascaded: Int { order.timersCascaded }
}
