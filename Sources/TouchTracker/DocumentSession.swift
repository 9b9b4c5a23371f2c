import Document
import Timing

/// The open document while the app runs: it notices edits, saves through `Autosave`'s debounce,
/// on Ctrl+S and when closing, and says what the window title and stderr should show.
///
/// The shell calls `observe` after handling each batch of events (any change to the finished lines,
/// whoever made it, gives the drawing a new revision: an edit), waits no longer than `nextDeadline`,
/// and calls `saveIfDue`.
/// Messages returned are one line each, for stderr; each is reported once, not on every retry.
public struct DocumentSession {
    /// Where the drawing saves to.
    public let store: DocumentStore
    /// When the next save is due.
    public private(set) var autosave = Autosave()
    /// The drawing's revision as last observed; an edit is any change to it.
    private var observedRevision: Drawing.Revision
    /// Set while saving fails; cleared by the next successful save.
    public private(set) var saveError: DocumentSaveError?
    /// The damaged file kept aside when the document was opened, if any.
    public let recovery: DamagedFileRecovery?

    /// A session for a document just opened: everything in it is on disk.
    public init(_ opened: OpenedDocument) {
        store = opened.store
        observedRevision = opened.drawing.revision
        recovery = opened.recovery
    }

    /// Records an edit if `drawing`'s revision differs from the last one observed.
    public mutating func observe(_ drawing: Drawing, now: Deadline) {
        guard drawing.revision != observedRevision else { return }
        observedRevision = drawing.revision
        autosave.noteEdit(now: now)
    }

    /// When the shell must wake to save; nil when everything is saved.
    public var nextDeadline: Deadline? { autosave.nextDeadline }

    /// Whether some edit is only in memory.
    public var hasUnsavedEdits: Bool { autosave.hasUnsavedEdits }

    /// Saves `drawing` if the debounce says so. Returns a message for stderr when saving starts
    /// failing (or fails differently), nil otherwise.
    public mutating func saveIfDue(_ drawing: Drawing, now: Deadline) -> String? {
        guard autosave.saveIsDue(now: now) else { return nil }
        return save(drawing, now: now)
    }

    /// Saves `drawing` now (Ctrl+S, closing), edits or not. Returns a message as `saveIfDue` does.
    public mutating func save(_ drawing: Drawing, now: Deadline) -> String? {
        observe(drawing, now: now)
        do {
            try store.save(drawing)
            autosave.didSave()
            saveError = nil
            return nil
        } catch {
            autosave.didFailToSave(now: now)
            defer { saveError = error }
            return error == saveError ? nil : "\(error); the drawing is kept in memory, unsaved"
        }
    }

    /// Saves unsaved edits before the app closes. Returns the failure, if any, as a message for
    /// stderr (every time, unlike `save`): the caller exits 1 rather than 0.
    public mutating func saveBeforeClosing(_ drawing: Drawing, now: Deadline) -> String? {
        observe(drawing, now: now)
        guard hasUnsavedEdits else { return nil }
        _ = save(drawing, now: now)
        return saveError.map { "\($0); closing with the last edits unsaved" }
    }

    /// The window title: the document's name, and whether it is unsaved or was recovered.
    public var title: String {
        var title = store.displayName
        if saveError != nil {
            title += " (unsaved)"
        } else if let recovery {
            title += " (damaged file kept as \(recovery.keptAs.fileName))"
        }
        return title + " — TouchTracker"
    }
}
