import Canvas
import Gestures
import Shapes
import Storage
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
///         core.advance(to: now);  perform core.takeEffects() (answering exports and reads at once, a save
///                                  when its worker is done: steps later, edits go on meanwhile)
///         paint core.takeFrame(now: now), if a frame is due;  wait until core.nextDeadline or the next event
///
/// The core owns the gesture engine and the model (through `AppController`), the document's session, and
/// its own timer wheel for the autosave, reading a file another program changed once it is quiet, notices
/// and the quit confirmation; a deadline lives on one wheel and nowhere else.
public final class AppCore {
    /// The canvas's behaviour: the gesture engine and the model.
    public let controller: AppController
    /// The document: where it saves, what is on disk (another after Ctrl+O or Ctrl+Shift+S).
    var document: DocumentSession
    /// The core's own timers; the gesture engine keeps its wheel to itself.
    private var timers: TimerWheel<AppTimer>
    private var handles: [AppTimer: TimerHandle] = [:]
    var effects: [AppEffect] = []
    private var shownTitle: String
    private let tracing: Bool
    /// Set while a close waits for the save before it.
    private var closing: Closing?
    /// Set while the user may confirm quitting without saving (see `AppTimer.quitConfirmation`).
    private var isConfirmingQuit = false
    /// A passing notice; the standing one (saving fails) is shown when there is none.
    private var notice: Notice?
    /// Where the notice shown is, if one is: a press there is the notice's.
    private var noticeFrame: Rect?
    /// Set once the window could not get the memory to draw; said once.
    private var hasReportedAllocationFailure = false
    /// Copying and pasting under way (AppCore+Clipboard.swift).
    var clipboard = ClipboardState()
    /// The file chooser, a drawing to open, an export under way (AppCore+Files.swift).
    var files = FileState()
    /// dpi / 96 of the screen: the panels and everything on screen grow with it.
    public var scale: Double { controller.model.displayScale }
    /// Where the drawing paints, followed from step to step for the hints at the window's edges.
    private var extent = DrawingExtent()
    /// The view last remembered (`AppEffect.rememberView`), and whether a later one waits to be.
    private var rememberedView: RememberedView?
    private var viewToRemember: RememberedView?
    /// When frames are painted.
    private var pacer = FramePacer()
    /// What to paint: the drawing, the shapes in progress, the selection, and the panels over them, as of
    /// the end of the last step (a frame paints it). Made when first asked for after a step, not at every
    /// step: a touchpad's 1000 scroll events a second make it about twice a frame, when the loop asks
    /// whether a frame is due.
    public var scene: Scene {
        if let madeScene { return madeScene }
        let made = currentScene()
        madeScene = made
        return made
    }
    /// The scene as of the end of the last step, once made; nil until asked for.
    private var madeScene: Scene?

    /// The timers on the core's wheel.
    enum AppTimer: Hashable {
        /// The autosave's debounce, or the retry after a failed save.
        case autosave
        /// The file another program changed has been quiet long enough to be read (`DiskChange`).
        case diskRead
        /// The passing notice goes away.
        case noticeExpiry
        /// The window in which a second Ctrl+Q quits without saving ends.
        case quitConfirmation
        /// The view has stayed put long enough to be remembered.
        case rememberView
        /// The mouse has rested on a toolbar button long enough: its tooltip shows.
        case tooltip
    }

    /// How long the mouse rests on a button before its tooltip shows (GTK's 500 ms), and how soon the next
    /// one shows while the tooltips are being browsed: for a while after one was shown (GTK's 60 ms, 500 ms).
    public static let tooltipDelay = TimeAmount.milliseconds(500)
    public static let browsingTooltipDelay = TimeAmount.milliseconds(60)
    public static let browsingLasts = TimeAmount.milliseconds(500)
    /// The toolbar button the mouse rests on, and whether its tooltip shows yet.
    private var tooltip: (item: Toolbar.Item, isShown: Bool)?
    /// Until when a tooltip shows after the short delay, once one was shown.
    private var browsingUntil: Deadline?

