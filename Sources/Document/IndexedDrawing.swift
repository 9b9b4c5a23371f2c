/// A `Drawing` together with its `LineIndex`, kept in step: every change to the finished lines
/// goes through here and updates both, so hit testing is never stale. The index carries the drawing's
/// revision (`LineIndex.revision`), so a copy of both handed on elsewhere can be checked.
public struct IndexedDrawing: Sendable {
    /// The drawing.
    public private(set) var drawing: Drawing
    /// The spatial index over `drawing.lines`.
    public private(set) var index: LineIndex

    public init(_ drawing: Drawing = Drawing()) {
        self.drawing = drawing
        index = LineIndex(drawing.lines)
        index.revision = drawing.revision
    }

    /// Finished lines in drawing order.
    public var lines: [Line] { drawing.lines }

    /// The id the next new line receives.
    public var nextID: LineID { drawing.nextID }

    public func line(_ id: LineID) -> Line? { drawing.line(id) }

    /// The finished line nearest to `point` (exact distance), if within `tolerance` (inclusive);
    /// ties go to the line drawn last.
    public func nearestLine(to point: Point, within tolerance: Double) -> LineID? {
        index.nearestLine(to: point, within: tolerance, in: drawing)
    }
}

extension IndexedDrawing: LineEditing {
    public mutating func restore(_ line: Line) {
        if let old = drawing.line(line.id) { index.remove(old) }
        drawing.restore(line)
        index.insert(line)
        index.revision = drawing.revision
    }

    /// A few lines (as many as a drawing remembers as changes) go in one by one, the index updated for
    /// each; more in one pass, the index made again.
    public mutating func restore(contentsOf lines: [Line]) {
        guard lines.count > Drawing.rememberedChanges else {
            for line in lines { restore(line) }
            return
        }
        drawing.restore(contentsOf: lines)
        index = LineIndex(drawing.lines)
        index.revision = drawing.revision
    }

    @discardableResult
    public mutating func remove(_ id: LineID) -> Line? {
        guard let line = drawing.remove(id) else { return nil }
        index.remove(line)
        index.revision = drawing.revision
        return line
    }

    /// As `restore(contentsOf:)`: a few one by one, more in one pass.
    public mutating func remove(contentsOf ids: [LineID]) {
        guard ids.count > Drawing.rememberedChanges else {
            for id in ids { remove(id) }
            return
        }
        drawing.remove(contentsOf: ids)
        index = LineIndex(drawing.lines)
        index.revision = drawing.revision
    }

    @discardableResult
    public mutating func removeAll() -> [Line] {
        defer { index.revision = drawing.revision }
        index = LineIndex()
        return drawing.removeAll()
    }

    @discardableResult
    public mutating func setSegment(_ segment: Segment, of id: LineID) -> Bool {
        guard let old = drawing.line(id) else { return false }
        index.remove(old)
        drawing.setSegment(segment, of: id)
        var moved = old
        moved.segment = segment
        index.insert(moved)
        index.revision = drawing.revision
        return true
    }

    /// A shape's colour and width are no business of the index: its place stays.
    @discardableResult
    public mutating func setStyle(_ style: ShapeStyle, of id: LineID) -> Bool {
        guard drawing.setStyle(style, of: id) else { return false }
        index.revision = drawing.revision
        return true
    }
}
