import Shapes

/// A rectangle at any angle along a stroked segment: the points whose position along the segment's
/// direction and across it fall in two ranges (two slabs). The part of a round-capped stroke of half
/// width r between its caps, less a margin on every side (`inside`), is one: every pixel wholly inside
/// it is fully covered by the stroke. Cairo builds the stroke as this rectangle (its sides exact to
/// 1/256 px) plus a polygon inscribed in each cap's circle; the margin stays clear of the fixed-point
/// rounding. With the caps' circles around its ends, the rectangle makes `StrokeCapsule`.
/// (`SolidCellsTests` checks the claims against Cairo.)
///
/// Cut by a horizontal line at y, the box is the x-range between its left side, max(l₁(y), l₂(y)),
/// and its right side, min(r₁(y), r₂(y)): each slab gives one straight left and one right bound.
struct StrokeBox {
    /// A side of a slab as x = at0 + slope·y (±infinity for a slab that does not bound x).
    private struct Side {
        var at0: Double
        var slope: Double
        func x(_ y: Double) -> Double { at0 + slope * y }
    }

    private let left: (Side, Side)
    private let right: (Side, Side)
    /// The corners, in order around the box.
    private let corners: (Point, Point, Point, Point)
    /// The rows the box reaches: from its highest corner to its lowest.
    let verticalExtent: (min: Double, max: Double)

    /// Keeps inside pixels this far from the stroke's sides, in px.
    static let margin = 0.25

    /// The rectangle along `segment`, `extra` longer at both ends, `halfWidth` each side of it.
    init(_ segment: Segment, along extra: Double, across halfWidth: Double) {
        let d = segment.end - segment.begin
        let length = d.length
        let u = length > 0 ? (x: d.dx / length, y: d.dy / length) : (x: 1.0, y: 0.0)
        let n = (x: -u.y, y: u.x)
        let start = u.x * segment.begin.x + u.y * segment.begin.y
        let side = n.x * segment.begin.x + n.y * segment.begin.y
        let along = (min: start - extra, max: start + length + extra)
        let across = (min: side - halfWidth, max: side + halfWidth)
        // The points with a·x + b·y in `range`, on a horizontal line: x between two straight sides.
        func sides(_ a: Double, _ b: Double, _ range: (min: Double, max: Double)) -> (left: Side, right: Side) {
            guard a != 0 else { return (Side(at0: -.infinity, slope: 0), Side(at0: .infinity, slope: 0)) }
            let low = Side(at0: range.min / a, slope: -b / a), high = Side(at0: range.max / a, slope: -b / a)
            return a > 0 ? (low, high) : (high, low)
        }
        let first = sides(u.x, u.y, along), second = sides(n.x, n.y, across)
        left = (first.left, second.left)
        right = (first.right, second.right)
        func corner(_ a: Double, _ c: Double) -> Point { Point(x: u.x * a + n.x * c, y: u.y * a + n.y * c) }
        corners = (corner(along.min, across.min), corner(along.min, across.max),
                   corner(along.max, across.max), corner(along.max, across.min))
        verticalExtent = (min(min(corners.0.y, corners.1.y), min(corners.2.y, corners.3.y)),
                          max(max(corners.0.y, corners.1.y), max(corners.2.y, corners.3.y)))
        isEmpty = !(along.min < along.max && across.min < across.max)
    }

    let isEmpty: Bool

    /// The part of a stroke of `segment` that covers its pixels fully; nil when there is none to speak of.
    static func inside(_ segment: Segment, halfWidth: Double) -> StrokeBox? {
        let box = StrokeBox(segment, along: -margin, across: halfWidth - margin)
        return box.isEmpty ? nil : box
    }

    /// The x-range of the box on the horizontal line at `y`; nil when the line misses it.
    func span(atY y: Double) -> (min: Double, max: Double)? {
        guard y >= verticalExtent.min, y <= verticalExtent.max else { return nil }
        let result = (min: max(left.0.x(y), left.1.x(y)), max: min(right.0.x(y), right.1.x(y)))
        return result.min <= result.max ? result : nil
    }

    /// The x-range of the box over the band of rows from `top` to `bottom`; nil when the band misses it.
    func span(from top: Double, to bottom: Double) -> (min: Double, max: Double)? {
        let top = max(top, verticalExtent.min), bottom = min(bottom, verticalExtent.max)
        guard top <= bottom else { return nil }
        // A convex polygon's sides are at their outermost over a band at the band's edges or at corners
        // inside it (the corners at the box's top and bottom make up for rounding there).
        var result = (min: min(max(left.0.x(top), left.1.x(top)), max(left.0.x(bottom), left.1.x(bottom))),
                      max: max(min(right.0.x(top), right.1.x(top)), min(right.0.x(bottom), right.1.x(bottom))))
        func include(_ corner: Point) {
            guard corner.y >= top, corner.y <= bottom else { return }
            result = (min(result.min, corner.x), max(result.max, corner.x))
        }
        include(corners.0)
        include(corners.1)
        include(corners.2)
        include(corners.3)
        return result
    }
}