    /// How long a passing notice stays.
    public static let noticeDuration = TimeAmount.seconds(4)
    /// How long a second Ctrl+Q (or close) after a failed save quits anyway.
    public static let quitConfirmationWindow = TimeAmount.seconds(5)
    /// How long the view stays put before it is remembered (a scroll is many small moves).
    public static let viewMemoryDelay = TimeAmount.seconds(1)

    /// The app showing `opened` in a window whose part on screen is `visibleArea`, at `now`; its view as
    /// `rememberedView` when that still shows part of the drawing.
    public init(document opened: OpenedDocument, pen: Pen = Pen(), rememberedView: RememberedView? = nil, visibleArea: Rect,
                settings: GestureSettings = .default, now: Deadline, tracing: Bool = false) {
        document = DocumentSession(opened)
        shownPen = pen
        shownCursor = pen.tool.cursor
        self.tracing = tracing
        timers = TimerWheel(now: now)
        let model = CanvasModel(drawing: opened.drawing, visibleArea: visibleArea, pen: pen, rememberedView: rememberedView)
        controller = AppController(model: model, settings: settings, now: now, tracing: tracing)
        shownTitle = Self.title(document: document, pen: pen, zoom: model.view.zoom)
        extent.update(to: opened.drawing, atRest: true)
    }

    /// The window title in force (the shell sets it when it creates the window).
    public var title: String { shownTitle }

    /// The cursor in force over the canvas: the tool's (the shell sets it when it creates the window).
    public var cursor: String { controller.model.pen.tool.cursor }
    /// The cursor last asked for (`AppEffect.setCursor`).
    private var shownCursor: String

    /// The document's name and state, then how many shapes are selected when more than one is (one shows
    /// green well enough), then the zoom when it is not 100%, then the tool when it is not the standard one
    /// (Line), then the pen's colour and width when they are not the default (Black, Normal):
    /// "drawing.json — 3 selected — 141% — Circle — Blue, Thick — TouchTracker".
    static func title(document: DocumentSession, pen: Pen, zoom: Double, selected: Int = 0) -> String {
        document.titleName + (selected > 1 ? " — \(selected) selected" : "") + (zoom == 1 ? "" : " — \(percent(zoom))")
            + (pen.tool == .standard ? "" : " — \(pen.tool.title)") + (pen.strokesAsStandard ? "" : " — \(pen.summary)")
            + " — TouchTracker"
    }

    /// A zoom as people read it: whole percent ("141%"), to a tenth below 10% ("5.3%"), never "100%" but at 1.
    static func percent(_ zoom: Double) -> String {
        let tenths = (zoom * 1000).rounded()
        if zoom < 0.1 { return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : "\(tenths / 10)%" }
        var whole = Int((zoom * 100).rounded())
        if whole == 100, zoom != 1 { whole = zoom < 1 ? 99 : 101 }
        return "\(whole)%"
    }

    /// The pen last remembered (`AppEffect.rememberPen`).
    private var shownPen: Pen

    /// The identity of the document's file as last read or written (the shell keeps the lock on it).
    public var diskIdentity: FileIdentity? { document.diskIdentity }

    /// The model: the drawing, the selection, the menu.
    public var model: CanvasModel { controller.model }

    // MARK: - Input and time

    /// One input, in the order it happened; `now` is when the shell read it.
    public func handle(_ input: AppInput, now: Deadline) {
        switch input {
        case .pointer(let event):
            controller.handle(event, noticeFrame: noticeFrame)
            for command in controller.takeCommandsForTheCore() { perform(command, now: now) }
        case .key(let key, let modifiers):
            if let command = controller.key(key, modifiers) { perform(command, now: now) }
        case .keyReleased(let key):
            controller.keyReleased(key)
        case .focusLost:
            controller.focusLost()
        case .scroll(let scroll):
            controller.scroll(scroll)
        case .pinch(let pinch):
            controller.pinch(pinch)
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
        case .saveFinished(let outcome):
            saveFinished(outcome, now: now)
        case .diskActivity(let identity, let writerOpen):
            diskActivity(identity, writerOpen: writerOpen, now: now)
        case .diskChanged(let version):
            diskChanged(version, now: now)
        case .anotherStartAsked:
            effects.append(.raiseWindow)
            show("\(document.name) is open here: another start of TouchTracker asked for it", now: now)
        case .refreshIntervalChanged(let interval):
            pacer.interval = interval ?? FramePacer.standardInterval
        case .exportFinished(let failure, let written):
            exportFinished(failure: failure, written: written, now: now)
        case .clipboardOwned(let failure):
            clipboardOwned(failure: failure, now: now)
        case .clipboardReceived(let receipt, let pointer):
            clipboardReceived(receipt, pointer: pointer, now: now)
        case .fileChosen(let answer):
            fileChosen(answer, now: now)
        case .documentOpened(let opening):
            documentOpened(opening, now: now)
        case .savedAs(let outcome):
            savedAs(outcome, now: now)
        case .newWindowOpened(let outcome):
            newWindowOpened(outcome, now: now)
        }
        finishStep(now: now)
    }

