import Shapes
import Storage
import Timing

/// The open document while the app runs: it notices edits, keeps the autosave's state, knows what is on
/// disk (the file's identity and the drawing last read or written there: the base of a merge), and says
/// what the title and stderr should show. It does no I/O: the core asks the shell to save and hands the
/// outcome in.
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
    /// The identity of the file as last read or written; nil when there was none. A save replaces only
    /// this file: another program's version is read and merged first.
    public private(set) var diskIdentity: FileIdentity?
    /// The drawing as last read or written: the base of a three-way merge. Once the file is gone (deleted,
    /// or kept aside), what the window writes in its place is nothing another program has read: the base
    /// stays the drawing they last saw until a drawing is read from the path again, so a file they then
    /// write without reading ours merges with the window's edits instead of deleting them.
    public private(set) var base: Drawing
    /// Set from the moment the file is gone until a drawing is read from the path again: saves meanwhile
    /// do not move the base.
    private var baseStaysUntilRead = false
    /// The file is gone (deleted, or damaged and kept aside by another program's hand): the next save
    /// and closing write it again, edits or not.
    public private(set) var needsWrite = false
    /// Set while the file at the path is one the app must not write over (a newer version's drawing, a file
    /// it cannot read): every save fails with it until the file changes again.
    public private(set) var refusal: DocumentSaveError?
    /// Set while saving fails; cleared by the next successful save.
    public private(set) var saveError: DocumentSaveError?
    /// The damaged file kept aside when the document was opened, if any.
    public let recovery: DamagedFileRecovery?
    /// The document's name, for titles and notices (worked out once: the title is asked for at every step).
    public let name: String

    /// A session for a document just opened: everything in it is on disk.
    public init(_ opened: OpenedDocument) {
        path = opened.store.path
        observedRevision = opened.drawing.revision
        diskIdentity = opened.identity
        base = opened.drawing
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

    /// Whether something is only in memory: edits, or a file to write again.
    public var hasUnsavedEdits: Bool { autosave.hasUnsavedEdits || needsWrite }

    /// The outcome of a save that began with every edit observed.
    public enum SaveReport: Equatable {
        /// Saved; `recovered` when saving had been failing until now; `laterEditsDue` when edits were made
        /// while it was written (they are not in it): when they fall due.
        case saved(recovered: Bool, laterEditsDue: Deadline?)
        /// Failed; retry at `retryAt`; `isNew` when this cause was not reported yet.
        case failed(DocumentSaveError, retryAt: Deadline, isNew: Bool)
    }

    /// `drawing` was saved at `now`; the file now has `identity`. Edits observed since it was taken are
    /// still to be saved.
    public mutating func saved(_ drawing: Drawing, identity: FileIdentity, now: Deadline) -> SaveReport {
        var laterEditsDue: Deadline?
        if drawing.revision == observedRevision {
            autosave.didSave()
        } else {
            laterEditsDue = autosave.didSaveEarlierEdits(now: now)
        }
        (diskIdentity, needsWrite) = (identity, false)
        if !baseStaysUntilRead { base = drawing }
        defer { saveError = nil }
        return .saved(recovered: saveError != nil, laterEditsDue: laterEditsDue)
    }

    /// A save at `now` failed.
    public mutating func saveFailed(_ failure: DocumentSaveError, now: Deadline) -> SaveReport {
        let retryAt = autosave.didFailToSave(now: now)
        defer { saveError = failure }
        return .failed(failure, retryAt: retryAt, isNew: failure != saveError)
    }

    /// Another program wrote `theirs` (the file now has `identity`); the window now shows `shown`, which
    /// holds its merge. When the window had no unsaved edits `shown` is `theirs`, and nothing is unsaved.
    public mutating func adopt(_ theirs: Drawing, identity: FileIdentity, shown: Drawing, hadUnsavedEdits: Bool) {
        (diskIdentity, base, needsWrite, refusal, baseStaysUntilRead) = (identity, theirs, false, nil, false)
        if !hadUnsavedEdits, shown.revision != observedRevision {
            observedRevision = shown.revision
            autosave.didSave()
        }
    }

    /// The file is gone (deleted, or kept aside as damaged): it is written again at the next save, and the
    /// base stays what was last read or written until a drawing is read from the path again.
    public mutating func fileIsGone() {
        (diskIdentity, needsWrite, refusal, baseStaysUntilRead) = (nil, true, nil, true)
    }

    /// The file now at the path must not be written over, for `reason`.
    public mutating func refuseToSave(_ reason: String) {
        refusal = .refused(path: path, reason: reason)
    }

    /// The document's part of the window title: its name, and whether it is unsaved or was recovered.
    public var titleName: String {
        var title = name
        if saveError != nil {
            title += " (unsaved)"
        } else if let recovery {
            title += " (damaged file kept as \(recovery.keptAs.fileName.description))"
        }
        return title
    }
}
