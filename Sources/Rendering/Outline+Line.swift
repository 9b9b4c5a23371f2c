import CCairo
import Shapes

/// A line's outline: its segment, stroked with round caps. One capsule covers everything it paints, and
/// the rectangle between its caps covers its pixels fully (`StrokeBox.inside`).
enum LineOutline {
    /// Adds the segment's path, cut to `reach` where it leaves it (see `Outline.reach(of:)`).
    static func addPath(of segment: Segment, within reach: Rect, to cr: OpaquePointer) {
        let segment = cut(segment, to: reach)
        cairo_move_to(cr, segment.begin.x, segment.begin.y)
        cairo_line_to(cr, segment.end.x, segment.end.y)
    }

    /// `segment`, cut to `reach` where it leaves it; wholly outside, a dot far out (it paints nothing inside).
    private static func cut(_ segment: Segment, to reach: Rect) -> Segment {
        let bounds = segment.bounds
        guard bounds.minX < reach.minX || bounds.minY < reach.minY || bounds.maxX > reach.maxX || bounds.maxY > reach.maxY
        else { return segment }
        let corner = Point(x: reach.minX, y: reach.minY)
        return segment.clipped(to: reach) ?? Segment(begin: corner, end: corner)
    }

    /// The capsule of its stroke.
    static func piece(of segment: Segment, halfWidth: Double) -> StrokeCapsule {
        StrokeCapsule.around(segment, halfWidth: halfWidth)
    }

    static func inside(of segment: Segment, halfWidth: Double) -> StrokeBox? {
        StrokeBox.inside(segment, halfWidth: halfWidth)
    }
}

extension Segment {
    /// The part of the segment inside `box` (Liang–Barsky); nil when none is.
    func clipped(to box: Rect) -> Segment? {
        let dx = end.x - begin.x, dy = end.y - begin.y
        var low = 0.0, high = 1.0
        for (p, q) in [(-dx, begin.x - box.minX), (dx, box.maxX - begin.x), (-dy, begin.y - box.minY), (dy, box.maxY - begin.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { low = max(low, t) } else { high = min(high, t) }
            if low > high { return nil }
        }
        return Segment(begin: Point(x: begin.x + low * dx, y: begin.y + low * dy),
                       end: Point(x: begin.x + high * dx, y: begin.y + high * dy))
    }
}
