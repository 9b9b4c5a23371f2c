/// The user's drawing: its finished shapes, in drawing order. (Shapes still being drawn belong to the
/// contacts drawing them, not to the document: the app keeps them.)
///
/// Every change to the finished shapes gives the drawing a new `revision` and is remembered for a
/// while (`changes(since:)`), so a cache of their pixels can tell "one shape added on top" from
/// "repaint this area" or "start over" without comparing shapes. Equality ignores revisions.
public struct Drawing: Hashable, Sendable {
    /// Finished shapes, ordered by id (= drawing order; later shapes paint over earlier ones).
    public private(set) var shapes: [Shape] = []
    /// The id the next added shape receives.
    public private(set) var nextID = ShapeID(1)
    /// Changes with every change to `shapes`; see `Revision`.
    public private(set) var revision = Revision.fresh()
    /// The last few changes to `shapes`, oldest first, for `changes(since:)`.
    private var recentChanges: [RecordedChange] = []
    /// How many points its ink strokes hold, together (what a file's limit on points counts).
    public private(set) var inkPointCount = 0

    public init() {}

    /// A drawing holding `shapes` (ids must be unique); `nextID` continues after the largest.
    public init(shapes: [Shape]) {
        // In drawing order already, as a file's shapes are: not copied to be sorted.
        let inOrder = shapes.indices.dropFirst().allSatisfy { shapes[$0 - 1].id < shapes[$0].id }
        self.shapes = inOrder ? shapes : shapes.sorted { $0.id < $1.id }
        nextID = ShapeID((self.shapes.last?.id.rawValue ?? 0) + 1)
        countInkPoints()
    }

    /// The same shapes in the same order with ids 1...n. Ids only order shapes, so a drawing that nothing
    /// refers to yet (just opened: no history, no selection) can be renumbered; this leaves the next id as
    /// far as possible from the format's largest, so a file that uses it stays savable after an edit.
    /// (Consuming: a drawing just read is renumbered in place, not copied.)
    public consuming func renumbered() -> Drawing {
        for index in shapes.indices { shapes[index].id = ShapeID(UInt64(index + 1)) }
        nextID = ShapeID(UInt64(shapes.count + 1))
        revision = .fresh()
        recentChanges = []
        return self
    }

    public var isEmpty: Bool { shapes.isEmpty }

    /// Adds a finished shape on top of the others and returns its id.
    @discardableResult
    public mutating func add(_ geometry: ShapeGeometry, style: ShapeStyle = .standard) -> ShapeID {
        let id = nextID
        let shape = Shape(id: id, geometry: geometry, style: style)
        shapes.append(shape)
        nextID = ShapeID(id.rawValue + 1)
        inkPointCount += geometry.inkPointCount
        record(.appended(shape))
        return id
    }

    /// Puts back a shape that was removed (undo), at its place in drawing order. A shape with its id already
    /// there is replaced: a move when only its place differs, else the old one removed and this one put in.
    public mutating func restore(_ shape: Shape) {
        let position = insertionIndex(of: shape.id)
        if position < shapes.count, shapes[position].id == shape.id {
            let old = shapes[position]
            guard old != shape else { return }
            inkPointCount -= old.geometry.inkPointCount
            if old.kind == shape.kind, old.style == shape.style {
                shapes[position] = shape
                inkPointCount += shape.geometry.inkPointCount
                record(.moved([GeometryChange(shape.id, from: old.geometry, to: shape.geometry)]))
                return
            }
            shapes.remove(at: position)
            record(.removed(old))
        }
        shapes.insert(shape, at: position)
        inkPointCount += shape.geometry.inkPointCount
        if shape.id >= nextID { nextID = ShapeID(shape.id.rawValue + 1) }
        record(position == shapes.count - 1 ? .appended(shape) : .inserted(shape))
    }

    /// Removes the shape with `id`; returns it, or nil when there is none.
    @discardableResult
    public mutating func remove(_ id: ShapeID) -> Shape? {
        guard let position = index(of: id) else { return nil }
        let shape = shapes.remove(at: position)
        inkPointCount -= shape.geometry.inkPointCount
        record(.removed(shape))
        return shape
    }

    /// Puts back many removed shapes at once (undoing a clear or a merge). More than
    /// `rememberedChanges` shapes go in one pass, as one change too large to remember shape by shape.
    public mutating func restore(contentsOf restored: [Shape]) {
        guard restored.count > Self.rememberedChanges else {
            for shape in restored { restore(shape) }
            return
        }
        let replaced = Set(restored.map(\.id))
        shapes = (shapes.filter { !replaced.contains($0.id) } + restored).sorted { $0.id < $1.id }
        if let last = shapes.last, last.id >= nextID { nextID = ShapeID(last.id.rawValue + 1) }
        countInkPoints()
        forgetChanges()
    }

