import Timing

/// Recognizes `numberOfTapsRequired` taps of one button (touches count as button 1).
///
/// Discrete: possible -> recognized | failed. Geometry (R4): a press fails as a tap when it moves
/// beyond the drag threshold; the next press must come within the multi-tap window after the
/// release (measured up -> down by server timestamps, exclusive), no sooner than the minimum gap,
/// within the multi-tap distance of the first press (inclusive), by the same device, button and
/// source, with no other contact down. A press that breaks these rules fails the attempt and, once
/// the engine has settled that failure, starts a new one (R6).
public struct TapRecognizer {
    public let numberOfTapsRequired: Int
    public let button: Int

    /// One attempt at a multi-tap: the taps so far.
    struct Attempt {
        var device: UInt16
        var source: InputSource
        var tapsCompleted: Int
        var firstPressLocation: GesturePoint
        var firstPressTime: ServerTime
        var pressSerial: PressSerial
        var pressLocation: GesturePoint
        var firstSerial: PressSerial
        var releaseTime: ServerTime
        var lastInputReadTime: Deadline
    }

    enum State {
        case possible
        case pressed(Attempt)
        case awaitingNextPress(Attempt)
        case recognized(Attempt)
        /// Failed; `down` is the press still held (the attempt is over once it lifts).
        case failed(down: PressSerial?)
    }

    var state: State = .possible

    /// - Parameters:
    ///   - taps: taps required (1 single, 2 double, ...).
    ///   - button: 1 left, 2 middle, 3 right.
    public init(taps: Int = 1, button: Int = 1) {
        precondition(taps >= 1, "a tap recognizer needs at least one tap")
        numberOfTapsRequired = taps
        self.button = button
    }
}

