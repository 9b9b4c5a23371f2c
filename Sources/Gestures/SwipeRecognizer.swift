import Timing

/// Recognizes a swipe: `contacts` contacts put down together and moved quickly in one direction.
/// Discrete: possible -> recognized | failed, configured like UIKit's.
///
/// Exactly `contacts` contacts are pressed together: the first while no other contact is down, the
/// others within the multi-contact window of it (`GestureSettings.Thresholds`), all of one family
/// (fingers; or pointers: mouse, pen, eraser) and of the `sources` it accepts. Their mean
/// displacement from their presses decides: its larger component (a tie counts as horizontal)
/// names its direction, and the swipe is recognized at the motion, or the lift, that brings that
/// component to the minimum distance (inclusive) in an accepted direction, if that comes less than
/// `minimumDistance / minimumSpeed` after the last contact landed (its speed over the distance is
/// above the minimum). It reports the mean of where its contacts were pressed.
///
/// It fails when another contact presses, a contact lifts (or is cancelled) short of the distance,
/// the displacement passes the drag threshold in a direction it does not accept, too few contacts
/// land within the window, or the time runs out. While it may still succeed it holds back fingers
/// (not pointers) when registered with `delaysContactsBegan`: a lone finger at most for the window,
/// a whole group until the swipe is decided (at most the window and the time limit).
public struct SwipeRecognizer: Sendable {
    /// The directions a swipe may take (screen coordinates: up is towards smaller y).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    public let numberOfContactsRequired: Int
    public let direction: Direction
    /// The kinds of contact it accepts.
    public let sources: InputSources
    /// Pixels; nil: `GestureSettings.Thresholds.swipeMinimumDistancePixels` of the contacts' kind.
    public let minimumDistance: Double?
    /// Pixels per second; nil: `GestureSettings.Thresholds.swipeMinimumSpeedPixelsPerSecond`.
    public let minimumSpeed: Double?

    /// - Parameters:
    ///   - contacts: how many contacts swipe together (1 to 5).
    ///   - direction: the directions accepted (register one recognizer per direction to tell them apart).
    ///   - sources: the kinds of contact accepted (`.touch`: a swipe of fingers, which no mouse starts).
    ///   - minimumDistance: overrides the settings' distance for this recognizer (device pixels, not
    ///     scaled with the screen's resolution, for mouse and touch alike); must be positive.
    ///   - minimumSpeed: overrides the settings' speed likewise; must be positive.
    public init(contacts: Int = 1, direction: Direction = .right, sources: InputSources = .all,
                minimumDistance: Double? = nil, minimumSpeed: Double? = nil) {
        precondition((1...ContactGroup.capacity).contains(contacts),
                     "a swipe takes 1 to \(ContactGroup.capacity) contacts, not \(contacts)")
        precondition(!direction.isEmpty, "a swipe needs a direction")
        precondition(minimumDistance.map { $0 > 0 } ?? true, "a swipe's minimum distance must be positive")
        precondition(minimumSpeed.map { $0 > 0 } ?? true, "a swipe's minimum speed must be positive")
        numberOfContactsRequired = contacts
        self.direction = direction
        self.sources = sources
        self.minimumDistance = minimumDistance
        self.minimumSpeed = minimumSpeed
    }

    func distance(_ thresholds: GestureSettings.Thresholds) -> Double {
        minimumDistance ?? thresholds.swipeMinimumDistancePixels
    }

    /// How long the contacts have, from the last landing, to cover the distance: whole
    /// milliseconds, rounded up (server times are whole milliseconds); nil when the settings give
    /// no positive speed (no limit).
    func timeLimitMilliseconds(_ thresholds: GestureSettings.Thresholds) -> Int64? {
        let seconds = distance(thresholds) / (minimumSpeed ?? thresholds.swipeMinimumSpeedPixelsPerSecond)
        guard seconds.isFinite, seconds >= 0 else { return nil }
        return Int64((seconds * 1000).rounded(.up))
    }
}

/// The state machine of a `SwipeRecognizer` (plain data). Its group lives beside its state rather
/// than in it: a switch on an enum copies it whole, and the arbiter asks every machine about every
/// event, so a state that carried five contacts would make every event pay for them.
struct SwipeMachine: GroupMachine {
    let recognizer: SwipeRecognizer

