import Timing

/// One step of the app core, as the shell takes it: an input handed in at the time it was read, or time
/// passing. The core decides everything from these alone, so the steps of a session, in order, are the
/// session: recorded as they are taken, they replay it (`Recording`, `Replay`).
public enum CoreStep: Hashable, Sendable {
    /// `AppCore.handle(_:now:)`.
    case input(AppInput, now: Deadline)
    /// `AppCore.advance(to:)`.
    case advance(to: Deadline)

    /// When the step happens.
    public var now: Deadline {
        switch self {
        case .input(_, let now), .advance(let now): now
        }
    }
}

extension AppCore {
    /// Takes one step: hands the input in, or lets time pass.
    public func take(_ step: CoreStep) {
        switch step {
        case .input(let input, let now): handle(input, now: now)
        case .advance(let now): advance(to: now)
        }
    }
}
