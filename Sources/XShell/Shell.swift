// XShell: the only module that imports CX11 (st's x.c to our st.c).
//
// Start reading at `Shell.run()`: a single-threaded loop that
//   1. reads CLOCK_MONOTONIC once per iteration and passes it down as `now`,
//   2. drains every queued X event, translated to `ShellEvent` in one place and dispatched in one switch,
//   3. fires due timers, draws once into the back buffer and copies the damage to the window,
//   4. blocks in pselect() on the X connection until an event arrives, the next timer is due
//      (no timer: it blocks indefinitely, so an idle window uses no CPU) or a termination signal comes.
//   Documents (Shell+Document.swift): autosave, Ctrl+S, Ctrl+E, and saving on every way of closing.
//
//   XConnection  Display, atoms, error handler      CanvasWindow  window, properties, back buffer
//   ShellEvent   XEvent -> Swift enum                 Shell        the loop and dispatch
//   XInput2      XI 2.2 negotiation and selection     ShellEvent+XInput2  XI2 device events (cookies) -> ShellEvent
//   DesktopSettingsWatcher  XSETTINGS, Xft.dpi, live  WindowManagerConventions  icon, ping, cursor
import CX11
import Document
import Gestures
import Rendering
import Timing
import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// Runs the TouchTracker window until it is closed.
public final class Shell {
    private let connection: XConnection
    /// XInput 2 when the server has it: pointer and touch events per master device. Nil: core events.
    private let xinput: XInput2?
    let window: CanvasWindow
    /// Both draw lines as wide as the screen's resolution asks; replaced when it changes.
    private var renderer = Renderer()
    private var compositor = CanvasCompositor()
    let app: AppController
    /// The desktop's double-click time and distance, drag threshold and resolution, followed live.
    private let desktop: DesktopSettingsWatcher
    /// The open document: autosave, close paths and title (Shell+Document.swift).
    var document: DocumentSession
    var shownTitle: String
    private let tracesGestures: Bool
    var exitStatus: Int32?
    /// What the server asked us to repaint (Expose) since the last frame, served from the back buffer.
    private var exposed: Rect?
    /// The loop's own timers (the gesture engine keeps its wheel to itself): the autosave's debounce.
    var loopTimers = TimerWheel<LoopTimer>()
    /// The autosave timer on `loopTimers` and the deadline it was scheduled for.
    var autosaveTimer: (handle: TimerHandle, due: Deadline)?

    enum LoopTimer { case autosave }

