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

    /// Exact distance between the closest points of this segment and `other`: 0 when they cross.
    public func distance(to other: Segment) -> Double {
        if crosses(other) { return 0 }
        return min(min(distance(to: other.begin), distance(to: other.end)),
                   min(other.distance(to: begin), other.distance(to: end)))
    }

    /// Whether the two segments have a point in common (touching counts).
    func crosses(_ other: Segment) -> Bool {
        func side(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let d1 = side(other.begin, other.end, begin), d2 = side(other.begin, other.end, end)
        let d3 = side(begin, end, other.begin), d4 = side(begin, end, other.end)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return (d1 == 0 && other.bounds.containsClosed(begin)) || (d2 == 0 && other.bounds.containsClosed(end))
            || (d3 == 0 && bounds.containsClosed(other.begin)) || (d4 == 0 && bounds.containsClosed(other.end))
    }

    /// The parameters t (0…1, from `begin` to `end`) of the points of this segment within `radius` of
    /// `other` (inclusive): an interval, since the points within a distance of a segment make a convex
    /// shape (a capsule); nil when there are none.
    public func parameters(within radius: Double, of other: Segment) -> ClosedRange<Double>? {
        let d = end - begin
        let lengthSquared = d.dx * d.dx + d.dy * d.dy
        guard lengthSquared > 0 else { return other.distance(to: begin) <= radius ? 0...1 : nil }
        var low = Double.infinity, high = -Double.infinity
        func include(_ range: (Double, Double)?) {
            guard let (a, b) = range, a <= b else { return }
            low = min(low, a); high = max(high, b)
        }
        // The discs around the other's ends: |begin + t·d − c|² ≤ r².
        func disc(_ c: Point) -> (Double, Double)? {
            let f = begin - c
            let b = f.dx * d.dx + f.dy * d.dy, c2 = f.dx * f.dx + f.dy * f.dy - radius * radius
            let discriminant = b * b - lengthSquared * c2
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            return ((-b - root) / lengthSquared, (-b + root) / lengthSquared)
        }
        include(disc(other.begin))
        include(disc(other.end))
        // The rectangle between them: along the other within 0…its length, across it within ±r.
        let e = other.end - other.begin
        let otherLength = e.length
        if otherLength > 0 {
            let u = Vector(dx: e.dx / otherLength, dy: e.dy / otherLength)
            func slab(_ value0: Double, _ rate: Double, _ low: Double, _ high: Double) -> (Double, Double)? {
                if rate == 0 { return value0 >= low && value0 <= high ? (-Double.infinity, Double.infinity) : nil }
                let a = (low - value0) / rate, b = (high - value0) / rate
                return (min(a, b), max(a, b))
            }
            let f = begin - other.begin
            let along = slab(f.dx * u.dx + f.dy * u.dy, d.dx * u.dx + d.dy * u.dy, 0, otherLength)
            let across = slab(f.dx * -u.dy + f.dy * u.dx, d.dx * -u.dy + d.dy * u.dx, -radius, radius)
            if let along, let across { include((max(along.0, across.0), min(along.1, across.1))) }
        }
        let range = (max(low, 0), min(high, 1))
        return range.0 <= range.1 ? range.0...range.1 : nil
    }
}

extension Rect {
    /// Whether `p` lies in the rectangle, edges included.
    func containsClosed(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}
