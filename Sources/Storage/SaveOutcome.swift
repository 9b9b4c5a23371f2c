/// What a conditional save (`DocumentStore.save(_:replacing:)`) did.
public enum SaveOutcome: Hashable, Sendable {
    /// The drawing is on disk; the file now has this identity.
    case saved(FileIdentity)
    /// The file is not the one expected: another program wrote, replaced, created or deleted it.
    /// Nothing was written. Read it (`readCurrent`), merge, and save again.
    case changedOnDisk
    /// Saving failed; the file on disk is unchanged.
    case failed(DocumentSaveError)
}
