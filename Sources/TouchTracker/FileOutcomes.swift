import Shapes
import Storage

/// What became of opening another drawing in the window (`AppEffect.openDocument`), decided by the shell as
/// at start: its lock taken (this drawing's released only then), the file opened.
public enum DocumentOpening: Hashable, Sendable {
    /// Opened: the window shows it now. `warning` says it is open without a lock (a folder that cannot hold one);
    /// `view` is the view remembered for it (`ViewMemory`), if any, restored as at start.
    case opened(OpenedDocument, warning: String?, view: RememberedView? = nil)
    /// It is this window's drawing already.
    case alreadyHere
    /// Another window has it open (brought to the front when it is on this display): this window keeps its own.
    case openElsewhere(String)
    /// It cannot be opened (a newer version's drawing, unreadable, not a regular file): why, one line.
    case failed(String)
}

/// What became of saving the drawing under another name (`AppEffect.saveAs`).
public enum SaveAsOutcome: Hashable, Sendable {
    /// Saved there; the window's document is that file now (its lock taken, the old one's released).
    case saved(path: FilePath, identity: FileIdentity, warning: String?)
    /// Another window has that file open: nothing was written.
    case openElsewhere(String)
    /// Writing failed; the window goes on with its document as it was.
    case failed(DocumentSaveError)
}

/// What became of opening a new window (`AppEffect.openNewWindow`).
public enum NewWindowOutcome: Hashable, Sendable {
    /// A new process shows a new drawing there.
    case opened(FilePath)
    /// Why not, one line.
    case failed(String)
}
