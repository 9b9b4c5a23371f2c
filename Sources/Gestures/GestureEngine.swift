import Timing

/// Raised by `GestureEngine.require(_:toFail:)`.
public enum GestureEngineError: Error, Hashable, Sendable {
    /// One of the tags was never added.
    case unknownTag(String)
    /// The requirement would make a recognizer wait on itself, directly or through others (R9).
    case cycle(waiter: String, awaited: String)
}

/// Recognizes gestures in a stream of pointer and touch input and tells the canvas which contacts
/// are its own.
///
/// Register recognizers under app-defined tags, then feed input and time:
///
///     let engine = GestureEngine<AppGesture>(settings: .default)
///     engine.add(.clear, TapRecognizer(taps: 2), delaysContactsBegan: true)
///     engine.add(.select, TapRecognizer(taps: 1), provisional: true, delaysContactsBegan: true)
///     try engine.require(.select, toFail: .clear)
///     engine.handle(event, into: &outputs)          // every X event, in order
///     engine.advance(to: now, into: &outputs)       // after draining events; poll until nextDeadline
///
/// Recognizers are visited in tag order, so the order of registration never changes the output (R9).
/// `handle` classifies by the event's server time and never fires timers: drain the X queue first,
/// then `advance(to:)`, so a press stamped inside the window but read late still counts (R3).
/// Not thread-safe: use it from one thread (the event loop).
public final class GestureEngine<Tag: Hashable & Comparable & Sendable> {
    // The per-event entry points are @inlinable so that they are specialized for the app's `Tag`
    // (unspecialized generic code spent most of its time looking up metadata); all the work is in
    // the non-generic `GestureArbiter`.
    @usableFromInline var arbiter: GestureArbiter
    /// Tags parallel to the arbiter's slots, ascending.
    @usableFromInline var tags: [Tag] = []

    /// Creates an engine with no recognizers; `now` starts its timer wheel's clock.
    public init(settings: GestureSettings = .default, now: Deadline = .zero) {
        arbiter = GestureArbiter(settings: settings, now: now)
    }

    /// The thresholds in force. Setting them takes effect at once, also for attempts in progress:
    /// pending timers move to the new deadlines (R5).
    public var settings: GestureSettings {
        get { arbiter.settings }
        set { arbiter.settings = newValue }
    }

    /// When true, decisions are recorded for `drainDecisions(into:)` (R12).
    public var isTracing: Bool {
        get { arbiter.isTracing }
        set { arbiter.isTracing = newValue }
    }

    // MARK: Registration

