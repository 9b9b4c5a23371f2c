import Canvas
import Gestures
import Shapes

/// The context menu (`ContextMenu`, which behaves as desktop menus do): a right press on a shape selects it
/// and opens the shape's menu; on empty canvas it deselects (so that a pen colour chosen there never restyles
/// a shape selected long before) and opens the canvas menu; the Menu key and Shift+F10 open the selected
/// shape's menu at the shape, else the canvas menu at the pointer, the first item highlighted; a three-finger
/// swipe up opens the palette. While a menu is open, presses belong to it (`AppController` routes them here
/// before the gesture engine sees them) and so do its keys.
extension CanvasModel {
    /// A right press at window point `point` at `time` opened the menu there: the shape's under it (through
    /// the view), else the canvas's.
    public mutating func openMenu(at point: Point, time: ServerTime) {
        guard shapeDrag == nil else { return }
        tapPhase = .none
        let shape = shape(at: ViewTransform.limited(view.document(point)))
        selection = shape.map { Selection($0) }
        menu = newMenu(for: shape, at: point)
        menu?.openedByPress(at: point, time: time)
    }

    /// The Menu key or Shift+F10: the selected shape's menu at the shape (where the view shows it), else the
    /// canvas menu at the pointer (the middle of the window before the pointer has been seen), with the first
    /// item highlighted. A menu already open closes instead.
    mutating func openMenuFromTheKeyboard() {
        if closeMenu() { return }
        guard shapeDrag == nil else { return }
        tapPhase = .none
        let selected = selection.flatMap { document.shape($0.id) }
        let point = selected.map { visibleArea.clamped(view.window($0.bounds.centre)) }
            ?? pointer.map(visibleArea.clamped) ?? visibleArea.centre
        menu = newMenu(for: selected?.id, at: point)
        menu?.highlightFirst()
    }

    /// A menu for `shape` (the canvas's when nil) opened at `point`, what cannot apply now dimmed.
    private func newMenu(for shape: ShapeID?, at point: Point) -> ContextMenu {
        if let shape {
            return ContextMenu(.shape(shape), entries: ContextMenu.shapeEntries, at: point, inside: visibleArea, scale: displayScale)
        }
        var disabled: Set<ContextMenu.Item> = []
        if !canUndo { disabled.insert(.undo) }
        if !canRedo { disabled.insert(.redo) }
        if document.shapes.isEmpty { disabled.insert(.clear) }
        return ContextMenu(.canvas, entries: ContextMenu.canvasEntries, disabled: disabled, at: point, inside: visibleArea,
                           scale: displayScale)
    }

    /// A three-finger swipe up: the palette panel opens in the middle of the window (closing any menu).
    public mutating func openPalette() {
        guard shapeDrag == nil else { return }
        tapPhase = .none
        menu = .palette(inside: visibleArea, scale: displayScale)
    }

    /// Closes the menu; whether one was open.
    @discardableResult
    mutating func closeMenu() -> Bool {
        guard menu != nil else { return false }
        menu = nil
        return true
    }

    /// The choices the open menu marks: the shape's own in its menu, the pen's otherwise.
    public var menuMarks: ContextMenu.Marks {
        if case .shape(let id) = menu?.kind, let shape = document.shape(id) { return ContextMenu.Marks(shape) }
        return ContextMenu.Marks(pen)
    }

    // MARK: - Input while it is open

    /// The pointer moved to `point` with no press on the menu, or with the press that is on it.
    public mutating func menuPointerMoved(to point: Point) {
        menu?.pointerMoved(to: point)
    }

    /// A press at `point` at `time` while the menu is open: on the menu it is the menu's; elsewhere it closes the
    /// menu and does nothing else.
    public mutating func menuPressed(at point: Point, time: ServerTime) {
        guard var open = menu else { return }
        let outcome = open.pressed(at: point, time: time)
        menu = open
        carryOut(outcome)
    }

    /// The press on the menu lifted at `point` at `time` (`slop`: how far from the opening press it is still
    /// on the spot).
    public mutating func menuReleased(at point: Point, time: ServerTime, slop: Double) {
        guard var open = menu else { return }
        let outcome = open.released(at: point, time: time, slop: slop)
        menu = open
        carryOut(outcome)
    }

    /// The press on the menu was taken away: the menu stays as it is.
    mutating func menuPressCancelled() {
        menu?.pressCancelled()
    }

    /// A key while the menu is open; false when it is not the menu's.
    mutating func menuKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard var open = menu, let outcome = open.key(key, modifiers) else { return false }
        menu = open
        carryOut(outcome)
        return true
    }

    /// What a step of the menu came to: it closes, or its item is carried out (a command the model cannot
    /// carry out, Export PNG, waits in `commandsForTheCore`).
    private mutating func carryOut(_ outcome: ContextMenu.Outcome) {
        switch outcome {
        case .stays:
            break
        case .closes:
            menu = nil
        case .chooses(let item):
            menu = nil
            if let forTheCore = execute(item.command) { commandsForTheCore.append(forTheCore) }
        }
    }
}

extension Rect {
    /// `point` moved into the rectangle.
    func clamped(_ point: Point) -> Point {
        Point(x: min(max(point.x, minX), maxX), y: min(max(point.y, minY), maxY))
    }
}
