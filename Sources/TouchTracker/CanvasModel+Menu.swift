import Document

/// The context menu: a right click on a line selects it and opens the menu with Delete.
extension CanvasModel {
    /// A right click at `point`. On a line: selects it and opens the menu there. On empty canvas:
    /// nothing. While the menu is open, any right click only closes it.
    public mutating func secondaryClick(at point: Point) {
        if menu != nil {
            menu = nil
            return
        }
        guard lineDrag == nil, let id = line(at: point) else { return }
        tapPhase = .none
        selection = Selection(id)
        menu = ContextMenu(at: point, inside: visibleArea, scale: displayScale)
    }
}
