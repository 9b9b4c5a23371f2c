import Shapes

/// Where a single click stands while the engine tells a single click from a double click.
enum TapPhase: Hashable, Sendable {
    /// No click is waiting.
    case none
    /// A click selected provisionally; `previous` is restored if a double click supersedes it.
    case provisional(previous: Selection?)
}

/// A shape being dragged along, shown live; recorded as one `Edit.move` when dropped.
struct ShapeDrag: Hashable, Sendable {
    /// What started the drag; only that gesture's steps continue it.
    enum Gesture: Hashable, Sendable {
        case longPress
        case move
    }

    let gesture: Gesture
    let id: ShapeID
    /// Where the shape was when picked up: for cancelling and for the undo entry.
    let original: ShapeGeometry
    /// Where the pointer picked it up; the shape follows the pointer's displacement from here.
    let anchor: Point

    func geometry(forPointerAt point: Point) -> ShapeGeometry {
        original.translated(by: point - anchor)
    }
}