    /// Lets time pass: the engine's timers (a double click failing, a long press) and the core's own.
    public func advance(to now: Deadline) {
        controller.advance(to: now)
        for command in controller.takeCommandsForTheCore() { perform(command, now: now) }
        while let timer = timers.popExpired(now: now) {
            handles[timer.payload] = nil
            switch timer.payload {
            case .autosave: save(now: now)
            case .diskRead: readDisk(now: now)
            case .noticeExpiry: notice = nil
            case .quitConfirmation: isConfirmingQuit = false
            case .rememberView: rememberViewNow()
            case .tooltip: tooltip?.isShown = true
            }
        }
        finishStep(now: now)
    }

    /// When `advance(to:)` or `takeFrame(now:)` next has work to do; nil when nothing waits on time
    /// (an idle window).
    public var nextDeadline: Deadline? {
        [nextDeadlineBesidesFrames, nextFrame].compactMap { $0 }.min()
    }

    /// The next deadline of the app's timers alone (a double click, a long press, the autosave, a notice):
    /// what the shell waits for while it cannot paint anyway (the server still reads the last frame).
    public var nextDeadlineBesidesFrames: Deadline? {
        [controller.nextDeadline, timers.nextDeadline].compactMap { $0 }.min()
    }

    /// What the shell must do, in order; the list is emptied.
    public func takeEffects() -> [AppEffect] {
        defer { effects.removeAll(keepingCapacity: true) }
        return effects
    }

    // MARK: - Frames

    /// The time between two refreshes of the display: frames come no more often.
    public var frameInterval: TimeAmount { pacer.interval }

    /// When the next frame is due (maybe already): nil while the screen shows everything there is.
    public var nextFrame: Deadline? { pacer.nextFrame(for: content) }

    /// The scene to paint now when a frame is due (`nextFrame` has come), taken as shown; nil otherwise.
    public func takeFrame(now: Deadline) -> Scene? {
        let content = content
        guard let due = pacer.nextFrame(for: content), due <= now else { return nil }
        pacer.painted(content, at: now)
        return scene
    }

    /// What the screen should show: what the pacer compares with what it showed.
    private var content: FramePacer.Content {
        FramePacer.Content(revision: scene.drawing.revision, shapesInProgress: scene.shapesInProgress, selection: scene.selection,
                           overlays: scene.overlays, hints: scene.hints, visibleArea: model.visibleArea, view: scene.view)
    }

    /// The scene of the app as it is now.
    private func currentScene() -> Scene {
        let model = controller.model
        var overlays: [Overlay] = []
        if let menu = model.menu { overlays.append(menu.overlay(marking: model.menuMarks)) }
        if model.isHelpVisible {
            overlays.append(HelpPanel.overlay(in: model.visibleArea, scale: scale, firstRow: model.helpFirstRow))
        }
        noticeFrame = nil
        if let shown = notice ?? standingNotice {
            let overlay = shown.overlay(in: model.visibleArea, scale: scale)
            overlays.append(overlay)
            noticeFrame = overlay.frame
        } else if model.drawing.shapes.isEmpty, overlays.isEmpty, model.strokes.isEmpty, model.ellipseStroke == nil {
            if let hint = EmptyDrawingHint.overlay(in: model.canvasArea, scale: scale, toolbar: model.toolbar != nil) {
                overlays.append(hint)
            }
        }
        // The toolbar under every other panel; its tooltip over them all.
        if let toolbar = model.toolbar {
            overlays.insert(toolbar.overlay(pen: model.pen, disabled: model.disabledToolbarItems, hovered: model.toolbarHovered,
                                            scale: scale), at: 0)
            if let tooltip, tooltip.isShown, let button = toolbar.frame(of: tooltip.item) {
                overlays.append(Self.tooltip(tooltip.item.tooltip, below: button, in: model.visibleArea, scale: scale))
            }
        }
        var scene = Scene(document: model.document, shapesInProgress: model.shapesInProgress,
                          selection: model.selection.ids, overlays: overlays)
        scene.view = model.view
        scene.hints = EdgeHints.bars(for: extent.bounds, view: model.view, in: model.canvasArea)
        return scene
    }

