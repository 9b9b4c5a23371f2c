/// The undo/redo log: a stack of edits done and a stack of edits undone.
///
/// Unbounded; each entry is an `Edit`, whose size is that of the shapes it touched. A new edit
/// clears the redo stack (the usual linear history: no branches).
public struct History: Hashable, Sendable {
    /// Edits that can be undone, oldest first.
    public private(set) var undoStack: [Edit] = []
    /// Edits that were undone and can be redone, the next to redo last.
    public private(set) var redoStack: [Edit] = []

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies `edit` to `target` and records it.
    public mutating func perform<Target: ShapeEditing>(_ edit: Edit, on target: inout Target) {
        edit.apply(to: &target)
        record(edit)
    }

    /// Records an edit that the caller has already applied (e.g. a drag, shown live while it went on).
    public mutating func record(_ edit: Edit) {
        undoStack.append(edit)
        redoStack.removeAll()
    }

    /// Reverts the latest edit; returns it, or nil when there is nothing to undo.
    @discardableResult
    public mutating func undo<Target: ShapeEditing>(on target: inout Target) -> Edit? {
        guard let edit = undoStack.popLast() else { return nil }
        edit.revert(on: &target)
        redoStack.append(edit)
        return edit
    }

    /// Re-applies the latest undone edit; returns it, or nil when there is nothing to redo.
    @discardableResult
    public mutating func redo<Target: ShapeEditing>(on target: inout Target) -> Edit? {
        guard let edit = redoStack.popLast() else { return nil }
        edit.apply(to: &target)
        undoStack.append(edit)
        return edit
    }
}
