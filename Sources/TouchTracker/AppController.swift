import Canvas
import Gestures
import Shapes
import Timing

/// The gestures the app recognizes. Their order is the order the engine visits them in (R9).
public enum AppGesture: Int, Hashable, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case clear, select, longPress, moveLine, palette, circle, undo, redo

    public static func < (a: AppGesture, b: AppGesture) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .clear: "clear"
        case .select: "select"
        case .longPress: "longPress"
        case .moveLine: "moveLine"
        case .palette: "palette"
        case .circle: "circle"
        case .undo: "undo"
        case .redo: "redo"
        }
    }
}

/// The app's behaviour driven by the gesture engine: pointer input and time go in, the model
/// changes. This is UIKit's BNRDrawView set-up, with the book's recognizer relationships:
///
///   double click  clears                        (delays the canvas, so its 2nd press leaves no dot)
///   click         selects the nearest shape     (requires the double click to fail; shown at once
///                                                as provisional, confirmed or superseded later);
///                                                with Shift or Ctrl adds it to the selection or takes it out
///   long press    picks up the shape under it   (only over a shape; cancels the canvas's contact)
///   drag          on a selected shape moves     (only there; cancels the canvas's contact)
///                 every selected shape
///   three fingers swiped up  open the palette   (fingers only; holds them back until it is decided,
///                                                and takes them away from the canvas: they draw nothing)
///   two contacts down at once  draw a circle    (two fingers or two pointers; requires the swipe and the
///                                                two-contact tap to fail; takes their shapes away)
///   two contacts tapped together  undo          (pressed together, lifted without moving: no circle, no dot)
///   three contacts tapped together  redo
///   anything else reaches the canvas as contacts: each left-button contact draws its own shape with the
///   pen's tool (`Tool`: the line tool draws a line, or with Shift a circle); a middle-button contact moves
///   the view, and so does a left-button one pressed while Space is held (it is a middle-button contact to
///   the engine: it neither selects nor clears).
///   An eraser (a stylus's other end) is not a gesture: it erases whatever it passes over.
///
/// The engine sees window pixels (its thresholds are lengths on screen); the model gets document px,
/// mapped once here through the model's view (`documentPoint`), within the document's bounds. The wheel
/// and a touchpad's pinch never reach the engine: they move the view (`scroll`, `pinch`).
///
/// Panels come first (`Panel`), in window pixels, before any input is mapped through the view: a press on a
/// panel (the menu, the help, a notice, the toolbar), or any press while a menu is open, or a right press
/// (which opens the context menu), belongs to that panel until it lifts; the engine never sees it, so it
/// draws nothing, selects nothing, and two of them are no double click. Escape cancels what the contacts
/// down are doing (`CanvasModel.cancelEverythingInProgress`), and nothing they do counts until they lift.
///
/// Single-threaded: the shell's event loop calls it. Tests drive it the same way, passing time in.
public final class AppController {
    public private(set) var model: CanvasModel
    private let engine: GestureEngine<AppGesture>
    private var outputs: [GestureOutput<AppGesture>] = []
    private var decisions: [GestureDecision<AppGesture>] = []
    /// The latest input's server time: when a gesture's step, which carries none, happened.
    private var time = ServerTime(milliseconds: 0)
    /// Whether Space is held: a left button pressed meanwhile moves the view.
    private var isSpaceHeld = false
    /// The contacts whose left button went down while Space was held: the engine sees them as the middle
    /// button's, down to their release.
    private var spaceDrags: Set<ContactID> = []
    /// Contacts pressed on a panel: the panel, and the button whose release ends the press.
    private var panelContacts: [ContactID: (panel: Panel, button: Int)] = [:]
    /// Contacts down on the canvas (the engine's, or an eraser's), by the button that pressed them.
    private var canvasContacts: [ContactID: Int] = [:]
    /// Contacts that were down when Escape cancelled what they did: nothing they do counts until they lift.
    private var escapedContacts: Set<ContactID> = []
    /// Whether Shift or Ctrl was held at the last press on the canvas: a click then adds its shape to the
    /// selection or takes it out.
    private var clickExtends = false