    /// Maps the window showing `opened` on `connection`, opened first so that without a display
    /// nothing is done to the document.
    public init(connection: XConnection, options: LaunchOptions, document opened: OpenedDocument) throws(XShellError) {
        document = DocumentSession(opened)
        shownTitle = document.title
        self.connection = connection
        xinput = XInput2.negotiate(display: connection.display)
        window = try CanvasWindow(connection: connection, geometry: options.geometry, title: shownTitle, xinput: xinput)
        desktop = DesktopSettingsWatcher(connection: connection, commandLine: DesktopSettings.Overrides(commandLine: options))
        let startup = desktop.readAll()
        tracesGestures = options.traceGestures
        app = AppController(
            model: CanvasModel(drawing: opened.drawing,
                               canvasSize: CanvasSize(width: Double(window.width), height: Double(window.height))),
            settings: desktop.settings.gestureSettings, now: MonotonicClock.now(), tracing: options.traceGestures)
        for case .warn(let warning) in startup { StandardError.write("touchtracker: \(warning)") }
        apply(desktop.settings)
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
                handle(translate(&event, readTime: now), now: now)
                if let exitStatus { return exitStatus }
            }
            // Only after the queue is drained: the engine classifies by the events' own timestamps,
            // and a timer covers only the case where no event came (R3).
            app.advance(to: now)
            writeTrace()
            keepDocument(now: now)
            paint()
            XFlush(display)
            if XPending(display) > 0 { continue }
            let deadline = [app.nextDeadline, loopTimers.nextDeadline].compactMap { $0 }.min()
            let timeout = pollTimeout(until: deadline, now: MonotonicClock.now())
            switch signals.wait(for: connection.fileDescriptor, timeoutMilliseconds: timeout) {
            case .input, .timeout, .interrupted: break
            case .terminationSignal: return closing(with: 0, now: MonotonicClock.now())
            case .failed(let code):
                StandardError.write("touchtracker: waiting for X events failed: \(String(cString: strerror(code)))")
                return closing(with: 1, now: MonotonicClock.now())
            }
        }
    }

    /// Core events translate by value. An XInput 2 event is a GenericEvent whose data lives in a cookie:
    /// fetched before translation and freed right after (the translation copies what it needs).
    private func translate(_ event: inout XEvent, readTime: Deadline) -> ShellEvent {
        guard event.type == GenericEvent, let xinput, event.xcookie.extension == xinput.opcode else {
            return ShellEvent(event, atoms: connection.atoms, canvas: window.window, readTime: readTime)
        }
        guard XGetEventData(connection.display, &event.xcookie) != 0 else { return .unhandled(type: GenericEvent) }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        return ShellEvent(cookie: event.xcookie, readTime: readTime)
    }

    private func handle(_ event: ShellEvent, now: Deadline) {
        switch event {
        case .pointer(let input):
            app.handle(input)
        case .key(let input):
            guard let (key, modifiers) = input.appKey, let command = app.key(key, modifiers) else { return }
            perform(command, now: now)
        case .exposed(let rect):
            // Copied after this iteration's paint: the buffer may be new (a resize) and not yet drawn.
            exposed = exposed.map { $0.union(rect) } ?? rect
        case .configured(let width, let height):
            guard width != window.width || height != window.height else { return }
            do {
                try window.resizeBuffer(width: width, height: height)
                app.resize(to: CanvasSize(width: Double(width), height: Double(height)))
            } catch {
                StandardError.write("touchtracker: \(error)")
                exitStatus = closing(with: 1, now: now)  // Out of memory for the new size: save, then go.
            }
        case .closeRequested:
            exitStatus = closing(with: 0, now: now)
        case .pinged(let serverTime):
            window.answerPing(serverTime: serverTime)
        case .managerAnnounced(let selection):
            perform(desktop.managerAnnounced(selection: selection))
        case .propertyChanged(let changed, let atom):
            perform(desktop.propertyChanged(window: changed, atom: atom))
        case .destroyed(let destroyed):
            perform(desktop.windowDestroyed(destroyed))
        case .unhandled:
            break
        }
    }

    private func perform(_ command: AppCommand, now: Deadline) {
        switch command {
        case .quit: exitStatus = closing(with: 0, now: now)
        case .save: saveNow(now: now)
        case .exportPNG: exportPNG(now: now)
        }
    }

    /// Carries out what the desktop settings watcher decided.
    private func perform(_ actions: [DesktopSettingsAction]) {
        for action in actions {
            switch action {
            case .warn(let warning): StandardError.write("touchtracker: \(warning)")
            case .apply(let settings): apply(settings)
            }
        }
    }

    /// Puts desktop settings in force: the engine's thresholds, and lengths scaled to the screen's resolution.
    /// A new compositor has no cache, so the next frame is drawn whole at the new line width.
    private func apply(_ settings: DesktopSettings) {
        app.gestureSettings = settings.gestureSettings
        app.setDisplayScale(settings.scale)
        if renderer.style != RenderStyle().scaled(by: settings.scale) {
            renderer = Renderer(style: RenderStyle().scaled(by: settings.scale))
            compositor = CanvasCompositor(renderer: renderer)
        }
        if tracesGestures { StandardError.write(settings.traceLine) }
    }

    /// Under `--trace-gestures`: one JSON line per gesture decision on stderr.
    private func writeTrace() {
        guard tracesGestures else { return }
        for line in app.drainTrace() { StandardError.write(line) }
    }

    /// Brings the back buffer up to date (the compositor finds what changed since the last frame) and
    /// copies only the changed rectangles to the window. Should the compositor fail to make its cache
    /// for a new size, the frame is drawn whole without it.
    private func paint() {
        let scene = Self.scene(of: app.model, in: window.bounds)
        do {
            for rect in try compositor.render(scene, onto: window.buffer.context) { window.present(rect) }
        } catch {
            renderer.draw(scene, on: window.buffer.context)
            window.present(window.bounds)
        }
        if let rect = exposed { window.present(rect) }
        exposed = nil
    }

    /// The model as the renderer sees it: the lines, the green line, the context menu and the help panel.
    private static func scene(of model: CanvasModel, in bounds: Rect) -> Scene {
        var overlays: [Overlay] = []
        if let menu = model.menu {
            overlays.append(Overlay(frame: menu.frame, rows: menu.items.map(\.title), rowHeight: ContextMenu.itemHeight))
        }
        if model.isHelpVisible {
            let rowHeight = 22.0
            let width = min(bounds.width, 360), height = min(bounds.height, rowHeight * Double(helpRows.count))
            let frame = Rect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
                             width: width, height: height)
            overlays.append(Overlay(frame: frame, rows: helpRows, rowHeight: rowHeight, fontSize: 13))
        }
        return Scene(drawing: model.drawing, selection: model.selection?.id, overlays: overlays)
    }

    private static let helpRows = [
        "Drag: draw a line",
        "Click: select a line; double click: clear",
        "Long press a line and move: drag it",
        "Drag the selected line: move it",
        "Right click a line: menu with Delete",
        "Delete or BackSpace: delete the selected line",
        "Arrows: nudge (Shift: 10 px); Escape: deselect",
        "Ctrl+Z: undo; Ctrl+Shift+Z or Ctrl+Y: redo",
        "Ctrl+S: save; Ctrl+E: export PNG; Ctrl+Q: quit",
        "F1 or ?: hide this help",
    ]
}
