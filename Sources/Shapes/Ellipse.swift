/// The geometry of the ellipse kind (`ShapeGeometry.ellipse`): the axis-aligned ellipse inscribed in a box
/// given by two opposite corners, its bounds and the exact distance to its outline.
struct Ellipse {
    var centre: Point
    /// Semi-axes along x and y, both ≥ 0.
    var a: Double
    var b: Double

    /// The ellipse inscribed in the box with `box.begin` and `box.end` at opposite corners.
    init(box: Segment) {
        let bounds = box.bounds
        centre = Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        a = bounds.width / 2
        b = bounds.height / 2
    }

    /// The bounds of the ellipse in the box with corners `box.begin` and `box.end`: the box.
    static func bounds(ofBox box: Segment) -> Rect { box.bounds }

    /// The exact distance from `p` to the outline (D. Eberly, "Distance from a Point to an Ellipse": the
    /// closest point's parameter found by bisection, robust for every point, inside or out, and for flat
    /// ellipses; a box of no width or height is the segment it collapses to).
    func distance(to p: Point) -> Double {
        let px = abs(p.x - centre.x), py = abs(p.y - centre.y)  // by symmetry, the first quadrant
        if a == 0 || b == 0 {
            return Segment(begin: Point(x: -a, y: -b), end: Point(x: a, y: b)).distance(to: Point(x: px, y: py))
        }
        // The paper's names: semi-axes e0 ≥ e1 > 0, the point (y0, y1) with y0, y1 ≥ 0.
        let (e0, e1, y0, y1) = a >= b ? (a, b, px, py) : (b, a, py, px)
        if y1 > 0 {
            guard y0 > 0 else { return abs(y1 - e1) }
            let z0 = y0 / e0, z1 = y1 / e1
            let g = z0 * z0 + z1 * z1 - 1
            guard g != 0 else { return 0 }
            let r0 = (e0 / e1) * (e0 / e1)
            let t = Self.root(r0, z0, z1, g)
            let x0 = r0 * y0 / (t + r0), x1 = y1 / (t + 1)
            return ((x0 - y0) * (x0 - y0) + (x1 - y1) * (x1 - y1)).squareRoot()
        }
        let numerator = e0 * y0, denominator = e0 * e0 - e1 * e1
        guard numerator < denominator else { return abs(y0 - e0) }
        let ratio = numerator / denominator
        let x0 = e0 * ratio, x1 = e1 * (1 - ratio * ratio).squareRoot()
        return ((x0 - y0) * (x0 - y0) + x1 * x1).squareRoot()
    }

    /// The exact distance from the segment `s` to the outline: 0 where it crosses the outline; else the
    /// nearest points are an end of the segment and its nearest point of the outline, or a point of the
    /// outline whose tangent is parallel to the segment and its nearest point of the segment.
    func distance(to s: Segment) -> Double {
        if a == 0 || b == 0 {
            return Segment(begin: Point(x: centre.x - a, y: centre.y - b), end: Point(x: centre.x + a, y: centre.y + b)).distance(to: s)
        }
        let d = s.end - s.begin
        // The segment's points on the outline: ((x − cx)/a)² + ((y − cy)/b)² = 1 at t in 0…1.
        let fx = (s.begin.x - centre.x) / a, fy = (s.begin.y - centre.y) / b, gx = d.dx / a, gy = d.dy / b
        let qa = gx * gx + gy * gy, qb = 2 * (fx * gx + fy * gy), qc = fx * fx + fy * fy - 1
        if qa > 0 {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                let t1 = (-qb - root) / (2 * qa), t2 = (-qb + root) / (2 * qa)
                if (0...1).contains(t1) || (0...1).contains(t2) { return 0 }
            }
        }
        var best = min(distance(to: s.begin), distance(to: s.end))
        let norm = (a * a * d.dy * d.dy + b * b * d.dx * d.dx).squareRoot()
        if norm > 0 {
            let offset = Vector(dx: a * a * d.dy / norm, dy: -b * b * d.dx / norm)
            best = min(best, s.distance(to: centre + offset), s.distance(to: Point(x: centre.x - offset.dx, y: centre.y - offset.dy)))
        }
        return best
    }

    /// The root of F(t) = (r0·z0/(t+r0))² + (z1/(t+1))² − 1 (`g` = F(0)), by bisection to the limit of
    /// Double's precision.
    private static func root(_ r0: Double, _ z0: Double, _ z1: Double, _ g: Double) -> Double {
        let n0 = r0 * z0
        var s0 = z1 - 1
        var s1 = g < 0 ? 0 : (n0 * n0 + z1 * z1).squareRoot() - 1
        var s = 0.0
        for _ in 0..<1_100 {
            s = (s0 + s1) / 2
            if s == s0 || s == s1 { break }
            let ratio0 = n0 / (s + r0), ratio1 = z1 / (s + 1)
            let f = ratio0 * ratio0 + ratio1 * ratio1 - 1
            if f > 0 { s0 = s } else if f < 0 { s1 = s } else { break }
        }
        return s
    }
}
