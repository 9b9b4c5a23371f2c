import Gestures
import Shapes

/// Drawing: each contact (pointer, master device or touch) draws its own shape with the pen's tool (see
/// `Tool`: the line tool draws a straight line, or with Shift a circle; the pen tool ink), red while down
/// and in the pen's colour and width once lifted; with the eraser tool it erases. Several contacts draw at
/// once.
extension CanvasModel {
    /// A contact went down at `time` and began to draw at `point` with the pen's tool, `modifiers` held.
    public mutating func contactBegan(_ contact: ContactID, at point: Point, time: ServerTime = ServerTime(milliseconds: 0),
                                      pressure: Double? = nil, modifiers: Modifiers = []) {
        if case .erases = pen.tool.action { return eraserBegan(contact, at: point) }
        strokes[contact] = ToolStroke(at: point, time: time, pressure: pressure, modifiers: modifiers, pen: pen, zoom: view.zoom)
    }

    /// The contact moved at `time` to `point`, `modifiers` held (nil: as before): its shape now reaches there.
    public mutating func contactMoved(_ contact: ContactID, to point: Point, time: ServerTime = ServerTime(milliseconds: 0),
                                      pressure: Double? = nil, modifiers: Modifiers? = nil) {
        if erasing[contact] != nil { return eraserMoved(contact, to: point) }
        strokes[contact]?.move(to: point, time: time, pressure: pressure, modifiers: modifiers, pen: pen)
        // Ink as long as a stroke may be is finished here, and a new stroke carries on from where it ends.
        if let stroke = strokes[contact], stroke.isFull {
            perform(.draw(stroke.finished(id: document.nextID, pen: pen)))
            strokes[contact] = ToolStroke(at: point, time: time, pressure: pressure, pen: pen, zoom: view.zoom)
        }
    }

    /// The contact lifted at `point`: its shape becomes a finished shape in the pen's colour and width
    /// (one undoable edit).
    public mutating func contactEnded(_ contact: ContactID, at point: Point, time: ServerTime = ServerTime(milliseconds: 0),
                                      modifiers: Modifiers? = nil) {
        if erasing[contact] != nil { return eraserEnded(contact, at: point) }
        guard var stroke = strokes.removeValue(forKey: contact) else { return }
        stroke.move(to: point, time: time, modifiers: modifiers, pen: pen)
        perform(.draw(stroke.finished(id: document.nextID, pen: pen)))
    }

    /// The contact was taken away (the gesture turned out to be something else, or Escape): its shape vanishes.
    public mutating func contactCancelled(_ contact: ContactID) {
        if erasing[contact] != nil { return eraserCancelled(contact) }
        strokes[contact] = nil
    }
}
