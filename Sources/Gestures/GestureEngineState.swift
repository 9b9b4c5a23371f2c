import Timing

/// Everything a `GestureEngine` holds: the non-generic arbiter and the app's tags for its slots,
/// plus what `remove` produced for the next call.
@usableFromInline struct GestureEngineState<Tag: Hashable & Comparable & Sendable> {
    @usableFromInline var arbiter: GestureArbiter
    /// Tags parallel to the arbiter's slots, ascending: slots are visited in tag order (R9).
    @usableFromInline var tags: [Tag] = []
    /// Outputs and decisions produced by `remove(_:)`, handed over with the next call.
    @usableFromInline var pendingOutputs: [GestureOutput<Tag>] = []
    var pendingDecisions: [GestureDecision<Tag>] = []

    init(arbiter: GestureArbiter) { self.arbiter = arbiter }

    @inlinable mutating func handle(_ event: GestureInput, into outputs: inout [GestureOutput<Tag>]) {
        if !pendingOutputs.isEmpty { flushPending(into: &outputs) }
        arbiter.handle(event)
        arbiter.drain(tags: tags, into: &outputs)
    }

    @inlinable mutating func advance(to now: Deadline, into outputs: inout [GestureOutput<Tag>]) {
        if !pendingOutputs.isEmpty { flushPending(into: &outputs) }
        arbiter.advance(to: now)
        arbiter.drain(tags: tags, into: &outputs)
    }

    @usableFromInline mutating func flushPending(into outputs: inout [GestureOutput<Tag>]) {
        outputs.append(contentsOf: pendingOutputs)
        pendingOutputs.removeAll()
    }

    mutating func insert(
        _ tag: Tag, _ recognizer: Recognizers.Machine, shouldBegin: ((GesturePoint) -> Bool)?,
        _ options: GestureArbiter.Options
    ) {
        precondition(!tags.contains(tag), "gesture tag \(tag) is already registered")
        tagDecisions()  // before indices shift
        let index = tags.firstIndex { $0 > tag } ?? tags.endIndex
        tags.insert(tag, at: index)
        _ = arbiter.insert(recognizer, shouldBegin: shouldBegin, options: options, at: index)
    }

    mutating func remove(_ tag: Tag) {
        guard let index = tags.firstIndex(of: tag) else { return }
        // Attach tags to what is queued while the indices still match.
        arbiter.cancelForRemoval(at: index)
        arbiter.drain(tags: tags, into: &pendingOutputs)
        tagDecisions()
        tags.remove(at: index)
        arbiter.remove(at: index)
        arbiter.drain(tags: tags, into: &pendingOutputs)
        tagDecisions()
    }

    mutating func require(_ waiter: Tag, toFail awaited: Tag) throws {
        guard let w = tags.firstIndex(of: waiter) else { throw GestureEngineError.unknownTag("\(waiter)") }
        guard let a = tags.firstIndex(of: awaited) else { throw GestureEngineError.unknownTag("\(awaited)") }
        let waiterID = arbiter.slots[w].id, awaitedID = arbiter.slots[a].id
        guard !arbiter.wouldCycle(waiter: waiterID, awaited: awaitedID) else {
            throw GestureEngineError.cycle(waiter: "\(waiter)", awaited: "\(awaited)")
        }
        arbiter.requirements.append((waiterID, awaitedID))
        arbiter.rebuildTopology()
    }

    mutating func recognizeSimultaneously(_ a: Tag, _ b: Tag) {
        guard let i = tags.firstIndex(of: a), let j = tags.firstIndex(of: b) else { return }
        arbiter.simultaneous.append((arbiter.slots[i].id, arbiter.slots[j].id))
        arbiter.rebuildTopology()
    }

    /// Attaches tags to the arbiter's decisions while its slot indices match `tags`.
    mutating func tagDecisions() {
        for d in arbiter.decisions {
            pendingDecisions.append(GestureDecision(
                tag: tags[d.slot], outcome: d.outcome, reason: d.reason, eventTime: d.eventTime,
                firstPressTime: d.firstPressTime, now: d.now, latency: d.latency))
        }
        arbiter.decisions.removeAll(keepingCapacity: true)
    }
}
