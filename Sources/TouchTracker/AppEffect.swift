import Document

/// What the app asks the shell to do: the shell performs each, in order, and answers those that can fail
/// with an `AppInput` (`save` with `.saveFinished`, `exportPNG` with `.exportFinished`) before anything else.
public enum AppEffect: Hashable, Sendable {
    /// Write `drawing` to the document.
    case save(Drawing)
    /// Render `drawing` as a PNG into `path`.
    case exportPNG(Drawing, to: FilePath)
    /// Show this window title.
    case setTitle(String)
    /// Write this line on stderr, after "touchtracker: ".
    case message(String)
    /// Write this line on stderr as it is (`--trace-gestures`).
    case trace(String)
    /// End the program with this status.
    case exit(Int32)
}
