// XShell: the only module that imports CX11 (st's x.c to our st.c).
//
// Start reading at `Shell.run()`. The shell does I/O and nothing else; every decision is the app core's
// (`AppCore` in TouchTracker, tested without X). A single-threaded loop that, each iteration,
//   1. reads CLOCK_MONOTONIC and passes it down as `now` (the read time of the events drained next),
//   2. drains every queued X event, translated to `ShellEvent` in one place and dispatched in one switch:
//      input goes to the core, window and desktop events to the window and the settings watcher,
//   3. lets the core's time pass, performs its effects (Shell+Effects.swift: saves, exports, titles,
//      messages, exit) and, when the core says a frame is due (at most one per refresh of the monitor,
//      whose rate RandR gives: DisplayRefresh), paints its scene into the back buffer and copies the
//      damage to the window,
//   4. blocks in pselect() on the X connection until an event arrives, the core's next deadline (the
//      next frame included; none: it blocks indefinitely, so an idle window uses no CPU) or a
//      termination signal; while a frame waits for its time, only until then (input read earlier
//      would only be drawn at that frame).
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
    let connection: XConnection
    /// XInput 2 when the server has it: pointer and touch events per master device. Nil: core events.
    private let xinput: XInput2?
    let window: CanvasWindow
    /// Both draw lines as wide as the screen's resolution asks; replaced when it changes.
    private var renderer = Renderer()
    private var compositor = CanvasCompositor()
    /// The app: every decision.
    let core: AppCore
    /// Where the drawing is saved.
    let store: DocumentStore
    /// The desktop's double-click time and distance, drag threshold and resolution, followed live.
    private let desktop: DesktopSettingsWatcher
    private let tracesGestures: Bool
    /// Set by the core's `exit` effect: the loop ends with it.
    var exitStatus: Int32?
    /// Set once the X connection is gone: no more X requests.
    var isDisconnected = false
    /// What the server asked us to repaint (Expose) since the last frame, served from the back buffer.
    private var exposed: Rect?

    /// Maps the window showing `opened` on `connection`, opened first so that without a display
    /// nothing is done to the document.
    public init(connection: XConnection, options: LaunchOptions, document opened: OpenedDocument) throws(XShellError) {
        self.connection = connection
        store = opened.store
        tracesGestures = options.traceGestures
        xinput = XInput2.negotiate(display: connection.display)
        desktop = DesktopSettingsWatcher(connection: connection, commandLine: DesktopSettings.Overrides(commandLine: options))
        let startup = desktop.readAll()
        let geometry = options.geometry
        core = AppCore(document: opened, visibleArea: Rect(x: 0, y: 0, width: Double(geometry.width), height: Double(geometry.height)),
                       settings: desktop.settings.gestureSettings, now: MonotonicClock.now(), tracing: options.traceGestures)
        window = try CanvasWindow(connection: connection, geometry: geometry, title: core.title, xinput: xinput)
        core.handle(.visibleAreaChanged(window.visibleArea), now: MonotonicClock.now())
        followRefresh(now: MonotonicClock.now())
        for case .warn(let warning) in startup { StandardError.write("touchtracker: \(warning)") }
        apply(desktop.settings, now: MonotonicClock.now())
    }

    /// The event loop. Returns the process exit status.
    public func run() -> Int32 {
        let display = connection.display
        let signals = TerminationSignals()
        reportTheLossOfTheConnection()
        while true {
            let now = MonotonicClock.now()
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                dispatch(translate(&event, readTime: now), now: now)
                if let exitStatus { return exitStatus }
            }
            // Only after the queue is drained: the engine classifies by the events' own timestamps,
            // and a timer covers only the case where no event came (R3).
            core.advance(to: now)
            performEffects(now: now)
            if let exitStatus { return exitStatus }
            if let scene = core.takeFrame(now: now) { paint(scene) }
            // While a frame waits for its time, input waits with it: read now, it would only be drawn
            // then. So a mouse reporting 1000 times a second wakes the loop about twice per frame.
            let frameWaits = core.nextFrame != nil
            if !frameWaits { presentExposed() }
            XFlush(display)
            if !frameWaits, XPending(display) > 0 { continue }
            // To the nanosecond: a frame a millisecond late would be a sixteenth of a refresh.
            let timeout = core.nextDeadline.map { $0 - MonotonicClock.now() }
            switch signals.wait(for: frameWaits ? nil : connection.fileDescriptor, timeout: timeout) {
            case .input, .timeout, .interrupted: break
            case .terminationSignal: feed(.terminationSignal, now: MonotonicClock.now())
            case .failed(let code): feed(.waitFailed(String(cString: strerror(code))), now: MonotonicClock.now())
            }
            if let exitStatus { return exitStatus }
        }
    }

    /// Core events translate by value. An XInput 2 event is a GenericEvent whose data lives in a cookie:
    /// fetched before translation and freed right after (the translation copies what it needs).
    private func translate(_ event: inout XEvent, readTime: Deadline) -> ShellEvent {
        guard event.type == GenericEvent, let xinput, event.xcookie.extension == xinput.opcode else {
            return ShellEvent(event, atoms: connection.atoms, canvas: window.window)
        }
        guard XGetEventData(connection.display, &event.xcookie) != 0 else { return .unhandled(type: GenericEvent) }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        return ShellEvent(cookie: event.xcookie)
    }

    private func dispatch(_ event: ShellEvent, now: Deadline) {
        switch event {
        case .pointer(let input):
            feed(.pointer(input.gestureInput(readTime: now)), now: now)
        case .key(let input):
            guard let (key, modifiers) = input.appKey else { return }
            feed(.key(key, modifiers), now: now)
        case .exposed(let rect):
            // Copied once the buffer shows the latest frame: it may be new (a resize) and not yet drawn.
            exposed = exposed.map { $0.union(rect) } ?? rect
        case .configured(let width, let height):
            follow(size: PixelSize(width: width, height: height), now: now)
            followRefresh(now: now)
        case .closeRequested:
            feed(.closeRequested, now: now)
        case .pinged(let serverTime):
            window.answerPing(serverTime: serverTime)
        case .managerAnnounced(let selection):
            perform(desktop.managerAnnounced(selection: selection), now: now)
        case .propertyChanged(let changed, let atom):
            perform(desktop.propertyChanged(window: changed, atom: atom), now: now)
        case .destroyed(let destroyed):
            if destroyed == window.window {
                isDisconnected = true  // nothing more to draw on; X errors about it are expected
                feed(.windowDestroyed, now: now)
            } else {
                perform(desktop.windowDestroyed(destroyed), now: now)
            }
        case .unhandled:
            break
        }
    }

    /// The most the window's pixels (the back buffer and the compositor's two images) may take before the
    /// core is told to save first: should the process be killed for the memory, no edit is lost.
    static let largeAllocation = 64 << 20

    /// The window was resized or moved: the buffer follows the part on screen, and so do the core's panels.
    /// Without the memory for it the old buffer stays (the window shows what fits) and the core is told.
    private func follow(size: PixelSize, now: Deadline) {
        let visible = window.visiblePart(ofSize: size)
        guard size != window.size || visible != window.visible else { return }
        if visible.size.width * visible.size.height * 12 > Self.largeAllocation { feed(.largeAllocationAhead, now: now) }
        do {
            try window.follow(size: size, visible: visible)
        } catch {
            feed(.allocationFailed("\(error)"), now: now)
        }
        feed(.visibleAreaChanged(window.visibleArea), now: now)
    }

    /// The window may be on another monitor now: frames follow its refresh rate.
    private func followRefresh(now: Deadline) {
        guard !isDisconnected else { return }
        feed(.refreshIntervalChanged(DisplayRefresh.interval(of: window.window, size: window.size, connection: connection)), now: now)
    }

    /// Hands `input` to the core and carries out what it asks.
    func feed(_ input: AppInput, now: Deadline) {
        core.handle(input, now: now)
        performEffects(now: now)
    }

    /// Carries out what the desktop settings watcher decided.
    private func perform(_ actions: [DesktopSettingsAction], now: Deadline) {
        for action in actions {
            switch action {
            case .warn(let warning): StandardError.write("touchtracker: \(warning)")
            case .apply(let settings): apply(settings, now: now)
            }
        }
    }

    /// Puts desktop settings in force: the engine's thresholds and the screen's scale go to the core.
    private func apply(_ settings: DesktopSettings, now: Deadline) {
        feed(.settingsChanged(settings.gestureSettings, scale: settings.scale), now: now)
        if tracesGestures { StandardError.write(settings.traceLine) }
    }

    /// Brings the back buffer up to date with `scene` (the compositor finds what changed since the last
    /// frame) and copies only the changed rectangles to the window. Lines are as wide as the core's scale
    /// asks; a new style means a new compositor, whose first frame is drawn whole. Should the compositor
    /// fail to make its cache for a new size, the frame is drawn whole without it.
    private func paint(_ scene: Scene) {
        guard !isDisconnected else { return }
        let style = RenderStyle().scaled(by: core.scale)
        if renderer.style != style {
            renderer = Renderer(style: style)
            compositor = CanvasCompositor(renderer: renderer)
        }
        let origin = window.visible.origin
        do {
            for rect in try compositor.render(scene, onto: window.buffer.context, origin: origin) { window.present(rect) }
        } catch {
            renderer.draw(scene, on: window.buffer.context, origin: origin)
            window.present(window.visibleArea)
        }
    }

    /// Copies what the server asked to repaint from the back buffer; called once it shows the latest
    /// frame (while a frame waits for its time, the exposed part waits with it: at most one refresh).
    private func presentExposed() {
        guard !isDisconnected, let rect = exposed else { return }
        window.present(rect)
        exposed = nil
    }
}