    /// What is drawn over the canvas and takes the presses that land on it.
    public enum Panel: Hashable, Sendable {
        /// The open menu (or the palette), and a right press, which opens one.
        case menu
        case help
        /// The line of news at the bottom.
        case notice
        /// The strip of buttons along the top (`Toolbar`): a button lifted on is carried out.
        case toolbar
    }

    public init(model initialModel: CanvasModel = CanvasModel(), settings: GestureSettings = .default, now: Deadline = .zero,
                tracing: Bool = false) {
        model = initialModel
        engine = GestureEngine(settings: settings, now: now)
        engine.isTracing = tracing
        engine.add(.clear, TapRecognizer(taps: 2, button: 1), delaysContactsBegan: true)
        engine.add(.select, TapRecognizer(taps: 1, button: 1), provisional: true, delaysContactsBegan: true)
        // Cannot fail: both tags were just added and the requirement makes no cycle.
        try! engine.require(.select, toFail: .clear)
        engine.add(.longPress, LongPressRecognizer(button: 1, shouldBegin: { [unowned self] point in
            self.model.shouldBeginLongPress(at: self.documentPoint(point))
        }), cancelsContacts: true)
        engine.add(.moveLine, PanRecognizer(button: 1, shouldBegin: { [unowned self] point in
            self.model.shouldBeginMove(at: self.documentPoint(point))
        }), cancelsContacts: true)
        engine.add(.palette, SwipeRecognizer(contacts: 3, direction: .up, sources: .touch),
                   delaysContactsBegan: true, cancelsContacts: true)
        engine.add(.circle, MultiContactRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        engine.add(.undo, MultiContactTapRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        engine.add(.redo, MultiContactTapRecognizer(contacts: 3), delaysContactsBegan: true, cancelsContacts: true)
        // Cannot fail either: new pairs of tags, no cycle. (Two of the swipe's three fingers are not a circle,
        // and two contacts tapped together are not a tiny one.)
        try! engine.require(.circle, toFail: .palette)
        try! engine.require(.circle, toFail: .undo)
    }

    /// The thresholds in force (the desktop's settings, command-line overrides); live (R5).
    public var gestureSettings: GestureSettings {
        get { engine.settings }
        set { engine.settings = newValue }
    }

    /// Lengths designed at 96 dpi at the screen's resolution (`scale` = dpi / 96): how far from a shape a click
    /// still selects it, and the panels.
    public func setDisplayScale(_ scale: Double) {
        model.setDisplayScale(scale)
    }

    /// When the engine next needs `advance(to:)` without an event (nil: not until the next event).
    public var nextDeadline: Deadline? { engine.nextDeadline }

    /// True when no gesture is in flight: all buttons up, no timer queued.
    public var isAtRest: Bool { engine.isAtRest }

    /// One pointer or touch event, in the order the server sent them. Call `advance(to:)` after
    /// draining the queue: the engine classifies by the events' own timestamps (R3). A press on a panel is
    /// the panel's (see the type's comment; `noticeFrame` is where the notice is, if one is shown). An
    /// eraser's events go to the model's eraser, not to the engine: its strokes erase, and are never gestures.
    public func handle(_ input: GestureInput, noticeFrame: Rect? = nil) {
        let point = Point(input.location)
        // The panels as they were shown decide where the press lands; then a finger's input may resize them.
        let shownToolbar = model.toolbar
        defer { model.notePointer(at: point, source: input.source) }
        if case .press = input.kind { model.toolbarHovered = nil }
        if let owner = panelContacts[input.contact] { return panel(owner.panel, takes: input, pressedWith: owner.button) }
        if case .press(let button) = input.kind, canvasContacts[input.contact] == nil,
           let panel = panel(pressedAt: point, button: button, noticeFrame: noticeFrame, toolbar: shownToolbar) {
            panelContacts[input.contact] = (panel, button)
            if panel == .toolbar, let shownToolbar { model.toolbarPressed(at: point, on: shownToolbar) }
            return self.panel(panel, takes: input, pressedWith: button)
        }
        if input.kind == .motion, canvasContacts[input.contact] == nil {
            model.menuPointerMoved(to: point)
            if input.source != .touch { model.toolbarPointerMoved(to: point) }
        }
        if case .press(let button) = input.kind, canvasContacts[input.contact] == nil {
            canvasContacts[input.contact] = button
            clickExtends = !input.modifiers.isDisjoint(with: [.shift, .control])
        }
        if input.source == .eraser {
            erase(input)
        } else {
            time = input.serverTime
            engine.handle(movingTheViewWithSpace(input), into: &outputs)
            apply()
        }
        if input.kind == .cancel || input.kind == .release(button: canvasContacts[input.contact] ?? 0) {
            canvasContacts[input.contact] = nil
            escapedContacts.remove(input.contact)
        }
    }

    /// The panel a press of `button` at `point` belongs to, if any: while a menu is open, every press is its;
    /// else the topmost panel under the point; else a right press on the canvas, which opens the menu, when
    /// nothing is being drawn.
    private func panel(pressedAt point: Point, button: Int, noticeFrame: Rect?, toolbar: Toolbar?) -> Panel? {
        if model.menu != nil { return .menu }
        if let noticeFrame, noticeFrame.contains(point) { return .notice }
        if model.isHelpVisible, model.helpFrame.contains(point) { return .help }
        if let toolbar, toolbar.frame.contains(point) { return .toolbar }
        if button == 3, canvasContacts.isEmpty { return .menu }
        return nil
    }

    /// `panel` takes `input` of a contact pressed on it with `button`.
    private func panel(_ panel: Panel, takes input: GestureInput, pressedWith button: Int) {
        let point = Point(input.location)
        switch (panel, input.kind) {
        case (.menu, .press):
            if model.menu == nil { model.openMenu(at: point, time: input.serverTime) } else { model.menuPressed(at: point, time: input.serverTime) }
        case (.menu, .motion):
            model.menuPointerMoved(to: point)
        case (.menu, .release(button)):
            model.menuReleased(at: point, time: input.serverTime,
                               slop: engine.settings.thresholds(for: input.source).dragThresholdPixels)
        case (.menu, .cancel):
            model.menuPressCancelled()
        case (.toolbar, .release(button)):
            if button == 1 { model.toolbarReleased(at: point) } else { model.toolbarPressCancelled() }
        case (.toolbar, .cancel):
            model.toolbarPressCancelled()
        case (.help, _), (.notice, _), (.menu, _), (.toolbar, _):
            break  // the help and the notices take presses and do nothing with them
        }
        if input.kind == .cancel || input.kind == .release(button: button) { panelContacts[input.contact] = nil }
    }

    /// A wheel's click or a smooth scroll: the view scrolls or zooms.
    public func scroll(_ input: ScrollInput) { model.scroll(input) }

    /// A touchpad's pinch: the view zooms and follows it.
    public func pinch(_ input: PinchInput) { model.pinch(input) }

    /// The document point at window point `p`: where the model takes input. The one place input is
    /// mapped through the view; it stays within the document's bounds.
    func documentPoint(_ p: GesturePoint) -> Point { ViewTransform.limited(model.view.document(Point(p))) }

    /// `input` as the engine sees it: a left-button contact pressed while Space is held is the middle
    /// button's, from its press to its release.
    private func movingTheViewWithSpace(_ input: GestureInput) -> GestureInput {
        var input = input
        switch input.kind {
        case .press(button: 1) where isSpaceHeld && !input.source.isTouch:
            spaceDrags.insert(input.contact)
            input.kind = .press(button: 2)
        case .release(button: 1) where spaceDrags.contains(input.contact):
            spaceDrags.remove(input.contact)
            input.kind = .release(button: 2)
        case .cancel:
            spaceDrags.remove(input.contact)
        default:
            break
        }
        return input
    }

    /// Lets time pass: fires the engine's timers due by `now` (the double click failing, a long press).
    public func advance(to now: Deadline) {
        engine.advance(to: now, into: &outputs)
        apply()
    }

    /// A key press; returns the command when it is not the canvas's own (save, export, quit). Escape (with no
    /// menu to close) cancels what the contacts down are doing, for as long as they stay down. Space is held
    /// until it is released (`keyReleased`) or the window loses the keyboard (`focusLost`).
    public func key(_ key: Key, _ modifiers: Modifiers = []) -> Command? {
        if key == KeyBindings.space { isSpaceHeld = true }
        if model.menu == nil, KeyBindings.command(for: key, modifiers) == .escape {
            escapedContacts.formUnion(canvasContacts.keys)
        }
        return model.key(key, modifiers)
    }

    /// A key held (`KeyBindings.heldKeys`) was released.
    public func keyReleased(_ key: Key) {
        if key == KeyBindings.space { isSpaceHeld = false }
    }

    /// The window lost the keyboard: a key held is released where we cannot see it.
    public func focusLost() { isSpaceHeld = false }

    public func setVisibleArea(_ area: Rect) { model.setVisibleArea(area) }

    /// Carries out a command the model can (a cut's delete, once the clipboard holds the shape); returns it
    /// otherwise.
    @discardableResult
    public func perform(_ command: Command) -> Command? { model.execute(command) }

    /// Shows another drawing (one just opened), with a history of its own.
    public func show(_ drawing: Drawing, rememberedView: RememberedView? = nil) {
        model = model.showing(drawing, rememberedView: rememberedView)
    }

    /// Pastes shapes from the clipboard (see `CanvasModel.paste`) centred at window point `centre`, mapped
    /// through the view.
    public func paste(_ shapes: Drawing, centredAt centre: Point) -> Result<Int, CanvasModel.PasteRefusal> {
        model.paste(shapes, centredAt: ViewTransform.limited(model.view.document(centre)))
    }

    /// Commands chosen in a menu that only the core can carry out (Export PNG); the list is emptied.
    public func takeCommandsForTheCore() -> [Command] {
        defer { model.commandsForTheCore.removeAll() }
        return model.commandsForTheCore
    }

    /// What the canvas has to tell since the last call; the list is emptied.
    public func takeNews() -> [CanvasNews] {
        defer { model.news.removeAll() }
        return model.news
    }

    /// Edits the model refused since the last call, for passing the shape limit; the list is emptied.
    public func takeRefusedEdits() -> [Edit] {
        defer { model.refusedEdits.removeAll() }
        return model.refusedEdits
    }

    /// Another program's version of the document, merged in (see `CanvasModel.applyMerge`).
    public func applyMerge(_ edit: Edit) { model.applyMerge(edit) }

    /// The gesture decisions made since the last call, one JSON line each (`--trace-gestures`).
    public func drainTrace() -> [String] {
        engine.drainDecisions(into: &decisions)
        defer { decisions.removeAll(keepingCapacity: true) }
        return decisions.map(\.json)
    }

    /// Applies the engine's outputs; while contacts cancelled by Escape are down, only what takes things
    /// back goes through (a gesture cancelled or superseded, a contact cancelled), and an escaped contact's
    /// samples never do.
    private func apply() {
        for output in outputs {
            switch output {
            case .gesture(let gesture, let event):
                if escapedContacts.isEmpty || event.takesBack { apply(event, of: gesture) }
            case .contact(let event):
                if event.takesBack || !escapedContacts.contains(event.contact) { apply(event) }
            }
        }
        outputs.removeAll(keepingCapacity: true)
    }

    private func apply(_ event: GestureEvent, of gesture: AppGesture) {
        switch (gesture, event) {
        case (.clear, .recognized(let p)): model.doubleTap(at: documentPoint(p))
        case (.select, .provisional(let p)): model.tapProvisional(at: documentPoint(p), extending: clickExtends)
        case (.select, .recognized(let p)):
            // Nothing had to wait (R1, R2): provisional and confirmed at once.
            model.tapProvisional(at: documentPoint(p), extending: clickExtends)
            model.tapConfirmed()
        case (.select, .confirmed): model.tapConfirmed()
        case (.select, .superseded): model.tapSuperseded()
        case (.longPress, .began(let p, _)): model.longPressBegan(at: documentPoint(p))
        case (.longPress, .changed(let p, _, _)): model.longPressChanged(at: documentPoint(p))
        case (.longPress, .ended(let p)): model.longPressEnded(at: documentPoint(p))
        case (.longPress, .cancelled): model.longPressCancelled()
        case (.moveLine, .began(let p, let press)):
            // The pan begins past the drag threshold: the shape has come that far from the press.
            model.moveBegan(at: documentPoint(p), translation: documentPoint(p) - documentPoint(press))
        case (.moveLine, .changed(let p, _, _)): model.moveChanged(at: documentPoint(p))
        case (.moveLine, .ended(let p)): model.moveEnded(at: documentPoint(p))
        case (.moveLine, .cancelled): model.moveCancelled()
        case (.palette, .recognized): model.openPalette()
        case (.circle, .contactsBegan(let points)) where points.count == 2:
            model.circleBegan(between: documentPoint(points[0]), and: documentPoint(points[1]), time: time)
        case (.circle, .contactsChanged(let points)) where points.count == 2:
            model.circleChanged(between: documentPoint(points[0]), and: documentPoint(points[1]), time: time)
        case (.circle, .contactsEnded(let points)) where points.count == 2:
            model.circleEnded(between: documentPoint(points[0]), and: documentPoint(points[1]), time: time)
        case (.circle, .cancelled): model.circleCancelled()
        case (.undo, .recognized): model.execute(.undo)
        case (.redo, .recognized): model.execute(.redo)
        default: break
        }
    }

    /// The eraser's press (of its tip: button 1), motion, release or cancel.
    private func erase(_ input: GestureInput) {
        let point = documentPoint(input.location)
        switch input.kind {
        case .press(button: 1): model.eraserBegan(input.contact, at: point)
        case .motion: model.eraserMoved(input.contact, to: point)
        case .release(button: 1): model.eraserEnded(input.contact, at: point)
        case .cancel: model.eraserCancelled(input.contact)
        case .press, .release: break  // a stylus's side buttons
        }
    }

    private func apply(_ event: ContactEvent) {
        switch event {
        case .began(let sample) where sample.button == 1:
            model.contactBegan(sample.contact, at: documentPoint(sample.location), time: sample.serverTime,
                               pressure: sample.pressure, modifiers: sample.modifiers)
        case .moved(let sample) where sample.button == 1:
            model.contactMoved(sample.contact, to: documentPoint(sample.location), time: sample.serverTime,
                               pressure: sample.pressure, modifiers: sample.modifiers)
        case .ended(let sample) where sample.button == 1:
            model.contactEnded(sample.contact, at: documentPoint(sample.location), time: sample.serverTime,
                               modifiers: sample.modifiers)
        case .began(let sample) where sample.button == 2:
            model.viewDragBegan(sample.contact, atWindowPoint: Point(sample.location))
        case .moved(let sample) where sample.button == 2:
            model.viewDragMoved(sample.contact, toWindowPoint: Point(sample.location))
        case .ended(let sample) where sample.button == 2:
            model.viewDragMoved(sample.contact, toWindowPoint: Point(sample.location))
            model.viewDragEnded(sample.contact)
        case .cancelled(let contact):
            model.contactCancelled(contact)
            model.viewDragEnded(contact)
        default:
            break  // other buttons' contacts draw nothing
        }
    }
}

extension Point {
    init(_ p: GesturePoint) { self.init(x: p.x, y: p.y) }
}

extension GestureEvent {
    /// Whether it takes back what an earlier step showed.
    var takesBack: Bool {
        switch self {
        case .cancelled, .superseded: true
        default: false
        }
    }
}

extension ContactEvent {
    var takesBack: Bool { if case .cancelled = self { true } else { false } }

    var contact: ContactID {
        switch self {
        case .began(let sample), .moved(let sample), .ended(let sample): sample.contact
        case .cancelled(let contact): contact
        }
    }
}

extension GesturePoint {
    public init(_ p: Point) { self.init(x: p.x, y: p.y) }
}
