import Timing

/// Recognizes `contacts` contacts tapped together — pressed together, lifted without moving, before the
/// long-press duration — as touch drawing apps take two fingers for undo and three for redo. Discrete:
/// possible -> recognized | failed.
///
/// Its contacts are pressed together as a `MultiContactRecognizer`'s are (the first with no other contact
/// down, the others within the multi-contact window of it, all of one family and of the `sources` it
/// accepts). It is recognized when the first of them lifts, all having landed and none having moved beyond
/// the drag threshold, less than the long-press duration after the last landed (a held press is no tap); it
/// reports the mean of where they were pressed. It fails when one moves beyond the drag threshold, one lifts
/// before all have landed, one is cancelled, another press comes (one contact too many, or of another kind),
/// too few land within the window, or the duration passes with them down. The contacts it is recognized on
/// stay claimed until they lift. While it may still succeed it holds back fingers (not pointers) when
/// registered with `delaysContactsBegan`: a lone finger at most for the window.
///
/// A circle between two contacts (`MultiContactRecognizer`) that requires the two-contact tap to fail begins
/// once they move (or are held), never on a tap: a tap is not a tiny circle.
public struct MultiContactTapRecognizer: Sendable {
    public let numberOfContactsRequired: Int
    /// The kinds of contact it accepts.
    public let sources: InputSources

    /// - Parameters:
    ///   - contacts: how many contacts tap together (2...`ContactPoints.capacity`).
    ///   - sources: the kinds of contact accepted.
    public init(contacts: Int = 2, sources: InputSources = .all) {
        precondition((2...ContactPoints.capacity).contains(contacts),
                     "a tap of several contacts takes 2 to \(ContactPoints.capacity) contacts, not \(contacts)")
        numberOfContactsRequired = contacts
        self.sources = sources
    }
}

/// The state machine of a `MultiContactTapRecognizer` (plain data). Its group lives beside its state, as a
/// swipe's does (see `SwipeMachine`).
struct MultiContactTapMachine: GroupMachine {
    let recognizer: MultiContactTapRecognizer

    enum State {
        case possible
        /// Gathering its contacts (`group`).
        case gathering
        /// All of them down, none moved.
        case down
        /// Recognized; its contacts may still be down (they stay claimed).
        case recognized
        case failed
    }

    var state: State = .possible
    /// The contacts of the attempt while it is gathering, down or recognized.
    var group = ContactGroup()

    init(_ recognizer: MultiContactTapRecognizer) { self.recognizer = recognizer }
}

extension MultiContactTapMachine {
    /// Phase B: a press with no other contact down starts a group.
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state,
            let group = ContactGroup(input, required: recognizer.numberOfContactsRequired, sources: recognizer.sources)
        else { return .none }
        self.group = group
        state = .gathering
        return .none
    }

    /// Phase A: the group takes an event.
    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch state {
        case .possible, .recognized, .failed:
            return .none
        case .gathering, .down:
            switch input.kind {
            case .press:
                if let reason = group.admit(input) { return fail(reason) }
                if group.isComplete { state = .down }
                return .none
            case .motion:
                guard group.follow(input), group.hasMoved(beyond: input.thresholds.dragThresholdPixels) else { return .none }
                return fail(.movedBeyondSlop)
            case .release:
                guard group.follow(input) else { return .none }
                guard case .down = state else { return fail(.liftedTooSoon) }
                if group.hasMoved(beyond: input.thresholds.dragThresholdPixels) { return fail(.movedBeyondSlop) }
                if heldTooLong(at: input.time, input.thresholds) { return fail(.heldTooLong) }
                state = .recognized
                return .succeeded(.recognized(group.pressCentroid), press: group.firstPress, .tapCompleted)
            case .cancel:
                guard group.contains(input.serial) else { return .none }
                return fail(.contactCancelled)
            }
        }
    }

    /// Whether the contacts, all down since the group was complete, have been down too long for a tap at `time`.
    private func heldTooLong(at time: ServerTime, _ thresholds: GestureSettings.Thresholds) -> Bool {
        time.milliseconds(since: group.completeTime) >= thresholds.longPressDurationMilliseconds
    }

    private mutating func fail(_ reason: DecisionReason) -> RecognizerStep {
        state = .failed
        return .failed(reason)
    }

    /// Time has reached `time` by the server's clock: too few contacts in the window, or held too long.
    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        let thresholds = settings.thresholds(for: group.source)
        switch state {
        case .gathering where group.landingWindowPassed(at: time, thresholds): return fail(.tooFewContacts)
        case .down where heldTooLong(at: time, thresholds): return fail(.heldTooLong)
        default: return .none
        }
    }

    /// The monotonic time when the attempt fails unless an event comes first: the window closing on fingers
    /// still short of contacts, or the long-press duration once all are down.
    func deadline(_ settings: GestureSettings) -> Deadline? {
        switch state {
        case .gathering: group.landingDeadline(settings)
        case .down: group.completeReadTime + .milliseconds(settings.thresholds(for: group.source).longPressDurationMilliseconds)
        case .possible, .recognized, .failed: nil
        }
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        guard let deadline = deadline(settings), deadline <= now else { return .none }
        if case .down = state { return fail(.heldTooLong) }
        return fail(.tooFewContacts)
    }

    mutating func forceFail() { state = .failed }

    var isIdle: Bool { if case .possible = state { true } else { false } }

    func isInterested(in input: RecognizerInput) -> Bool {
        switch state {
        case .gathering, .down: input.isPress || group.contains(input.serial)
        case .possible, .recognized, .failed: false
        }
    }

    var isFinished: Bool {
        switch state {
        case .recognized, .failed: true
        case .possible, .gathering, .down: false
        }
    }

    var hasAttempt: Bool {
        switch state {
        case .gathering, .down, .recognized: true
        case .possible, .failed: false
        }
    }
}
