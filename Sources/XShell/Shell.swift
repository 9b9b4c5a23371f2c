// XShell: the only module that imports CX11 (st's x.c to our st.c).
//
// Start reading at `Shell.run()`: a single-threaded loop that
//   1. reads CLOCK_MONOTONIC once per iteration and passes it down as `now`,
//   2. drains every queued X event, translated to `ShellEvent` in one place and dispatched in one switch,
//   3. fires due timers, draws once into the back buffer and copies the damage to the window,
//   4. blocks in poll() on the X connection until an event arrives or the next timer is due
//      (no timer: it blocks indefinitely, so an idle window uses no CPU).
//
//   XConnection  Display, atoms, error handler      CanvasWindow  window, properties, back buffer
//   ShellEvent   XEvent -> Swift enum                 Shell        the loop and dispatch
import CX11
import Document
import Rendering
import Timing
import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// Runs the TouchTracker window until it is closed.
public final class Shell {
    private let connection: XConnection
    let window: CanvasWindow
    private let renderer = Renderer()
    var drawing: Drawing
    /// The open document: autosave, close paths and title (Shell+Document.swift).
    var document: DocumentSession
    var shownTitle: String
    private var damage: Rect?
    var exitStatus: Int32?

    /// Opens the display and maps the window showing `opened`. Throws when there is no display to open.
    public init(options: LaunchOptions, document opened: OpenedDocument, displayName: String? = nil) throws(XShellError) {
        drawing = opened.drawing
        document = DocumentSession(opened)
        shownTitle = document.title
        connection = try XConnection(name: displayName)
        window = try CanvasWindow(connection: connection, geometry: options.geometry, title: shownTitle)
        damage = window.bounds
    }

    /// The event loop. Returns the process exit status.
    public func run() -> Int32 {
        let display = connection.display
        let signals = TerminationSignals()
        saveWhenTheConnectionIsLost()
        while true {
            let now = MonotonicClock.now()
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                handle(ShellEvent(event, atoms: connection.atoms), now: now)
                if let exitStatus { return exitStatus }
            }
            keepDocument(now: now)
            paint()
            XFlush(display)
            if XPending(display) > 0 { continue }
            let timeout = pollTimeout(until: document.nextDeadline, now: MonotonicClock.now())
            switch signals.wait(for: connection.fileDescriptor, timeoutMilliseconds: timeout) {
            case .input, .timeout: break
            case .terminationSignal: return closing(with: 0, now: MonotonicClock.now())
            case .failed(let code):
                StandardError.write("touchtracker: waiting for X events failed: \(String(cString: strerror(code)))")
                return closing(with: 1, now: MonotonicClock.now())
            }
        }
    }

    private func handle(_ event: ShellEvent, now: Deadline) {
        switch event {
        case .pointer(let input):
            handlePointer(input)
        case .key(let key):
            _ = handleDocumentKey(key, now: now)
        case .exposed(let rect):
            window.present(rect)
        case .configured(let width, let height):
            guard width != window.width || height != window.height else { return }
            do {
                try window.resizeBuffer(width: width, height: height)
                damage = window.bounds
            } catch {
                StandardError.write("touchtracker: \(error)")
                exitStatus = 1
            }
        case .closeRequested:
            exitStatus = closing(with: 0, now: now)
        case .unhandled:
            break
        }
    }

    private static let mouseStroke = StrokeKey(0)

    private func handlePointer(_ input: PointerInput) {
        let key = Self.mouseStroke
        switch input.phase {
        case .press where input.button == 1:
            drawing.linesInProgress[key] = Segment(begin: input.location, end: input.location)
            damage(renderer.coverage(of: drawing.linesInProgress[key]!))
        case .motion:
            guard let old = drawing.linesInProgress[key] else { return }
            let new = Segment(begin: old.begin, end: input.location)
            drawing.linesInProgress[key] = new
            damage(renderer.coverage(of: old).union(renderer.coverage(of: new)))
        case .release where input.button == 1:
            guard let old = drawing.linesInProgress.removeValue(forKey: key) else { return }
            let segment = Segment(begin: old.begin, end: input.location)
            drawing.add(segment)
            damage(renderer.coverage(of: old).union(renderer.coverage(of: segment)))
        default:
            break
        }
    }

    private func damage(_ rect: Rect) { damage = damage.map { $0.union(rect) } ?? rect }

    /// Renders the damaged area into the back buffer and copies it to the window.
    private func paint() {
        guard let rect = damage else { return }
        damage = nil
        renderer.draw(Scene(drawing: drawing), on: window.buffer.context, clip: rect)
        window.present(rect)
    }
}