    // MARK: - After every step

    /// Notices edits (which move the autosave's deadline), passes on the gesture trace and the title, says
    /// what a clear took, remembers a view that stays put, and notes what the screen should show now.
    private func finishStep(now: Deadline) {
        defer { madeScene = nil }
        followHover(now: now)
        for news in controller.takeNews() {
            switch news {
            case .cleared(let count):
                let undo = KeyBindings.shortcut(for: .undo) ?? "Undo"
                show(count == 1 ? "Cleared 1 shape — \(undo) brings it back" : "Cleared \(count) shapes — \(undo) brings them back",
                     now: now)
            }
        }
        for edit in controller.takeRefusedEdits() {
            if edit.shapeCountChange > 0, controller.model.drawing.shapes.count + edit.shapeCountChange > DocumentLimits.maxShapes {
                tell("\(document.name) holds \(DocumentLimits.maxShapes) shapes, the most a drawing can: the new shape was not added", now: now)
            } else {
                tell("\(document.name) holds \(controller.model.drawing.inkPointCount) ink points; with this stroke it would pass "
                     + "\(DocumentLimits.maxPoints), the most a drawing can: the stroke was not added", now: now)
            }
        }
        if let due = document.observe(controller.model.drawing, now: now) { schedule(.autosave, at: due) }
        extent.update(to: controller.model.drawing, atRest: !controller.model.isDraggingShapes && controller.isAtRest)
        if tracing { effects += controller.drainTrace().map(AppEffect.trace) }
        if let view = controller.model.placedView, view != (viewToRemember ?? rememberedView) {
            viewToRemember = view
            schedule(.rememberView, at: now + Self.viewMemoryDelay)
        }
        let pen = controller.model.pen
        if pen != shownPen {
            shownPen = pen
            effects.append(.rememberPen(pen))
        }
        let title = Self.title(document: document, pen: pen, zoom: controller.model.view.zoom,
                               selected: controller.model.selection.count)
        if title != shownTitle {
            shownTitle = title
            effects.append(.setTitle(title))
        }
        if pen.tool.cursor != shownCursor {
            shownCursor = pen.tool.cursor
            effects.append(.setCursor(shownCursor))
        }
    }

    /// The mouse came to rest on another toolbar button, or left them: its tooltip shows after the delay (the
    /// short one while browsing), on the core's wheel.
    private func followHover(now: Deadline) {
        let hovered = controller.model.toolbarHovered
        guard hovered != tooltip?.item else { return }
        if tooltip?.isShown == true { browsingUntil = now + Self.browsingLasts }
        cancel(.tooltip)
        tooltip = hovered.map { ($0, false) }
        guard hovered != nil else { return }
        let browsing = browsingUntil.map { now < $0 } ?? false
        schedule(.tooltip, at: now + (browsing ? Self.browsingTooltipDelay : Self.tooltipDelay))
    }

    /// A tooltip of `text` just below `button` (above it where the area ends), inside `area`.
    static func tooltip(_ text: String, below button: Rect, in area: Rect, scale: Double) -> Overlay {
        let style = PanelStyle(fontSize: 12, rowHeight: 22).scaled(by: scale)
        let width = min(area.width, style.width(of: [text]))
        let x = max(area.minX, min(button.minX, area.maxX - width))
        let below = button.maxY + 4 * scale
        let y = below + style.rowHeight <= area.maxY ? below : max(area.minY, button.minY - 4 * scale - style.rowHeight)
        return style.overlay([text], in: Rect(x: x.rounded(), y: y.rounded(), width: width, height: style.rowHeight))
    }

