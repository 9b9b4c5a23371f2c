/// The kinds of shape a drawing holds.
public enum ShapeKind: UInt8, Hashable, Sendable, CaseIterable {
    /// A straight line (the book's).
    case line
    /// An ellipse inscribed in a box (a circle when the box is square), as two fingers draw it. (The file
    /// calls it "circle", as the app did before it drew ellipses by name.)
    case ellipse
    /// A freehand stroke: a smooth curve through points, with a width a point where the widths vary.
    case ink
}

/// Where a shape lies: the geometry of its kind. This is the one switch over the kinds of shape: what every
/// kind must answer (its bounds, the exact distance to it and to a segment, itself moved) is answered here,
/// each case by its kind's own type in its own file (`Segment` for a line, `Ellipse` for an ellipse, `Ink`
/// for ink). A new kind is a new case, and the compiler names every switch that must learn it.
public enum ShapeGeometry: Hashable, Sendable {
    /// A straight line from the segment's `begin` to its `end`.
    case line(Segment)
    /// The ellipse inscribed in the box with `box.begin` and `box.end` at opposite corners (the two
    /// contacts that drew it); a circle when the box is square.
    case ellipse(box: Segment)
    /// A freehand stroke through the ink's points (its buffer shared, never copied with the shape).
    case ink(Ink)

    public var kind: ShapeKind {
        switch self {
        case .line: .line
        case .ellipse: .ellipse
        case .ink: .ink
        }
    }

    /// The tight bounds of the centre line (callers widen them by half the stroke width).
    public var bounds: Rect {
        switch self {
        case .line(let segment): segment.bounds
        case .ellipse(let box): Ellipse.bounds(ofBox: box)
        case .ink(let ink): ink.bounds
        }
    }

    /// The exact distance from `point` to the centre line: to a line's segment, to an ellipse's outline
    /// (its inside is not the shape), to ink's curve as drawn (to within `CubicBezier.precision`).
    public func distance(to point: Point) -> Double {
        switch self {
        case .line(let segment): segment.distance(to: point)
        case .ellipse(let box): Ellipse(box: box).distance(to: point)
        case .ink(let ink): ink.distance(to: point)
        }
    }

    /// The same, where it is at most `limit`; else some distance beyond `limit` (ink is not measured where
    /// its runs and pieces lie farther: a click near a long stroke looks at the part near it).
    public func distance(to point: Point, notBeyond limit: Double) -> Double {
        switch self {
        case .line, .ellipse: distance(to: point)
        case .ink(let ink): ink.distance(to: point, notBeyond: limit)
        }
    }

    /// The exact distance from the segment `path` (an eraser's motion) to the centre line.
    public func distance(to path: Segment) -> Double {
        switch self {
        case .line(let segment): segment.distance(to: path)
        case .ellipse(let box): Ellipse(box: box).distance(to: path)
        case .ink(let ink): ink.distance(to: path)
        }
    }

    /// How many points ink has (lines and ellipses hold none): what the limits on points count.
    public var inkPointCount: Int {
        switch self {
        case .line, .ellipse: 0
        case .ink(let ink): ink.count
        }
    }

    /// The same geometry moved by `offset` (each point moved by it, exactly but for ink's points, rounded to
    /// their stored precision; so a move is undone by putting the old geometry back, never by moving back).
    public func translated(by offset: Vector) -> ShapeGeometry {
        switch self {
        case .line(let segment): .line(segment.translated(by: offset))
        case .ellipse(let box): .ellipse(box: box.translated(by: offset))
        case .ink(let ink): .ink(ink.translated(by: offset))
        }
    }
}
