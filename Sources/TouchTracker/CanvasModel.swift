import Canvas
import Gestures
import Shapes
import Storage

/// The app's behaviour: the book's BNRDrawView, without a display and without the gesture engine.
///
/// The shell (or the engine adapter) calls one method per recognised gesture step — contacts that
/// draw, taps that select, a double tap that clears, long presses and drags that move, right
/// clicks and keys — passing positions in document px (`AppController` maps the window's through
/// `view` once). Panels (the menu, the help) are laid out in window pixels, where they are drawn; so
/// are the steps that move the view itself (CanvasModel+View.swift: the wheel, a pinch, a middle drag).
/// The model changes its state; keys that need the shell return an `AppCommand`. Everything the renderer and the tests need is readable
/// here: the drawing, the selection, the menu, the history, the help flag. What to repaint is not
/// the model's business: Rendering's `CanvasCompositor` finds it by comparing frames.
///
/// Every change to the finished shapes is an `Edit` performed through `History`, on an
/// `IndexedDrawing`, so undo, hit testing and autosave see every change and nothing else.
public struct CanvasModel: Sendable {
    /// How far from a shape a click may land and still select it, in document px (inclusive): the same
    /// distance on screen at any zoom (`standardSelectionTolerance` px at 96 dpi).
    public var selectionTolerance: Double { Self.standardSelectionTolerance / view.zoom }
    /// The tolerance on screen, in px at 96 dpi; a screen of higher resolution shows it larger, as every
    /// length of the drawing.
    public static let standardSelectionTolerance = 20.0

    /// The drawing and its hit-testing index.
    public internal(set) var document: IndexedDrawing
    /// What the next shape is drawn with. The shapes in progress show the width they will get under it.
    public internal(set) var pen: Pen {
        didSet {
            for contact in strokes.keys { strokes[contact]?.update(under: pen) }
            ellipseStroke?.update(under: pen)
        }
    }
    /// The stroke each contact down is drawing (its shape red); not part of the document until it lifts.
    public internal(set) var strokes: [ContactID: ToolStroke] = [:]
    /// The ellipse two contacts are drawing together, if any.
    public internal(set) var ellipseStroke: ToolStroke?
    /// Undo and redo.
    public internal(set) var history = History()
    /// The selected shapes (drawn green); empty when none is.
    public internal(set) var selection = Selection.none
    /// The open context menu, if any.
    public internal(set) var menu: ContextMenu?
    /// Commands chosen in a menu that only the core can carry out (Export PNG), oldest first.
    public internal(set) var commandsForTheCore: [Command] = []
    /// What the window should tell about edits made (a clear), oldest first.
    public internal(set) var news: [CanvasNews] = []
    /// Edits refused because they would take the drawing past `DocumentLimits.maxShapes` or
    /// `DocumentLimits.maxPoints` (a file could not hold it), oldest first, for the core to say so.
    public internal(set) var refusedEdits: [Edit] = []
    /// Whether the help overlay is shown (F1 or ?).
    public internal(set) var isHelpVisible = false
    /// The first row the help shows where it scrolls (a window too small for it).
    public internal(set) var helpFirstRow = 0
    /// How the window shows the drawing: the screen's scale, the zoom and where the view is.
    public internal(set) var view = ViewTransform()
    /// The part of the window on screen, in window coordinates: panels (the menu) open inside it.
    public internal(set) var visibleArea: Rect
    /// Whether the view is the one the document opened with, following the window and the screen until the
    /// view is moved, or where it was put (CanvasModel+View.swift).
    var placement: ViewPlacement = .opening(remembered: nil)
    /// The contacts moving the view (a middle drag, Space+drag), each at its last window point.
    var viewDrags: [ContactID: Point] = [:]
    /// The view a pinch began with (a cancelled pinch puts it back), and the fingers' centre then.
    var pinchStart: (view: ViewTransform, centre: Point)?
    /// Where the pointer (or the last finger) was last seen in the window, if it has been: a menu opened from the keyboard
    /// with nothing selected opens there.
    public internal(set) var pointer: Point?
    /// Whether the last pointer input came from a finger (panels then take a finger's size).
    public internal(set) var lastInputWasTouch = false
    /// The toolbar's button the mouse is over, if any (`CanvasModel+Toolbar`).
    var toolbarHovered: Toolbar.Item?
    /// The toolbar's button pressed, and where it was then, while the press lasts.
    var toolbarPress: (item: Toolbar.Item, frame: Rect)?

    /// Where a single click stands while the engine decides between single and double click.
    var tapPhase = TapPhase.none
    /// The shape being dragged (by long press or by a drag on the selected shape), if any.
    var shapeDrag: ShapeDrag?
    /// The stroke of each eraser down (CanvasModel+Eraser.swift).
    var erasing: [ContactID: EraserStroke] = [:]

    /// A model showing `drawing`, with an empty history: fitted in `visibleArea` when it does not fit at
    /// 100%, or as `remembered` when that view still shows part of it.
    public init(drawing: Drawing = Drawing(), visibleArea: Rect = Rect(x: 0, y: 0, width: 800, height: 600),
                pen: Pen = Pen(), rememberedView: RememberedView? = nil) {
        self.pen = pen
        document = IndexedDrawing(drawing)
        self.visibleArea = visibleArea
        placement = .opening(remembered: rememberedView)
        view = openingView()
    }

