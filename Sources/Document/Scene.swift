/// Everything visible on the canvas at one moment: what a frame paints. A plain value, made by the
/// app (which knows nothing of Cairo) and painted by Rendering.
public struct Scene: Sendable {
    /// The finished lines.
    public var drawing: Drawing
    /// Lines whose contact is still down (red), in a stable order: bottom to top.
    public var linesInProgress: [Segment]
    /// The selected line (green), if any.
    public var selection: LineID?
    /// Panels over the lines (context menu, help, notices), bottom to top.
    public var overlays: [Overlay]

    public init(drawing: Drawing, linesInProgress: [Segment] = [], selection: LineID? = nil, overlays: [Overlay] = []) {
        self.drawing = drawing
        self.linesInProgress = linesInProgress
        self.selection = selection
        self.overlays = overlays
    }

    /// Where the selected line is (drawn green), if there is one and it exists.
    public var selectedSegment: Segment? {
        selection.flatMap { drawing.line($0)?.segment }
    }
}
