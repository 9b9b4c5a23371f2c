/// A shape whose contact is still down: drawn red, with the geometry it has so far and the width it will
/// have when finished.
public struct ShapeInProgress: Hashable, Sendable {
    public var geometry: ShapeGeometry
    /// The stroke's width in px at 96 dpi (the renderer scales it with the screen's resolution).
    public var width: Double

    public init(geometry: ShapeGeometry, width: Double = ShapeStyle.standardWidth) {
        self.geometry = geometry
        self.width = width
    }
}