extension TapRecognizer {
    /// Phase B: an idle recognizer takes a press as the first tap of a new attempt.
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state, input.kind == .press(button: button), let serial = input.serial,
            !input.otherContactsDown
        else { return .none }
        state = .pressed(Attempt(
            device: input.event.contact.device, source: input.event.source, tapsCompleted: 0,
            firstPressLocation: input.location, firstPressTime: input.time, pressSerial: serial,
            pressLocation: input.location, firstSerial: serial, releaseTime: input.time,
            lastInputReadTime: input.event.readTime))
        return .none
    }

    /// Phase A: the current attempt takes an event.
    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch state {
        case .possible, .recognized:
            return .none
        case .failed(let down):
            if input.endsPress, let down, input.serial == down { state = .failed(down: nil) }
            return .none
        case .pressed(var attempt):
            return pressed(&attempt, input)
        case .awaitingNextPress(var attempt):
            return awaitingNextPress(&attempt, input)
        }
    }

    private mutating func pressed(_ attempt: inout Attempt, _ input: RecognizerInput) -> RecognizerStep {
        switch input.kind {
        case .press:
            state = .failed(down: attempt.pressSerial)
            return .failed(.anotherPress)
        case .motion:
            guard input.serial == attempt.pressSerial,
                input.location.distance(to: attempt.pressLocation) > input.thresholds.dragThresholdPixels
            else { return .none }
            state = .failed(down: attempt.pressSerial)
            return .failed(.movedBeyondSlop)
        case .release:
            guard input.serial == attempt.pressSerial else { return .none }
            attempt.tapsCompleted += 1
            attempt.releaseTime = input.time
            attempt.lastInputReadTime = input.event.readTime
            if attempt.tapsCompleted == numberOfTapsRequired {
                state = .recognized(attempt)
                return .succeeded(.recognized(attempt.firstPressLocation), press: attempt.firstPressLocation,
                                  .tapCompleted)
            }
            // A mouse released farther than the double-click distance from the first press cannot press
            // again in range without moving back: fail now rather than wait (R2). A finger has no
            // position while up, so a touch keeps waiting.
            if input.event.source == .mouse,
               input.location.distance(to: attempt.firstPressLocation) > input.thresholds.multiTapDistancePixels {
                state = .failed(down: nil)
                return .failed(.pointerMovedAway)
            }
            state = .awaitingNextPress(attempt)
            return .none
        case .cancel:
            guard input.serial == attempt.pressSerial else { return .none }
            state = .failed(down: nil)
            return .failed(.contactCancelled)
        }
    }

    private mutating func awaitingNextPress(_ attempt: inout Attempt, _ input: RecognizerInput) -> RecognizerStep {
        let thresholds = input.thresholds
        switch input.kind {
        case .release, .cancel:
            return .none
        case .motion:
            guard input.serial == nil, input.event.contact.device == attempt.device,
                input.location.distance(to: attempt.firstPressLocation) > thresholds.multiTapDistancePixels
            else { return .none }
            state = .failed(down: nil)
            return .failed(.pointerMovedAway)
        case .press:
            let gap = input.time.milliseconds(since: attempt.releaseTime)
            let serial = input.serial
            let reason: DecisionReason? =
                if serial == nil || input.otherContactsDown || input.kind != .press(button: button)
                    || input.event.contact.device != attempt.device || input.event.source != attempt.source
                { .otherButtonOrDevice }
                else if gap >= thresholds.multiTapWindowMilliseconds { .windowPassed }
                else if gap < thresholds.multiTapMinimumGapMilliseconds { .pressTooSoon }
                else if input.location.distance(to: attempt.firstPressLocation) > thresholds.multiTapDistancePixels
                { .pressTooFar }
                else { nil }
            guard reason == nil, let serial else {
                state = .failed(down: nil)
                return .failed(reason ?? .otherButtonOrDevice)
            }
            attempt.pressSerial = serial
            attempt.pressLocation = input.location
            attempt.lastInputReadTime = input.event.readTime
            state = .pressed(attempt)
            return .none
        }
    }

    /// Time has reached `time` by the server's clock (an event stamped then is about to be handled).
    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        guard case .awaitingNextPress(let attempt) = state,
            time.milliseconds(since: attempt.releaseTime)
                >= settings.thresholds(for: attempt.source).multiTapWindowMilliseconds
        else { return .none }
        state = .failed(down: nil)
        return .failed(.windowPassed)
    }

    /// The monotonic time when the attempt fails unless an event comes first.
    func deadline(_ settings: GestureSettings) -> Deadline? {
        guard case .awaitingNextPress(let attempt) = state else { return nil }
        return attempt.lastInputReadTime
            + .milliseconds(settings.thresholds(for: attempt.source).multiTapWindowMilliseconds)
    }

    /// The timer for `deadline` fired at `now` with no event in between.
    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        guard let deadline = deadline(settings), deadline <= now else { return .none }
        state = .failed(down: nil)
        return .failed(.windowPassed)
    }

    /// The engine fails the attempt (a requirement succeeded, or another gesture claimed the press).
    mutating func forceFail() {
        switch state {
        case .pressed(let attempt): state = .failed(down: attempt.pressSerial)
        case .failed: break
        default: state = .failed(down: nil)
        }
    }

    var isIdle: Bool { if case .possible = state { true } else { false } }

    /// Whether `resolve` could change anything for `input` (lets the arbiter skip the rest).
    func isInterested(in input: RecognizerInput) -> Bool {
        switch state {
        case .possible, .recognized: false
        case .failed(let down): down != nil && input.endsPress && input.serial == down
        case .pressed, .awaitingNextPress: true
        }
    }

    /// Over: recognized or failed with no press of the attempt still down.
    var isFinished: Bool {
        switch state {
        case .recognized, .failed(down: nil): true
        default: false
        }
    }

    /// The presses of the current attempt (a multi-tap's presses are consecutive serials: any
    /// other press in between fails it).
    var claimedPresses: ClosedRange<PressSerial>? { attempt.map { $0.firstSerial...$0.pressSerial } }

    var attempt: Attempt? {
        switch state {
        case .pressed(let a), .awaitingNextPress(let a), .recognized(let a): a
        case .possible, .failed: nil
        }
    }
}