    private func schedule(_ timer: AppTimer, at deadline: Deadline) {
        if let handle = handles[timer] { timers.cancel(handle) }
        handles[timer] = timers.schedule(at: deadline, timer)
    }

    func cancel(_ timer: AppTimer) {
        if let handle = handles.removeValue(forKey: timer) { timers.cancel(handle) }
    }

    /// Asks the shell to remember the view waiting to be, for the document it was left in (for the next time it
    /// opens): before the window goes on to another document, and when the view has stayed put.
    func rememberViewNow() {
        cancel(.rememberView)
        guard let view = viewToRemember else { return }
        viewToRemember = nil
        rememberedView = view
        effects.append(.rememberView(view, document: document.path))
    }

    /// The window goes on in another document, whose view was remembered as `view` (nil: none): the view
    /// waiting to be remembered is this document's, remembered now; the other's is compared with its own.
    func viewsDocumentChanges(rememberedAs view: RememberedView?) {
        rememberViewNow()
        rememberedView = view
    }

    func show(_ text: String, now: Deadline) {
        notice = Notice(text: text)
        schedule(.noticeExpiry, at: now + Self.noticeDuration)
    }

    /// While saving fails, the window says so until a save works.
    private var standingNotice: Notice? {
        document.saveError.map { Notice(text: "Cannot save \(document.name): \($0.reason) — kept in memory") }
    }

    // MARK: - Commands

    private func perform(_ command: Command, now: Deadline) {
        switch command {
        case .save:
            savesSayWhere = true
            save(now: now)
        case .exportPNG:
            exportBesideTheDocument(now: now)
        case .open:
            choose(.open, now: now)
        case .saveAs:
            choose(.saveAs, now: now)
        case .exportAs:
            choose(.exportAs, now: now)
        case .newWindow:
            effects.append(.openNewWindow)
        case .quit:
            close(.userAsked, now: now)
        case .copy:
            copy(cut: false, now: now)
        case .cut:
            copy(cut: true, now: now)
        case .paste:
            paste(now: now)
        default:
            break  // the model's own; it carried them out
        }
    }

    // MARK: - Saving

    /// The drawing of the save under way: the shell saves on a worker, and its outcome comes as an input
    /// some steps later; edits go on meanwhile.
    private var savingDrawing: Drawing?
    /// Whether a save is under way (its outcome not yet in).
    var isSaving: Bool { savingDrawing != nil }
    /// Set by Ctrl+S: the next save that works says where it went.
    private var savesSayWhere = false
    /// Set from the first sign that another program changed the file until it is read (`DiskChange`).
    private var diskChange: DiskChange?
    /// A save was asked for while another program's change waited to be read, or while a save was under
    /// way: it is made after the read, or once that save has ended.
    private var saveOwed = false
    /// What the folder's watch saw while a save was under way (the last identity, and whether a writer held
    /// the file open): judged once the save has ended, against the identity of the file it wrote.
    private var activityDuringSave: (identity: FileIdentity?, writerOpen: Bool)?

    /// Asks the shell to save (replacing only the file last read or written); `saveFinished` follows, maybe
    /// some steps later. While another program's change waits to be read, or another save is under way,
    /// the save waits for it.
    func save(now: Deadline) {
        cancel(.autosave)
        _ = document.observe(controller.model.drawing, now: now)
        guard diskChange == nil, savingDrawing == nil else { return saveOwed = true }
        if let refusal = document.refusal { return saveFailed(refusal, now: now) }
        savingDrawing = controller.model.drawing
        effects.append(.save(controller.model.drawing, replacing: document.diskIdentity))
    }

