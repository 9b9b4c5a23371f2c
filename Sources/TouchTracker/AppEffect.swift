import Shapes
import Storage

/// What the app asks the shell to do: the shell performs each, in order, and answers those that can fail
/// with an `AppInput` (`save` with `.saveFinished`, `readDisk` with `.diskChanged`, `exportPNG` with
/// `.exportFinished`) before anything else.
public enum AppEffect: Hashable, Sendable {
    /// Write `drawing` to the document, replacing only the file with identity `replacing` (nil: only
    /// where there is none).
    case save(Drawing, replacing: FileIdentity?)
    /// Read what the document's file holds now (`DocumentStore.readCurrent`); a file that is not a drawing is
    /// kept aside as damaged only when `keepingDamagedAside`, else left where it is (its writer may not be done).
    case readDisk(keepingDamagedAside: Bool)
    /// Render `drawing` as a PNG into `path`.
    case exportPNG(Drawing, to: FilePath)
    /// Remember the pen for the next run.
    case rememberPen(Pen)
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
