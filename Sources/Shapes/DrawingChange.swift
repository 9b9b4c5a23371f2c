import Synchronization

/// One change to a drawing's finished shapes, told the way a cache of their pixels needs it.
public enum DrawingChange: Hashable, Sendable {
    /// `shape` was added on top of every other shape (it is drawn last).
    case appended(Shape)
    /// `shape` was put back below later shapes (undoing a delete), so it is not on top.
    case inserted(Shape)
    /// `shape` was removed.
    case removed(Shape)
    /// Shapes changed their geometry (each from `from` to `to`), keeping their places in drawing order: one
    /// change however many moved together (the selection dragged), so a cache can follow a drag of many.
    case moved([GeometryChange])
    /// A shape changed its colour or width; this is how it was (its place and geometry stay).
    case restyled(Shape)
    /// Every finished shape was removed.
    case cleared
}

extension Drawing {
    /// Names the finished shapes of a drawing at one moment. Every change to them gives the drawing a
    /// new revision that no other drawing in the process has had, so two drawings (even copies that
    /// went separate ways) with equal revisions have equal finished shapes.
    public struct Revision: Hashable, Sendable, CustomStringConvertible {
        let rawValue: UInt64

        /// A revision never handed out before.
        static func fresh() -> Revision {
            Revision(rawValue: revisionCounter.add(1, ordering: .relaxed).newValue)
        }

        public var description: String { "r\(rawValue)" }
    }
}

/// A remembered change and the revision it was made to.
struct RecordedChange: Sendable {
    let before: Drawing.Revision
    let change: DrawingChange
}

private let revisionCounter = Atomic<UInt64>(0)
