import Timing

/// Where a continuous recognizer (long press, pan) is: waiting for a press, latched to one
/// before the gesture began, tracking it after, or over.
enum ContinuousState {
    case possible
    /// The press is down and the gesture has not begun: what ends this is each recognizer's own.
    case pressed(ContinuousAttempt)
    case active(ContinuousAttempt)
    case ended
    /// `down`: the press still down, whose release or cancel finishes the attempt.
    case failed(down: PressSerial?)
}

/// The life a long press and a pan share: latching to a press of their button, following it once
/// begun (every motion `changed`, release `ended`, cancel `cancelled`), failing, and what the
/// arbiter asks about it. A machine adds only how its gesture begins, in
/// `resolveBeforeBeginning` (and, for a long press, its timer). Statically dispatched: the
/// machines are concrete types in `Recognizers`' arrays, never existentials.
protocol ContinuousMachine {
    var button: Int { get }
    var state: ContinuousState { get set }
    /// Handles `input` while the press is down and the gesture has not begun (`state` is
    /// `.pressed(attempt)`): begins, fails or waits.
    mutating func resolveBeforeBeginning(_ input: RecognizerInput, _ attempt: ContinuousAttempt) -> RecognizerStep
}

extension ContinuousMachine {
    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        guard case .possible = state, input.kind == .press(button: button), let serial = input.serial
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
            return resolveBeforeBeginning(input, attempt)
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
                return .ended(.ended(input.location))
            case .cancel:
                state = .ended
                return .cancelled(.contactCancelled)
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
        case .pressed(let a), .active(let a): input.serial == a.serial || input.isPress
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
