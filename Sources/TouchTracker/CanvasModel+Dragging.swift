import Shapes

/// Moving shapes: a long press on a shape picks it up (with the rest of the selection when it is selected)
/// and the pointer drags it; a drag that starts on a selected shape moves every selected shape. Either way
/// the shapes follow live and are recorded as one move when dropped. The engine asks `shouldBegin…` first, so one drag never both draws and moves.
extension CanvasModel {
    /// Whether a long press at `point` is a gesture: only over a shape, with no menu open and no
    /// other shape being dragged. (Over empty canvas the press stays a drawing contact.)
    public func shouldBeginLongPress(at point: Point) -> Bool {
        menu == nil && shapeDrag == nil && shape(at: point) != nil
    }

    /// The long press fired over a shape: picks up the selection when the shape is in it, else selects the
    /// shape alone and picks it up. `point` is where the pointer
    /// is and `translation` how far it has come from the press (a long press allows a little
    /// movement); the shape under the press is the one picked up.
    public mutating func longPressBegan(at point: Point, translation: Vector = .zero) {
        let press = Point(x: point.x - translation.dx, y: point.y - translation.dy)
        guard shouldBeginLongPress(at: press), let id = shape(at: press) else { return }
        if !selection.contains(id) { selection = Selection(id) }
        beginShapeDrag(.longPress, at: press)
        continueShapeDrag(.longPress, to: point)
    }

    public mutating func longPressChanged(at point: Point) { continueShapeDrag(.longPress, to: point) }

    /// Drops the shapes at the pointer; they stay selected.
    public mutating func longPressEnded(at point: Point) { endShapeDrag(.longPress, at: point) }

    /// Puts the shapes back where they were picked up.
    public mutating func longPressCancelled() { cancelShapeDrag(.longPress) }

    /// Whether a drag starting at `point` moves the selected shapes (rather than drawing): only when
    /// it starts within the tolerance of a selected shape, with no menu open.
    public func shouldBeginMove(at point: Point) -> Bool {
        guard menu == nil, shapeDrag == nil, !selection.isEmpty else { return false }
        let tolerance = selectionTolerance
        return selection.ids.contains { document.shape($0).map { $0.distance(to: point) <= tolerance } ?? false }
    }

    /// A drag that `shouldBeginMove(at:)` accepted (asked with the press location) began: picks the
    /// selected shapes up. `point` is where the pointer is now and `translation` how far it has come
    /// from the press (a drag begins only past the drag threshold): the shape catches up with the
    /// pointer at once and then follows it exactly.
    public mutating func moveBegan(at point: Point, translation: Vector = .zero) {
        guard menu == nil, shapeDrag == nil, !selection.isEmpty else { return }
        let press = Point(x: point.x - translation.dx, y: point.y - translation.dy)
        beginShapeDrag(.move, at: press)
        continueShapeDrag(.move, to: point)
    }

    public mutating func moveChanged(at point: Point) { continueShapeDrag(.move, to: point) }

    /// Drops the shapes at the pointer; they stay selected.
    public mutating func moveEnded(at point: Point) { endShapeDrag(.move, at: point) }

    /// Puts the shapes back where they were picked up.
    public mutating func moveCancelled() { cancelShapeDrag(.move) }

    /// The shapes being dragged, in drawing order (empty when none is).
    public var draggedShapes: [ShapeID] { shapeDrag?.originals.map(\.id) ?? [] }

    /// Whether shapes are being dragged.
    public var isDraggingShapes: Bool { shapeDrag != nil }

    // MARK: - The drag itself

    /// Picks up the selected shapes, the pointer at `point`.
    private mutating func beginShapeDrag(_ gesture: ShapeDrag.Gesture, at point: Point) {
        let shapes = selectedShapes
        guard !shapes.isEmpty else { return }
        selection.isProvisional = false
        shapeDrag = ShapeDrag(gesture: gesture, originals: shapes, anchor: point)
    }

    private mutating func continueShapeDrag(_ gesture: ShapeDrag.Gesture, to point: Point) {
        guard let drag = shapeDrag, drag.gesture == gesture else { return }
        let offset = point - drag.anchor
        document.setGeometries(drag.originals.map { ($0.id, $0.geometry.translated(by: offset)) })
    }

    private mutating func endShapeDrag(_ gesture: ShapeDrag.Gesture, at point: Point) {
        guard let drag = shapeDrag, drag.gesture == gesture else { return }
        continueShapeDrag(gesture, to: point)
        shapeDrag = nil
        let changes = drag.originals.compactMap { original -> GeometryChange? in
            guard let dropped = document.shape(original.id), dropped.geometry != original.geometry else { return nil }
            return GeometryChange(original.id, from: original.geometry, to: dropped.geometry)
        }
        if !changes.isEmpty { record(.move(changes)) }
    }

    /// Puts dragged shapes back (of either gesture when `gesture` is nil).
    mutating func cancelShapeDrag(_ gesture: ShapeDrag.Gesture? = nil) {
        guard let drag = shapeDrag, gesture == nil || drag.gesture == gesture else { return }
        document.setGeometries(drag.originals.map { ($0.id, $0.geometry) })
        shapeDrag = nil
    }
}
