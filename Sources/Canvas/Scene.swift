/// Everything visible in the window at one moment: what a frame paints. A plain value, made by the
/// app (which knows nothing of Cairo) and painted by Rendering. The shapes are in document px, shown
/// through `view`; the hints and the panels over them are in window pixels.

import Shapes

public struct Scene: Sendable {
    /// The finished shapes.
    public var drawing: Drawing
    /// Shapes whose contact is still down (red), in a stable order: bottom to top.
    public var shapesInProgress: [ShapeInProgress]
    /// The selected shapes (green, over the others).
    public var selection: Set<ShapeID>
    /// Panels over the shapes (context menu, help, notices), bottom to top, in window pixels.
    public var overlays: [Overlay]
    /// How the window shows the drawing.
    public var view = ViewTransform()
    /// Bars along the window's edges where the drawing goes on beyond them (`EdgeHints`), in window pixels:
    /// drawn over the shapes, under the panels.
    public var hints: [Rect] = []
    /// A spatial index over the finished shapes, when the scene comes from an `IndexedDrawing`: with it a
    /// compositor finds the shapes in an area without looking at every shape. See `indexOfDrawing`.
    public var index: ShapeIndex?

    public init(drawing: Drawing, shapesInProgress: [ShapeInProgress] = [], selection: Set<ShapeID> = [],
                overlays: [Overlay] = []) {
        self.drawing = drawing
        self.shapesInProgress = shapesInProgress
        self.selection = selection
        self.overlays = overlays
    }

    /// The scene of `document`'s drawing, with its index.
    public init(document: IndexedDrawing, shapesInProgress: [ShapeInProgress] = [], selection: Set<ShapeID> = [],
                overlays: [Overlay] = []) {
        self.init(drawing: document.drawing, shapesInProgress: shapesInProgress, selection: selection, overlays: overlays)
        index = document.index
    }

    /// `index`, if it indexes `drawing` as it is now (the drawing may have been changed since).
    public var indexOfDrawing: ShapeIndex? {
        index.flatMap { $0.revision == drawing.revision ? $0 : nil }
    }

    /// The selected shapes that exist (drawn green, each of its own kind and width), in drawing order.
    public var selectedShapes: [Shape] {
        selection.compactMap { drawing.shape($0) }.sorted { $0.id < $1.id }
    }
}
