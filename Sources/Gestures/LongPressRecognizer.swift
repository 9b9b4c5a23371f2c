import Timing

/// Recognizes a press held still: continuous, possible -> began -> changed* -> ended | failed.
///
/// Begins once the press has lasted the long-press duration (by server timestamps when an event
/// shows it, by the engine's timer otherwise — R3) without moving beyond the allowable movement,
/// and only if `shouldBegin(pressLocation)` agrees when that moment comes (the app: "only over a
/// line"). Then every motion of the press is a `changed` and its release `ended`. Another press
/// before it begins, a release or too much movement fail it.
public struct LongPressRecognizer {
    public let button: Int
    /// Asked once, with the press location, when the gesture is about to begin (by the engine,
    /// while it handles an event: the predicate must not call back into the engine).
    public let shouldBegin: (GesturePoint) -> Bool

    /// - Parameters:
    ///   - button: the button held (touches are button 1).
    ///   - shouldBegin: asked once, with the press location, when the duration has passed.
    public init(button: Int = 1, shouldBegin: @escaping (GesturePoint) -> Bool = { _ in true }) {
        self.button = button
        self.shouldBegin = shouldBegin
    }
}

/// The state machine of a `LongPressRecognizer` (plain data: copying it costs no reference counting).
/// The engine asks `shouldBegin` when it returns `.began` and fails it if the answer is no.
struct LongPressMachine {
    let button: Int

    enum State {
        case possible
        case pressed(ContinuousAttempt)
        case active(ContinuousAttempt)
        case ended
        case failed(down: PressSerial?)
    }

    var state: State = .possible

    init(button: Int) { self.button = button }
}

extension LongPressMachine {
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state, input.kind == .press, let serial = input.serial,
            input.event.button == button
        else { return .none }
        state = .pressed(ContinuousAttempt(input, serial: serial))
        return .none
    }

    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch state {
        case .possible, .ended:
            return .none
        case .failed(let down):
            if input.endsPress, let down, input.serial == down { state = .failed(down: nil) }
            return .none
        case .pressed(let attempt):
            switch input.kind {
            case .press:
                state = .failed(down: attempt.serial)
                return .failed(.anotherPress)
            case .motion:
                guard input.serial == attempt.serial,
                    input.location.distance(to: attempt.pressLocation)
                        > input.thresholds.longPressAllowableMovementPixels
                else { return .none }
                state = .failed(down: attempt.serial)
                return .failed(.movedBeyondAllowance)
            case .release:
                guard input.serial == attempt.serial else { return .none }
                state = .failed(down: nil)
                return .failed(.releasedEarly)
            case .cancel:
                guard input.serial == attempt.serial else { return .none }
                state = .failed(down: nil)
                return .failed(.contactCancelled)
            }
        case .active(var attempt):
            guard input.serial == attempt.serial else { return .none }
            switch input.kind {
            case .press:
                return .none
            case .motion:
                let step = attempt.move(input)
                state = .active(attempt)
                return step
            case .release:
                state = .ended
                return .ended(input.location)
            case .cancel:
                state = .ended
                return .cancelled
            }
        }
    }

    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        guard case .pressed(let attempt) = state,
            time.milliseconds(since: attempt.pressTime)
                >= settings.thresholds(for: attempt.source).longPressDurationMilliseconds
        else { return .none }
        return fire(attempt)
    }

    func deadline(_ settings: GestureSettings) -> Deadline? {
        guard case .pressed(let attempt) = state else { return nil }
        return attempt.pressReadTime
            + .milliseconds(settings.thresholds(for: attempt.source).longPressDurationMilliseconds)
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        guard case .pressed(let attempt) = state, let deadline = deadline(settings), deadline <= now
        else { return .none }
        return fire(attempt)
    }

    private mutating func fire(_ attempt: ContinuousAttempt) -> RecognizerStep {
        state = .active(attempt)
        return .began(attempt.pressLocation, .heldLongEnough)
    }

    mutating func forceFail() {
        switch state {
        case .pressed(let a), .active(let a): state = .failed(down: a.serial)
        case .failed: break
        default: state = .failed(down: nil)
        }
    }

    var isIdle: Bool { if case .possible = state { true } else { false } }

    /// Whether `resolve` could change anything for `input` (lets the arbiter skip the rest).
    func isInterested(in input: RecognizerInput) -> Bool {
        switch state {
        case .possible, .ended: false
        case .failed(let down): down != nil && input.endsPress && input.serial == down
        case .pressed(let a), .active(let a): input.serial == a.serial || input.kind == .press
        }
    }

    var isFinished: Bool {
        switch state {
        case .ended, .failed(down: nil): true
        default: false
        }
    }

    var claimedPresses: ClosedRange<PressSerial>? { attempt.map { $0.serial...$0.serial } }

    var attempt: ContinuousAttempt? {
        switch state {
        case .pressed(let a), .active(let a): a
        default: nil
        }
    }
}
