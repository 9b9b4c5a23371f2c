import Shapes

/// The context menu: a right click on a shape selects it and opens the shape's menu (Delete, colours,
/// widths); on empty canvas it opens the canvas menu (the pen's choices, Undo, Redo, Clear, Export PNG,
/// Help); a three-finger swipe up opens the palette panel (the pen's choices, in places a finger can hit).
/// A click on an item carries out its command; anywhere else it only closes the menu.
extension CanvasModel {
    /// A right click at `point`. While the menu is open, any right click only closes it.
    public mutating func secondaryClick(at point: Point) {
        if closeMenu() { return }
        guard shapeDrag == nil else { return }
        tapPhase = .none
        if let id = shape(at: point) {
            selection = Selection(id)
            menu = ContextMenu(at: point, items: ContextMenu.shapeItems, inside: visibleArea, scale: displayScale)
        } else {
            menu = ContextMenu(at: point, items: ContextMenu.canvasItems, inside: visibleArea, scale: displayScale)
        }
    }

    /// Closes the menu; whether one was open (a press that closes it does nothing else).
    mutating func closeMenu() -> Bool {
        guard menu != nil else { return false }
        menu = nil
        return true
    }

    /// A three-finger swipe up: the palette panel opens in the middle of the window (closing any menu).
    public mutating func openPalette() {
        guard shapeDrag == nil else { return }
        tapPhase = .none
        menu = .palette(inside: visibleArea, scale: displayScale)
    }

    /// A click at `point` while the menu is open: the item there, if any, is carried out, and the menu
    /// closes. A command the model cannot carry out (Export PNG) waits in `commandsForTheCore`.
    mutating func chooseFromMenu(at point: Point) {
        let chosen = menu?.item(at: point)
        menu = nil
        guard let chosen, let forTheCore = execute(chosen.command) else { return }
        commandsForTheCore.append(forTheCore)
    }
}
