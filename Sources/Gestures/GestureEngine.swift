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
    // All state is one struct, so an event costs one exclusive access to the class; the per-event
    // entry points are @inlinable so they are specialized for the app's `Tag` (unspecialized
    // generic code spent most of its time looking up metadata). The work itself is in the
    // non-generic `GestureArbiter`.
    @usableFromInline var state: GestureEngineState<Tag>

    /// Creates an engine with no recognizers; `now` starts its timer wheel's clock.
    public init(settings: GestureSettings = .default, now: Deadline = .zero) {
        state = GestureEngineState(arbiter: GestureArbiter(settings: settings, now: now))
    }

    /// The thresholds in force. Setting them takes effect at once, also for attempts in progress:
    /// pending timers move to the new deadlines (R5).
    public var settings: GestureSettings {
        get { state.arbiter.settings }
        set { state.arbiter.settings = newValue }
    }

    /// When true, decisions are recorded for `drainDecisions(into:)` (R12).
    public var isTracing: Bool {
        get { state.arbiter.isTracing }
        set { state.arbiter.isTracing = newValue }
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
        state.insert(tag, .tap(recognizer), shouldBegin: nil, GestureArbiter.Options(
            provisional: provisional, delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a long-press recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    public func add(
        _ tag: Tag, _ recognizer: LongPressRecognizer, delaysContactsBegan: Bool = false,
        cancelsContacts: Bool = false
    ) {
        state.insert(tag, .longPress(LongPressMachine(button: recognizer.button)), shouldBegin: recognizer.shouldBegin,
                     GestureArbiter.Options(delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a pan recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    public func add(
        _ tag: Tag, _ recognizer: PanRecognizer, delaysContactsBegan: Bool = false, cancelsContacts: Bool = false
    ) {
        state.insert(tag, .pan(PanMachine(button: recognizer.button)), shouldBegin: recognizer.shouldBegin,
                     GestureArbiter.Options(delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a swipe recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    /// Delaying holds back fingers only, each at most until it is known to be no part of a swipe.
    public func add(
        _ tag: Tag, _ recognizer: SwipeRecognizer, delaysContactsBegan: Bool = false, cancelsContacts: Bool = false
    ) {
        state.insert(tag, .swipe(SwipeMachine(recognizer)), shouldBegin: nil,
                     GestureArbiter.Options(delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a multi-contact recognizer (see `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`).
    /// Delaying holds back fingers only, each at most for the multi-contact window.
    public func add(
        _ tag: Tag, _ recognizer: MultiContactRecognizer, delaysContactsBegan: Bool = false,
        cancelsContacts: Bool = false
    ) {
        state.insert(tag, .multiContact(MultiContactMachine(recognizer)), shouldBegin: nil,
                     GestureArbiter.Options(delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Adds a recognizer of several contacts tapped together (see
    /// `add(_:_:provisional:delaysContactsBegan:cancelsContacts:)`). Delaying holds back fingers only, each at
    /// most for the multi-contact window unless others join it.
    public func add(
        _ tag: Tag, _ recognizer: MultiContactTapRecognizer, delaysContactsBegan: Bool = false,
        cancelsContacts: Bool = false
    ) {
        state.insert(tag, .multiContactTap(MultiContactTapMachine(recognizer)), shouldBegin: nil,
                     GestureArbiter.Options(delaysContactsBegan: delaysContactsBegan, cancelsContacts: cancelsContacts))
    }

    /// Removes a recognizer: its timer is cancelled (a stale handle does nothing), a gesture in
    /// progress is reported `.cancelled` and a provisional tap `.superseded` with the next outputs.
    public func remove(_ tag: Tag) { state.remove(tag) }

    /// `waiter` succeeds only once `awaited` has failed (or is not tracking anything). One-way;
    /// throws when a tag is unknown or the requirement would close a cycle (R9).
    public func require(_ waiter: Tag, toFail awaited: Tag) throws { try state.require(waiter, toFail: awaited) }

    /// Lets `a` and `b` succeed on the same presses (by default the first to succeed fails the other).
    public func recognizeSimultaneously(_ a: Tag, _ b: Tag) { state.recognizeSimultaneously(a, b) }

    // MARK: Input and time

    /// Handles one input event, appending what it caused to `outputs`.
    @inlinable public func handle(_ event: GestureInput, into outputs: inout [GestureOutput<Tag>]) {
        state.handle(event, into: &outputs)
    }

    /// Fires the timers due at `now` (the monotonic clock), appending what they caused to `outputs`.
    @inlinable public func advance(to now: Deadline, into outputs: inout [GestureOutput<Tag>]) {
        state.advance(to: now, into: &outputs)
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
    @inlinable public var nextDeadline: Deadline? { state.arbiter.nextDeadline }

    /// At rest (R11): all contacts up and delivered, every recognizer possible, no timer queued,
    /// nothing held.
    public var isAtRest: Bool { state.arbiter.isAtRest && state.pendingOutputs.isEmpty }

    /// The number of timers queued (for tests of R11).
    public var pendingTimerCount: Int { state.arbiter.wheel.count }

    /// Moves recorded decisions (when `isTracing`) to `decisions`.
    public func drainDecisions(into decisions: inout [GestureDecision<Tag>]) {
        state.tagDecisions()
        decisions.append(contentsOf: state.pendingDecisions)
        state.pendingDecisions.removeAll(keepingCapacity: true)
    }
}
