import Shapes

/// The points within a distance of a segment: the shape a round-capped stroke covers, made of the
/// rectangle along the segment (`StrokeBox`) and a disc around each end. `around` is a stroke's with
/// a margin: every pixel the stroke touches has a point in it (Cairo's stroke is this shape with
/// polygons inscribed in the caps' circles, to 1/256 px).
struct StrokeCapsule {
    private let box: StrokeBox
    private let ends: (Point, Point)
    private let radius: Double
    /// The rows it reaches.
    let verticalExtent: (min: Double, max: Double)

    /// Everything a stroke of `segment` with half width `halfWidth` paints, and a little more.
    static func around(_ segment: Segment, halfWidth: Double) -> StrokeCapsule {
        StrokeCapsule(segment, radius: halfWidth + StrokeBox.margin)
    }

    private init(_ segment: Segment, radius: Double) {
        box = StrokeBox(segment, along: 0, across: radius)
        ends = (segment.begin, segment.end)
        self.radius = radius
        verticalExtent = (min(segment.begin.y, segment.end.y) - radius, max(segment.begin.y, segment.end.y) + radius)
    }

    /// The x-range of the capsule over the band of rows from `top` to `bottom`; nil when the band misses it.
    func span(from top: Double, to bottom: Double) -> (min: Double, max: Double)? {
        // The capsule is convex, the union of its pieces: its extent is the hull of theirs.
        var result = box.isEmpty ? nil : box.span(from: top, to: bottom)
        func include(_ end: Point) {
            // A disc's widest row in the band: its centre's, else the band's edge nearest to it.
            let nearest = min(max(end.y, top), bottom)
            let height = nearest - end.y
            guard height * height <= radius * radius else { return }
            let half = (radius * radius - height * height).squareRoot()
            result = result.map { (min($0.min, end.x - half), max($0.max, end.x + half)) } ?? (end.x - half, end.x + half)
        }
        include(ends.0)
        include(ends.1)
        return result
    }
}
