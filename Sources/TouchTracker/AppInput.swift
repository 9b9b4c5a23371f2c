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
    /// A key that acts while held (`KeyBindings.heldKeys`: Space) was released.
    case keyReleased(Key)
    /// The window lost the keyboard: a key held is released unseen.
    case focusLost
    /// A wheel's click or a smooth scroll: the view scrolls or zooms (never the gesture engine's).
    case scroll(ScrollInput)
    /// A touchpad's pinch: the view zooms and follows it.
    case pinch(PinchInput)
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
    /// What became of `AppEffect.export`: nil when the picture was written (to `written`; nil in recordings
    /// made before it was said), else why not (one line).
    case exportFinished(failure: String?, written: FilePath? = nil)
    /// What became of `AppEffect.ownClipboard`: nil when the window owns the clipboard, else why not.
    case clipboardOwned(failure: String?)
    /// What the clipboard held when the app asked (`AppEffect.requestClipboard`), and where the pointer was
    /// then, in window coordinates (nil: on another screen).
    case clipboardReceived(ClipboardReceipt, pointer: Point?)
    /// What became of `AppEffect.chooseFile`.
    case fileChosen(FileChooserAnswer)
    /// What became of `AppEffect.openDocument` (the drawing opened is in it: a replay reads no file).
    case documentOpened(DocumentOpening)
    /// What became of `AppEffect.saveAs`.
    case savedAs(SaveAsOutcome)
    /// What became of `AppEffect.openNewWindow`.
    case newWindowOpened(NewWindowOutcome)
}
