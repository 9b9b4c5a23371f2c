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

/// Identity of a finished line. Ids grow with drawing order, so a larger id was drawn later.
public struct LineID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: LineID, b: LineID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// A finished line of the drawing: black, or green while selected.
public struct Line: Hashable, Sendable {
    /// Set once outside this module; inside it, only to make `content` and to number a merge's lines.
    public internal(set) var id: LineID
    public var segment: Segment

    public init(id: LineID, segment: Segment) { self.id = id; self.segment = segment }

    public var begin: Point { segment.begin }
    public var end: Point { segment.end }

    /// What the line looks like, without its identity: to a merge, lines with equal content are the
    /// same shape. It is everything but `id`, so a field added to `Line` (a colour, a width) is part
    /// of it with no change here.
    var content: Line { withID(LineID(0)) }

    /// This line under another id.
    func withID(_ id: LineID) -> Line {
        var line = self
        line.id = id
        return line
    }
}
