import Gestures
import Shapes

/// Drawing: each contact (pointer, master device or touch) draws its own straight line, red while
/// down and in the pen's colour and width once lifted. Several contacts draw at once.
extension CanvasModel {
    /// A contact went down at `time` and began to draw at `point`: a line, or with Shift held a circle
    /// whose box has the press and the pointer at opposite corners.
    public mutating func contactBegan(_ contact: ContactID, at point: Point, time: ServerTime = ServerTime(milliseconds: 0),
                                      pressure: Double? = nil, modifiers: Modifiers = []) {
        let kind: ShapeKind = modifiers.contains(.shift) ? .circle : .line
        shapesInProgress[contact] = Stroke(kind: kind, at: point, time: time, pressure: pressure, scale: displayScale)
    }

    /// The contact moved at `time`: its line now ends at `point`.
    public mutating func contactMoved(_ contact: ContactID, to point: Point, time: ServerTime = ServerTime(milliseconds: 0),
                                      pressure: Double? = nil) {
        shapesInProgress[contact]?.move(to: point, time: time, pressure: pressure)
    }

    /// The contact lifted at `point`: its line becomes a finished shape in the pen's colour and width
    /// (one undoable edit).
    public mutating func contactEnded(_ contact: ContactID, at point: Point, time: ServerTime = ServerTime(milliseconds: 0)) {
        guard var stroke = shapesInProgress.removeValue(forKey: contact) else { return }
        stroke.move(to: point, time: time)
        perform(.draw(stroke.finished(id: document.nextID, pen: pen)))
    }

    /// The contact was taken away (the gesture turned out to be something else, or Escape): its line vanishes.
    public mutating func contactCancelled(_ contact: ContactID) {
        shapesInProgress[contact] = nil
    }
}