    /// Removes the shapes with `ids` (those it has). More than `rememberedChanges` shapes go in one pass,
    /// as one change too large to remember shape by shape.
    public mutating func remove(contentsOf ids: [ShapeID]) {
        guard ids.count > Self.rememberedChanges else {
            for id in ids { remove(id) }
            return
        }
        let removed = Set(ids)
        shapes.removeAll { removed.contains($0.id) }
        countInkPoints()
        forgetChanges()
    }

    /// Removes every finished shape and returns them (for undo).
    @discardableResult
    public mutating func removeAll() -> [Shape] {
        guard !shapes.isEmpty else { return [] }
        let removed = shapes
        shapes.removeAll()
        inkPointCount = 0
        record(.cleared)
        return removed
    }

    /// Replaces the geometry of shape `id`; returns false when there is no such shape.
    @discardableResult
    public mutating func setGeometry(_ geometry: ShapeGeometry, of id: ShapeID) -> Bool {
        guard index(of: id) != nil else { return false }
        setGeometries([(id, geometry)])
        return true
    }

    /// Replaces the geometry of each shape named (those it has), as one remembered change.
    public mutating func setGeometries(_ geometries: [(id: ShapeID, geometry: ShapeGeometry)]) {
        var changes: [GeometryChange] = []
        for (id, geometry) in geometries {
            guard let position = index(of: id) else { continue }
            let old = shapes[position].geometry
            guard old != geometry else { continue }
            shapes[position].geometry = geometry
            inkPointCount += geometry.inkPointCount - old.inkPointCount
            changes.append(GeometryChange(id, from: old, to: geometry))
        }
        if !changes.isEmpty { record(.moved(changes)) }
    }

    /// Replaces the colour and width of shape `id`; returns false when there is no such shape.
    @discardableResult
    public mutating func setStyle(_ style: ShapeStyle, of id: ShapeID) -> Bool {
        guard let position = index(of: id) else { return false }
        let old = shapes[position]
        guard old.style != style else { return true }
        shapes[position].style = style
        record(.restyled(old))
        return true
    }

    public func shape(_ id: ShapeID) -> Shape? { index(of: id).map { shapes[$0] } }

    public func index(of id: ShapeID) -> Int? {
        let position = insertionIndex(of: id)
        return position < shapes.count && shapes[position].id == id ? position : nil
    }

    /// How many recent changes a drawing remembers for `changes(since:)`.
    public static let rememberedChanges = 16

    /// The changes that lead from `revision` to this drawing, oldest first: empty when `revision` is
    /// the current one, nil when it is too old (more than `rememberedChanges` ago) or not an ancestor
    /// of this drawing, in which case the caller must start over from `shapes`.
    public func changes(since revision: Revision) -> [DrawingChange]? {
        if revision == self.revision { return [] }
        guard let start = recentChanges.firstIndex(where: { $0.before == revision }) else { return nil }
        return recentChanges[start...].map(\.change)
    }

    /// Notes a change just made to `shapes`: a new revision, and the change remembered.
    private mutating func record(_ change: DrawingChange) {
        if recentChanges.count == Self.rememberedChanges { recentChanges.removeFirst() }
        recentChanges.append(RecordedChange(before: revision, change: change))
        revision = .fresh()
    }

    /// Counts the ink's points afresh (after a change of many shapes at once).
    private mutating func countInkPoints() {
        inkPointCount = shapes.reduce(0) { $0 + $1.geometry.inkPointCount }
    }

    /// Notes a change to `shapes` too large to remember: a new revision, and `changes(since:)` answers
    /// nil for every earlier one (a cache starts over).
    private mutating func forgetChanges() {
        recentChanges.removeAll()
        revision = .fresh()
    }

    /// First position whose id is >= `id` (binary search: shapes are sorted by id).
    private func insertionIndex(of id: ShapeID) -> Int {
        var low = 0, high = shapes.count
        while low < high {
            let mid = (low + high) / 2
            if shapes[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Drawing {
    /// Drawings are equal when their shapes and next id are; revisions and the remembered changes are
    /// bookkeeping, not content.
    public static func == (a: Drawing, b: Drawing) -> Bool {
        a.shapes == b.shapes && a.nextID == b.nextID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shapes)
        hasher.combine(nextID)
    }
}
