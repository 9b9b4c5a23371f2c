import Shapes

/// Where a single click stands while the engine tells a single click from a double click.
enum TapPhase: Hashable, Sendable {
    /// No click is waiting.
    case none
    /// A click selected provisionally; `previous` is restored if a double click supersedes it.
    case provisional(previous: Selection)
}

/// The selected shapes being dragged along, shown live; recorded as one `Edit.move` when dropped.
struct ShapeDrag: Hashable, Sendable {
    /// What started the drag; only that gesture's steps continue it.
    enum Gesture: Hashable, Sendable {
        case longPress
        case move
    }

    let gesture: Gesture
    /// The shapes dragged as they were when picked up (in drawing order): for cancelling and for the undo
    /// entry.
    let originals: [Shape]
    /// Where the pointer picked them up; the shapes follow the pointer's displacement from here.
    let anchor: Point
}
