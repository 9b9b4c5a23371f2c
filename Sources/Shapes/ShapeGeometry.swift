/// The kinds of shape a drawing holds.
public enum ShapeKind: UInt8, Hashable, Sendable, CaseIterable {
    /// A straight line (the book's).
    case line
    /// An ellipse inscribed in a box (a circle when the box is square), as two fingers draw it. (The file
    /// calls it "circle", as the app did before it drew ellipses by name.)
    case ellipse
}

/// Where a shape lies: the geometry of its kind. This is the one switch over the kinds of shape: what every
/// kind must answer (its bounds, the exact distance to it, itself moved) is answered here, each case by its
/// kind's own type in its own file (`Segment` for a line, `Ellipse` for an ellipse). A new kind is a new
/// case, and the compiler names every switch that must learn it.
public enum ShapeGeometry: Hashable, Sendable {
    /// A straight line from the segment's `begin` to its `end`.
    case line(Segment)
    /// The ellipse inscribed in the box with `box.begin` and `box.end` at opposite corners (the two
    /// contacts that drew it); a circle when the box is square.
    case ellipse(box: Segment)

    public var kind: ShapeKind {
        switch self {
        case .line: .line
        case .ellipse: .ellipse
        }
    }

    /// The tight bounds of the centre line (callers widen them by half the stroke width).
    public var bounds: Rect {
        switch self {
        case .line(let segment): segment.bounds
        case .ellipse(let box): Ellipse.bounds(ofBox: box)
        }
    }

    /// The exact distance from `point` to the centre line: to a line's segment, to an ellipse's outline
    /// (its inside is not the shape).
    public func distance(to point: Point) -> Double {
        switch self {
        case .line(let segment): segment.distance(to: point)
        case .ellipse(let box): Ellipse(box: box).distance(to: point)
        }
    }

    /// The same geometry `factor` times as far from the document's origin (the drawing as a view of it
    /// shows it: Rendering's canvas).
    public func scaled(by factor: Double) -> ShapeGeometry {
        switch self {
        case .line(let segment): .line(segment.scaled(by: factor))
        case .ellipse(let box): .ellipse(box: box.scaled(by: factor))
        }
    }

    /// The same geometry moved by `offset` (each point moved exactly by it, so that a move is undone by
    /// putting the old geometry back, never by moving back).
    public func translated(by offset: Vector) -> ShapeGeometry {
        switch self {
        case .line(let segment): .line(segment.translated(by: offset))
        case .ellipse(let box): .ellipse(box: box.translated(by: offset))
        }
    }
}
