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
    /// Asked once, with the press location, when the gesture is about to begin. A pure predicate:
    /// it answers from its argument and what it reads, changes nothing and does not call back into
    /// the engine (it runs while the engine handles an event). What the app needs to know of the
    /// gesture comes with `began`.
    public let shouldBegin: (GesturePoint) -> Bool

    /// - Parameters:
    ///   - button: the button held (touches are button 1).
    ///   - shouldBegin: asked once, with the press location, when the duration has passed; a pure
    ///     predicate.
    public init(button: Int = 1, shouldBegin: @escaping (GesturePoint) -> Bool = { _ in true }) {
        self.button = button
        self.shouldBegin = shouldBegin
    }
}

/// The state machine of a `LongPressRecognizer` (plain data: copying it costs no reference counting).
/// The engine asks `shouldBegin` when it returns `.began` and fails it if the answer is no.
struct LongPressMachine: ContinuousMachine {
    let button: Int
    var state: ContinuousState = .possible

    init(button: Int) { self.button = button }
}

extension LongPressMachine {
    /// Any other press, moving beyond the allowance, or the press ending fails it; it begins by
    /// time alone (`catchUp`, `timeout`).
    mutating func resolveBeforeBeginning(_ input: RecognizerInput, _ attempt: ContinuousAttempt) -> RecognizerStep {
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
        return .succeeded(.began(attempt.pressLocation, press: attempt.pressLocation), press: attempt.pressLocation,
                          .heldLongEnough)
    }
}
