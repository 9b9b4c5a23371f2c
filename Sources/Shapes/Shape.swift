/// A straight segment from `begin` to `end`: the geometry of a line, without identity.
public struct Segment: Hashable, Sendable {
    public var begin: Point
    public var end: Point

    public init(begin: Point, end: Point) { self.begin = begin; self.end = end }

    public func translated(by v: Vector) -> Segment { Segment(begin: begin + v, end: end + v) }

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

/// Identity of a finished shape. Ids grow with drawing order, so a larger id was drawn later.
public struct ShapeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: ShapeID, b: ShapeID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// What a shape of the drawing is.
public enum ShapeKind: UInt8, Hashable, Sendable, CaseIterable {
    /// A straight line from the segment's `begin` to its `end`.
    case line
    /// A circle (an ellipse, unless its box is square) whose bounding box has the segment's `begin` and
    /// `end` at opposite corners, as two fingers draw it.
    case circle
}

/// How a shape is drawn: its colour and its width. Eight bytes, so that a shape with its geometry and
/// identity takes 48.
public struct ShapeStyle: Hashable, Sendable {
    /// The width as stored: a `Float` holds every width the app makes (they are rounded to 1/100 px) and
    /// is written and read back by its own shortest form.
    public private(set) var storedWidth: Float
    public var colour: Colour

    /// The stroke's width in px at 96 dpi (the renderer scales it with the screen's resolution).
    public var width: Double {
        get { Double(storedWidth) }
        set { storedWidth = Float(newValue) }
    }

    public init(colour: Colour = .black, width: Double = ShapeStyle.standardWidth) {
        self.colour = colour
        storedWidth = Float(width)
    }

    /// The book's (and version 1 files') width.
    public static let standardWidth = 10.0
    /// Black, 10 px: every line of a version 1 file.
    public static let standard = ShapeStyle()
}

/// A finished shape of the drawing, a line or a circle, in its colour and width; green while selected.
/// (The book's `BNRLine`: the app began with lines only.)
public struct Shape: Hashable, Sendable {
    /// Set once outside this module; inside it, only to make `content` and to number a merge's shapes.
    public internal(set) var id: ShapeID
    /// A line's ends; a circle's bounding box's opposite corners.
    public var segment: Segment
    public var style: ShapeStyle
    public var kind: ShapeKind

    public init(id: ShapeID, kind: ShapeKind = .line, segment: Segment, style: ShapeStyle = .standard) {
        self.id = id; self.kind = kind; self.segment = segment; self.style = style
    }

    public var begin: Point { segment.begin }
    public var end: Point { segment.end }

    /// The exact distance from `point` to the shape: to a line's segment, to a circle's outline (its
    /// inside is not the shape).
    public func distance(to point: Point) -> Double {
        switch kind {
        case .line: segment.distance(to: point)
        case .circle: Ellipse(box: segment).distance(to: point)
        }
    }

    /// What the shape looks like, without its identity: to a merge, shapes with equal content are the
    /// same shape. It is everything but `id`, so a field added to `Shape` (a colour, a width) is part
    /// of it with no change here.
    var content: Shape { withID(ShapeID(0)) }

    /// This shape under another id.
    func withID(_ id: ShapeID) -> Shape {
        var shape = self
        shape.id = id
        return shape
    }
}
