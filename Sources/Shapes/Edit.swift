/// Anything whose finished shapes can be edited: `Drawing` itself, or `IndexedDrawing`, which keeps
/// a spatial index in step. Edits and the history are written against this, so they cannot
/// forget to update the index.
public protocol ShapeEditing {
    /// Puts `shape` back at its place in drawing order (replacing a shape with the same id).
    mutating func restore(_ shape: Shape)
    /// Puts back many shapes at once (undoing a clear); may be faster than restoring one by one.
    mutating func restore(contentsOf shapes: [Shape])
    /// Removes the shape with `id`; returns it, or nil when there is none.
    @discardableResult mutating func remove(_ id: ShapeID) -> Shape?
    /// Removes many shapes at once (a merge); may be faster than removing one by one.
    mutating func remove(contentsOf ids: [ShapeID])
    /// Removes every finished shape and returns them.
    @discardableResult mutating func removeAll() -> [Shape]
    /// Replaces the geometry of shape `id`; returns false when there is no such shape.
    @discardableResult mutating func setGeometry(_ geometry: ShapeGeometry, of id: ShapeID) -> Bool
    /// Replaces the geometry of each shape named (those there are), as one change (shapes moved together).
    mutating func setGeometries(_ geometries: [(id: ShapeID, geometry: ShapeGeometry)])
    /// Replaces the colour and width of shape `id`; returns false when there is no such shape.
    @discardableResult mutating func setStyle(_ style: ShapeStyle, of id: ShapeID) -> Bool
}

extension Drawing: ShapeEditing {}

/// One undoable change to the drawing. Each case carries exactly what it needs to be applied and
/// reverted: shape values and geometries, never pictures, so the history costs memory in proportion
/// to what was edited. Geometries are stored before and after (not as a delta) so that undo puts a
/// shape back bit for bit; adding and subtracting a delta in floating point would not.
///
/// The edits of the selection (delete, move, nudge, restyle) carry every selected shape: one edit, one undo,
/// however many shapes were selected.
public enum Edit: Hashable, Sendable {
    /// A new shape was drawn (the shape carries the id it was given).
    case draw(Shape)
    /// Shapes were deleted (in drawing order).
    case delete([Shape])
    /// Shapes were dragged from one place to another, all by the same displacement.
    case move([GeometryChange])
    /// Shapes were nudged with an arrow key.
    case nudge([GeometryChange])
    /// Every shape was removed (the shapes, in drawing order).
    case clear([Shape])
    /// Shapes were removed and others added in one step: a merge with the file another program wrote,
    /// or a reload of it (see `DrawingMerge`). Undo brings back the shapes as they were before.
    case replace(removed: [Shape], added: [Shape])
    /// Shapes were given another colour or width.
    case restyle([StyleChange])
    /// Shapes were pasted from the clipboard, on top of the others (the shapes, with the ids they were given).
    case paste([Shape])

    /// A short human name ("Undo Move"), for menus and traces.
    public var name: String {
        switch self {
        case .draw: "Draw"
        case .delete: "Delete"
        case .move: "Move"
        case .nudge: "Nudge"
        case .clear: "Clear"
        case .replace: "Merge"
        case .restyle: "Colour and Width"
        case .paste: "Paste"
        }
    }

    /// How many ink points the change adds to the drawing (negative: how many it removes).
    public var inkPointChange: Int {
        func points(_ shapes: [Shape]) -> Int { shapes.reduce(0) { $0 + $1.geometry.inkPointCount } }
        return switch self {
        case .draw(let shape): shape.geometry.inkPointCount
        case .paste(let shapes): points(shapes)
        case .delete(let shapes), .clear(let shapes): -points(shapes)
        case .replace(let removed, let added): points(added) - points(removed)
        case .move(let changes), .nudge(let changes):
            changes.reduce(0) { $0 + $1.to.inkPointCount - $1.from.inkPointCount }
        case .restyle: 0
        }
    }

    /// How many shapes the change adds to the drawing (negative: how many it removes).
    public var shapeCountChange: Int {
        switch self {
        case .draw: 1
        case .delete(let shapes), .clear(let shapes): -shapes.count
        case .replace(let removed, let added): added.count - removed.count
        case .paste(let shapes): shapes.count
        case .move, .nudge, .restyle: 0
        }
    }

    /// Makes the change.
    public func apply<Target: ShapeEditing>(to target: inout Target) {
        switch self {
        case .draw(let shape): target.restore(shape)
        case .delete(let shapes): target.remove(contentsOf: shapes.map(\.id))
        case .move(let changes), .nudge(let changes): target.setGeometries(changes.map { ($0.id, $0.to) })
        case .restyle(let changes): for change in changes { target.setStyle(change.to, of: change.id) }
        case .paste(let shapes): target.restore(contentsOf: shapes)
        case .clear: target.removeAll()
        case .replace(let removed, let added):
            target.remove(contentsOf: removed.map(\.id))
            target.restore(contentsOf: added)
        }
    }

    /// Takes the change back: the inverse of `apply`.
    public func revert<Target: ShapeEditing>(on target: inout Target) {
        switch self {
        case .draw(let shape): target.remove(shape.id)
        case .delete(let shapes): target.restore(contentsOf: shapes)
        case .move(let changes), .nudge(let changes): target.setGeometries(changes.map { ($0.id, $0.from) })
        case .restyle(let changes): for change in changes { target.setStyle(change.from, of: change.id) }
        case .paste(let shapes): target.remove(contentsOf: shapes.map(\.id))
        case .clear(let shapes): target.restore(contentsOf: shapes)
        case .replace(let removed, let added):
            target.remove(contentsOf: added.map(\.id))
            target.restore(contentsOf: removed)
        }
    }
}

/// A shape's geometry before and after an edit (stored whole both ways: undo puts it back bit for bit).
public struct GeometryChange: Hashable, Sendable {
    public let id: ShapeID
    public let from: ShapeGeometry
    public let to: ShapeGeometry

    public init(_ id: ShapeID, from: ShapeGeometry, to: ShapeGeometry) {
        (self.id, self.from, self.to) = (id, from, to)
    }
}

/// A shape's colour and width before and after an edit.
public struct StyleChange: Hashable, Sendable {
    public let id: ShapeID
    public let from: ShapeStyle
    public let to: ShapeStyle

    public init(_ id: ShapeID, from: ShapeStyle, to: ShapeStyle) {
        (self.id, self.from, self.to) = (id, from, to)
    }
}
