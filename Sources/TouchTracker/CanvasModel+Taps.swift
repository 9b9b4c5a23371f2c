import Shapes

/// Clicks: a single click selects the nearest shape (provisionally, until the double click has
/// failed); a double click clears the canvas. (While a menu is open, presses are the menu's: they never
/// reach the gesture engine.)
extension CanvasModel {
    /// A single click at `point`, shown at once. Selects the nearest shape within the tolerance, or
    /// deselects on empty canvas. Exactly one of `tapConfirmed()` / `tapSuperseded()` follows.
    public mutating func tapProvisional(at point: Point) {
        let previous: Selection?
        if case .provisional(let earlier) = tapPhase { previous = earlier } else { previous = selection }
        tapPhase = .provisional(previous: previous)
        selection = shape(at: point).map { Selection($0, isProvisional: true) }
    }

    /// The double click failed: the single click stands.
    public mutating func tapConfirmed() {
        if case .provisional = tapPhase, var confirmed = selection {
            confirmed.isProvisional = false
            selection = confirmed
        }
        tapPhase = .none
    }

    /// The click was the first half of a double click: the selection goes back to what it was.
    public mutating func tapSuperseded() {
        guard case .provisional(let previous) = tapPhase else { return }
        selection = previous.flatMap { document.shape($0.id) == nil ? nil : $0 }
        tapPhase = .none
    }

    /// A double click anywhere: clears every shape (one undoable edit; nothing if already empty),
    /// removes the shapes in progress and deselects.
    public mutating func doubleTap(at point: Point) {
        tapPhase = .none
        clearEverything()
    }

    /// Clears every shape (one undoable edit; nothing if already empty), removes the shapes in progress
    /// and deselects: a double click, or Clear in the canvas menu.
    mutating func clearEverything() {
        cancelShapeDrag()
        strokes.removeAll()
        selection = nil
        guard !document.shapes.isEmpty else { return }
        news.append(.cleared(shapes: document.shapes.count))
        perform(.clear(document.shapes))
    }
}
