import Timing

/// Recognizes a drag: continuous, possible -> began -> changed* -> ended | failed.
///
/// Begins when the press moves beyond the drag threshold (the slop), if `shouldBegin(pressLocation)`
/// agrees at that moment (the app: "only when the press was on the selected line"). Translation is
/// measured from the press; velocity in px/s from the last two samples by server time. A release
/// before it began is a failure (R8).
public struct PanRecognizer {
    public let button: Int
    /// Asked once, with the press location, when the gesture is about to begin (by the engine,
    /// while it handles an event: the predicate must not call back into the engine).
    public let shouldBegin: (GesturePoint) -> Bool

    /// - Parameters:
    ///   - button: the button dragged with (touches are button 1).
    ///   - shouldBegin: asked once, with the press location, when the slop is crossed.
    public init(button: Int = 1, shouldBegin: @escaping (GesturePoint) -> Bool = { _ in true }) {
        self.button = button
        self.shouldBegin = shouldBegin
    }
}

/// The state machine of a `PanRecognizer` (plain data: copying it costs no reference counting).
/// The engine asks `shouldBegin` when it returns `.began` and fails it if the answer is no.
struct PanMachine {
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

extension PanMachine {
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
        case .pressed(var attempt):
            guard input.serial == attempt.serial else { return .none }
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
                return .began(input.location, .movedPastSlop)
            case .release:
                state = .failed(down: nil)
                return .failed(.endedWithoutBeginning)
            case .cancel:
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
