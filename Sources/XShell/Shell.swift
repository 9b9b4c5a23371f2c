// XShell: the only module that imports CX11 (st's x.c to our st.c).
//
// Start reading at `Shell.run()`. The shell does I/O and nothing else; every decision is the app core's
// (`AppCore` in TouchTracker, tested without X). A single-threaded loop that, each iteration,
//   1. reads CLOCK_MONOTONIC and passes it down as `now` (the read time of the events drained next),
//   2. drains every queued X event, translated to `ShellEvent` in one place and dispatched in one switch:
//      input goes to the core, window and desktop events to the window and the settings watcher,
//      selection events to the clipboard,
//   3. lets the core's time pass, performs its effects (Shell+Effects.swift: saves, on a worker beside the
//      loop (BackgroundSave), exports, titles, messages, exit; Shell+Clipboard.swift, Shell+Files.swift: the
//      clipboard, the file chooser, opening, saving as, new windows) and, when the core says a frame is due
//      (at most one per refresh of the monitor,
//      whose rate RandR gives: DisplayRefresh), paints its scene into the back buffer and copies the
//      damage to the window (through shared memory where the server is local: then the next paint
//      waits for its completion); when no frame is owed, it paints a band of the margin around the view
//      ahead (ScenePainter.paintAhead), then only polls in step 4, until the margin is full,
//   4. blocks in pselect() on the X connection (and the document's folder watch, a save's end, and the file
//      chooser's pipe or bus socket while one is open) until an event
//      arrives, the core's next deadline (the next frame included; none: it blocks indefinitely, so an
//      idle window uses no CPU) or a termination signal; while a frame waits for its time, it does not
//      wake for input (input read earlier would only be drawn at that frame).
//
//   XConnection  Display, atoms, error handler      CanvasWindow  window, visual, properties
//   BackBuffer   Cairo image -> window (WindowImage, PixelConverter, SharedSegment: MIT-SHM)
//   ShellEvent   XEvent -> Swift enum                 Shell        the loop and dispatch
//   XInput2      XI 2.2 negotiation and selection     ShellEvent+XInput2  XI2 device events (cookies) -> ShellEvent
//   InputDevices each device's kind (mouse, pen, eraser) and pressure axis (InputDevice), queried once
//   DesktopSettingsWatcher  XSETTINGS, Xft.dpi, live  WindowManagerConventions  icon, ping, cursor
//   ClipboardService  CLIPBOARD over Xlib, deciding with SelectionOwner and SelectionReader (pure: SelectionProtocol)
//   ClipboardContent  the copied shapes in each format offered, made when first asked for
import CX11
import Desktop
import FileChooser
import Gestures
import Rendering
import Shapes
import Storage
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
    /// Paints the core's scene into the window.
    private let painter = ScenePainter()
    /// While a zoom's preview shows: when the sharp frame is due (a refresh after the last preview, so that
    /// a zoom going on shows previews at the display's rate, and the sharp frame once it pauses).
    private var sharpFrameDue: Deadline?
    /// The app: every decision. Its steps are taken in one place (`take`, Shell+Recording.swift).
    let core: AppCore
    /// Writes every step of the core as it is taken (`--record`); nil when not recording.
    let recorder: Recorder?
    /// Where the drawing is saved (another after Ctrl+O or Ctrl+Shift+S).
    var store: DocumentStore
    /// Saves on a thread beside the loop (nil where it cannot wake the loop: then saves run on the loop).
    let saves = BackgroundSave()
    /// Tells when another program may have written the document (nil when the folder cannot be watched).
    var watcher: DocumentWatcher?
    /// The document's locks, held while the window shows it (nil where none could be taken); the lock on
    /// the file's identity follows the file the core last read or wrote.
    var locks: DocumentLocks?
    /// The user's lock folder, where locks on files' identities are made (`DocumentLocks`).
    let lockFolder: FilePath?
    /// The data folder, where Ctrl+N makes new drawings (nil: the document's folder).
    let dataFolder: FilePath?
    /// The file chooser while one is open (Shell+Files.swift).
    var chooser: ChooserSession?
    /// The windows Ctrl+N started, until they exit and are reaped.
    var newWindows: [Subprocess] = []
    /// The desktop's double-click time and distance, drag threshold and resolution, followed live.
    private let desktop: DesktopSettingsWatcher
    private let tracesGestures: Bool
    /// Where the pen is remembered between runs (nil: nowhere), and whether failing to was told.
    let penPath: FilePath?
    var hasReportedPenFailure = false
    /// Where the documents' views are remembered between runs (nil: nowhere), and whether failing to was told.
    let viewsPath: FilePath?
    var hasReportedViewsFailure = false
    /// Set by the core's `exit` effect: the loop ends with it.
    var exitStatus: Int32?
    /// Set once the X connection is gone: no more X requests.
    var isDisconnected = false
    /// What the server asked us to repaint (Expose) since the last frame, served from the back buffer.
    private var exposed: Rect?
    /// The CLIPBOARD selection: copying, pasting, and handing over to a clipboard manager on closing.
    let clipboard: ClipboardService
    /// The server time of the latest input event: the clipboard is taken and asked for at this time.
    var lastEventTime: UInt = 0

    /// Maps the window showing `opened` on `connection`, opened first so that without a display
    /// nothing is done to the document; `recorder` records the session from its start.
    public init(connection: XConnection, options: LaunchOptions, document opened: OpenedDocument,
                locks: DocumentLocks?, penPath: FilePath?, viewsPath: FilePath? = nil, lockFolder: FilePath? = nil,
                dataFolder: FilePath? = nil, recorder: Recorder? = nil) throws(XShellError) {
        self.connection = connection
        self.penPath = penPath
        self.viewsPath = viewsPath
        self.dataFolder = dataFolder
        self.lockFolder = lockFolder
        store = opened.store
        self.locks = locks
        self.recorder = recorder
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
        let pen = penPath.map(Self.rememberedPen) ?? Pen()
        let view = Self.rememberedView(of: opened.store.path, in: viewsPath, warn: true)
        let start = RecordingStart(document: opened, pen: pen, view: view,
                                   visibleArea: Rect(x: 0, y: 0, width: Double(geometry.width), height: Double(geometry.height)),
                                   settings: desktop.settings.gestureSettings, now: MonotonicClock.now())
        core = AppCore(start, tracing: options.traceGestures)
        window = try CanvasWindow(connection: connection, geometry: geometry, title: core.title, cursor: core.cursor, xinput: xinput)
        clipboard = ClipboardService(connection: connection, window: window.window, now: MonotonicClock.now())
        begin(start)
        // Once the window has selected device changes: none is missed.
        if xinput != nil { devices = InputDevices(XInput2.queryDevices(on: connection)) }
        take(.input(.visibleAreaChanged(window.visibleArea), now: MonotonicClock.now()))
        for lock in locks?.all ?? [] { DocumentPresence(connection: connection, lock: lock).claim(for: window.window) }
        followTheFile()
        followRefresh(now: MonotonicClock.now())
        for case .warn(let warning) in startup { StandardError.write("touchtracker: \(warning)") }
        apply(desktop.settings, now: MonotonicClock.now())
    }

    /// The pen remembered at `path`: the default when there is none, and when it cannot be read (saying so).
    private static func rememberedPen(at path: FilePath) -> Pen {
        do {
            guard let bytes = try StateFile.read(path) else { return Pen() }
            if let pen = Pen(fileBytes: bytes) { return pen }
            StandardError.write("touchtracker: the pen in \(path) is damaged; drawing with \(Pen().summary) until one is chosen")
        } catch {
            StandardError.write("touchtracker: \(error); drawing with \(Pen().summary) until one is chosen")
        }
        return Pen()
    }

    /// `path` as seen from the working folder, when it is relative.
    static func absolute(_ path: FilePath) -> FilePath {
        guard !path.isAbsolute, let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        return FilePath(cString: folder).appending(path)
    }

    /// The name a document's view is remembered by: the path it saves to, made absolute (the same drawing
    /// opened from another folder is found, and another folder's drawing of the same name is not).
    static func viewName(of document: FilePath) -> FilePath { absolute(document) }

    /// The view remembered for the document at `path`, if any (at start, and when another is opened).
    static func rememberedView(of path: FilePath, in viewsPath: FilePath?, warn: Bool) -> RememberedView? {
        viewsPath.map { Self.rememberedViews(at: $0, warn: warn) }?.view(for: Self.viewName(of: path))
    }

    /// The views remembered at `path`: none when there is no file, and when it cannot be read (saying so
    /// when `warn`).
    static func rememberedViews(at path: FilePath, warn: Bool) -> ViewMemory {
        do {
            guard let bytes = try StateFile.read(path, limit: 64 << 10) else { return ViewMemory() }
            if let memory = ViewMemory(fileBytes: bytes) { return memory }
            if warn { StandardError.write("touchtracker: the views remembered in \(path) are damaged; they are forgotten") }
        } catch {
            if warn { StandardError.write("touchtracker: \(error); no view is remembered") }
        }
        return ViewMemory()
    }

    /// The event loop. Returns the process exit status, with the document's lock released (the caller
    /// exits, and `exit` runs no deinitializers).
    public func run() -> Int32 {
        defer {
            _ = saves?.finish(waiting: true)  // a save under way (quitting without saving) ends whole
            locks?.release()
        }
        let display = connection.display
        let signals = TerminationSignals()
        /// The window closes: the clipboard goes to a clipboard manager first, if one runs.
        func closing(_ status: Int32) -> Int32 {
            chooser?.cancel()
            handOverTheClipboard(signals: signals)
            return status
        }
        reportTheLossOfTheConnection()
        while true {
            let now = MonotonicClock.now()
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if window.takeCompletion(event) { continue }  // the server has read a shared put's pixels
                dispatch(translate(&event, readTime: now), now: now)
                if let exitStatus { return closing(exitStatus) }
            }
            serviceClipboard(now: now)
            serviceChooser(readable: [], now: now)
            reapNewWindows()
            // Only after the queue is drained: the engine classifies by the events' own timestamps,
            // and a timer covers only the case where no event came (R3).
            take(.advance(to: now))
            performEffects(now: now)
            if let exitStatus { return closing(exitStatus) }
            paintIfDue(now: now)
            // While a frame waits for its time, input waits with it: read now, it would only be drawn
            // then. So a mouse reporting 1000 times a second wakes the loop about twice per frame.
            let frameWaits = !window.isPresenting && core.nextFrame != nil
            XFlush(display)
            if !frameWaits, XPending(display) > 0 { continue }
            // Idle, no frame owed: a band of the margin around the view is painted ahead, and the loop only
            // polls before the next one, so that input never waits for more than a band.
            let paintsAhead = paintAheadIfIdle()
            // Events Xlib has already read off the connection wake nothing there: they are handled first.
            if XQLength(display) > 0 { continue }
            // To the nanosecond: a frame a millisecond late would be a sixteenth of a refresh. While the
            // server still reads the last frame, its completion event wakes the loop, not the frame's time.
            let wake = paintsAhead ? MonotonicClock.now() : [window.isPresenting ? core.nextDeadlineBesidesFrames : core.nextDeadline,
                        window.isPresenting ? nil : sharpFrameDue, clipboard.nextDeadline,
                        chooser?.nextDeadline].compactMap { $0 }.min()
            let descriptors = (frameWaits ? [] : [connection.fileDescriptor]) + (watcher.map { [$0.fileDescriptor] } ?? [])
                + (saves.map { [$0.fileDescriptor] } ?? []) + (chooser?.descriptors ?? [])
            var woke = signals.wait(for: descriptors, timeout: wake.map { $0 - MonotonicClock.now() })
            // Another file in the document's folder (a recording written there, say) wakes the watch too: no
            // reason to go round the loop, whose step a recording would write, waking the watch again.
            while case .input(let readable) = woke, let watcher, readable == [watcher.fileDescriptor],
                  !checkTheDocumentOnDisk(now: MonotonicClock.now()) {
                woke = signals.wait(for: descriptors, timeout: wake.map { $0 - MonotonicClock.now() })
            }
            switch woke {
            case .input(let readable):
                if let saves, readable.contains(saves.fileDescriptor) { takeTheSavesOutcome(waiting: false) }
                if let watcher, readable.contains(watcher.fileDescriptor) { checkTheDocumentOnDisk(now: MonotonicClock.now()) }
                serviceChooser(readable: readable, now: MonotonicClock.now())
            case .timeout, .interrupted: break
            case .terminationSignal: feed(.terminationSignal, now: MonotonicClock.now())
            case .failed(let code): feed(.waitFailed(String(cString: strerror(code))), now: MonotonicClock.now())
            }
            if let exitStatus { return closing(exitStatus) }
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
        if dispatchToClipboard(event, now: now) { return }
        switch event {
        case .pointer(let input):
            lastEventTime = UInt(input.serverTime.milliseconds)
            feed(.pointer(input), now: now)
        case .scroll(let scroll):
            feed(.scroll(scroll), now: now)
        case .pinch(let pinch):
            feed(.pinch(pinch), now: now)
        case .key(let input):
            lastEventTime = input.time
            guard let (key, modifiers) = input.appKey else { return }
            feed(.key(key, modifiers), now: now)
        case .keyReleased(let input):
            guard let (key, _) = input.appKey, KeyBindings.heldKeys.contains(key) else { return }
            feed(.keyReleased(key), now: now)
        case .focusLost:
            feed(.focusLost, now: now)
        case .inputDevicesChanged:
            devices = InputDevices(XInput2.queryDevices(on: connection))
        case .exposed(let rect):
            // Copied once the buffer shows the latest frame: it may be new (a resize) and not yet drawn.
            exposed = exposed.map { $0.union(rect) } ?? rect
        case .configured(let width, let height):
            follow(size: PixelSize(width: width, height: height), now: now)
            followRefresh(now: now)
        case .closeRequested:
            feed(.closeRequested, now: now)
        case .comeForwardRequested(let request):
            DocumentPresence.answer(request, on: connection)
            feed(.anotherStartAsked, now: now)
        case .pinged(let serverTime):
            window.answerPing(serverTime: serverTime)
        case .managerAnnounced(let selection):
            perform(desktop.managerAnnounced(selection: selection), now: now)
        case .propertyChanged(let changed, let atom, _):
            perform(desktop.propertyChanged(window: changed, atom: atom), now: now)
        case .destroyed(let destroyed):
            if destroyed == window.window {
                isDisconnected = true  // nothing more to draw on; X errors about it are expected
                feed(.windowDestroyed, now: now)
            } else {
                perform(desktop.windowDestroyed(destroyed), now: now)
            }
        case .unhandled, .selectionRequested, .selectionCleared, .selectionNotified:
            break  // the selections are the clipboard's (dispatchToClipboard)
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
        // And the compositor's: its scratch image, the layer with the margin painted ahead (2.25 times the
        // window's pixels) and the layer's solid cells.
        let bytesPerPixel = window.buffer.bytesPerPixel + 4 + 9 + 3
        if visible.size.width * visible.size.height * bytesPerPixel > Self.largeAllocation { feed(.largeAllocationAhead, now: now) }
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
        take(.input(input, now: now))
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
        record(.trace(settings.traceLine))
        if tracesGestures { StandardError.write(settings.traceLine) }
    }

    /// When the core says a frame is due, brings the back buffer and the window up to date with its scene
    /// (`ScenePainter`), and copies what the server asked to repaint. While the server still reads the
    /// buffer (a shared put in flight), the frame waits for its completion event, which wakes the loop;
    /// the compositor then finds everything that changed in between.
    private func paintIfDue(now: Deadline) {
        guard !isDisconnected, !window.isPresenting else { return }
        if let scene = core.takeFrame(now: now) {
            painter.paint(scene, on: window, preview: true)
            sharpFrameDue = painter.isShowingPreview ? now + core.frameInterval : nil
        } else if let due = sharpFrameDue, due <= now {
            painter.paint(core.scene, on: window)
            sharpFrameDue = nil
        }
        guard core.nextFrame == nil, let rect = exposed else { return }  // an exposed part waits for its frame
        exposed = nil
        painter.show(exposed: rect, of: core.scene, on: window)
    }

    /// When no frame is owed, paints a band of the margin around the view into the compositor's layer
    /// (`ScenePainter.paintAhead`, off the frames' path). Returns whether more is left. The loop has just
    /// seen that no input waits: asking the connection again here (XPending) would read what came since
    /// into Xlib's queue, where the wait that follows, on the connection, would not see it.
    private func paintAheadIfIdle() -> Bool {
        guard !isDisconnected, core.nextFrame == nil, sharpFrameDue == nil else { return false }
        return painter.paintAhead(core.scene)
    }
}
