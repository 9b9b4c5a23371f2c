import Document
import Gestures
import Timing

/// The app, as one step of its event loop with the I/O taken out (swift-nio's EmbeddedEventLoop, a
/// "sans-IO" protocol machine): the shell hands in what happened (`handle(_:now:)`) and the time
/// (`advance(to:)`), and takes out what to do (`takeEffects()`), what to paint and when (`takeFrame(now:)`,
/// paced by `FramePacer`) and when to wake up next (`nextDeadline`). Nothing here reads a clock, touches
/// a file or talks to X, so every path — autosave, every way of closing, failing saves, settings
/// changes, frames — is tested by passing time in.
///
///     shell, per loop iteration:
///         now = clock;  for each X event: core.handle(input, now: now)
///         core.advance(to: now);  perform core.takeEffects() (answering saves and exports at once)
///         paint core.takeFrame(now: now), if a frame is due;  wait until core.nextDeadline or the next event
///
/// The core owns the gesture engine and the model (through `AppController`), the document's session, and
/// its own timer wheel for the autosave, notices and the quit confirmation; a deadline lives on one wheel
/// and nowhere else.
public final class AppCore {
    /// The canvas's behaviour: the gesture engine and the model.
    public let controller: AppController
    private var document: DocumentSession
    /// The core's own timers; the gesture engine keeps its wheel to itself.
    private var timers: TimerWheel<AppTimer>
    private var handles: [AppTimer: TimerHandle] = [:]
    private var effects: [AppEffect] = []
    private var shownTitle: String
    private let tracing: Bool
    /// Set while a close waits for the save before it.
    private var closing: Closing?
    /// Set while the user may confirm quitting without saving (see `AppTimer.quitConfirmation`).
    private var isConfirmingQuit = false
    /// A passing notice; the standing one (saving fails) is shown when there is none.
    private var notice: Notice?
    /// Set once the window could not get the memory to draw; said once.
    private var hasReportedAllocationFailure = false
    /// dpi / 96 of the screen: the renderer's lengths and the selection tolerance grow with it.
    public private(set) var scale = 1.0
    /// When frames are painted.
    private var pacer = FramePacer()
    /// What the screen should show, as of the end of the last step (nil only while initialising).
    private var content: FramePacer.Content?

    /// The timers on the core's wheel.
    enum AppTimer: Hashable {
        /// The autosave's debounce, or the retry after a failed save.
        case autosave
        /// The passing notice goes away.
        case noticeExpiry
        /// The window in which a second Ctrl+Q quits without saving ends.
        case quitConfirmation
    }

    /// How long a passing notice stays.
    public static let noticeDuration = TimeAmount.seconds(4)
    /// How long a second Ctrl+Q (or close) after a failed save quits anyway.
    public static let quitConfirmationWindow = TimeAmount.seconds(5)

    /// The app showing `opened` on a canvas of `canvas`, at `now`.
    public init(document opened: OpenedDocument, visibleArea: Rect, settings: GestureSettings = .default,
                now: Deadline, tracing: Bool = false) {
        document = DocumentSession(opened)
        shownTitle = document.title
        self.tracing = tracing
        timers = TimerWheel(now: now)
        controller = AppController(model: CanvasModel(drawing: opened.drawing, visibleArea: visibleArea), settings: settings,
                                   now: now, tracing: tracing)
        content = frameContent(of: scene)
    }

    /// The window title in force (the shell sets it when it creates the window).
    public var title: String { shownTitle }

    /// The model: the drawing, the selection, the menu.
    public var model: CanvasModel { controller.model }

    // MARK: - Input and time

    /// One input, in the order it happened; `now` is when the shell read it.
    public func handle(_ input: AppInput, now: Deadline) {
        switch input {
        case .pointer(let event):
            controller.handle(event)
        case .key(let key, let modifiers):
            if let command = controller.key(key, modifiers) { perform(command, now: now) }
        case .visibleAreaChanged(let area):
            controller.setVisibleArea(area)
        case .largeAllocationAhead:
            if document.hasUnsavedEdits { save(now: now) }
        case .allocationFailed(let reason):
            if !hasReportedAllocationFailure { effects.append(.message("cannot draw the window: \(reason)")) }
            hasReportedAllocationFailure = true
            if document.hasUnsavedEdits { save(now: now) }
        case .closeRequested:
            close(.userAsked, now: now)
        case .terminationSignal:
            close(.signal, now: now)
        case .windowDestroyed:
            close(.windowDestroyed, now: now)
        case .connectionLost:
            close(.connectionLost, now: now)
        case .waitFailed(let reason):
            effects.append(.message("waiting for X events failed: \(reason)"))
            close(.failure, now: now)
        case .settingsChanged(let settings, let scale):
            controller.gestureSettings = settings
            controller.setDisplayScale(scale)
            self.scale = scale
        case .refreshIntervalChanged(let interval):
            pacer.interval = interval ?? FramePacer.standardInterval
        case .saveFinished(let failure):
            saveFinished(failure, now: now)
        case .exportFinished(let failure):
            exportFinished(failure, now: now)
        }
        finishStep(now: now)
    }

