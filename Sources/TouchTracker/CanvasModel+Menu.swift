import Canvas
import Gestures
import Shapes

/// The context menu (`ContextMenu`, which behaves as desktop menus do): a right press on a shape opens the
/// selection's menu (selecting the shape alone first unless it is selected already); on empty canvas it deselects (so that a pen colour chosen there never restyles
/// a shape selected long before) and opens the canvas menu; the Menu key and Shift+F10 open the selection's
/// menu at the selected shapes, else the canvas menu at the pointer, the first item highlighted; a three-finger
/// swipe up opens the palette. While a menu is open, presses belong to it (`AppController` routes them here
/// before the gesture engine sees them) and so do its keys.
extension CanvasModel {
    /// A right press at window point `point` at `time` opened the menu there: the selection's when it lands
    /// on a shape (selected alone unless it was selected already, with others), else the canvas's.
    public mutating func openMenu(at point: Point, time: ServerTime) {
        guard shapeDrag == nil else { return }
        tapPhase = .none
        let shape = shape(at: ViewTransform.limited(view.document(point)))
        if let shape, selection.contains(shape) {
            selection.isProvisional = false
        } else {
            selection = shape.map { Selection($0) } ?? .none
        }
        menu = newMenu(forSelection: shape != nil, at: point)
        menu?.openedByPress(at: point, time: time)
    }

    /// The Menu key or Shift+F10: the selection's menu at the middle of the selected shapes' bounds (where the
    /// view shows it), else the canvas menu at the pointer (the middle of the window before the pointer has
    /// been seen), with the first item highlighted. A menu already open closes instead.
    mutating func openMenuFromTheKeyboard() {
        if closeMenu() { return }
        guard shapeDrag == nil else { return }
        tapPhase = .none
        let bounds = Drawing(shapes: selectedShapes).bounds
        let point = bounds.map { visibleArea.clamped(view.window($0.centre)) }
            ?? pointer.map(visibleArea.clamped) ?? visibleArea.centre
        menu = newMenu(forSelection: bounds != nil, at: point)
        menu?.highlightFirst()
    }

    /// The selection's menu (the canvas's when `forSelection` is false) opened at `point`, what cannot apply
    /// now dimmed.
    private func newMenu(forSelection: Bool, at point: Point) -> ContextMenu {
        if forSelection {
            return ContextMenu(.selection, entries: ContextMenu.shapeEntries, at: point, inside: visibleArea, scale: displayScale)
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

    /// The choices the open menu marks: the selected shapes' own in their menu (a colour or width only when
    /// all share it), the pen's otherwise.
    public var menuMarks: ContextMenu.Marks {
        if menu?.kind == .selection { return ContextMenu.Marks(selectedShapes) }
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
