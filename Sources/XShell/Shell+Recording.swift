import TouchTracker

/// The one place the shell has the core take a step, so that `--record` writes every step, in order, as
/// it is taken: the core itself knows nothing of it.
extension Shell {
    /// Hands the core an input or lets its time pass, recording the step first.
    func take(_ step: CoreStep) {
        record(.step(step))
        core.take(step)
    }

    /// Writes how the core was made; from here on every step is recorded.
    func begin(_ start: RecordingStart) {
        if let failure = recorder?.begin(start) { StandardError.write("touchtracker: \(failure)") }
    }

    /// Writes `entry` to the recording, if there is one. A failure is said once, and recording stops.
    func record(_ entry: RecordingEntry) {
        if let failure = recorder?.record(entry) { StandardError.write("touchtracker: \(failure)") }
    }
}
