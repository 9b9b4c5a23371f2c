/// The size of the drawing area in pixels (the window's inside).
public struct CanvasSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
