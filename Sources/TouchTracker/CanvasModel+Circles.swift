import Gestures
import Shapes

/// Circles (the book's two-finger challenge): two contacts down at once — two fingers, or two master
/// pointers — draw a red circle whose box has them at opposite corners; it follows both and is finished, in
/// the pen's colour and width, when they lift, whatever the tool. (With one pointer, the circle tool, or the
/// line tool with Shift held, draws one from the press to the pointer: `Tool`.)
extension CanvasModel {
    /// Two contacts went down together at `a` and `b`; their own shapes (if any showed) were taken away.
    public mutating func circleBegan(between a: Point, and b: Point, time: ServerTime) {
        ellipseStroke = ToolStroke(ellipseBetween: a, and: b, time: time, pen: pen)
    }

    /// The contacts moved: the circle's box now has them at its corners.
    public mutating func circleChanged(between a: Point, and b: Point, time: ServerTime) {
        ellipseStroke?.stretch(from: a, to: b, time: time, pen: pen)
    }

    /// A contact lifted: the circle is finished (one undoable edit).
    public mutating func circleEnded(between a: Point, and b: Point, time: ServerTime) {
        guard var stroke = ellipseStroke else { return }
        ellipseStroke = nil
        stroke.stretch(from: a, to: b, time: time, pen: pen)
        perform(.draw(stroke.finished(id: document.nextID, pen: pen)))
    }

    /// The gesture was taken back: the circle vanishes.
    public mutating func circleCancelled() {
        ellipseStroke = nil
    }
}
