import Gestures
import Shapes
import Storage
import Timing

/// Everything that reaches the app from outside, translated by the shell: input, the window, the desktop,
/// signals, and what became of the effects the app asked for. Handed to `AppCore.handle(_:now:)` in the
/// order it happened.
public enum AppInput: Hashable, Sendable {
    /// A pointer or touch event, in the order the server sent them.
    case pointer(GestureInput)
    /// A key press.
    case key(Key, Modifiers)
    /// The part of the window on screen changed (a resize, a move), in canvas coordinates: panels open
    /// inside it.
    case visibleAreaChanged(Rect)
    /// The shell is about to allocate a lot of memory (the buffers of a large window): a moment to save,
    /// so that should the process be killed for it, no edit is lost.
    case largeAllocationAhead
    /// The shell could not get memory to draw the window (the reason, one line); it goes on as it can.
    case allocationFailed(String)
    /// The window manager's close button (WM_DELETE_WINDOW).
    case closeRequested
    /// SIGTERM, SIGINT or SIGHUP.
    case terminationSignal
    /// Another program destroyed the window.
    case windowDestroyed
    /// The connection to the X server is gone: the shell can do nothing more with X.
    case connectionLost
    /// Waiting for events failed, for this reason.
    case waitFailed(String)
    /// The desktop's settings in force changed: the engine's thresholds and the screen's scale (dpi / 96).
    case settingsChanged(GestureSettings, scale: Double)
    /// The display the window is on refreshes once per this time (nil: unknown, taken as 60 Hz): frames
    /// come no more often.
    case refreshIntervalChanged(TimeAmount?)
    /// What became of `AppEffect.save`.
    case saveFinished(SaveOutcome)
    /// The document's folder's watch saw its file change: the file's identity now (nil: there is none), and
    /// whether a program modified it and has not closed it since. The core reads the file once it is
    /// quiet (`DiskChange`); its own saves, which it knows by their identity, are nothing.
    case diskActivity(FileIdentity?, writerOpen: Bool)
    /// What became of `AppEffect.readDisk`: what the document's file holds now.
    case diskChanged(DiskVersion)
    /// A second start of the program asked for this drawing (it is locked by this window).
    case anotherStartAsked
    /// What became of `AppEffect.exportPNG`: nil when the picture was written, else why not (one line).
    case exportFinished(failure: String?)
}
