// Document: lines, the drawing, and (in their own files) hit testing, undo history and the file
// format. Swift with libc (Glibc: files, fsync, rename, local time) and Synchronization (revision
// numbers); no X, no Cairo, no display. Everything here is a value type so tests can compare states.

/// The user's drawing: its finished lines, in drawing order. (Lines still being drawn belong to the
/// contacts drawing them, not to the document: the app keeps them.)
///
/// Every change to the finished lines gives the drawing a new `revision` and is remembered for a
/// while (`changes(since:)`), so a cache of their pixels can tell "one line added on top" from
/// "repaint this area" or "start over" without comparing lines. Equality ignores revisions.
public struct Drawing: Hashable, Sendable {
    /// Finished lines, ordered by id (= drawing order; later lines paint over earlier ones).
    public private(set) var lines: [Line] = []
    /// The id the next added line receives.
    public private(set) var nextID = LineID(1)
    /// Changes with every change to `lines`; see `Revision`.
    public private(set) var revision = Revision.fresh()
    /// The last few changes to `lines`, oldest first, for `changes(since:)`.
    private var recentChanges: [RecordedChange] = []

    public init() {}

    /// A drawing holding `lines` (ids must be unique); `nextID` continues after the largest.
    public init(lines: [Line]) {
        self.lines = lines.sorted { $0.id < $1.id }
        nextID = LineID((self.lines.last?.id.rawValue ?? 0) + 1)
    }

    /// The same lines in the same order with ids 1...n. Ids only order lines, so a drawing that nothing
    /// refers to yet (just opened: no history, no selection) can be renumbered; this leaves the next id as
    /// far as possible from the format's largest, so a file that uses it stays savable after an edit.
    public func renumbered() -> Drawing {
        Drawing(lines: lines.enumerated().map { $0.element.withID(LineID(UInt64($0.offset + 1))) })
    }

    public var isEmpty: Bool { lines.isEmpty }

    /// Adds a finished line on top of the others and returns its id.
    @discardableResult
    public mutating func add(_ segment: Segment, kind: ShapeKind = .line, style: ShapeStyle = .standard) -> LineID {
        let id = nextID
        let line = Line(id: id, kind: kind, segment: segment, style: style)
        lines.append(line)
        nextID = LineID(id.rawValue + 1)
        record(.appended(line))
        return id
    }

    /// Puts back a line that was removed (undo), at its place in drawing order. A line with its id already
    /// there is replaced: a move when only its place differs, else the old one removed and this one put in.
    public mutating func restore(_ line: Line) {
        let position = insertionIndex(of: line.id)
        if position < lines.count, lines[position].id == line.id {
            let old = lines[position]
            guard old != line else { return }
            if old.kind == line.kind, old.style == line.style {
                lines[position] = line
                record(.moved(line.id, from: old.segment, to: line.segment))
                return
            }
            lines.remove(at: position)
            record(.removed(old))
        }
        lines.insert(line, at: position)
        if line.id >= nextID { nextID = LineID(line.id.rawValue + 1) }
        record(position == lines.count - 1 ? .appended(line) : .inserted(line))
    }

    /// Removes the line with `id`; returns it, or nil when there is none.
    @discardableResult
    public mutating func remove(_ id: LineID) -> Line? {
        guard let position = index(of: id) else { return nil }
        let line = lines.remove(at: position)
        record(.removed(line))
        return line
    }

    /// Puts back many removed lines at once (undoing a clear or a merge). More than
    /// `rememberedChanges` lines go in one pass, as one change too large to remember line by line.
    public mutating func restore(contentsOf restored: [Line]) {
        guard restored.count > Self.rememberedChanges else {
            for line in restored { restore(line) }
            return
        }
        let replaced = Set(restored.map(\.id))
        lines = (lines.filter { !replaced.contains($0.id) } + restored).sorted { $0.id < $1.id }
        if let last = lines.last, last.id >= nextID { nextID = LineID(last.id.rawValue + 1) }
        forgetChanges()
    }

    /// Removes the lines with `ids` (those it has). More than `rememberedChanges` lines go in one pass,
    /// as one change too large to remember line by line.
    public mutating func remove(contentsOf ids: [LineID]) {
        guard ids.count > Self.rememberedChanges else {
            for id in ids { remove(id) }
            return
        }
        let removed = Set(ids)
        lines.removeAll { removed.contains($0.id) }
        forgetChanges()
    }

    /// Removes every finished line and returns them (for undo).
    @discardableResult
    public mutating func removeAll() -> [Line] {
        guard !lines.isEmpty else { return [] }
        let removed = lines
        lines.removeAll()
        record(.cleared)
        return removed
    }

    /// Replaces the geometry of line `id`; returns false when there is no such line.
    @discardableResult
    public mutating func setSegment(_ segment: Segment, of id: LineID) -> Bool {
        guard let position = index(of: id) else { return false }
        let old = lines[position].segment
        guard old != segment else { return true }
        lines[position].segment = segment
        record(.moved(id, from: old, to: segment))
        return true
    }

    /// Replaces the colour and width of line `id`; returns false when there is no such line.
    @discardableResult
    public mutating func setStyle(_ style: ShapeStyle, of id: LineID) -> Bool {
        guard let position = index(of: id) else { return false }
        let old = lines[position]
        guard old.style != style else { return true }
        lines[position].style = style
        record(.restyled(old))
        return true
    }

    public func line(_ id: LineID) -> Line? { index(of: id).map { lines[$0] } }

    public func index(of id: LineID) -> Int? {
        let position = insertionIndex(of: id)
        return position < lines.count && lines[position].id == id ? position : nil
    }

    /// How many recent changes a drawing remembers for `changes(since:)`.
    public static let rememberedChanges = 16

    /// The changes that lead from `revision` to this drawing, oldest first: empty when `revision` is
    /// the current one, nil when it is too old (more than `rememberedChanges` ago) or not an ancestor
    /// of this drawing, in which case the caller must start over from `lines`.
    public func changes(since revision: Revision) -> [DrawingChange]? {
        if revision == self.revision { return [] }
        guard let start = recentChanges.firstIndex(where: { $0.before == revision }) else { return nil }
        return recentChanges[start...].map(\.change)
    }

    /// Notes a change just made to `lines`: a new revision, and the change remembered.
    private mutating func record(_ change: DrawingChange) {
        if recentChanges.count == Self.rememberedChanges { recentChanges.removeFirst() }
        recentChanges.append(RecordedChange(before: revision, change: change))
        revision = .fresh()
    }

    /// Notes a change to `lines` too large to remember: a new revision, and `changes(since:)` answers
    /// nil for every earlier one (a cache starts over).
    private mutating func forgetChanges() {
        recentChanges.removeAll()
        revision = .fresh()
    }

    /// First position whose id is >= `id` (binary search: lines are sorted by id).
    private func insertionIndex(of id: LineID) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Drawing {
    /// Drawings are equal when their lines and next id are; revisions and the remembered changes are
    /// bookkeeping, not content.
    public static func == (a: Drawing, b: Drawing) -> Bool {
        a.lines == b.lines && a.nextID == b.nextID
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        hasher.combine(nextID)
    }
}
