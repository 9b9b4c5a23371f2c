import Document
import Gestures

/// Drawing: each contact (pointer, master device or touch) draws its own straight line, red while
/// down and black once lifted. Several contacts draw at once.
extension CanvasModel {
    /// A contact went down and began to draw at `point`. While the context menu is open, the press
    /// only dismisses it and the contact draws nothing.
    public mutating func contactBegan(_ contact: ContactID, at point: Point) {
        if menu != nil {
            menu = nil
            return
        }
        linesInProgress[contact] = Segment(begin: point, end: point)
    }

    /// The contact moved: its line now ends at `point`.
    public mutating func contactMoved(_ contact: ContactID, to point: Point) {
        guard let old = linesInProgress[contact] else { return }
        linesInProgress[contact] = Segment(begin: old.begin, end: point)
    }

    /// The contact lifted at `point`: its line becomes a finished line (one undoable edit).
    public mutating func contactEnded(_ contact: ContactID, at point: Point) {
        guard let old = linesInProgress.removeValue(forKey: contact) else { return }
        perform(.draw(Line(id: document.nextID, segment: Segment(begin: old.begin, end: point))))
    }

    /// The contact was taken away (the gesture turned out to be something else): its line vanishes.
    public mutating func contactCancelled(_ contact: ContactID) {
        linesInProgress[contact] = nil
    }
}
