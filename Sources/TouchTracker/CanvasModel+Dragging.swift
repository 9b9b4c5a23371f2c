import Shapes

/// Moving shapes: a long press on a shape picks it up and the pointer drags it; a drag that starts
/// on the selected shape moves it. Either way the shape follows live and is recorded as one move
/// when dropped. The engine asks `shouldBegin…` first, so one drag never both draws and moves.
extension CanvasModel {
    /// Whether a long press at `point` is a gesture: only over a shape, with no menu open and no
    /// other shape being dragged. (Over empty canvas the press stays a drawing contact.)
    public func shouldBeginLongPress(at point: Point) -> Bool {
        menu == nil && shapeDrag == nil && shape(at: point) != nil
    }

    /// The long press fired over a shape: selects it and picks it up. `point` is where the pointer
    /// is and `translation` how far it has come from the press (a long press allows a little
    /// movement); the shape under the press is the one picked up.
    public mutating func longPressBegan(at point: Point, translation: Vector = .zero) {
        let press = Point(x: point.x - translation.dx, y: point.y - translation.dy)
        guard shouldBeginLongPress(at: press), let id = shape(at: press) else { return }
        beginShapeDrag(.longPress, of: id, at: press)
        continueShapeDrag(.longPress, to: point)
    }

    public mutating func longPressChanged(at point: Point) { continueShapeDrag(.longPress, to: point) }

    /// Drops the shape at the pointer; it stays selected.
    public mutating func longPressEnded(at point: Point) { endShapeDrag(.longPress, at: point) }

    /// Puts the shape back where it was picked up.
    public mutating func longPressCancelled() { cancelShapeDrag(.longPress) }

    /// Whether a drag starting at `point` moves the selected shape (rather than drawing): only when
    /// it starts within the tolerance of the selected shape, with no menu open.
    public func shouldBeginMove(at point: Point) -> Bool {
        guard menu == nil, shapeDrag == nil, let selected = selection, let shape = document.shape(selected.id) else { return false }
        return shape.distance(to: point) <= selectionTolerance
    }

    /// A drag that `shouldBeginMove(at:)` accepted (asked with the press location) began: picks the
    /// selected shape up. `point` is where the pointer is now and `translation` how far it has come
    /// from the press (a drag begins only past the drag threshold): the shape catches up with the
    /// pointer at once and then follows it exactly.
    public mutating func moveBegan(at point: Point, translation: Vector = .zero) {
        guard menu == nil, shapeDrag == nil, let selected = selection else { return }
        let press = Point(x: point.x - translation.dx, y: point.y - translation.dy)
        beginShapeDrag(.move, of: selected.id, at: press)
        continueShapeDrag(.move, to: point)
    }

    public mutating func moveChanged(at point: Point) { continueShapeDrag(.move, to: point) }

    /// Drops the shape at the pointer; it stays selected.
    public mutating func moveEnded(at point: Point) { endShapeDrag(.move, at: point) }

    /// Puts the shape back where it was picked up.
    public mutating func moveCancelled() { cancelShapeDrag(.move) }

    /// The shape being dragged and where it was picked up, if any (e.g. for a trace).
    public var draggedShape: ShapeID? { shapeDrag?.id }

    // MARK: - The drag itself

    private mutating func beginShapeDrag(_ gesture: ShapeDrag.Gesture, of id: ShapeID, at point: Point) {
        guard let shape = document.shape(id) else { return }
        selection = Selection(id)
        shapeDrag = ShapeDrag(gesture: gesture, id: id, original: shape.geometry, anchor: point)
    }

    private mutating func continueShapeDrag(_ gesture: ShapeDrag.Gesture, to point: Point) {
        guard let drag = shapeDrag, drag.gesture == gesture else { return }
        document.setGeometry(drag.geometry(forPointerAt: point), of: drag.id)
    }

    private mutating func endShapeDrag(_ gesture: ShapeDrag.Gesture, at point: Point) {
        guard let drag = shapeDrag, drag.gesture == gesture else { return }
        continueShapeDrag(gesture, to: point)
        shapeDrag = nil
        if let dropped = document.shape(drag.id), dropped.geometry != drag.original {
            record(.move(drag.id, from: drag.original, to: dropped.geometry))
        }
    }

    /// Puts a dragged shape back (of either gesture when `gesture` is nil).
    mutating func cancelShapeDrag(_ gesture: ShapeDrag.Gesture? = nil) {
        guard let drag = shapeDrag, gesture == nil || drag.gesture == gesture else { return }
        document.setGeometry(drag.original, of: drag.id)
        shapeDrag = nil
    }
}
