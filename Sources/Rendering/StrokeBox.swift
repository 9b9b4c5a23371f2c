import Document

/// A rectangle at any angle around a stroked segment: the points whose position along the segment's
/// direction and across it fall in two ranges (two slabs). Two of them describe a round-capped stroke
/// of half width `r` without rasterising it:
///
///   inside    across −(r − margin)…(r − margin), along the segment's length (caps left out): every
///             pixel wholly inside is fully covered by the stroke
///   around    across −(r + 1)…(r + 1), along the length plus r + 1 at both ends: every pixel the
///             stroke touches is inside
///
/// Cairo builds the stroke as this rectangle (its long sides exact to 1/256 px) plus a polygon
/// inscribed in each cap's circle, and gives a pixel wholly inside that polygon full coverage; the
/// margin stays clear of the fixed-point rounding. (`SolidCellsTests` checks both claims against Cairo.)
struct StrokeBox {
    /// The unit direction of the segment (along); the normal is (−y, x).
    private let direction: (x: Double, y: Double)
    private let along: (min: Double, max: Double)
    private let across: (min: Double, max: Double)
    /// The corners, in order around the box.
    private let corners: (Point, Point, Point, Point)
    /// The rows the box reaches: from its highest corner to its lowest.
    let verticalExtent: (min: Double, max: Double)

    /// Keeps inside pixels this far from the stroke's long sides, in px.
    static let margin = 0.25

    private init(_ segment: Segment, along extra: Double, across halfWidth: Double) {
        let d = segment.end - segment.begin
        let length = d.length
        direction = length > 0 ? (d.dx / length, d.dy / length) : (1, 0)
        let start = direction.x * segment.begin.x + direction.y * segment.begin.y
        let side = -direction.y * segment.begin.x + direction.x * segment.begin.y
        along = (start - extra, start + length + extra)
        across = (side - halfWidth, side + halfWidth)
        let (u, n) = (direction, (x: -direction.y, y: direction.x))
        func corner(_ a: Double, _ c: Double) -> Point { Point(x: u.x * a + n.x * c, y: u.y * a + n.y * c) }
        corners = (corner(along.min, across.min), corner(along.min, across.max),
                   corner(along.max, across.max), corner(along.max, across.min))
        let ys = (corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        verticalExtent = (Swift.min(Swift.min(ys.0, ys.1), Swift.min(ys.2, ys.3)), Swift.max(Swift.max(ys.0, ys.1), Swift.max(ys.2, ys.3)))
    }

    /// The part of a stroke of `segment` that covers its pixels fully; nil when there is none to speak of.
    static func inside(_ segment: Segment, halfWidth: Double) -> StrokeBox? {
        let box = StrokeBox(segment, along: -margin, across: halfWidth - margin)
        return box.along.min < box.along.max && box.across.min < box.across.max ? box : nil
    }

    /// Everything a stroke of `segment` paints, and a little more.
    static func around(_ segment: Segment, halfWidth: Double) -> StrokeBox {
        StrokeBox(segment, along: halfWidth + 1, across: halfWidth + 1)
    }

    /// The x-range of the box on the horizontal line at `y`; nil when the line misses it.
    func span(atY y: Double) -> (min: Double, max: Double)? {
        // Along: dx·x + dy·y in `along`; across: −dy·x + dx·y in `across`.
        guard let a = Self.range(coefficient: direction.x, offset: direction.y * y, within: along),
              let b = Self.range(coefficient: -direction.y, offset: direction.x * y, within: across) else { return nil }
        let result = (min: Swift.max(a.min, b.min), max: Swift.min(a.max, b.max))
        return result.min <= result.max ? result : nil
    }

    /// The x-range of the box over the band of rows from `top` to `bottom`; nil when the band misses it.
    func span(from top: Double, to bottom: Double) -> (min: Double, max: Double)? {
        // A convex polygon's extent over a band: its cuts at the band's edges and its corners inside it.
        var result = span(atY: top)
        func include(_ span: (min: Double, max: Double)?) {
            guard let span else { return }
            result = result.map { (Swift.min($0.min, span.min), Swift.max($0.max, span.max)) } ?? span
        }
        include(span(atY: bottom))
        func include(_ corner: Point) { if corner.y >= top && corner.y <= bottom { include((corner.x, corner.x)) } }
        include(corners.0)
        include(corners.1)
        include(corners.2)
        include(corners.3)
        return result
    }

    /// The x with `coefficient`·x + `offset` in `range`: an interval, everything, or nothing.
    private static func range(coefficient: Double, offset: Double, within range: (min: Double, max: Double))
        -> (min: Double, max: Double)? {
        if coefficient == 0 {
            return range.min <= offset && offset <= range.max ? (-.infinity, .infinity) : nil
        }
        let a = (range.min - offset) / coefficient, b = (range.max - offset) / coefficient
        return (Swift.min(a, b), Swift.max(a, b))
    }
}