    /// Adds a tap recognizer.
    /// - Parameters:
    ///   - provisional: when it has to wait on a gesture it requires to fail, report
    ///     `.provisional` at once and `.confirmed` or `.superseded` later (R7).
    ///   - delaysContactsBegan: the canvas sees a press only once this recognizer has failed on it.
    ///   - cancelsContacts: when it succeeds, the canvas loses the presses it claimed.
    public func add(
        _ tag: Tag, _ recognizer: TapRecognizer, provisional: Bool = false,
        delaysContactsBegan: Bool = false, cancelsContacts: Bool = false
    ) {
        insert(tag, .tap(recognizer), shouldBegin: nil, GestureArbiter.Options(
            provisional: provisional, delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a long-press recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    public func add(
        _ tag: Tag, _ recognizer: LongPressRecognizer, delaysContactsBegan: Bool = false,
        cancelsContacts: Bool = false
    ) {
        insert(tag, .longPress(LongPressMachine(button: recognizer.button)), shouldBegin: recognizer.shouldBegin,
               GestureArbiter.Options(
            delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a pan recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    public func add(
        _ tag: Tag, _ recognizer: PanRecognizer, delaysContactsBegan: Bool = false, cancelsContacts: Bool = false
    ) {
        insert(tag, .pan(PanMachine(button: recognizer.button)), shouldBegin: recognizer.shouldBegin,
               GestureArbiter.Options(
            delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    private func insert(
        _ tag: Tag, _ recognizer: AnyRecognizer, shouldBegin: ((GesturePoint) -> Bool)?,
        _ options: GestureArbiter.Options
    ) {
        precondition(!tags.contains(tag), "gesture tag \(tag) is already registered")
        tagDecisions()  // before indices shift
        let index = tags.firstIndex { $0 > tag } ?? tags.endIndex
        tags.insert(tag, at: index)
        _ = arbiter.insert(recognizer, shouldBegin: shouldBegin, options: options, at: index)
    }

    /// Removes a recognizer: its timer is cancelled (a stale handle does nothing), a gesture in
    /// progress is reported `.cancelled` and a provisional tap `.superseded` with the next outputs.
    public func remove(_ tag: Tag) {
        guard let index = tags.firstIndex(of: tag) else { return }
        // Attach tags to what is queued while the indices still match.
        arbiter.cancelForRemoval(at: index)
        drain(into: &pendingOutputs)
        tagDecisions()
        tags.remove(at: index)
        arbiter.remove(at: index)
        drain(into: &pendingOutputs)
        tagDecisions()
    }

    /// `waiter` succeeds only once `awaited` has failed (or is not tracking anything). One-way;
    /// throws when a tag is unknown or the requirement would close a cycle (R9).
    public func require(_ waiter: Tag, toFail awaited: Tag) throws {
        guard let w = tags.firstIndex(of: waiter) else { throw GestureEngineError.unknownTag("\(waiter)") }
        guard let a = tags.firstIndex(of: awaited) else { throw GestureEngineError.unknownTag("\(awaited)") }
        let waiterID = arbiter.slots[w].id, awaitedID = arbiter.slots[a].id
        guard !arbiter.wouldCycle(waiter: waiterID, awaited: awaitedID) else {
            throw GestureEngineError.cycle(waiter: "\(waiter)", awaited: "\(awaited)")
        }
        arbiter.requirements.append((waiterID, awaitedID))
        arbiter.rebuildTopology()
    }

    /// Lets `a` and `b` succeed on the same presses (by default the first to succeed fails the other).
    public func recognizeSimultaneously(_ a: Tag, _ b: Tag) {
        guard let i = tags.firstIndex(of: a), let j = tags.firstIndex(of: b) else { return }
        arbiter.simultaneous.append((arbiter.slots[i].id, arbiter.slots[j].id))
        arbiter.rebuildTopology()
    }

    // MARK: Input and time

    /// Handles one input event, appending what it caused to `outputs`.
    @inlinable public func handle(_ event: GestureInput, into outputs: inout [GestureOutput<Tag>]) {
        flushRemovals(into: &outputs)
        arbiter.handle(event)
        drain(into: &outputs)
    }

    /// Fires the timers due at `now` (the monotonic clock), appending what they caused to `outputs`.
    @inlinable public func advance(to now: Deadline, into outputs: inout [GestureOutput<Tag>]) {
        flushRemovals(into: &outputs)
        arbiter.advance(to: now)
        drain(into: &outputs)
    }

    /// Convenience for `handle(_:into:)` returning a new array.
    public func handle(_ event: GestureInput) -> [GestureOutput<Tag>] {
        var outputs: [GestureOutput<Tag>] = []
        handle(event, into: &outputs)
        return outputs
    }

    /// Convenience for `advance(to:into:)` returning a new array.
    public func advance(to now: Deadline) -> [GestureOutput<Tag>] {
        var outputs: [GestureOutput<Tag>] = []
        advance(to: now, into: &outputs)
        return outputs
    }

    /// The earliest moment `advance(to:)` has work to do; nil when nothing waits on time.
    @inlinable public var nextDeadline: Deadline? { arbiter.nextDeadline }

    /// R11: all contacts up and delivered, every recognizer possible, no timer queued, nothing held.
    public var isAtRest: Bool { arbiter.isAtRest && pendingOutputs.isEmpty }

    /// The number of timers queued (for tests of R11: no timer leaks).
    public var pendingTimerCount: Int { arbiter.wheel.count }

    /// Moves recorded decisions (when `isTracing`) to `decisions`.
    public func drainDecisions(into decisions: inout [GestureDecision<Tag>]) {
        tagDecisions()
        decisions.append(contentsOf: pendingDecisions)
        pendingDecisions.removeAll(keepingCapacity: true)
    }

    /// Attaches tags to the arbiter's decisions while its slot indices match `tags`.
    private func tagDecisions() {
        for d in arbiter.decisions {
            pendingDecisions.append(GestureDecision(
                tag: tags[d.slot], outcome: d.outcome, reason: d.reason, eventTime: d.eventTime,
                firstPressTime: d.firstPressTime, now: d.now, latency: d.latency))
        }
        arbiter.decisions.removeAll(keepingCapacity: true)
    }

    // MARK: Outputs

    /// Outputs and decisions produced by `remove(_:)`, handed over with the next call.
    @usableFromInline var pendingOutputs: [GestureOutput<Tag>] = []
    private var pendingDecisions: [GestureDecision<Tag>] = []

    @inlinable func flushRemovals(into outputs: inout [GestureOutput<Tag>]) {
        guard !pendingOutputs.isEmpty else { return }
        outputs.append(contentsOf: pendingOutputs)
        pendingOutputs.removeAll()
    }

    @inlinable func drain(into outputs: inout [GestureOutput<Tag>]) {
        arbiter.drain(tags: tags, into: &outputs)
    }
}
