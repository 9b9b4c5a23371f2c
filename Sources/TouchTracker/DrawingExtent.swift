import Shapes

/// The area the drawing paints (`Drawing.paintedBounds`), kept up to date at the cost of its changes
/// rather than of its shapes: what the hints at the window's edges are made from at every step. A shape
/// added or moved can only widen it, at once; a shape that goes, moves away or gets thinner may leave it
/// too wide, until it is measured again over every shape, which waits for a moment at rest (not in the
/// middle of a drag, which moves a shape at every motion). Too wide, a hint shows where nothing is for
/// a while; never too narrow, so no shape is out of sight without one.
struct DrawingExtent {
    /// Nil: the drawing paints nothing (as far as is known: see `mayShrink`).
    private(set) var bounds: Rect?
    /// The drawing's revision `bounds` follows.
    private var revision: Drawing.Revision?
    /// Set when a change may have made `bounds` wider than the drawing.
    private var mayShrink = false

    /// Follows `drawing`'s changes; measures it anew when it cannot (a clear, too many changes) and, when
    /// `atRest`, when something may have made the bounds too wide.
    mutating func update(to drawing: Drawing, atRest: Bool) {
        if revision != drawing.revision {
            if let revision, let changes = drawing.changes(since: revision), !changes.contains(.cleared) {
                for change in changes { follow(change, in: drawing) }
            } else {
                measure(drawing)
            }
            revision = drawing.revision
        }
        if mayShrink, atRest { measure(drawing) }
    }

    private mutating func follow(_ change: DrawingChange, in drawing: Drawing) {
        switch change {
        case .appended(let shape), .inserted(let shape):
            widen(to: shape.paintedBounds)
        case .moved(let changes):
            mayShrink = true
            for change in changes {
                let width = drawing.shape(change.id)?.style.width ?? 0
                widen(to: change.to.bounds.insetBy(-width / 2))  // the geometry's bounds
            }
        case .restyled(let before):
            mayShrink = true
            if let now = drawing.shape(before.id) { widen(to: now.paintedBounds) }
        case .removed:
            mayShrink = true
        case .cleared:
            bounds = nil
        }
    }

    private mutating func widen(to painted: Rect) {
        bounds = bounds.map {
            Rect(minX: min($0.minX, painted.minX), minY: min($0.minY, painted.minY),
                 maxX: max($0.maxX, painted.maxX), maxY: max($0.maxY, painted.maxY))
        } ?? painted
    }

    private mutating func measure(_ drawing: Drawing) {
        bounds = drawing.paintedBounds
        mayShrink = false
    }
}