    private func saveFinished(_ outcome: SaveOutcome, now: Deadline) {
        guard let drawing = savingDrawing else { return }
        savingDrawing = nil
        switch outcome {
        case .saved(let identity):
            let report = document.saved(drawing, identity: identity, now: now)
            if case .saved(recovered: true, _) = report {
                effects.append(.message("saved \(document.path) again"))
                show("Saved \(document.name) again", now: now)
            }
            judgeActivityDuringSave(now: now)
            if case .saved(_, laterEditsDue: let due?) = report {
                // Edits made while it was written: saved at once when a save is owed or a close or an opening
                // waits (after another program's change is read, if one waits; that save says where), else
                // by the autosave.
                if saveOwed || closing != nil || files.opening != nil {
                    saveOwed = false
                    return save(now: now)
                }
                if handles[.autosave] == nil { schedule(.autosave, at: due) }
            } else {
                cancel(.autosave)
                if diskChange == nil { saveOwed = false }
            }
            if savesSayWhere, case .saved(recovered: false, _) = report { show("Saved \(document.path)", now: now) }
            savesSayWhere = false
            if !saveOwed { saveEnded(failure: nil, now: now) }
        case .failed(let error):
            judgeActivityDuringSave(now: now)
            if diskChange == nil { saveOwed = false }
            saveFailed(error, now: now)
        case .changedOnDisk:
            // Another program's bytes, maybe half written: read once quiet, merge, and save then.
            activityDuringSave = nil
            saveOwed = true
            noteDiskChange(now: now, writerOpen: false)
        }
    }

    /// The folder's watch saw the file change. Nothing new unless another program's change waits already, or
    /// the file is another: our own save has the identity we know (a writer that touched it since changed its
    /// size or time). While a save is under way the identity it will give the file is not known yet: what
    /// the watch saw is judged when it ends.
    private func diskActivity(_ identity: FileIdentity?, writerOpen: Bool, now: Deadline) {
        if savingDrawing != nil {
            activityDuringSave = (identity, writerOpen || activityDuringSave?.writerOpen == true)
        } else if diskChange != nil || identity != document.diskIdentity {
            noteDiskChange(now: now, writerOpen: writerOpen)
        }
    }

    /// What the folder's watch saw during the save that just ended, now that the file's identity is known;
    /// and a read of the file that fell due meanwhile, made now.
    private func judgeActivityDuringSave(now: Deadline) {
        if let seen = activityDuringSave {
            activityDuringSave = nil
            diskActivity(seen.identity, writerOpen: seen.writerOpen, now: now)
        }
        if let change = diskChange, handles[.diskRead] == nil { schedule(.diskRead, at: max(change.readAt, now)) }
    }

    private func saveFailed(_ failure: DocumentSaveError, now: Deadline) {
        savingDrawing = nil
        savesSayWhere = false
        if case .failed(_, let retryAt, let isNew) = document.saveFailed(failure, now: now) {
            schedule(.autosave, at: retryAt)
            if isNew, closing == nil { effects.append(.message("\(failure); the drawing is kept in memory, unsaved")) }
        }
        saveEnded(failure: failure, now: now)
    }

    /// Another program changed the file (or a save found it changed): it is read once quiet (`DiskChange`).
    private func noteDiskChange(now: Deadline, writerOpen: Bool) {
        if diskChange == nil {
            diskChange = DiskChange(at: now, writerOpen: writerOpen)
        } else {
            diskChange?.noted(at: now, writerOpen: writerOpen)
        }
        schedule(.diskRead, at: diskChange!.readAt)
    }

    /// Asks the shell to read the file another program changed; `diskChanged` follows before anything else.
    private func readDisk(now: Deadline) {
        guard let change = diskChange else { return }
        cancel(.diskRead)
        guard savingDrawing == nil else { return }  // read once the save has ended (`judgeActivityDuringSave`)
        effects.append(.readDisk(keepingDamagedAside: change.keepsDamagedAside(at: now)))
    }

