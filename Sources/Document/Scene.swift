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
    /// A spatial index over the finished lines, when the scene comes from an `IndexedDrawing`: with it a
    /// compositor finds the lines in an area without looking at every line. See `indexOfDrawing`.
    public var index: LineIndex?

    public init(drawing: Drawing, linesInProgress: [Segment] = [], selection: LineID? = nil, overlays: [Overlay] = []) {
        self.drawing = drawing
        self.linesInProgress = linesInProgress
        self.selection = selection
        self.overlays = overlays
    }

    /// The scene of `document`'s drawing, with its index.
    public init(document: IndexedDrawing, linesInProgress: [Segment] = [], selection: LineID? = nil, overlays: [Overlay] = []) {
        self.init(drawing: document.drawing, linesInProgress: linesInProgress, selection: selection, overlays: overlays)
        index = document.index
    }

    /// `index`, if it indexes `drawing` as it is now (the drawing may have been changed since).
    public var indexOfDrawing: LineIndex? {
        index.flatMap { $0.revision == drawing.revision ? $0 : nil }
    }

    /// Where the selected line is (drawn green), if there is one and it exists.
    public var selectedSegment: Segment? {
        selection.flatMap { drawing.line($0)?.segment }
    }
}
