/// A cubic Bézier curve from `start` to `end` with control points `control1` and `control2`: one piece of an
/// ink stroke as it is drawn (Cairo draws cubics only). The curve lies inside the convex hull of its four
/// points, so the hull bounds it.
public struct CubicBezier: Hashable, Sendable {
    public var start: Point
    public var control1: Point
    public var control2: Point
    public var end: Point

    public init(start: Point, control1: Point, control2: Point, end: Point) {
        self.start = start; self.control1 = control1; self.control2 = control2; self.end = end
    }

    /// The piece of a centripetal Catmull–Rom spline from `p1` to `p2` (α = ½: no cusps nor self-loops on
    /// uneven spacing), between its neighbours `p0` and `p3`; a missing neighbour (the stroke's end) or one
    /// on top of its point is its point's mirror image, so the curve sets off towards the next point.
    /// (Barry and Goldman's pyramid: the tangents at `p1` and `p2` for the piece's own parameter.)
    public static func catmullRom(_ p0: Point?, _ p1: Point, _ p2: Point, _ p3: Point?) -> CubicBezier {
        let d12 = (p2 - p1).length
        guard d12 > 0 else { return CubicBezier(start: p1, control1: p1, control2: p2, end: p2) }
        let t12 = d12.squareRoot()
        func knot(_ a: Point, _ b: Point) -> Double? {
            let d = (b - a).length
            return d > 0 ? d.squareRoot() : nil
        }
        let before = p0.flatMap { p0 in knot(p0, p1).map { (p0, $0) } } ?? (mirror(p2, about: p1), t12)
        let after = p3.flatMap { p3 in knot(p2, p3).map { (p3, $0) } } ?? (mirror(p1, about: p2), t12)
        let (q0, t01) = before, (q3, t23) = after
        // m1 = ((p1 − p0)/t01 − (p2 − p0)/(t01 + t12) + (p2 − p1)/t12) · t12, and m2 likewise at p2.
        func tangent(_ a: Point, _ b: Point, _ c: Point, _ tab: Double, _ tbc: Double) -> Vector {
            let x = (b.x - a.x) / tab - (c.x - a.x) / (tab + tbc) + (c.x - b.x) / tbc
            let y = (b.y - a.y) / tab - (c.y - a.y) / (tab + tbc) + (c.y - b.y) / tbc
            return Vector(dx: x * t12, dy: y * t12)
        }
        let m1 = tangent(q0, p1, p2, t01, t12), m2 = tangent(p1, p2, q3, t12, t23)
        return CubicBezier(start: p1, control1: Point(x: p1.x + m1.dx / 3, y: p1.y + m1.dy / 3),
                           control2: Point(x: p2.x - m2.dx / 3, y: p2.y - m2.dy / 3), end: p2)
    }

    private static func mirror(_ point: Point, about centre: Point) -> Point {
        Point(x: 2 * centre.x - point.x, y: 2 * centre.y - point.y)
    }

    /// The same curve `factor` times as far from the origin (a spline's piece through points so scaled).
    public func scaled(by factor: Double) -> CubicBezier {
        func scaled(_ p: Point) -> Point { Point(x: p.x * factor, y: p.y * factor) }
        return CubicBezier(start: scaled(start), control1: scaled(control1), control2: scaled(control2), end: scaled(end))
    }

    /// Its first and second halves (t from 0 to ½ and from ½ to 1), as curves of their own (de Casteljau).
    public var halves: (CubicBezier, CubicBezier) {
        func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let ab = middle(start, control1), bc = middle(control1, control2), cd = middle(control2, end)
        let abc = middle(ab, bc), bcd = middle(bc, cd), centre = middle(abc, bcd)
        return (CubicBezier(start: start, control1: ab, control2: abc, end: centre),
                CubicBezier(start: centre, control1: bcd, control2: cd, end: end))
    }

    /// The point at parameter `t` (0…1).
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                     y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The bounds of its four points: the curve lies within them.
    public var hull: Rect {
        Rect(minX: min(min(start.x, control1.x), min(control2.x, end.x)), minY: min(min(start.y, control1.y), min(control2.y, end.y)),
             maxX: max(max(start.x, control1.x), max(control2.x, end.x)), maxY: max(max(start.y, control1.y), max(control2.y, end.y)))
    }

    /// The segment from its start to its end.
    public var chord: Segment { Segment(begin: start, end: end) }

    /// How far the curve may be from its chord: the farther control point's distance to the chord (the
    /// curve lies in the hull of the chord and the control points).
    public var strays: Double { max(chord.distance(to: control1), chord.distance(to: control2)) }

    /// How far the curve may be from the chord's line, across it: every point of the chord is at most this
    /// far from the curve (whose projection on the chord covers it, from end to end), and every point of the
    /// curve at most this far from the line.
    public var straysAcross: Double {
        let d = end - start
        let length = d.length
        guard length > 0 else { return strays }
        func across(_ p: Point) -> Double { abs((p.x - start.x) * d.dy - (p.y - start.y) * d.dx) / length }
        return max(across(control1), across(control2))
    }

    /// How many equal steps of its parameter make a polyline within `tolerance` of the curve: a step of h
    /// strays at most h²/8 · max|B″| from its chord, and |B″| ≤ 6 · the larger second difference of the
    /// control polygon.
    public func steps(within tolerance: Double) -> Int {
        let a = Vector(dx: start.x - 2 * control1.x + control2.x, dy: start.y - 2 * control1.y + control2.y).length
        let b = Vector(dx: control1.x - 2 * control2.x + end.x, dy: control1.y - 2 * control2.y + end.y).length
        let steps = (0.75 * max(a, b) / tolerance).squareRoot().rounded(.up)
        return Int(min(max(steps, 1), 4_096))
    }

    /// The distance from `p` to the curve, to within `CubicBezier.precision` (to its flattening).
    public func distance(to p: Point) -> Double { nearestChord { $0.distance(to: p) } }

    /// The distance from the segment `s` to the curve, to within `CubicBezier.precision`.
    public func distance(to s: Segment) -> Double { nearestChord { $0.distance(to: s) } }

    /// The least `distance` to a chord of the curve's flattening within `precision`.
    private func nearestChord(_ distance: (Segment) -> Double) -> Double {
        let steps = steps(within: Self.precision)
        var best = Double.infinity
        var previous = start
        for step in 1...steps {
            let next = step == steps ? end : point(at: Double(step) / Double(steps))
            best = min(best, distance(Segment(begin: previous, end: next)))
            previous = next
        }
        return best
    }

    /// How close, in px, the distances above are to the curve's: far under a pixel.
    public static let precision = 0.01
}
