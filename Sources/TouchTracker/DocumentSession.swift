import Document
import Timing

/// The open document while the app runs: it notices edits, keeps the autosave's state, and says what the
/// title and stderr should show. It does no I/O: the core asks the shell to save and tells it the outcome.
///
/// Each failure is reported once per cause (the same error on every retry is not repeated), and once more
/// when saving works again.
public struct DocumentSession {
    /// Where the drawing saves to.
    public let path: FilePath
    /// Whether edits are on disk.
    public private(set) var autosave = Autosave()
    /// The drawing's revision as last observed; an edit is any change to it.
    private var observedRevision: Drawing.Revision
    /// Set while saving fails; cleared by the next successful save.
    public private(set) var saveError: DocumentSaveError?
    /// The damaged file kept aside when the document was opened, if any.
    public let recovery: DamagedFileRecovery?
    /// The document's name, for titles and notices (worked out once: the title is asked for at every step).
    public let name: String

    /// A session for a document just opened: everything in it is on disk.
    public init(_ opened: OpenedDocument) {
        path = FilePath(opened.store.path)
        observedRevision = opened.drawing.revision
        recovery = opened.recovery
        name = path.fileName.description
    }

    /// Notes an edit if `drawing`'s revision differs from the last one observed; returns when the
    /// autosave falls due if that moved.
    public mutating func observe(_ drawing: Drawing, now: Deadline) -> Deadline? {
        guard drawing.revision != observedRevision else { return nil }
        observedRevision = drawing.revision
        return autosave.noteEdit(now: now)
    }

    /// Whether some edit is only in memory.
    public var hasUnsavedEdits: Bool { autosave.hasUnsavedEdits }

    /// The outcome of a save that began with every edit observed.
    public enum SaveReport: Equatable {
        /// Saved; `recovered` when saving had been failing until now.
        case saved(recovered: Bool)
        /// Failed; retry at `retryAt`; `isNew` when this cause was not reported yet.
        case failed(DocumentSaveError, retryAt: Deadline, isNew: Bool)
    }

    /// Records what became of a save at `now`.
    public mutating func saveFinished(_ failure: DocumentSaveError?, now: Deadline) -> SaveReport {
        guard let failure else {
            autosave.didSave()
            defer { saveError = nil }
            return .saved(recovered: saveError != nil)
        }
        let retryAt = autosave.didFailToSave(now: now)
        defer { saveError = failure }
        return .failed(failure, retryAt: retryAt, isNew: failure != saveError)
    }

    /// The window title: the document's name, and whether it is unsaved or was recovered.
    public var title: String {
        var title = name
        if saveError != nil {
            title += " (unsaved)"
        } else if let recovery {
            title += " (damaged file kept as \(FilePath(recovery.keptAs).fileName.description))"
        }
        return title + " — TouchTracker"
    }
}
