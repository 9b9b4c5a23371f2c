import Timing

/// When to save the drawing: a debounce between edits and the disk. Pure: time is an input, and the
/// deadline it computes lives on the core's timer wheel, nowhere else.
///
///     after an edit:      due = noteEdit(now:)          -> (re)schedule the save at `due`
///     the save's outcome: didSave(), due = didSaveEarlierEdits(now:) (edits made while it was written),
///                         or retry = didFailToSave(now:) -> schedule a retry at `retry`
///
/// A save falls due `quietPeriod` after the last edit, so a burst of edits makes one save; while edits
/// keep coming (dragging a shape) it is due no later than `longestDelay` after the first unsaved edit.
/// After a failed save (unwritable folder, full disk) the next try waits `retryDelay`.
public struct Autosave: Sendable, Equatable {
    /// How long after the last edit a save falls due.
    public static let quietPeriod = TimeAmount.milliseconds(500)
    /// The longest an edit waits for a save while edits keep coming.
    public static let longestDelay = TimeAmount.seconds(2)
    /// How long after a failed save the next one is tried.
    public static let retryDelay = TimeAmount.seconds(5)

    /// Where the edits are: all on disk, waiting for a save, or kept in memory after a failure.
    public enum State: Sendable, Equatable {
        /// Everything is on disk.
        case saved
        /// Edits wait to be saved; the first of them was made at `firstEdit`.
        case pending(firstEdit: Deadline)
        /// The last save failed; edits are only in memory and a retry is scheduled.
        case failed
    }

    public private(set) var state: State = .saved

    /// Nothing to save yet.
    public init() {}

    /// Records an edit made at `now`; returns when the save now falls due, or nil when the scheduled
    /// time stands (after a failure, retrying sooner would fail again).
    public mutating func noteEdit(now: Deadline) -> Deadline? {
        switch state {
        case .saved:
            state = .pending(firstEdit: now)
            return now + Self.quietPeriod
        case .pending(let firstEdit):
            return min(now + Self.quietPeriod, firstEdit + Self.longestDelay)
        case .failed:
            return nil
        }
    }

    /// Whether some edit is not on disk (closing saves; the title says "unsaved" after a failure).
    public var hasUnsavedEdits: Bool { state != .saved }

    /// The drawing was saved, with every edit so far.
    public mutating func didSave() { state = .saved }

    /// A save ended without the edits made while it was written (saves run beside the loop): those are
    /// pending from `now`. Returns when they fall due.
    public mutating func didSaveEarlierEdits(now: Deadline) -> Deadline {
        state = .pending(firstEdit: now)
        return now + Self.quietPeriod
    }

    /// A save at `now` failed; the edits stay in memory. Returns when to try again.
    public mutating func didFailToSave(now: Deadline) -> Deadline {
        state = .failed
        return now + Self.retryDelay
    }
}