    /// Lets time pass: the engine's timers (a double click failing, a long press) and the core's own.
    public func advance(to now: Deadline) {
        controller.advance(to: now)
        while let timer = timers.popExpired(now: now) {
            handles[timer.payload] = nil
            switch timer.payload {
            case .autosave: save(now: now)
            case .noticeExpiry: notice = nil
            case .quitConfirmation: isConfirmingQuit = false
            }
        }
        finishStep(now: now)
    }

    /// When `advance(to:)` or `takeFrame(now:)` next has work to do; nil when nothing waits on time
    /// (an idle window).
    public var nextDeadline: Deadline? {
        var next = controller.nextDeadline
        for deadline in [timers.nextDeadline, nextFrame] {
            if let deadline, next.map({ deadline < $0 }) ?? true { next = deadline }
        }
        return next
    }

    /// What the shell must do, in order; the list is emptied.
    public func takeEffects() -> [AppEffect] {
        defer { effects.removeAll(keepingCapacity: true) }
        return effects
    }

    // MARK: - Frames

    /// When the next frame is due (maybe already): nil while the screen shows everything there is.
    public var nextFrame: Deadline? { content.flatMap { pacer.nextFrame(for: $0) } }

    /// The scene to paint now when a frame is due (`nextFrame` has come), taken as shown; nil otherwise.
    public func takeFrame(now: Deadline) -> Scene? {
        guard let content, let due = pacer.nextFrame(for: content), due <= now else { return nil }
        pacer.painted(content, at: now)
        return scene
    }

    private func frameContent(of scene: Scene) -> FramePacer.Content {
        FramePacer.Content(revision: scene.drawing.revision, linesInProgress: scene.linesInProgress, selection: scene.selection,
                           overlays: scene.overlays, visibleArea: model.visibleArea, scale: scale)
    }

    /// What to paint: the drawing, the lines in progress, the selection, and the panels over them.
    public var scene: Scene {
        let model = controller.model
        var overlays: [Overlay] = []
        if let menu = model.menu {
            overlays.append(Overlay(frame: menu.frame, rows: menu.items.map(\.title), rowHeight: ContextMenu.itemHeight))
        }
        if model.isHelpVisible { overlays.append(HelpPanel.overlay(in: model.visibleArea)) }
        if let shown = notice ?? standingNotice { overlays.append(shown.overlay(in: model.visibleArea)) }
        return Scene(document: model.document, linesInProgress: model.linesInProgressInOrder,
                     selection: model.selection?.id, overlays: overlays)
    }

    // MARK: - After every step

    /// Notices edits (which move the autosave's deadline), passes on the gesture trace and the title, and
    /// notes what the screen should show now.
    private func finishStep(now: Deadline) {
        defer { content = frameContent(of: scene) }
        if let due = document.observe(controller.model.drawing, now: now) { schedule(.autosave, at: due) }
        if tracing { effects += controller.drainTrace().map(AppEffect.trace) }
        if document.title != shownTitle {
            shownTitle = document.title
            effects.append(.setTitle(shownTitle))
        }
    }

    private func schedule(_ timer: AppTimer, at deadline: Deadline) {
        if let handle = handles[timer] { timers.cancel(handle) }
        handles[timer] = timers.schedule(at: deadline, timer)
    }

    private func cancel(_ timer: AppTimer) {
        if let handle = handles.removeValue(forKey: timer) { timers.cancel(handle) }
    }

    private func show(_ text: String, now: Deadline) {
        notice = Notice(text: text)
        schedule(.noticeExpiry, at: now + Self.noticeDuration)
    }

    /// While saving fails, the window says so until a save works.
    private var standingNotice: Notice? {
        document.saveError.map { Notice(text: "Cannot save \(document.name): \(Self.reason($0)) — kept in memory") }
    }

    // MARK: - Commands

    private func perform(_ command: Command, now: Deadline) {
        switch command {
        case .save:
            save(now: now)
        case .exportPNG:
            save(now: now)  // the document (and its folder) exist before the picture beside it
            let path = document.path.exportPath
            effects.append(.exportPNG(controller.model.drawing, to: path))
            pendingExport = path
        case .quit:
            close(.userAsked, now: now)
        default:
            break  // the model's own; it carried them out
        }
    }