    /// What the file another program changed holds. A drawing is merged in three ways (what was last read or
    /// written, theirs, the window's) as one undoable edit — with no unsaved edits that is loading theirs —
    /// unless the merge would pass the shape limit (then their file is left as it is and not saved over); a
    /// file that is not a drawing yet is read again once it has been quiet longer; a file deleted or kept
    /// aside as damaged is written again at the next save; a file the app must not write over stops every
    /// save until it changes again. A save that was owed is made then.
    private func diskChanged(_ version: DiskVersion, now: Deadline) {
        if case .unfinished = version {
            // Maybe half written: read again once quiet for longer; nothing is saved over it meanwhile.
            if diskChange == nil { diskChange = DiskChange(at: now, writerOpen: false) }
            diskChange?.readUnfinished()
            return schedule(.diskRead, at: diskChange!.readAt)
        }
        cancel(.diskRead)
        diskChange = nil
        let owed = saveOwed
        saveOwed = false
        switch version {
        case .drawing(let theirs, let identity):
            let merge = DrawingMerge(base: document.base, theirs: theirs, ours: controller.model.drawing)
            if let edit = merge.edit, !controller.model.accepts(edit) {
                let limit = DocumentLimits.maxShapes
                document.refuseToSave("merging another program's version would pass the \(limit) shapes a drawing holds")
                tell("\(document.name) was changed by another program; with the window's shapes it would hold more than \(limit): "
                     + "it is left as it is, and the window's drawing is not saved over it", now: now)
                if owed { save(now: now) }
                return
            }
            if let edit = merge.edit { controller.applyMerge(edit) }
            document.adopt(theirs, identity: identity, shown: controller.model.drawing, hadUnsavedEdits: merge.oursChanged)
            if merge.edit != nil { tell(merge.message(for: document.name), now: now) }
            if owed {
                if merge.oursChanged { save(now: now) } else { saveEnded(failure: nil, now: now) }
            }
        case .missing:
            document.fileIsGone()
            tell("\(document.name) was deleted by another program; it will be written again at the next save", now: now)
            if owed { save(now: now) }
        case .damaged(let recovery):
            document.fileIsGone()
            tell("\(document.name) was damaged by another program (\(recovery.problem)); kept it as \(recovery.keptAs.fileName)", now: now)
            if owed { save(now: now) }
        case .newer(let problem, _):
            document.refuseToSave("another program put a drawing there \(problem)")
            tell("\(document.name) was replaced by a drawing \(problem); it is left as it is", now: now)
            if owed { save(now: now) }
        case .unreadable(let error):
            document.refuseToSave("\(error)")
            tell("\(error); it is left as it is", now: now)
            if owed { save(now: now) }
        case .unfinished:
            break  // above
        }
    }

    /// One line on stderr and the same in the window, for a while.
    func tell(_ line: String, now: Deadline) {
        effects.append(.message(line))
        show(line.prefix(1).uppercased() + line.dropFirst(), now: now)
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
    /// else after the save, whose outcome decides (`finishClosing`). A change another program is making to
    /// the file is read first, once quiet, but no later than `DiskChange.patience` from now (at once when
    /// the loop cannot go on).
    private func close(_ reason: Closing, now: Deadline) {
        rememberViewNow()
        guard document.hasUnsavedEdits else { return finishClosing(reason, saveFailure: nil, now: now) }
        closing = reason
        if var change = diskChange {
            change.mustBeRead(by: reason == .connectionLost || reason == .failure ? now : now + DiskChange.patience)
            diskChange = change
            if change.readAt <= now { readDisk(now: now) } else { schedule(.diskRead, at: change.readAt) }
        }
        save(now: now)
    }

    /// A save ended: a close or an opening that waited for it goes on.
    private func saveEnded(failure: DocumentSaveError?, now: Deadline) {
        finishClosingIfAsked(failure: failure, now: now)
        savedBeforeSavingAs()
        savedBeforeOpening(failure: failure, now: now)
    }

    /// A save ended: if a close waited for it, the close goes on.
    private func finishClosingIfAsked(failure: DocumentSaveError?, now: Deadline) {
        guard let reason = closing else { return }
        closing = nil
        finishClosing(reason, saveFailure: failure, now: now)
    }

    private func finishClosing(_ reason: Closing, saveFailure: DocumentSaveError?, now: Deadline) {
        let saved = "the drawing is saved in \(document.path)"
        switch (reason, saveFailure) {
        case (.userAsked, let failure?) where !isConfirmingQuit:
            // The user can still do something about it: say so, and let a second request quit anyway.
            isConfirmingQuit = true
            schedule(.quitConfirmation, at: now + Self.quitConfirmationWindow)
            effects.append(.message("\(failure); not quitting: close again within 5 s to quit without saving"))
            show("Cannot save: \(failure.reason). Close again within 5 s to quit without saving.", now: now)
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
}
