/// Identity of a finished shape. Ids grow with drawing order, so a larger id was drawn later.
public struct ShapeID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: ShapeID, b: ShapeID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// A finished shape of the drawing: its identity, the geometry of its kind (a line, an ellipse, ink) and its
/// colour and width; green while selected. (The book's `BNRLine`: the app began with lines only.)
///
/// Laid out in 48 bytes, a drawing's memory per shape (`bytes_per_line`: with its index entry at most 64):
/// the id (8), the geometry (its largest case, a segment of four doubles, 32, and a byte for the case: 33),
/// then the style, whose alignment of 1 lets it use the seven bytes after the geometry's. Ink's case holds a
/// reference to its points and their count (16 bytes), so it does not grow the geometry. `ShapeTests`
/// checks the size.
public struct Shape: Hashable, Sendable {
    /// Set once outside this module; inside it, only to make `content` and to number a merge's shapes.
    public internal(set) var id: ShapeID
    public var geometry: ShapeGeometry
    public var style: ShapeStyle

    public init(id: ShapeID, geometry: ShapeGeometry, style: ShapeStyle = .standard) {
        self.id = id; self.geometry = geometry; self.style = style
    }

    public var kind: ShapeKind { geometry.kind }

    /// The tight bounds of its centre line (callers widen them by half the stroke width).
    public var bounds: Rect { geometry.bounds }

    /// The exact distance from `point` to the shape's centre line.
    public func distance(to point: Point) -> Double { geometry.distance(to: point) }

    /// The same shape moved by `offset`.
    public func translated(by offset: Vector) -> Shape {
        Shape(id: id, geometry: geometry.translated(by: offset), style: style)
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
