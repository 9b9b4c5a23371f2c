import Gestures
import Shapes
import Storage

/// The eraser (a stylus's other end, or the eraser tool): every shape it passes over goes as it passes
/// (within the selection tolerance of its path), ink in part, and the stroke is one edit: one undo brings
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

    /// The eraser lifted at `point`: the shapes it took (and the parts of ink it left) are one edit.
    public mutating func eraserEnded(_ contact: ContactID, at point: Point) {
        eraserMoved(contact, to: point)
        guard let stroke = erasing.removeValue(forKey: contact), !stroke.removed.isEmpty else { return }
        record(.replace(removed: stroke.removed, added: stroke.added.values.sorted { $0.id < $1.id }))
    }

    /// The eraser's stroke was taken away: the shapes it took come back, and nothing was edited.
    public mutating func eraserCancelled(_ contact: ContactID) {
        guard let stroke = erasing.removeValue(forKey: contact) else { return }
        document.remove(contentsOf: Array(stroke.added.keys))
        document.restore(contentsOf: stroke.removed)
    }

    /// Erases what lies within the selection tolerance of `path` (the segment the eraser swept since its last
    /// point, measured exactly), noting it in `stroke`: a line or an ellipse goes whole; of ink, only the part
    /// within reach goes, and the parts left become strokes of their own. The first part keeps the stroke's
    /// id, and so its place in the drawing order; the others are added on top (ids order the shapes, and
    /// there is no id between two shapes), which shows only where they cross a later shape. A shape being
    /// dragged is put back and dropped first.
    private mutating func erase(along path: Segment, into stroke: inout EraserStroke) {
        let tolerance = selectionTolerance
        let near = document.index.shapes(meeting: path.bounds.insetBy(-tolerance), in: document.drawing)
        for shape in near where shape.geometry.distance(to: path) <= tolerance {
            if shapeDrag?.originals.contains(where: { $0.id == shape.id }) == true { cancelShapeDrag() }
            var parts: [Shape] = []
            if case .ink(let ink) = shape.geometry {
                guard let left = ink.erased(along: path, within: tolerance,
                                            tolerance: Ink.simplificationTolerance * Ink.fineness(atZoom: view.zoom)) else { continue }
                parts = left.enumerated().map { index, part in
                    Shape(id: index == 0 ? shape.id : ShapeID(document.nextID.rawValue + UInt64(index - 1)), geometry: .ink(part), style: shape.style)
                }
                // Splitting must keep the drawing within its limits; else the stroke goes whole.
                let points = parts.reduce(0) { $0 + $1.geometry.inkPointCount } - ink.count
                if document.shapes.count + parts.count - 1 > DocumentLimits.maxShapes
                    || document.drawing.inkPointCount + points > DocumentLimits.maxPoints { parts = [] }
            }
            guard let taken = document.remove(shape.id) else { continue }
            // A part this stroke made goes without a trace; a shape that was there before is remembered.
            if stroke.added.removeValue(forKey: taken.id) == nil { stroke.removed.append(taken) }
            for part in parts {
                document.restore(part)
                stroke.added[part.id] = part
            }
            if selection.contains(shape.id) { selection = selection.toggling(shape.id) }
        }
    }
}

/// One stroke of an eraser: where it is, the shapes it has taken so far (as they were before it, in the
/// order it took them) and the parts of ink it has left, by id (each in the drawing now).
struct EraserStroke: Hashable, Sendable {
    var last: Point
    var removed: [Shape] = []
    var added: [ShapeID: Shape] = [:]
}
