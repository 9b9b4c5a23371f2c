import Gestures
import Shapes
import Timing

/// The gestures the app recognizes. Their order is the order the engine visits them in (R9).
public enum AppGesture: Int, Hashable, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case clear, select, longPress, moveLine, menu, palette, circle

    public static func < (a: AppGesture, b: AppGesture) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .clear: "clear"
        case .select: "select"
        case .longPress: "longPress"
        case .moveLine: "moveLine"
        case .menu: "menu"
        case .palette: "palette"
        case .circle: "circle"
        }
    }
}

/// The app's behaviour driven by the gesture engine: pointer input and time go in, the model
/// changes. This is UIKit's BNRDrawView set-up, with the book's recognizer relationships:
///
///   double click  clears                        (delays the canvas, so its 2nd press leaves no dot)
///   click         selects the nearest shape     (requires the double click to fail; shown at once
///                                                as provisional, confirmed or superseded later)
///   long press    picks up the shape under it   (only over a shape; cancels the canvas's contact)
///   drag          on the selected shape moves it (only there; cancels the canvas's contact)
///   right click   opens the context menu
///   three fingers swiped up  open the palette   (fingers only; holds them back until it is decided,
///                                                and takes them away from the canvas: they draw nothing)
///   two contacts down at once  draw a circle    (two fingers or two pointers; requires the swipe to fail;
///                                                takes their shapes away)
///   anything else reaches the canvas as contacts: each left-button contact draws its own shape with the
///   pen's tool (`Tool`: the line tool draws a line, or with Shift a circle).
///   An eraser (a stylus's other end) is not a gesture: it erases whatever it passes over.
///
/// Single-threaded: the shell's event loop calls it. Tests drive it the same way, passing time in.
public final class AppController {
    public private(set) var model: CanvasModel
    private let engine: GestureEngine<AppGesture>
    private var outputs: [GestureOutput<AppGesture>] = []
    private var decisions: [GestureDecision<AppGesture>] = []
    /// The latest input's server time: when a gesture's step, which carries none, happened.
    private var time = ServerTime(milliseconds: 0)

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
            self.model.shouldBeginLongPress(at: Point(point))
        }), cancelsContacts: true)
        engine.add(.moveLine, PanRecognizer(button: 1, shouldBegin: { [unowned self] point in
            self.model.shouldBeginMove(at: Point(point))
        }), cancelsContacts: true)
        engine.add(.menu, TapRecognizer(taps: 1, button: 3))
        engine.add(.palette, SwipeRecognizer(contacts: 3, direction: .up, sources: .touch),
                   delaysContactsBegan: true, cancelsContacts: true)
        engine.add(.circle, MultiContactRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        // Cannot fail either: a new pair of tags, no cycle. (Two of the swipe's three fingers are not a circle.)
        try! engine.require(.circle, toFail: .palette)
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
    /// draining the queue: the engine classifies by the events' own timestamps (R3). An eraser's events
    /// go to the model's eraser, not to the engine: its strokes erase, and are never gestures.
    public func handle(_ input: GestureInput) {
        if input.source == .eraser { return erase(input) }
        time = input.serverTime
        engine.handle(input, into: &outputs)
        apply()
    }

    /// Lets time pass: fires the engine's timers due by `now` (the double click failing, a long press).
    public func advance(to now: Deadline) {
        engine.advance(to: now, into: &outputs)
        apply()
    }

    /// A key press; returns the command when it is not the canvas's own (save, export, quit).
    public func key(_ key: Key, _ modifiers: Modifiers = []) -> Command? { model.key(key, modifiers) }

    public func setVisibleArea(_ area: Rect) { model.setVisibleArea(area) }

    /// Carries out a command the model can (a cut's delete, once the clipboard holds the shape); returns it
    /// otherwise.
    @discardableResult
    public func perform(_ command: Command) -> Command? { model.execute(command) }

    /// Shows another drawing (one just opened), with a history of its own.
    public func show(_ drawing: Drawing) { model = model.showing(drawing) }

    /// Pastes shapes from the clipboard (see `CanvasModel.paste`).
    public func paste(_ shapes: Drawing, centredAt centre: Point) -> Result<Int, CanvasModel.PasteRefusal> {
        model.paste(shapes, centredAt: centre)
    }

    /// Commands chosen in a menu that only the core can carry out (Export PNG); the list is emptied.
    public func takeCommandsForTheCore() -> [Command] {
        defer { model.commandsForTheCore.removeAll() }
        return model.commandsForTheCore
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

    private func apply() {
        for output in outputs {
            switch output {
            case .gesture(let gesture, let event): apply(event, of: gesture)
            case .contact(let event): apply(event)
            }
        }
        outputs.removeAll(keepingCapacity: true)
    }

    private func apply(_ event: GestureEvent, of gesture: AppGesture) {
        switch (gesture, event) {
        case (.clear, .recognized(let p)): model.doubleTap(at: Point(p))
        case (.select, .provisional(let p)): model.tapProvisional(at: Point(p))
        case (.select, .recognized(let p)):
            // Nothing had to wait (R1, R2): provisional and confirmed at once.
            model.tapProvisional(at: Point(p))
            model.tapConfirmed()
        case (.select, .confirmed): model.tapConfirmed()
        case (.select, .superseded): model.tapSuperseded()
        case (.longPress, .began(let p, _)): model.longPressBegan(at: Point(p))
        case (.longPress, .changed(let p, _, _)): model.longPressChanged(at: Point(p))
        case (.longPress, .ended(let p)): model.longPressEnded(at: Point(p))
        case (.longPress, .cancelled): model.longPressCancelled()
        case (.moveLine, .began(let p, let press)):
            // The pan begins past the drag threshold: the shape has come that far from the press.
            model.moveBegan(at: Point(p), translation: Point(p) - Point(press))
        case (.moveLine, .changed(let p, _, _)): model.moveChanged(at: Point(p))
        case (.moveLine, .ended(let p)): model.moveEnded(at: Point(p))
        case (.moveLine, .cancelled): model.moveCancelled()
        case (.menu, .recognized(let p)): model.secondaryClick(at: Point(p))
        case (.palette, .recognized): model.openPalette()
        case (.circle, .contactsBegan(let points)) where points.count == 2:
            model.circleBegan(between: Point(points[0]), and: Point(points[1]), time: time)
        case (.circle, .contactsChanged(let points)) where points.count == 2:
            model.circleChanged(between: Point(points[0]), and: Point(points[1]), time: time)
        case (.circle, .contactsEnded(let points)) where points.count == 2:
            model.circleEnded(between: Point(points[0]), and: Point(points[1]), time: time)
        case (.circle, .cancelled): model.circleCancelled()
        default: break
        }
    }

    /// The eraser's press (of its tip: button 1), motion, release or cancel.
    private func erase(_ input: GestureInput) {
        let point = Point(input.location)
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
            model.contactBegan(sample.contact, at: Point(sample.location), time: sample.serverTime, pressure: sample.pressure,
                               modifiers: sample.modifiers)
        case .moved(let sample) where sample.button == 1:
            model.contactMoved(sample.contact, to: Point(sample.location), time: sample.serverTime, pressure: sample.pressure,
                               modifiers: sample.modifiers)
        case .ended(let sample) where sample.button == 1:
            model.contactEnded(sample.contact, at: Point(sample.location), time: sample.serverTime, modifiers: sample.modifiers)
        case .cancelled(let contact):
            model.contactCancelled(contact)
        default:
            break  // other buttons' contacts draw nothing
        }
    }
}

extension Point {
    init(_ p: GesturePoint) { self.init(x: p.x, y: p.y) }
}

extension GesturePoint {
    public init(_ p: Point) { self.init(x: p.x, y: p.y) }
}
