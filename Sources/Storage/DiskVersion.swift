/// What the document's file holds now, as `DocumentStore.readCurrent(now:)` found it.

import Shapes

public enum DiskVersion: Hashable, Sendable {
    /// There is no file.
    case missing
    /// A drawing (renumbered 1...n), and the identity of the file it was read from.
    case drawing(Drawing, FileIdentity)
    /// The file was damaged: it was kept aside, exactly as at opening; nothing is at the path now.
    case damaged(DamagedFileRecovery)
    /// The file is not a drawing, and was left where it is (read without keeping damaged files aside: its
    /// writer may not have finished); the identity it had.
    case unfinished(DocumentError, FileIdentity)
    /// A document from a newer version of the program: left untouched; do not save over it.
    case newer(DocumentError, FileIdentity)
    /// The file is there but cannot be taken in: unreadable, not a regular file, or damaged and
    /// impossible to keep aside. Left as it is.
    case unreadable(DocumentOpenError)
}