    /// dpi / 96 of the screen: lengths on screen (panels, the selection tolerance) are this much larger
    /// than at 96 dpi.
    public var displayScale: Double { view.screenScale }

    /// The drawing: finished shapes in drawing order.
    public var drawing: Drawing { document.drawing }

    /// This window (the pen, the part on screen, the scale, the help) showing another drawing: nothing selected,
    /// nothing in progress, a history of its own, and the view a drawing opens with (`rememberedView` when that
    /// still shows part of it, as at start).
    public func showing(_ drawing: Drawing, rememberedView: RememberedView? = nil) -> CanvasModel {
        var model = self
        model.document = IndexedDrawing(drawing)
        model.history = History()
        (model.selection, model.menu, model.shapeDrag, model.tapPhase) = (.none, nil, nil, .none)
        (model.strokes, model.ellipseStroke, model.erasing, model.refusedEdits) = ([:], nil, [:], [])
        (model.viewDrags, model.pinchStart, model.placement) = ([:], nil, .opening(remembered: rememberedView))
        model.view = model.openingView()
        return model
    }

    /// The shapes in progress bottom to top, by contact: a shape keeps its place among the others while it
    /// lasts; the ellipse two contacts draw together on top.
    public var shapesInProgress: [ShapeInProgress] {
        let byContact = strokes.sorted { ($0.key.device, $0.key.touch) < ($1.key.device, $1.key.touch) }
        return byContact.map(\.value.shape) + (ellipseStroke.map { [$0.shape] } ?? [])
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// The window was resized or moved: another part of it is on screen, and an open menu stays inside it.
    /// The view the document opened with follows it.
    public mutating func setVisibleArea(_ area: Rect) {
        visibleArea = area
        menu = menu?.laidOut(inside: visibleArea, scale: displayScale)
        view = placement.isOpening ? openingView() : view.limited(showing: canvasArea)
    }

    /// The screen's resolution changed: lengths designed at 96 dpi grow with `scale` (dpi / 96), the
    /// drawing and the menu already open too. The zoom stays, and so does the document point at the
    /// window's corner (the view the document opened with is chosen again).
    public mutating func setDisplayScale(_ scale: Double) {
        view = view.onScreen(ofScale: scale)
        if placement.isOpening { view = openingView() }
        menu = menu?.laidOut(inside: visibleArea, scale: scale)
    }

    /// Pointer input of `source` at `point`: where the pointer is, and whether a finger is driving.
    public mutating func notePointer(at point: Point, source: InputSource) {
        pointer = point
        lastInputWasTouch = source == .touch
    }

    /// The finished shape a click at `point` would select, if any.
    public func shape(at point: Point) -> ShapeID? {
        document.nearestShape(to: point, within: selectionTolerance)
    }

    /// The selected shapes, in drawing order.
    public var selectedShapes: [Shape] {
        selection.ids.compactMap { document.shape($0) }.sorted { $0.id < $1.id }
    }
}

/// Something the window tells about an edit the canvas made.
public enum CanvasNews: Hashable, Sendable {
    /// Every shape went (a double click, Clear): how many.
    case cleared(shapes: Int)
}

// MARK: - Shared steps (used by the gesture files)

extension CanvasModel {
    /// Applies and records a new edit, unless it would take the drawing past the limit of shapes a file
    /// holds: then nothing changes and the edit is refused (`refusedEdits`). Undo and redo only go back
    /// and forth between drawings that were within it.
    mutating func perform(_ edit: Edit) {
        guard accepts(edit) else { return refusedEdits.append(edit) }
        history.perform(edit, on: &document)
        dropSelectionOfRemovedShapes()
    }

    /// Whether `edit` leaves the drawing within `DocumentLimits.maxShapes` shapes and `DocumentLimits.maxPoints`
    /// ink points (or adds none).
    public func accepts(_ edit: Edit) -> Bool {
        let shapes = edit.shapeCountChange, points = edit.inkPointChange
        return (shapes <= 0 || document.shapes.count + shapes <= DocumentLimits.maxShapes)
            && (points <= 0 || drawing.inkPointCount + points <= DocumentLimits.maxPoints)
    }

    /// Applies an edit made outside the window: another program's version of the file, merged in. It is
    /// undoable like any other (undo brings back the window's version).
    public mutating func applyMerge(_ edit: Edit) {
        perform(edit)
    }

    /// Records an edit already applied (a drag shown live).
    mutating func record(_ edit: Edit) {
        history.record(edit)
    }

    mutating func undo() {
        if history.undo(on: &document) != nil { dropSelectionOfRemovedShapes() }
    }

    mutating func redo() {
        if history.redo(on: &document) != nil { dropSelectionOfRemovedShapes() }
    }

    /// An edit, undo or redo may have removed selected shapes: those are no longer selected.
    private mutating func dropSelectionOfRemovedShapes() {
        guard !selection.isEmpty else { return }
        let document = self.document
        selection.keep { document.shape($0) != nil }
    }
}
