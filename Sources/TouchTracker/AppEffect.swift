import Shapes
import Storage

/// What the app asks the shell to do: the shell performs each, in order, and answers those that can fail
/// with an `AppInput` before anything else (`save` with `.saveFinished`, `readDisk` with `.diskChanged`, `export`
/// with `.exportFinished`, `ownClipboard` with `.clipboardOwned`, `openDocument` with `.documentOpened`, `saveAs`
/// with `.savedAs`, `openNewWindow` with `.newWindowOpened`). Two are answered later, while the loop goes on:
/// `requestClipboard` by `.clipboardReceived`, `chooseFile` by `.fileChosen`.
public enum AppEffect: Hashable, Sendable {
    /// Write `drawing` to the document, replacing only the file with identity `replacing` (nil: only
    /// where there is none).
    case save(Drawing, replacing: FileIdentity?)
    /// Read what the document's file holds now (`DocumentStore.readCurrent`); a file that is not a drawing is
    /// kept aside as damaged only when `keepingDamagedAside`, else left where it is (its writer may not be done).
    case readDisk(keepingDamagedAside: Bool)
    /// Render `drawing` in `format` into the first of `candidates` that has no file yet — or, `replacing`,
    /// into the first whatever is there (a file the user chose to replace).
    case export(Drawing, format: PictureFormat, to: [FilePath], replacing: Bool)
    /// Show the desktop's file chooser (the loop goes on while it is open).
    case chooseFile(FileChoice)
    /// Open the drawing at this path in the window instead of the document, as at start (lock, damaged
    /// file kept aside, newer version refused); the document is saved already.
    case openDocument(FilePath)
    /// Save `drawing` to this path (replacing what is there: the user chose it) and make it the document.
    case saveAs(Drawing, to: FilePath)
    /// Start another window of the program on a new drawing in the data folder.
    case openNewWindow
    /// Own the clipboard with these shapes (a drawing of their own, numbered 1…n), from the time of the
    /// event being handled; offered in every format the shell converts them to. Answered with `.clipboardOwned`.
    case ownClipboard(Drawing)
    /// Ask the clipboard's owner for shapes; the answer comes later, as `.clipboardReceived` (the loop goes
    /// on meanwhile).
    case requestClipboard
    /// Remember the pen for the next run.
    case rememberPen(Pen)
    /// Remember how the document at this path is viewed, for the next time it opens (the path it had when the
    /// view was left: another document may be open by the time this is done).
    case rememberView(RememberedView, document: FilePath)
    /// Bring the window to the front.
    case raiseWindow
    /// Show this window title.
    case setTitle(String)
    /// Show this cursor over the canvas (a name in the X cursor font: the tool's, `Tool.cursor`).
    case setCursor(String)
    /// Write this line on stderr, after "touchtracker: ".
    case message(String)
    /// Write this line on stderr as it is (`--trace-gestures`).
    case trace(String)
    /// End the program with this status.
    case exit(Int32)
}
