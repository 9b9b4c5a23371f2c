import CCairo
import Shapes

/// A line's outline: its segment, stroked with round caps. One capsule covers everything it paints, and
/// the rectangle between its caps covers its pixels fully (`StrokeBox.inside`).
enum LineOutline {
    static func addPath(of segment: Segment, to cr: OpaquePointer) {
        cairo_move_to(cr, segment.begin.x, segment.begin.y)
        cairo_line_to(cr, segment.end.x, segment.end.y)
    }

    /// The capsule of its stroke.
    static func piece(of segment: Segment, halfWidth: Double) -> StrokeCapsule {
        StrokeCapsule.around(segment, halfWidth: halfWidth)
    }

    static func inside(of segment: Segment, halfWidth: Double) -> StrokeBox? {
        StrokeBox.inside(segment, halfWidth: halfWidth)
    }
}
