import Timing

/// Recognizes a drag: continuous, possible -> began -> changed* -> ended | failed.
///
/// Begins when the press moves beyond the drag threshold (the slop), if `shouldBegin(pressLocation)`
/// agrees at that moment (the app: "only when the press was on the selected line"); `began` carries
/// both where the pointer is and where it was pressed. Translation is measured from the press;
/// velocity in px/s from the last two samples by server time. A release before it began is a
/// failure (R8).
public struct PanRecognizer {
    public let button: Int
    /// Asked once, with the press location, when the gesture is about to begin. A pure predicate:
    /// it answers from its argument and what it reads, changes nothing and does not call back into
    /// the engine (it runs while the engine handles an event). What the app needs to know of the
    /// gesture comes with `began`.
    public let shouldBegin: (GesturePoint) -> Bool

    /// - Parameters:
    ///   - button: the button dragged with (touches are button 1).
    ///   - shouldBegin: asked once, with the press location, when the slop is crossed; a pure predicate.
    public init(button: Int = 1, shouldBegin: @escaping (GesturePoint) -> Bool = { _ in true }) {
        self.button = button
        self.shouldBegin = shouldBegin
    }
}

/// The state machine of a `PanRecognizer` (plain data: copying it costs no reference counting).
/// The engine asks `shouldBegin` when it returns `.began` and fails it if the answer is no.
struct PanMachine: ContinuousMachine {
    let button: Int
    var state: ContinuousState = .possible

    init(button: Int) { self.button = button }
}

extension PanMachine {
    /// Begins once the press moves beyond the drag threshold (tracking velocity until then); ending
    /// before that fails it (R8).
    mutating func resolveBeforeBeginning(_ input: RecognizerInput, _ attempt: ContinuousAttempt) -> RecognizerStep {
        guard input.serial == attempt.serial else { return .none }
        var attempt = attempt
        switch input.kind {
        case .press:
            return .none
        case .motion:
            guard input.location.distance(to: attempt.pressLocation) > input.thresholds.dragThresholdPixels
            else {
                attempt.velocity.add(input.location, at: input.time)
                state = .pressed(attempt)
                return .none
            }
            _ = attempt.move(input)
            state = .active(attempt)
            return .succeeded(.began(input.location, press: attempt.pressLocation), press: attempt.pressLocation,
                              .movedPastSlop)
        case .release:
            state = .failed(down: nil)
            return .failed(.endedWithoutBeginning)
        case .cancel:
            state = .failed(down: nil)
            return .failed(.contactCancelled)
        }
    }
}
