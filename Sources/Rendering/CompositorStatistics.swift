/// Counts of the work a compositor has done on its cache of finished shapes, for tests and the bench.
public struct CompositorStatistics: Hashable, Sendable {
    /// Times every finished shape was stroked again (first frame, resize, clear, an unknown drawing, or
    /// more changes at once than the drawing remembers).
    public var rebuilds = 0
    /// Shapes stroked on top of the layer because they were added on top of the drawing.
    public var appendedShapes = 0
    /// Times some areas were repainted from the shapes reaching into them (delete, move, undo).
    public var repairs = 0
    /// Shapes stroked by rebuilds and repairs together.
    public var shapesRestroked = 0
    /// Shapes not stroked by rebuilds, repairs or when added, because every cell they reach is solid
    /// (covered whole by later lines: see `SolidCells`).
    public var buriedShapes = 0
    /// Times the viewport moved (a pan) past what the layer held and only the strip uncovered was painted.
    public var scrolls = 0
    /// Bands of the margin around the viewport painted ahead, in idle time (`CanvasCompositor.paintAhead`).
    public var bandsPaintedAhead = 0
    /// Frames that showed the layer scaled while zooming, before the sharp one.
    public var previews = 0
    /// Circles a first frame painted from their rings traced on the other core during its latest-first pass
    /// (`RingTracer`), rather than tracing them as it painted.
    public var ringsTracedAhead = 0

    public init() {}
}
