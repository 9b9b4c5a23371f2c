/// A straight segment from `begin` to `end`: the geometry of a line (`ShapeGeometry.line`), without
/// identity, and everything the line kind answers: its bounds, the exact distance to it, the segment moved.
/// (A segment is also how an ellipse's box is given: its corners.)
public struct Segment: Hashable, Sendable {
    public var begin: Point
    public var end: Point

    public init(begin: Point, end: Point) { self.begin = begin; self.end = end }

    public func translated(by v: Vector) -> Segment { Segment(begin: begin + v, end: end + v) }

    /// Both points `factor` times as far from the origin.
    public func scaled(by factor: Double) -> Segment {
        Segment(begin: Point(x: begin.x * factor, y: begin.y * factor), end: Point(x: end.x * factor, y: end.y * factor))
    }

    /// The tight bounds of the centre line (callers widen by half the stroke width).
    public var bounds: Rect {
        Rect(minX: min(begin.x, end.x), minY: min(begin.y, end.y),
             maxX: max(begin.x, end.x), maxY: max(begin.y, end.y))
    }

    /// Exact distance from `p` to the closest point of the segment (a point if begin == end).
    public func distance(to p: Point) -> Double {
        let d = end - begin
        let lengthSquared = d.dx * d.dx + d.dy * d.dy
        if lengthSquared == 0 { return begin.distance(to: p) }
        let t = max(0, min(1, ((p.x - begin.x) * d.dx + (p.y - begin.y) * d.dy) / lengthSquared))
        return Point(x: begin.x + t * d.dx, y: begin.y + t * d.dy).distance(to: p)
    }
}
