import Gestures
import Shapes
import Storage
import Timing

/// A session as it reached the app: where it started and every step after, in order. Every decision is
/// the core's and time is one of its inputs, so taking the same steps from the same start makes the same
/// drawing and the same gesture decisions (`Replay`). Written as it happens by `Recorder` (`--record`),
/// in the format `RecordingFormat` describes.
public struct Recording: Hashable, Sendable {
    public var start: RecordingStart
    public var entries: [RecordingEntry]
    /// The last line was cut short (the program was killed while writing it): the recording ends before it.
    public var wasCut: Bool

    public init(start: RecordingStart, entries: [RecordingEntry] = [], wasCut: Bool = false) {
        self.start = start
        self.entries = entries
        self.wasCut = wasCut
    }
}

/// What the core was made with: the document as opened, the canvas, the engine's thresholds and the time.
public struct RecordingStart: Hashable, Sendable {
    /// Where the document saves to (a symbolic link's target).
    public var path: FilePath
    /// The drawing as opened.
    public var drawing: Drawing
    /// The identity of the file read; nil when there was none.
    public var identity: FileIdentity?
    /// Set when the file was damaged and kept aside at opening.
    public var recovery: DamagedFileRecovery?
    /// The pen remembered from the run before.
    public var pen: Pen
    /// How the document was viewed when it was last closed, if that was remembered.
    public var view: RememberedView?
    public var visibleArea: Rect
    public var settings: GestureSettings
    public var now: Deadline

    public init(document: OpenedDocument, pen: Pen = Pen(), view: RememberedView? = nil, visibleArea: Rect,
                settings: GestureSettings, now: Deadline) {
        self.init(path: document.store.path, drawing: document.drawing, identity: document.identity,
                  recovery: document.recovery, pen: pen, view: view, visibleArea: visibleArea, settings: settings, now: now)
    }

    public init(path: FilePath, drawing: Drawing, identity: FileIdentity? = nil, recovery: DamagedFileRecovery? = nil,
                pen: Pen = Pen(), view: RememberedView? = nil, visibleArea: Rect, settings: GestureSettings = .default,
                now: Deadline) {
        self.path = path
        self.drawing = drawing
        self.identity = identity
        self.recovery = recovery
        self.pen = pen
        self.view = view
        self.visibleArea = visibleArea
        self.settings = settings
        self.now = now
    }

    /// The document as it was opened.
    public var document: OpenedDocument {
        OpenedDocument(store: DocumentStore(path: path), drawing: drawing, identity: identity, recovery: recovery)
    }
}

/// One line of a recording after the start.
public enum RecordingEntry: Hashable, Sendable {
    /// A step the core took.
    case step(CoreStep)
    /// A line the shell itself wrote under `--trace-gestures` (the desktop settings in force), kept so that
    /// a replay traces what the session traced.
    case trace(String)
}

extension AppCore {
    /// The app as it was at `start`.
    public convenience init(_ start: RecordingStart, tracing: Bool = false) {
        self.init(document: start.document, pen: start.pen, rememberedView: start.view, visibleArea: start.visibleArea,
                  settings: start.settings, now: start.now, tracing: tracing)
    }
}
