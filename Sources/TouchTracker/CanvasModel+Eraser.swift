import Gestures
import Shapes

/// The eraser (a stylus's other end, or a tool that says it is an eraser): every shape it passes over goes
/// as it passes (within the selection tolerance of its path), and the stroke is one edit: one undo brings
/// back every shape it took. Several erasers erase at once, each its own stroke.
extension CanvasModel {
    /// The eraser touched down at `point`.
    public mutating func eraserBegan(_ contact: ContactID, at point: Point) {
        var stroke = EraserStroke(last: point)
        erase(along: Segment(begin: point, end: point), into: &stroke)
        erasing[contact] = stroke
    }

    /// The eraser moved to `point`: everything near its path since the last point goes.
    public mutating func eraserMoved(_ contact: ContactID, to point: Point) {
        guard var stroke = erasing[contact] else { return }
        erase(along: Segment(begin: stroke.last, end: point), into: &stroke)
        stroke.last = point
        erasing[contact] = stroke
    }

    /// The eraser lifted at `point`: the shapes it took are one edit.
    public mutating func eraserEnded(_ contact: ContactID, at point: Point) {
        eraserMoved(contact, to: point)
        guard let stroke = erasing.removeValue(forKey: contact), !stroke.removed.isEmpty else { return }
        record(.replace(removed: stroke.removed, added: []))
    }

    /// The eraser's stroke was taken away: the shapes it took come back, and nothing was edited.
    public mutating func eraserCancelled(_ contact: ContactID) {
        guard let stroke = erasing.removeValue(forKey: contact) else { return }
        document.restore(contentsOf: stroke.removed)
    }

    /// Removes every shape within the selection tolerance of `path` (looked at every `EraserStroke.spacing`
    /// px along it), noting them in `stroke`. A shape being dragged is put back and dropped first.
    private mutating func erase(along path: Segment, into stroke: inout EraserStroke) {
        let steps = max(1, Int((path.begin.distance(to: path.end) / EraserStroke.spacing).rounded(.up)))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let point = Point(x: path.begin.x + t * (path.end.x - path.begin.x), y: path.begin.y + t * (path.end.y - path.begin.y))
            while let id = shape(at: point) {
                if shapeDrag?.id == id { cancelShapeDrag() }
                guard let shape = document.remove(id) else { break }
                stroke.removed.append(shape)
                if selection?.id == id { selection = nil }
            }
        }
    }
}

/// One stroke of an eraser: where it is, and the shapes it has taken so far (in the order it took them).
struct EraserStroke: Hashable, Sendable {
    var last: Point
    var removed: [Shape] = []

    /// How far apart, in px, the points of the path are that the eraser looks around: a shape within the
    /// tolerance of the path is missed only when it is within half of this of the tolerance's edge.
    static let spacing = 1.0
}
