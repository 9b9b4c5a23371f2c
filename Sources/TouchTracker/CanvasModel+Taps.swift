import Shapes

/// Clicks: a single click selects the nearest shape (provisionally, until the double click has
/// failed), Shift+click or Ctrl+click adds it to the selection or takes it out (as in file managers and
/// Inkscape); a double click clears the canvas. (While a menu is open, presses are the menu's: they never
/// reach the gesture engine.)
extension CanvasModel {
    /// A single click at `point`, shown at once. Selects the nearest shape within the tolerance, or
    /// deselects on empty canvas; `extending` (Shift or Ctrl held) adds the shape to the selection or takes
    /// it out, and leaves the selection as it is on empty canvas. Exactly one of `tapConfirmed()` /
    /// `tapSuperseded()` follows.
    public mutating func tapProvisional(at point: Point, extending: Bool = false) {
        let previous: Selection
        if case .provisional(let earlier) = tapPhase { previous = earlier } else { previous = selection }
        tapPhase = .provisional(previous: previous)
        let hit = shape(at: point)
        var selected = switch (hit, extending) {
        case (let id?, true): previous.toggling(id)
        case (let id?, false): Selection(id)
        case (nil, true): previous
        case (nil, false): Selection.none
        }
        selected.isProvisional = true
        selection = selected
    }

    /// The double click failed: the single click stands.
    public mutating func tapConfirmed() {
        if case .provisional = tapPhase { selection.isProvisional = false }
        tapPhase = .none
    }

    /// The click was the first half of a double click: the selection goes back to what it was.
    public mutating func tapSuperseded() {
        guard case .provisional(let previous) = tapPhase else { return }
        selection = previous
        let document = self.document
        selection.keep { document.shape($0) != nil }
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
        selection = .none
        guard !document.shapes.isEmpty else { return }
        news.append(.cleared(shapes: document.shapes.count))
        perform(.clear(document.shapes))
    }
}
