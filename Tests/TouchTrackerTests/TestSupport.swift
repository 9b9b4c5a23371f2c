import DrawingTesting
import Gestures
import Shapes
import Testing
import TouchTracker

func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
    Segment(begin: point(x0, y0), end: point(x1, y1))
}

let mouse = ContactID(device: 2)

extension CanvasModel {
    /// A model holding `segments` as finished lines #1, #2, ... (loaded, so nothing to undo).
    static func with(_ segments: [Segment]) -> CanvasModel {
        var drawing = Drawing()
        for s in segments { drawing.add(.line(s)) }
        return CanvasModel(drawing: drawing)
    }

    /// Draws a line with one contact, as a drag does.
    mutating func drawLine(_ s: Segment, key: ContactID = mouse) {
        contactBegan(key, at: s.begin)
        contactMoved(key, to: Point(x: (s.begin.x + s.end.x) / 2, y: (s.begin.y + s.end.y) / 2))
        contactEnded(key, at: s.end)
    }

    /// A single click that the engine confirms (the double click failed).
    mutating func click(at p: Point) {
        tapProvisional(at: p)
        tapConfirmed()
    }

    var selectedID: ShapeID? { selection.count == 1 ? selection.ids.first : nil }
    var segments: [Segment] { drawing.shapes.map(\.geometry.segment) }
}
