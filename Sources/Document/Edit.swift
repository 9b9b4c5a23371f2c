/// Anything whose finished lines can be edited: `Drawing` itself, or `IndexedDrawing`, which keeps
/// a spatial index in step. Edits and the history are written against this, so they cannot
/// forget to update the index.
public protocol LineEditing {
    /// Puts `line` back at its place in drawing order (replacing a line with the same id).
    mutating func restore(_ line: Line)
    /// Puts back many lines at once (undoing a clear); may be faster than restoring one by one.
    mutating func restore(contentsOf lines: [Line])
    /// Removes the line with `id`; returns it, or nil when there is none.
    @discardableResult mutating func remove(_ id: LineID) -> Line?
    /// Removes many lines at once (a merge); may be faster than removing one by one.
    mutating func remove(contentsOf ids: [LineID])
    /// Removes every finished line and returns them.
    @discardableResult mutating func removeAll() -> [Line]
    /// Replaces the geometry of line `id`; returns false when there is no such line.
    @discardableResult mutating func setSegment(_ segment: Segment, of id: LineID) -> Bool
    /// Replaces the colour and width of line `id`; returns false when there is no such line.
    @discardableResult mutating func setStyle(_ style: ShapeStyle, of id: LineID) -> Bool
}

extension Drawing: LineEditing {}

/// One undoable change to the drawing. Each case carries exactly what it needs to be applied and
/// reverted: line values and segments, never pictures, so the history costs memory in proportion
/// to what was edited. Segments are stored before and after (not as a delta) so that undo puts a
/// line back bit for bit; adding and subtracting a delta in floating point would not.
public enum Edit: Hashable, Sendable {
    /// A new line was drawn (the line carries the id it was given).
    case draw(Line)
    /// A line was deleted.
    case delete(Line)
    /// A line was dragged from one place to another.
    case move(LineID, from: Segment, to: Segment)
    /// A line was nudged with an arrow key.
    case nudge(LineID, from: Segment, to: Segment)
    /// Every line was removed (the lines, in drawing order).
    case clear([Line])
    /// Lines were removed and others added in one step: a merge with the file another program wrote,
    /// or a reload of it (see `DrawingMerge`). Undo brings back the lines as they were before.
    case replace(removed: [Line], added: [Line])
    /// A shape was given another colour or width.
    case restyle(LineID, from: ShapeStyle, to: ShapeStyle)
    /// Shapes were pasted from the clipboard, on top of the others (the shapes, with the ids they were given).
    case paste([Line])

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

    /// Makes the change.
    public func apply<Target: LineEditing>(to target: inout Target) {
        switch self {
        case .draw(let line): target.restore(line)
        case .delete(let line): target.remove(line.id)
        case .move(let id, _, let to), .nudge(let id, _, let to): target.setSegment(to, of: id)
        case .restyle(let id, _, let to): target.setStyle(to, of: id)
        case .paste(let lines): target.restore(contentsOf: lines)
        case .clear: target.removeAll()
        case .replace(let removed, let added):
            target.remove(contentsOf: removed.map(\.id))
            target.restore(contentsOf: added)
        }
    }

    /// Takes the change back: the inverse of `apply`.
    public func revert<Target: LineEditing>(on target: inout Target) {
        switch self {
        case .draw(let line): target.remove(line.id)
        case .delete(let line): target.restore(line)
        case .move(let id, let from, _), .nudge(let id, let from, _): target.setSegment(from, of: id)
        case .restyle(let id, let from, _): target.setStyle(from, of: id)
        case .paste(let lines): target.remove(contentsOf: lines.map(\.id))
        case .clear(let lines): target.restore(contentsOf: lines)
        case .replace(let removed, let added):
            target.remove(contentsOf: added.map(\.id))
            target.restore(contentsOf: removed)
        }
    }
}
