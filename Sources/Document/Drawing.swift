// Document: lines, the drawing, and (in their own files) hit testing, undo history and the file
// format. Pure Swift: no C, no display. Everything here is a value type so tests can compare states.

/// The user's drawing: finished lines in drawing order, plus the lines still being drawn.
public struct Drawing: Hashable, Sendable {
    /// Finished lines, ordered by id (= drawing order; later lines paint over earlier ones).
    public private(set) var lines: [Line] = []
    /// Lines whose contact is still down, red on screen; not part of the saved document.
    public var linesInProgress: [StrokeKey: Segment] = [:]
    /// The id the next added line receives.
    public private(set) var nextID = LineID(1)

    public init() {}

    /// A drawing holding `lines` (ids must be unique); `nextID` continues after the largest.
    public init(lines: [Line]) {
        self.lines = lines.sorted { $0.id < $1.id }
        nextID = LineID((self.lines.last?.id.rawValue ?? 0) + 1)
    }

    public var isEmpty: Bool { lines.isEmpty }

    /// Adds a finished line on top of the others and returns its id.
    @discardableResult
    public mutating func add(_ segment: Segment) -> LineID {
        let id = nextID
        lines.append(Line(id: id, segment: segment))
        nextID = LineID(id.rawValue + 1)
        return id
    }

    /// Puts back a line that was removed (undo), at its place in drawing order.
    public mutating func restore(_ line: Line) {
        let position = insertionIndex(of: line.id)
        if position < lines.count, lines[position].id == line.id { lines[position] = line; return }
        lines.insert(line, at: position)
        if line.id >= nextID { nextID = LineID(line.id.rawValue + 1) }
    }

    /// Removes the line with `id`; returns it, or nil when there is none.
    @discardableResult
    public mutating func remove(_ id: LineID) -> Line? {
        guard let position = index(of: id) else { return nil }
        return lines.remove(at: position)
    }

    /// Removes every finished line and returns them (for undo).
    @discardableResult
    public mutating func removeAll() -> [Line] {
        defer { lines.removeAll() }
        return lines
    }

    /// Replaces the geometry of line `id`; returns false when there is no such line.
    @discardableResult
    public mutating func setSegment(_ segment: Segment, of id: LineID) -> Bool {
        guard let position = index(of: id) else { return false }
        lines[position].segment = segment
        return true
    }

    public func line(_ id: LineID) -> Line? { index(of: id).map { lines[$0] } }

    public func index(of id: LineID) -> Int? {
        let position = insertionIndex(of: id)
        return position < lines.count && lines[position].id == id ? position : nil
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
