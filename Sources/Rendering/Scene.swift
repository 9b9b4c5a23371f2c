import Document

/// Everything visible on the canvas at one moment.
public struct Scene {
    public var drawing: Drawing
    public var selection: LineID?
    /// Panels over the lines (context menu, help), bottom to top.
    public var overlays: [Overlay]

    public init(drawing: Drawing, selection: LineID? = nil, overlays: [Overlay] = []) {
        self.drawing = drawing
        self.selection = selection
        self.overlays = overlays
    }

    /// Where the selected line is (drawn green), if there is one and it exists.
    public var selectedSegment: Segment? {
        selection.flatMap { drawing.line($0)?.segment }
    }
}
