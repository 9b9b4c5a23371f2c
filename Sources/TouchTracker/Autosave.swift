import Timing

/// When to save the drawing: a debounce between edits and the disk. Pure: time is an input, and
/// saving is the caller's job (the shell saves through `DocumentStore`, then reports back).
///
///     after an edit:   noteEdit(now:)            -> a save falls due
///     in the loop:     wait until nextDeadline; if saveIsDue(now:) { save; didSave() or didFailToSave(now:) }
///     Ctrl+S, closing: if hasUnsavedEdits { save at once; didSave() }
///
/// A save falls due `quietPeriod` after the last edit, so a burst of edits makes one save; while
/// edits keep coming (dragging a line) it is due no later than `longestDelay` after the first unsaved
/// edit. After a failed save (unwritable folder, full disk) the next try waits `retryDelay`.
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
        /// Edits wait to be saved; the save is due at `due`.
        case pending(firstEdit: Deadline, due: Deadline)
        /// The last save failed; edits are only in memory; the next try is at `retryAt`.
        case failed(retryAt: Deadline)
    }

    public private(set) var state: State = .saved

    /// Nothing to save yet.
    public init() {}

    /// Records an edit made at `now`.
    public mutating func noteEdit(now: Deadline) {
        switch state {
        case .saved:
            state = .pending(firstEdit: now, due: now + Self.quietPeriod)
        case .pending(let firstEdit, _):
            state = .pending(firstEdit: firstEdit, due: min(now + Self.quietPeriod, firstEdit + Self.longestDelay))
        case .failed:
            break  // Retrying sooner would fail again; the retry is already scheduled.
        }
    }

    /// When the next save falls due; nil when there is nothing to save.
    public var nextDeadline: Deadline? {
        switch state {
        case .saved: nil
        case .pending(_, let due): due
        case .failed(let retryAt): retryAt
        }
    }

    /// Whether a save is due at `now`.
    public func saveIsDue(now: Deadline) -> Bool {
        nextDeadline.map { $0 <= now } ?? false
    }

    /// Whether some edit is not on disk (the title says "unsaved" after a failure; closing saves).
    public var hasUnsavedEdits: Bool { state != .saved }

    /// The drawing was saved, with every edit so far.
    public mutating func didSave() { state = .saved }

    /// A save at `now` failed; the edits stay pending and the save is retried later.
    public mutating func didFailToSave(now: Deadline) { state = .failed(retryAt: now + Self.retryDelay) }
}
