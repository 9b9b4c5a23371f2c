/// A three-way merge of drawings by shape, for a document another program wrote while it was open.
///
/// `base` is the drawing last read from or written to the file, `theirs` the file now, `ours` the
/// window's. The rule: every shape either side added is kept, every shape either side deleted is
/// dropped. Shapes are compared by content (`Shape.content`: everything but the id) and counted as a
/// multiset, so two equal shapes count twice; the same change made on both sides counts once (an
/// equal shape added on both sides is one shape; a shape deleted on both sides is gone once).
///
/// The merged drawing keeps ours' shapes in ours' order (those either side deleted left out), then
/// theirs' additions in their order, numbered after ours. `edit` turns ours into it as one undoable
/// step, so undo brings the window's version back. Reloading their version into a window without
/// unsaved edits is the same merge with `ours` equal to `base`.
///
/// Pure: the caller reads the file (`DocumentStore.readCurrent`), performs `edit`, takes `theirs` as
/// its new base and saves over the file it read (`save(_:replacing:)`).
public struct DrawingMerge: Hashable, Sendable {
    /// Removes from ours what either side deleted and adds what theirs added; nil when there is nothing to change.
    public let edit: Edit?
    /// How many shapes of theirs were added to ours.
    public let added: Int
    /// How many shapes of ours were removed because theirs deleted them.
    public let removed: Int
    /// Whether ours had changes of its own since `base` (a merge) or not (a reload).
    public let oursChanged: Bool

    public init(base: Drawing, theirs: Drawing, ours: Drawing) {
        let baseCounts = Self.counts(base.shapes), theirCounts = Self.counts(theirs.shapes), ourCounts = Self.counts(ours.shapes)
        var wanted: [Shape: Int] = [:]
        for shape in Set(baseCounts.keys).union(theirCounts.keys).union(ourCounts.keys) {
            wanted[shape] = Self.mergedCount(base: baseCounts[shape, default: 0], theirs: theirCounts[shape, default: 0],
                                             ours: ourCounts[shape, default: 0])
        }

        var removedShapes: [Shape] = []
        for shape in ours.shapes {
            if wanted[shape.content, default: 0] > 0 { wanted[shape.content]! -= 1 } else { removedShapes.append(shape) }
        }
        var addedShapes: [Shape] = []
        for shape in theirs.shapes where wanted[shape.content, default: 0] > 0 {
            wanted[shape.content]! -= 1
            addedShapes.append(shape.withID(ShapeID(ours.nextID.rawValue + UInt64(addedShapes.count))))
        }

        edit = removedShapes.isEmpty && addedShapes.isEmpty ? nil : .replace(removed: removedShapes, added: addedShapes)
        added = addedShapes.count
        removed = removedShapes.count
        oursChanged = ourCounts != baseCounts
    }

    /// How many copies of one shape the merge keeps. Each side changed the count by its difference
    /// from base; changes the same way (both added, both deleted) count once, the larger; opposite
    /// changes add up.
    static func mergedCount(base: Int, theirs: Int, ours: Int) -> Int {
        let theirChange = theirs - base, ourChange = ours - base
        let change: Int
        if theirChange > 0 && ourChange > 0 {
            change = max(theirChange, ourChange)
        } else if theirChange < 0 && ourChange < 0 {
            change = min(theirChange, ourChange)
        } else {
            change = theirChange + ourChange
        }
        return max(0, base + change)
    }

    private static func counts(_ shapes: [Shape]) -> [Shape: Int] {
        shapes.reduce(into: [:]) { counts, shape in counts[shape.content, default: 0] += 1 }
    }

    /// One line for stderr: "merged drawing.json: kept 3 shapes another program added, removed 1 it
    /// deleted", or "reloaded drawing.json: ..." when ours had no changes of its own.
    public func message(for name: String) -> String {
        let verb = oursChanged ? "merged" : "reloaded"
        let what: String
        switch (added, removed) {
        case (0, 0): what = "another program changed no shapes"
        case (_, 0): what = "kept \(Self.shapes(added)) another program added"
        case (0, _): what = "removed \(Self.shapes(removed)) another program deleted"
        default: what = "kept \(Self.shapes(added)) another program added, removed \(removed) it deleted"
        }
        return "\(verb) \(name): \(what)"
    }

    private static func shapes(_ count: Int) -> String { count == 1 ? "1 shape" : "\(count) shapes" }
}
