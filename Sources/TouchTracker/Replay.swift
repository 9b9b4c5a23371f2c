import Shapes
import Timing

/// A recorded session played again through the same core, engine, model and document session: the core
/// is made as the start says and takes the recorded steps in order, so it makes the same drawing and the
/// same gesture decisions, in the same order, as the session did. Nothing is read or written: the
/// outcomes of saves, reads and exports are steps of the recording, so the core's effects on files (`save`,
/// `readDisk`, `export`, `openDocument`…) are already answered and are dropped here, as are the pen and the
/// view to remember for the next run.
///
/// Headless (`--replay REC`) the steps are taken one after the other; in a window (`--play`) each when
/// its time has come (`nextTime`).
public final class Replay {
    public let core: AppCore
    private var pending: ArraySlice<RecordingEntry>
    /// The time of the last step taken: a line the shell traced comes with it.
    private var lastTime: Deadline
    /// Set once the app asked to exit: the session ended there.
    public private(set) var exitStatus: Int32?

    /// Ready to take the first step of `recording`; `tracing` collects the gesture decisions as the session
    /// did under `--trace-gestures`.
    public init(_ recording: Recording, tracing: Bool = false) {
        core = AppCore(recording.start, tracing: tracing)
        pending = recording.entries[...]
        lastTime = recording.start.now
    }

    /// When the next entry is due; nil once there is none (or the app has exited).
    public var nextTime: Deadline? {
        guard exitStatus == nil, let next = pending.first else { return nil }
        if case .step(let step) = next { return step.now }
        return lastTime
    }

    /// Takes the next entry and returns what the app asked for but files (saves and exports, which the
    /// recording answers; the pen to remember): titles, messages, traces (a line the shell traced is one
    /// too), an exit. Nil when there is nothing left.
    public func next() -> [AppEffect]? {
        guard nextTime != nil, let entry = pending.popFirst() else { return nil }
        switch entry {
        case .trace(let line):
            return [.trace(line)]
        case .step(let step):
            lastTime = step.now
            core.take(step)
            var effects: [AppEffect] = []
            for effect in core.takeEffects() {
                switch effect {
                case .save, .readDisk, .export, .rememberPen, .rememberView, .ownClipboard, .requestClipboard, .chooseFile,
                     .openDocument, .saveAs, .openNewWindow:
                    continue  // answered by the recording; files, the clipboard and windows a replay leaves alone
                case .exit(let status):
                    exitStatus = status
                    return effects + [effect]  // the shell performs nothing after it
                default: effects.append(effect)
                }
            }
            return effects
        }
    }

    /// Takes every entry; returns the lines traced, in order (gesture decisions when `tracing`, and the
    /// shell's own).
    public func run() -> [String] {
        var traced: [String] = []
        while let effects = next() {
            for case .trace(let line) in effects { traced.append(line) }
        }
        return traced
    }
}
