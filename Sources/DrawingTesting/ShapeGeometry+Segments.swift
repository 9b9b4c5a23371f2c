import Shapes

/// For the tests and the bench: the kinds a segment gives (a line's ends, an ellipse's box), made and read
/// back by that segment, so that a test can pick a kind at random or move an end.
extension ShapeGeometry {
    /// The line along `segment`, or the ellipse in the box it spans, or ink from its begin to its end.
    public static func of(_ kind: ShapeKind, _ segment: Segment) -> ShapeGeometry {
        switch kind {
        case .line: .line(segment)
        case .ellipse: .ellipse(box: segment)
        case .ink: .ink(Ink(points: [segment.begin, segment.end]))
        }
    }

    /// A line's ends, an ellipse's box's corners, ink's first and last points.
    public var segment: Segment {
        switch self {
        case .line(let segment), .ellipse(box: let segment): segment
        case .ink(let ink): Segment(begin: ink.first, end: ink.last)
        }
    }
}
