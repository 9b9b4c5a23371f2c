// XShell: the only module that imports CX11 (st's x.c to our st.c).
//
// Start reading at `Shell.run()`. The shell does I/O and nothing else; every decision is the app core's
// (`AppCore` in TouchTracker, tested without X). A single-threaded loop that, each iteration,
//   1. reads CLOCK_MONOTONIC and passes it down as `now` (the read time of the events drained next),
//   2. drains every queued X event, translated to `ShellEvent` in one place and dispatched in one switch:
//      input goes to the core, window and desktop events to the window and the settings watcher,
//   3. lets the core's time pass, performs its effects (Shell+Effects.swift: saves, exports, titles,
//      messages, exit), paints its scene into the back buffer and copies the damage to the window
//      (through shared memory where the server is local: then the next paint waits for its completion),
//   4. blocks in pselect() on the X connection until an event arrives, the core's next deadline
//      (none: it blocks indefinitely, so an idle window uses no CPU) or a termination signal.
//
//   XConnection  Display, atoms, error handler      CanvasWindow  window, visual, properties
//   BackBuffer   Cairo image -> window (WindowImage, PixelConverter, SharedSegment: MIT-SHM)
//   ShellEvent   XEvent -> Swift enum                 Shell        the loop and dispatch
//   XInput2      XI 2.2 negotiation and selection     ShellEvent+XInput2  XI2 device events (cookies) -> ShellEvent
//   InputDevices each device's kind (mouse, pen, eraser) and pressure axis (InputDevice), queried once
//   DesktopSettingsWatcher  XSETTINGS, Xft.dpi, live  WindowManagerConventions  icon, ping, cursor
import CX11
import Desktop
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
    /// What XInput 2 events are decoded with: each device's kind and pressure axis.
    private var devices = InputDevices()
    let window: CanvasWindow
    /// Both draw lines as wide as the screen's resolution asks; replaced when it changes.
    private var renderer = Renderer()
    private var compositor = CanvasCompositor()
    /// The app: every decision.
    let core: AppCore
    /// Where the drawing is saved.
    let store: DocumentStore
    /// Tells when another program may have written the document (nil when the folder cannot be watched).
    let watcher: DocumentWatcher?
    /// The document's lock, held while the window is open (nil where the folder cannot hold one).
    let lock: DocumentLock?
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
    public init(connection: XConnection, options: LaunchOptions, document opened: OpenedDocument,
                lock: DocumentLock?) throws(XShellError) {
        self.connection = connection
        store = opened.store
        self.lock = lock
        do {
            watcher = try DocumentWatcher(for: opened.store.path)
        } catch {
            watcher = nil
            StandardError.write("touchtracker: \(error); changes other programs make to it will be noticed only when saving")
        }
        tracesGestures = options.traceGestures
        xinput = XInput2.negotiate(display: connection.display)
        desktop = DesktopSettingsWatcher(connection: connection, commandLine: DesktopSettings.Overrides(commandLine: options))
        let startup = desktop.readAll()
        let geometry = options.geometry
        core = AppCore(document: opened, visibleArea: Rect(x: 0, y: 0, width: Double(geometry.width), height: Double(geometry.height)),
                       settings: desktop.settings.gestureSettings, now: MonotonicClock.now(), tracing: options.traceGestures)
        window = try CanvasWindow(connection: connection, geometry: geometry, title: core.title, xinput: xinput)
        // Once the window has selected device changes: none is missed.
        if xinput != nil { devices = InputDevices(XInput2.queryDevices(on: connection)) }
        core.handle(.visibleAreaChanged(window.visibleArea), now: MonotonicClock.now())
        if let lock { DocumentPresence(connection: connection, lock: lock).claim(for: window.window) }
        for case .warn(let warning) in startup { StandardError.write("touchtracker: \(warning)") }
        apply(desktop.settings, now: MonotonicClock.now())
    }

    /// The event loop. Returns the process exit status, with the document's lock released (the caller
    /// exits, and `exit` runs no deinitializers).
    public func run() -> Int32 {
        defer { lock?.release() }
        let display = connection.display
        let signals = TerminationSignals()
        reportTheLossOfTheConnection()
        while true {
            let now = MonotonicClock.now()
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if window.takeCompletion(event) { continue }  // the server has read a shared put's pixels
                dispatch(translate(&event, readTime: now), now: now)
                if let exitStatus { return exitStatus }
            }
            // Only after the queue is drained: the engine classifies by the events' own timestamps,
            // and a timer covers only the case where no event came (R3).
            core.advance(to: now)
            performEffects(now: now)
            if let exitStatus { return exitStatus }
            paint()
            XFlush(display)
            if XPending(display) > 0 { continue }
            let timeout = pollTimeout(until: core.nextDeadline, now: MonotonicClock.now())
            let descriptors = [connection.fileDescriptor] + (watcher.map { [$0.fileDescriptor] } ?? [])
            switch signals.wait(for: descriptors, timeoutMilliseconds: timeout) {
            case .input(let readable):
                if let watcher, readable.contains(watcher.fileDescriptor) { checkTheDocumentOnDisk(now: MonotonicClock.now()) }
            case .timeout, .interrupted: break
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
            return ShellEvent(event, atoms: connection.atoms, canvas: window.window, readTime: readTime)
        }
        guard XGetEventData(connection.display, &event.xcookie) != 0 else { return .unhandled(type: GenericEvent) }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        return ShellEvent(cookie: event.xcookie, readTime: readTime, devices: &devices)
    }

    private func dispatch(_ event: ShellEvent, now: Deadline) {
        switch event {
        case .pointer(let input):
            feed(.pointer(input), now: now)
        case .key(let input):
            guard let (key, modifiers) = input.appKey else { return }
            feed(.key(key, modifiers), now: now)
        case .inputDevicesChanged:
            devices = InputDevices(XInput2.queryDevices(on: connection))
        case .exposed(let rect):
            // Copied after this iteration's paint: the buffer may be new (a resize) and not yet drawn.
            exposed = exposed.map { $0.union(rect) } ?? rect
        case .configured(let width, let height):
            follow(size: PixelSize(width: width, height: height), now: now)
        case .closeRequested:
            feed(.closeRequested, now: now)
        case .comeForwardRequested:
            feed(.anotherStartAsked, now: now)
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
        let bytesPerPixel = window.buffer.bytesPerPixel + 8  // and the compositor's two images
        if visible.size.width * visible.size.height * bytesPerPixel > Self.largeAllocation { feed(.largeAllocationAhead, now: now) }
        do {
            try window.follow(size: size, visible: visible)
        } catch {
            feed(.allocationFailed("\(error)"), now: now)
        }
        feed(.visibleAreaChanged(window.visibleArea), now: now)
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

    /// Brings the back buffer up to date with the core's scene (the compositor finds what changed since
    /// the last frame) and copies only the changed rectangles to the window. Lines are as wide as the
    /// core's scale asks; a new style means a new compositor, whose first frame is drawn whole. Should the
    /// compositor fail to make its cache for a new size, the frame is drawn whole without it.
    /// While the server still reads the buffer (a shared put in flight), the frame waits for its completion
    /// event, which wakes the loop; the compositor then finds everything that changed in between.
    private func paint() {
        guard !isDisconnected, !window.isPresenting else { return }
        let style = RenderStyle().scaled(by: core.scale)
        if renderer.style != style {
            renderer = Renderer(style: style)
            compositor = CanvasCompositor(renderer: renderer)
        }
        let scene = core.scene
        let origin = window.visible.origin
        do {
            for rect in try compositor.render(scene, onto: window.buffer.context, origin: origin) { window.present(rect) }
        } catch {
            renderer.draw(scene, on: window.buffer.context, origin: origin)
            window.present(window.visibleArea)
        }
        if let rect = exposed { window.present(rect) }
        exposed = nil
    }
}
