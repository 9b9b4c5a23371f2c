/// A shape whose contact is still down: drawn red, of the kind and width it will have when finished.
public struct ShapeInProgress: Hashable, Sendable {
    public var kind: ShapeKind
    /// A line's ends; a circle's box's opposite corners.
    public var segment: Segment
    /// The stroke's width in px at 96 dpi (the renderer scales it with the screen's resolution).
    public var width: Double

    public init(kind: ShapeKind = .line, segment: Segment, width: Double = ShapeStyle.standardWidth) {
        self.kind = kind
        self.segment = segment
        self.width = width
    }

    public var begin: Point { segment.begin }
    public var end: Point { segment.end }
}
