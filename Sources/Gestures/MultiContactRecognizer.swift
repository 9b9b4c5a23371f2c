import Timing

/// Recognizes `contacts` contacts down together and follows them all: continuous, possible ->
/// began -> changed* -> ended | cancelled | failed.
///
/// Its contacts are pressed together: the first while no other contact is down, the others within
/// the multi-contact window of it (`GestureSettings.Thresholds.multiContactWindowMilliseconds`), all
/// of one family (fingers; or pointers: two master pointers pressed at once are a group too) and of
/// the `sources` it accepts. The gesture begins as the last of them lands (`contactsBegan`, with
/// every contact's location in press order), reports every motion of any of them
/// (`contactsChanged`) and ends when the first of them lifts (`contactsEnded`, the lifted one at
/// its release); the others then draw nothing more if it claimed them. Before it begins, a contact
/// moving beyond the drag threshold (it was not pressed together with the others), lifting or
/// cancelled, a press of another family or button, or the window passing with too few fails it (R8).
/// Once begun, another contact of its family landing within the window cancels it (the contacts were
/// more than it wants); any other press is no part of it. While it gathers it holds back fingers (not
/// pointers) when registered with `delaysContactsBegan`: a lone finger at most for the window.
public struct MultiContactRecognizer: Sendable {
    public let numberOfContactsRequired: Int
    /// The kinds of contact it accepts.
    public let sources: InputSources

    /// - Parameters:
    ///   - contacts: how many contacts (1...`ContactPoints.capacity`; 2 for a circle between two corners).
    ///   - sources: the kinds of contact accepted.
    public init(contacts: Int = 2, sources: InputSources = .all) {
        precondition((1...ContactPoints.capacity).contains(contacts),
                     "a multi-contact gesture takes 1 to \(ContactPoints.capacity) contacts, not \(contacts)")
        numberOfContactsRequired = contacts
        self.sources = sources
    }
}

/// The state machine of a `MultiContactRecognizer` (plain data). Its group lives beside its state,
/// as a swipe's does (see `SwipeMachine`).
struct MultiContactMachine: GroupMachine {
    let recognizer: MultiContactRecognizer

    enum State {
        case possible
        /// Gathering its contacts (`group`).
        case gathering
        /// Following them.
        case active
        case ended
        case failed
    }

    var state: State = .possible
    /// The contacts of the attempt while it is gathering or active.
    var group = ContactGroup()

    init(_ recognizer: MultiContactRecognizer) { self.recognizer = recognizer }
}

extension MultiContactMachine {
    /// Phase B: a press with no other contact down starts a group (a group of one begins at once).
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state,
            let group = ContactGroup(input, required: recognizer.numberOfContactsRequired, sources: recognizer.sources)
        else { return .none }
        self.group = group
        return gathered()
    }

    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch state {
        case .possible, .ended, .failed:
            return .none
        case .gathering:
            switch input.kind {
            case .press:
                if let reason = group.admit(input) { return fail(reason) }
                return gathered()
            case .motion:
                // One that travelled before the others landed was not pressed together with them: it draws.
                guard group.follow(input), group.hasMoved(beyond: input.thresholds.dragThresholdPixels) else {
                    return .none
                }
                return fail(.movedBeyondSlop)
            case .release, .cancel:
                guard group.contains(input.serial) else { return .none }
                return fail(input.kind == .cancel ? .contactCancelled : .endedWithoutBeginning)
            }
        case .active:
            switch input.kind {
            case .press:
                guard input.serial != nil, input.event.source.isTouch == group.source.isTouch,
                    !group.landingWindowPassed(at: input.time, input.thresholds)
                else { return .none }
                state = .ended
                return .cancelled(.anotherPress)
            case .motion:
                guard group.follow(input) else { return .none }
                return .changed(.contactsChanged(group.points))
            case .release:
                guard group.follow(input) else { return .none }
                state = .ended
                return .ended(.contactsEnded(group.points))
            case .cancel:
                guard group.contains(input.serial) else { return .none }
                state = .ended
                return .cancelled(.contactCancelled)
            }
        }
    }

    /// Begins once the group is complete; gathers on until then.
    private mutating func gathered() -> RecognizerStep {
        guard group.isComplete else {
            state = .gathering
            return .none
        }
        state = .active
        return .succeeded(.contactsBegan(group.points), press: group.firstPress, .contactsLanded)
    }

    private mutating func fail(_ reason: DecisionReason) -> RecognizerStep {
        state = .failed
        return .failed(reason)
    }

    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        guard case .gathering = state, group.landingWindowPassed(at: time, settings.thresholds(for: group.source))
        else { return .none }
        return fail(.tooFewContacts)
    }

    func deadline(_ settings: GestureSettings) -> Deadline? {
        guard case .gathering = state else { return nil }
        return group.landingDeadline(settings)
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        guard let deadline = deadline(settings), deadline <= now else { return .none }
        return fail(.tooFewContacts)
    }

    mutating func forceFail() { state = .failed }

    var isIdle: Bool { if case .possible = state { true } else { false } }

    func isInterested(in input: RecognizerInput) -> Bool {
        switch state {
        case .gathering, .active: input.isPress || group.contains(input.serial)
        case .possible, .ended, .failed: false
        }
    }

    var isFinished: Bool {
        switch state {
        case .ended, .failed: true
        case .possible, .gathering, .active: false
        }
    }

    /// An ended attempt still claims its contacts until it is reset: one that had to wait for others to fail
    /// and ended meanwhile is delivered then, and takes its contacts from the canvas as it would have.
    var hasAttempt: Bool {
        switch state {
        case .gathering, .active, .ended: true
        case .possible, .failed: false
        }
    }
}
