import Shapes

/// The selected shapes (drawn green): none, one or many. A click selects one shape, Shift+click or
/// Ctrl+click adds a shape or takes it out, Ctrl+A selects every shape; what works on the selection (delete,
/// nudges, moves, colour and width, copy and cut) works on all of them as one edit. A click selects at once
/// but only provisionally: the click may still turn out to be the first half of a double click, which
/// supersedes it.
public struct Selection: Hashable, Sendable {
    /// The selected shapes' ids (a set: a large selection is asked "is this one selected?" per shape).
    public private(set) var ids: Set<ShapeID>
    /// True between a click and the moment the double click is known to have failed.
    public var isProvisional: Bool

    /// Nothing selected.
    public static let none = Selection()

    public init<IDs: Sequence<ShapeID>>(_ ids: IDs, isProvisional: Bool = false) {
        self.ids = Set(ids)
        self.isProvisional = isProvisional
    }

    public init(_ id: ShapeID, isProvisional: Bool = false) {
        self.init(CollectionOfOne(id), isProvisional: isProvisional)
    }

    public init() { self.init(EmptyCollection()) }

    public var isEmpty: Bool { ids.isEmpty }
    public var count: Int { ids.count }
    public func contains(_ id: ShapeID) -> Bool { ids.contains(id) }

    /// This selection with `id` added, or taken out when it was in (Shift+click).
    public func toggling(_ id: ShapeID) -> Selection {
        var toggled = self
        if toggled.ids.remove(id) == nil { toggled.ids.insert(id) }
        return toggled
    }

    /// Keeps only the shapes `exists` says are there (an edit, undo or redo may have removed some).
    mutating func keep(where exists: (ShapeID) -> Bool) {
        let gone = ids.filter { !exists($0) }
        if !gone.isEmpty { ids.subtract(gone) }
    }
}
