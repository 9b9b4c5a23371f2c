/// Where ink lies, for hit testing (a part of `ShapeIndex`): a hash from a cell to the stretches of strokes
/// that meet it, each with its box, so that a click looks up only the one to four cells its square meets on
/// each level holding ink, whatever the drawing's size, and reads the boxes there without touching a
/// stroke: only the stretches near enough are measured, nearest box first.
///
/// A stretch is `stretchLength` pieces of a stroke. It is filed on the smallest level whose cells are at
/// least as large as its box, so its box meets at most two cells across and two down, and it is filed in
/// each of them. Level k's cells are `baseCellSize * 2^k` px. A stroke with a stretch too large or too far
/// out for the grid is not filed here (the index keeps it with the oversized shapes).
struct InkCells: Sendable {
    /// A stretch of a stroke meeting a cell: the stroke, its pieces, and their curves' bounds (in floats,
    /// rounded outwards: 32 bytes).
    struct Entry: Sendable, Equatable {
        var id: ShapeID
        private var first, end: UInt32
        private var minX, minY, maxX, maxY: Float

        init(id: ShapeID, pieces: Range<Int>, box: Rect) {
            self.id = id
            (first, end) = (UInt32(pieces.lowerBound), UInt32(pieces.upperBound))
            (minX, minY) = (Self.below(box.minX), Self.below(box.minY))
            (maxX, maxY) = (Self.above(box.maxX), Self.above(box.maxY))
        }

        var pieces: Range<Int> { Int(first)..<Int(end) }

        /// The distance from `p` to the box (0 inside): no farther than the stretch.
        func distance(to p: Point) -> Double {
            let dx = Swift.max(Double(minX) - p.x, 0, p.x - Double(maxX)), dy = Swift.max(Double(minY) - p.y, 0, p.y - Double(maxY))
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The largest Float not above `x`, and the smallest not below it.
        private static func below(_ x: Double) -> Float { let f = Float(x); return Double(f) > x ? f.nextDown : f }
        private static func above(_ x: Double) -> Float { let f = Float(x); return Double(f) < x ? f.nextUp : f }
    }

    /// How many pieces make a stretch: a few strokes' stretches lie near a click, and those are measured.
    static let stretchLength = 4

    /// The side of a cell on the finest level, in px: a click's square (twice the tolerance) meets one or two
    /// cells across.
    static let baseCellSize = 128.0

    private var cells: [UInt64: [Entry]] = [:]
    private var entriesPerLevel = [Int](repeating: 0, count: ShapeIndex.levelCount)
    private var entryCount = 0

    /// Files `ink`'s runs under `id`; false (nothing filed) when a run is too large or far out for the grid.
    @discardableResult
    mutating func insert(_ id: ShapeID, _ ink: Ink) -> Bool {
        guard let placed = Self.entries(of: id, ink) else { return false }
        for (key, entry) in placed {
            cells[key, default: []].append(entry)
            entriesPerLevel[ShapeIndex.level(of: key)] += 1
        }
        entryCount += placed.count
        return true
    }

    /// Removes what `insert` filed for `ink` under `id` (the same geometry); false when it filed nothing.
    @discardableResult
    mutating func remove(_ id: ShapeID, _ ink: Ink) -> Bool {
        guard let placed = Self.entries(of: id, ink) else { return false }
        for (key, entry) in placed {
            guard var entries = cells[key], let position = entries.firstIndex(of: entry) else { continue }
            entries.remove(at: position)
            cells[key] = entries.isEmpty ? nil : entries
            entriesPerLevel[ShapeIndex.level(of: key)] -= 1
            entryCount -= 1
        }
        return true
    }

    /// Calls `body` with every entry filed in a cell that `rect` meets, on every level: each stretch whose box
    /// meets `rect` at least once (and some whose boxes do not).
    func forEachEntry(meeting rect: Rect, _ body: (Entry) -> Void) {
        for level in 0..<ShapeIndex.levelCount where entriesPerLevel[level] > 0 {
            let size = Self.cellSize(level: level)
            let columns = ShapeIndex.cell(rect.minX, size: size)...ShapeIndex.cell(rect.maxX, size: size)
            let rows = ShapeIndex.cell(rect.minY, size: size)...ShapeIndex.cell(rect.maxY, size: size)
            guard rows.count * columns.count <= Self.cellsLookedUpOneByOne else {
                // An area far larger than the cells: every entry of the level.
                for (key, entries) in cells where ShapeIndex.level(of: key) == level { entries.forEach(body) }
                continue
            }
            for row in rows {
                for column in columns {
                    cells[ShapeIndex.key(slot: level, row: row, column: column)]?.forEach(body)
                }
            }
        }
    }

    /// Above this many cells of a level, `forEachEntry` reads every entry of the level instead.
    static let cellsLookedUpOneByOne = 1024

    /// Bytes held (an estimate: the table's keys and arrays, and the entries).
    var memoryFootprint: Int {
        cells.capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<[Entry]>.stride + 1) + entryCount * MemoryLayout<Entry>.stride
            + cells.count * 32
    }

    static func cellSize(level: Int) -> Double { baseCellSize * Double(1 << level) }

    /// The cells `ink`'s stretches are filed in, each with its entry; nil when one is too large or far out.
    private static func entries(of id: ShapeID, _ ink: Ink) -> [(key: UInt64, entry: Entry)]? {
        var placed: [(key: UInt64, entry: Entry)] = []
        for first in stride(from: 0, to: ink.pieceCount, by: stretchLength) {
            let pieces = first..<min(first + stretchLength, ink.pieceCount)
            let box = pieces.dropFirst().reduce(ink.piece(first).hull) { $0.union(orEmpty: ink.piece($1).hull) }
            let extent = max(box.width, box.height)
            guard extent.isFinite else { return nil }
            var level = 0
            while cellSize(level: level) < extent {
                level += 1
                if level == ShapeIndex.levelCount { return nil }
            }
            let size = cellSize(level: level)
            let columns = (box.minX / size).rounded(.down)...(box.maxX / size).rounded(.down)
            let rows = (box.minY / size).rounded(.down)...(box.maxY / size).rounded(.down)
            guard ShapeIndex.cellRange.contains(Int64(exactly: columns.lowerBound) ?? .max),
                  ShapeIndex.cellRange.contains(Int64(exactly: columns.upperBound) ?? .max),
                  ShapeIndex.cellRange.contains(Int64(exactly: rows.lowerBound) ?? .max),
                  ShapeIndex.cellRange.contains(Int64(exactly: rows.upperBound) ?? .max) else { return nil }
            for row in Int64(rows.lowerBound)...Int64(rows.upperBound) {
                for column in Int64(columns.lowerBound)...Int64(columns.upperBound) {
                    placed.append((ShapeIndex.key(slot: level, row: row, column: column), Entry(id: id, pieces: pieces, box: box)))
                }
            }
        }
        return placed
    }
}