    /// Where the PNG of the export under way goes (for its report).
    private var pendingExport: FilePath?

    private func exportFinished(_ failure: String?, now: Deadline) {
        guard let path = pendingExport else { return }
        pendingExport = nil
        if let failure {
            effects.append(.message("cannot export \(path): \(failure)"))
            show("Cannot export \(path.fileName): \(failure)", now: now)
        } else {
            effects.append(.message("exported \(path)"))
            show("Exported \(path.fileName)", now: now)
        }
    }

    // MARK: - Saving

    /// Asks the shell to save; `saveFinished` follows before anything else.
    private func save(now: Deadline) {
        cancel(.autosave)
        _ = document.observe(controller.model.drawing, now: now)
        effects.append(.save(controller.model.drawing))
    }

    private func saveFinished(_ failure: DocumentSaveError?, now: Deadline) {
        let report = document.saveFinished(failure, now: now)
        switch report {
        case .saved(let recovered):
            cancel(.autosave)
            if recovered {
                effects.append(.message("saved \(document.path) again"))
                show("Saved \(document.name) again", now: now)
            }
        case .failed(let error, let retryAt, let isNew):
            schedule(.autosave, at: retryAt)
            if isNew, closing == nil { effects.append(.message("\(error); the drawing is kept in memory, unsaved")) }
        }
        guard let reason = closing else { return }
        closing = nil
        finishClosing(reason, saveFailure: failure, now: now)
    }

    // MARK: - Closing

    /// Why the app closes. Every way saves first; only the user, who can still act, is asked again when
    /// the save fails.
    enum Closing {
        /// Ctrl+Q or the window manager's close button.
        case userAsked
        /// SIGTERM, SIGINT or SIGHUP.
        case signal
        /// Another program destroyed the window.
        case windowDestroyed
        /// The X server is gone.
        case connectionLost
        /// The loop cannot go on.
        case failure
    }

    /// Closes for `reason`: at once when everything is on disk (every earlier step observed its edits),
    /// else after the save, whose outcome decides (`finishClosing`).
    private func close(_ reason: Closing, now: Deadline) {
        guard document.hasUnsavedEdits else { return finishClosing(reason, saveFailure: nil, now: now) }
        closing = reason
        save(now: now)
    }

    private func finishClosing(_ reason: Closing, saveFailure: DocumentSaveError?, now: Deadline) {
        let saved = "the drawing is saved in \(document.path)"
        switch (reason, saveFailure) {
        case (.userAsked, let failure?) where !isConfirmingQuit:
            // The user can still do something about it: say so, and let a second request quit anyway.
            isConfirmingQuit = true
            schedule(.quitConfirmation, at: now + Self.quitConfirmationWindow)
            effects.append(.message("\(failure); not quitting: close again within 5 s to quit without saving"))
            show("Cannot save: \(Self.reason(failure)). Close again within 5 s to quit without saving.", now: now)
        case (.userAsked, let failure?):
            effects.append(.message("\(failure); quitting without saving the last edits"))
            effects.append(.exit(1))
        case (.connectionLost, let failure):
            effects.append(.message("lost the connection to the X server; \(failure.map { "\($0); the last edits are lost" } ?? saved)"))
            effects.append(.exit(1))
        case (.windowDestroyed, let failure):
            effects.append(.message("the window was destroyed by another program; \(failure.map { "\($0); the last edits are lost" } ?? saved)"))
            effects.append(.exit(failure == nil ? 0 : 1))
        case (.failure, let failure):
            if let failure { effects.append(.message("\(failure); closing with the last edits unsaved")) }
            effects.append(.exit(1))
        case (.userAsked, nil), (.signal, nil):
            effects.append(.exit(0))
        case (.signal, let failure?):
            effects.append(.message("\(failure); closing with the last edits unsaved"))
            effects.append(.exit(1))
        }
    }

    /// The reason alone, for a notice ("No space left on device").
    static func reason(_ error: DocumentSaveError) -> String {
        let text = "\(error)"
        guard let colon = text.lastIndex(of: ":") else { return text }
        return text[text.index(after: colon)...].trimmingPrefix(" ").description
    }
}

extension FilePath {
    /// Where Ctrl+E writes the picture of the document at this path: beside it, with the picture's
    /// extension, and never the document itself (`sketch.png` exports to `sketch-export.png`).
    var exportPath: FilePath {
        let beside = replacingExtension(with: "png")
        return beside == self ? removingExtension.appendingToName("-export.png") : beside
    }
}
