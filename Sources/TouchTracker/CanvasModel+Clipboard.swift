import Shapes
import Storage

/// The clipboard as the canvas sees it: which shapes Ctrl+C copies and where Ctrl+V puts shapes. The core
/// turns these into effects (own the clipboard with these shapes, ask for its content) and the shell speaks
/// the X selection protocol (XShell's `ClipboardService`).
extension CanvasModel {
    /// What Ctrl+C copies: the selected shapes, or every shape when none is selected (none: an empty drawing),
    /// as a drawing of their own numbered 1…n in drawing order.
    public var shapesToCopy: Drawing {
        selection.isEmpty ? drawing.renumbered() : Drawing(shapes: selectedShapes).renumbered()
    }

    /// Why pasted shapes were refused.
    public enum PasteRefusal: Error, Hashable, Sendable {
        /// The clipboard's drawing has no shapes.
        case noShapes
        /// The drawing would hold more shapes than a file may (`accepts`: `DocumentLimits.maxShapes`).
        case tooManyShapes(Int)
        /// The drawing's ink would hold more points than a file may (`accepts`: `DocumentLimits.maxPoints`).
        case tooManyInkPoints(Int)
        /// Centred there, some shape would lie beyond the coordinates a file may hold.
        case outOfBounds
    }

    /// Adds `pasted`'s shapes on top of the drawing, moved so that the centre of their bounds is at `centre`,
    /// numbered after the drawing's own shapes, as one undoable edit; the shapes pasted are selected.
    /// Returns how many were pasted. (A shape being dragged meanwhile goes on being dragged.)
    public mutating func paste(_ pasted: Drawing, centredAt centre: Point) -> Result<Int, PasteRefusal> {
        let shapes = pasted.shapes
        guard !shapes.isEmpty else { return .failure(.noShapes) }
        var bounds = shapes[0].bounds
        for shape in shapes.dropFirst() {
            let box = shape.bounds
            bounds = Rect(minX: min(bounds.minX, box.minX), minY: min(bounds.minY, box.minY),
                          maxX: max(bounds.maxX, box.maxX), maxY: max(bounds.maxY, box.maxY))
        }
        let offset = Vector(dx: centre.x - (bounds.minX + bounds.maxX) / 2, dy: centre.y - (bounds.minY + bounds.maxY) / 2)
        let first = drawing.nextID.rawValue
        let placed = shapes.enumerated().map { index, shape in
            Shape(id: ShapeID(first + UInt64(index)), geometry: shape.geometry.translated(by: offset), style: shape.style)
        }
        let fits = placed.allSatisfy { DrawingFormat.isSavable($0.geometry) && DocumentLimits.isValidID($0.id) }
        guard accepts(.paste(placed)) else {
            let points = drawing.inkPointCount + Edit.paste(placed).inkPointChange
            return .failure(points > DocumentLimits.maxPoints ? .tooManyInkPoints(points) : .tooManyShapes(drawing.shapes.count + placed.count))
        }
        guard fits else { return .failure(.outOfBounds) }
        menu = nil  // it may be about the shape selected until now
        perform(.paste(placed))
        selection = Selection(placed.map(\.id))
        return .success(placed.count)
    }
}