    enum State {
        case possible
        /// Gathering its contacts (`group`), then following them.
        case tracking
        /// Recognized; its contacts may still be down (they stay claimed).
        case recognized
        case failed
    }

    var state: State = .possible
    /// The contacts of the attempt while it is tracking or recognized.
    var group = ContactGroup()

    init(_ recognizer: SwipeRecognizer) { self.recognizer = recognizer }
}

extension SwipeMachine {
    /// Phase B: a press with no other contact down starts a group.
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state,
            let group = ContactGroup(input, required: recognizer.numberOfContactsRequired, sources: recognizer.sources)
        else { return .none }
        self.group = group
        state = .tracking
        return .none
    }

    /// Phase A: the group takes an event.
    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        guard case .tracking = state else { return .none }
        switch input.kind {
        case .press:
            if let reason = group.admit(input) { return fail(reason) }
            return .none
        case .motion:
            guard group.follow(input) else { return .none }
            return judge(input.thresholds) ?? .none
        case .release:
            guard group.follow(input) else { return .none }
            return judge(input.thresholds) ?? fail(.liftedShort)
        case .cancel:
            guard group.contains(input.serial) else { return .none }
            return fail(.contactCancelled)
        }
    }

    /// Recognizes or fails the complete group where it has moved; nil while it may still go either way.
    private mutating func judge(_ thresholds: GestureSettings.Thresholds) -> RecognizerStep? {
        guard group.isComplete else { return nil }
        let (direction, along) = Self.direction(of: group.displacement)
        if recognizer.direction.contains(direction) {
            guard along >= recognizer.distance(thresholds) else { return nil }
            state = .recognized
            return .succeeded(.recognized(group.pressCentroid), press: group.firstPress, .swiped)
        }
        return along > thresholds.dragThresholdPixels ? fail(.wrongDirection) : nil
    }

    /// The direction of `displacement`'s larger component (horizontal on a tie) and its length.
    static func direction(of displacement: GestureVector) -> (SwipeRecognizer.Direction, Double) {
        if abs(displacement.dx) >= abs(displacement.dy) {
            (displacement.dx < 0 ? .left : .right, abs(displacement.dx))
        } else {
            (displacement.dy < 0 ? .up : .down, abs(displacement.dy))
        }
    }

    private mutating func fail(_ reason: DecisionReason) -> RecognizerStep {
        state = .failed
        return .failed(reason)
    }

    /// Time has reached `time` by the server's clock: too few contacts in the window, or too slow.
    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        guard case .tracking = state else { return .none }
        let thresholds = settings.thresholds(for: group.source)
        if !group.isComplete {
            return group.landingWindowPassed(at: time, thresholds) ? fail(.tooFewContacts) : .none
        }
        guard let limit = recognizer.timeLimitMilliseconds(thresholds),
            time.milliseconds(since: group.completeTime) >= limit
        else { return .none }
        return fail(.tooSlow)
    }

    /// The monotonic time when the attempt fails unless an event comes first.
    func deadline(_ settings: GestureSettings) -> Deadline? {
        guard case .tracking = state else { return nil }
        if let landing = group.landingDeadline(settings) { return landing }
        return recognizer.timeLimitMilliseconds(settings.thresholds(for: group.source))
            .map { group.completeReadTime + .milliseconds($0) }
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        guard let deadline = deadline(settings), deadline <= now else { return .none }
        return fail(group.isComplete ? .tooSlow : .tooFewContacts)
    }

    mutating func forceFail() { state = .failed }

    var isIdle: Bool { if case .possible = state { true } else { false } }

    func isInterested(in input: RecognizerInput) -> Bool {
        guard case .tracking = state else { return false }
        return input.isPress || group.contains(input.serial)
    }

    var isFinished: Bool {
        switch state {
        case .recognized, .failed: true
        case .possible, .tracking: false
        }
    }

    var hasAttempt: Bool {
        switch state {
        case .tracking, .recognized: true
        case .possible, .failed: false
        }
    }
}
