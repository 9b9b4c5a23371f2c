import Shapes
import Storage

/// What the app asks the shell to do: the shell performs each, in order, and answers those that can fail
/// with an `AppInput` (`save` with `.saveFinished`, `exportPNG` with `.exportFinished`, `ownClipboard` with
/// `.clipboardOwned`) before anything else. `requestClipboard` is answered later, by `.clipboardReceived`.
public enum AppEffect: Hashable, Sendable {
    /// Write `drawing` to the document, replacing only the file with identity `replacing` (nil: only
    /// where there is none).
    case save(Drawing, replacing: FileIdentity?)
    /// Render `drawing` as a PNG into `path`.
    case exportPNG(Drawing, to: FilePath)
    /// Own the clipboard with these shapes (a drawing of their own, numbered 1…n), from the time of the
    /// event being handled; offered in every format the shell converts them to. Answered with `.clipboardOwned`.
    case ownClipboard(Drawing)
    /// Ask the clipboard's owner for shapes; the answer comes later, as `.clipboardReceived` (the loop goes
    /// on meanwhile).
    case requestClipboard
    /// Remember the pen for the next run.
    case rememberPen(Pen)
    /// Bring the window to the front.
    case raiseWindow
    /// Show this window title.
    case setTitle(String)
    /// Write this line on stderr, after "touchtracker: ".
    case message(String)
    /// Write this line on stderr as it is (`--trace-gestures`).
    case trace(String)
    /// End the program with this status.
    case exit(Int32)
}
