import Document

/// The app's behaviour: the book's BNRDrawView, without a display and without the gesture engine.
///
/// The shell (or the engine adapter) calls one method per recognised gesture step — contacts that
/// draw, taps that select, a double tap that clears, long presses and drags that move, right
/// clicks and keys — passing positions in canvas pixels. The model changes its state and notes
/// what needs repainting in `damage`; keys that need the shell return an `AppCommand`. Everything
/// the renderer and the tests need is readable here: the drawing, the selection, the menu, the
/// history, the help flag.
///
/// Every change to the finished lines is an `Edit` performed through `History`, on an
/// `IndexedDrawing`, so undo, hit testing and autosave see every change and nothing else.
public struct CanvasModel: Sendable {
    /// How far from a line a click may land and still select it, in px (inclusive).
    public var selectionTolerance = CanvasModel.standardSelectionTolerance
    /// The width of drawn lines, in px (round caps); used to size the damage.
    public var lineWidth = CanvasModel.standardLineWidth
    /// The tolerance and the line width at 96 dpi; a screen of higher resolution multiplies them.
    public static let standardSelectionTolerance = 20.0
    public static let standardLineWidth = 10.0

    /// The drawing and its hit-testing index.
    public internal(set) var document: IndexedDrawing
    /// Undo and redo.
    public internal(set) var history = History()
    /// The selected line, if any (drawn green).
    public internal(set) var selection: Selection?
    /// The open context menu, if any.
    public internal(set) var menu: ContextMenu?
    /// Whether the help overlay is shown (F1 or ?).
    public internal(set) var isHelpVisible = false
    /// The drawing area.
    public internal(set) var canvasSize: CanvasSize

    /// Counts every change to the finished lines (edits, undos, redos); autosave compares it.
    public internal(set) var editCount: UInt64 = 0
    private var savedEditCount: UInt64 = 0

    /// The part of the canvas to repaint, accumulated since the last `takeDamage()`.
    public internal(set) var damage = CanvasModel.noDamage

    /// Where a single click stands while the engine decides between single and double click.
    var tapPhase = TapPhase.none
    /// The line being dragged (by long press or by a drag on the selected line), if any.
    var lineDrag: LineDrag?

    /// A model showing `drawing`, with an empty history.
    public init(drawing: Drawing = Drawing(), canvasSize: CanvasSize = CanvasSize(width: 800, height: 600)) {
        document = IndexedDrawing(drawing)
        self.canvasSize = canvasSize
        damageAll()
    }

    /// The drawing: finished lines in drawing order and the lines in progress.
    public var drawing: Drawing { document.drawing }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// True when the finished lines changed since the last `markSaved()` (or since loading).
    public var changedSinceSave: Bool { editCount != savedEditCount }

    /// Records that the drawing as it is now has been saved.
    public mutating func markSaved() { savedEditCount = editCount }

    /// The window was resized.
    public mutating func resize(to size: CanvasSize) {
        canvasSize = size
        damageAll()
    }

    /// Returns the damage accumulated so far (nil when nothing needs repainting) and resets it.
    public mutating func takeDamage() -> Rect? {
        defer { damage = Self.noDamage }
        return damage.isEmpty ? nil : damage
    }

    /// The finished line a click at `point` would select, if any.
    public func line(at point: Point) -> LineID? {
        document.nearestLine(to: point, within: selectionTolerance)
    }
}

// MARK: - Shared steps (used by the gesture files)

extension CanvasModel {
    static let noDamage = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    mutating func damageAll() {
        damage = Rect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
    }

    /// Marks the pixels of `segment` as drawn with the line width (plus a pixel of antialiasing).
    mutating func damage(_ segment: Segment) {
        damage = damage.union(segment.bounds.insetBy(-(lineWidth / 2 + 1)))
    }

    mutating func damage(_ rect: Rect) {
        damage = damage.union(rect)
    }

    mutating func damage(_ edit: Edit) {
        if case .clear = edit { damageAll(); return }
        for segment in edit.affectedSegments { damage(segment) }
    }

    /// Changes the selection, repainting the lines that change colour.
    mutating func select(_ newSelection: Selection?) {
        guard newSelection != selection else { return }
        for id in [selection?.id, newSelection?.id].compactMap({ $0 }) {
            if let line = document.line(id) { damage(line.segment) }
        }
        selection = newSelection
    }

    mutating func closeMenu() {
        guard let open = menu else { return }
        damage(open.frame)
        menu = nil
    }

    mutating func openMenu(_ newMenu: ContextMenu) {
        closeMenu()
        menu = newMenu
        damage(newMenu.frame)
    }

    /// Applies and records a new edit.
    mutating func perform(_ edit: Edit) {
        history.perform(edit, on: &document)
        editChanged(edit)
    }

    /// Records an edit already applied (a drag shown live).
    mutating func record(_ edit: Edit) {
        history.record(edit)
        editCount += 1
    }

    mutating func undo() {
        if let edit = history.undo(on: &document) { editChanged(edit) }
    }

    mutating func redo() {
        if let edit = history.redo(on: &document) { editChanged(edit) }
    }

    private mutating func editChanged(_ edit: Edit) {
        editCount += 1
        damage(edit)
        if let selected = selection, document.line(selected.id) == nil { select(nil) }
    }
}
