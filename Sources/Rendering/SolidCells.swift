import Document

/// Which parts of the line layer its lines paint solid, so that lines buried there need not be stroked.
///
/// The layer is cut into square cells of a few pixels. A cell is solid when some line of the layer
/// covers it whole (`StrokeBox.inside`): that line leaves each of its pixels exactly the finished
/// colour, and as that colour is 0 or 1 in every channel, painting the same colour over it with any
/// coverage changes nothing. So a solid cell's pixels are the finished colour whatever the other lines
/// and their order, and a line whose stroke reaches only solid cells (`StrokeCapsule.around`) changes no
/// pixel at all. With many lines on screen nearly every cell is solid: a frame then strokes about as
/// many lines as can be seen, however many lie buried.
///
/// Each cell counts the lines that make it solid, so lines come and go one at a time. Nothing is solid
/// when the finished colour is not 0 or 255 in every channel.
struct SolidCells {
    /// The part of the canvas the cells cover, in whole pixels; the first cell's corner is its corner.
    let bounds: Rect
    /// The side of a cell, in pixels.
    let cellSize: Int
    let columns: Int
    let rows: Int
    private let halfWidth: Double
    private let isEnabled: Bool
    /// Per cell, row by row: how many of the layer's lines cover it whole.
    private var counts: [UInt32]

    init(bounds: Rect, lineWidth: Double, finished colour: Colour) {
        self.bounds = bounds
        // Small enough that a cell fits inside a stroke at any angle with room to spare.
        cellSize = max(2, Int(lineWidth * 0.4))
        columns = Int((bounds.width / Double(cellSize)).rounded(.up))
        rows = Int((bounds.height / Double(cellSize)).rounded(.up))
        halfWidth = lineWidth / 2
        isEnabled = [colour.red, colour.green, colour.blue].allSatisfy { $0 == 0 || $0 == 255 }
        counts = isEnabled ? [UInt32](repeating: 0, count: columns * rows) : []
    }

    var bytes: Int { counts.capacity * MemoryLayout<UInt32>.stride }

    func isSolid(row: Int, column: Int) -> Bool { isEnabled && counts[row * columns + column] > 0 }

    /// The rectangle of cells `columns` of `row`.
    func rect(row: Int, columns: Range<Int>) -> Rect {
        let size = Double(cellSize)
        return Rect(x: bounds.minX + Double(columns.lowerBound) * size, y: bounds.minY + Double(row) * size,
                    width: Double(columns.count) * size, height: size)
    }

    // MARK: - Lines coming and going

    /// A line joined the layer: the cells it covers whole are solid.
    mutating func add(_ segment: Segment) { count(segment, by: 1) }

    /// A line left the layer (`segment` as it was added).
    mutating func remove(_ segment: Segment) { count(segment, by: UInt32.max) }

    /// Adds the lines counted in `other`, the same cells counting other lines.
    mutating func merge(_ other: SolidCells) {
        precondition(other.bounds == bounds && other.cellSize == cellSize, "cells of another grid")
        for index in counts.indices { counts[index] &+= other.counts[index] }
    }

    private mutating func count(_ segment: Segment, by delta: UInt32) {
        guard isEnabled, let box = StrokeBox.inside(segment, halfWidth: halfWidth),
              let rowRange = rowRange(box.verticalExtent) else { return }
        let size = Double(cellSize), perCell = 1 / size
        var top = box.span(atY: bounds.minY + Double(rowRange.lowerBound) * size)
        counts.withUnsafeMutableBufferPointer { counts in
            for row in rowRange {
                // The box is convex: a cell is inside when its four corners are.
                let bottom = box.span(atY: bounds.minY + Double(row + 1) * size)
                defer { top = bottom }
                guard let a = top, let b = bottom else { continue }
                let inside = Self.wholly(from: (max(a.min, b.min) - bounds.minX) * perCell,
                                         to: (min(a.max, b.max) - bounds.minX) * perCell, count: columns)
                for column in inside { counts[row * columns + column] &+= delta }
            }
        }
    }

    // MARK: - Where a line paints

    /// Calls `body` with each row of cells a stroke of `segment` may paint into and the run of columns
    /// it reaches there, top to bottom, until `body` returns false; returns false when it did.
    @discardableResult
    func forEachReachedRow(of segment: Segment, _ body: (_ row: Int, _ columns: Range<Int>) -> Bool) -> Bool {
        var rows = reachedRows(of: segment)
        while let (row, columns) = rows.next() {
            if !body(row, columns) { return false }
        }
        return true
    }

    /// The rows of cells a stroke of `segment` may paint into, with the run of columns it reaches in
    /// each, top to bottom; with `cellsPerStep` k, rows and columns of blocks of k x k cells.
    func reachedRows(of segment: Segment, cellsPerStep k: Int = 1) -> ReachedRows {
        ReachedRows(capsule: StrokeCapsule.around(segment, halfWidth: halfWidth), corner: (bounds.minX, bounds.minY),
                    size: Double(cellSize * k), rows: (rows + k - 1) / k, columns: (columns + k - 1) / k)
    }

    /// Which cells are open (not solid) inside `areas`, as they are now: the cells a repaint of the
    /// areas must paint line by line.
    func openCells(inside areas: [Rect]) -> OpenCells {
        guard let first = areas.first else { return OpenCells(cells: RunCounts(), blocks: RunCounts()) }
        let outline = areas.dropFirst().reduce(first) { $0.union($1) }
        let size = Double(cellSize)
        let rowRange = rowRange((outline.minY, outline.maxY)) ?? 0..<0
        let columnRange = Self.clamp(((outline.minX - bounds.minX) / size).rounded(.down),
                                     ((outline.maxX - bounds.minX) / size).rounded(.up), to: columns)
        let everywhere = areas.count == 1 && areas[0] == bounds
        let cells = RunCounts(rows: rowRange, columns: columnRange) { row, column in
            !isSolid(row: row, column: column)
                && (everywhere || areas.contains(where: { $0.intersects(rect(row: row, columns: column..<(column + 1))) }))
        }
        let k = OpenCells.blockSize
        let blocks = RunCounts(rows: (rowRange.lowerBound / k)..<((rowRange.upperBound + k - 1) / k),
                               columns: (columnRange.lowerBound / k)..<((columnRange.upperBound + k - 1) / k)) { row, column in
            (row * k..<(row * k + k)).contains { cells.containsAny(row: $0, columns: column * k..<(column * k + k)) }
        }
        return OpenCells(cells: cells, blocks: blocks)
    }

    /// Whether a stroke of `segment` may paint a pixel of one of the `open` cells. Most lines under many
    /// others are found buried by the blocks they reach, a few rows instead of a row per cell.
    func reaches(_ segment: Segment, _ open: OpenCells) -> Bool {
        // (Loops rather than closures: a closure would copy `open`, and its arrays' counts, for each line.)
        var blocks = reachedRows(of: segment, cellsPerStep: OpenCells.blockSize)
        var reachesOpenBlock = false
        while let (row, columns) = blocks.next(), !reachesOpenBlock {
            reachesOpenBlock = open.blocks.containsAny(row: row, columns: columns)
        }
        guard reachesOpenBlock else { return false }
        var cells = reachedRows(of: segment)
        while let (row, columns) = cells.next() {
            if open.cells.containsAny(row: row, columns: columns) { return true }
        }
        return false
    }

    /// Whether a stroke of `segment` may paint a pixel of a cell that is not solid.
    func reachesOpenCell(_ segment: Segment) -> Bool {
        !forEachReachedRow(of: segment) { row, columns in
            columns.allSatisfy { isSolid(row: row, column: $0) }
        }
    }

    /// The solid cells meeting `area`, as rectangles of whole runs along rows.
    func solidRects(meeting area: Rect) -> [Rect] {
        guard isEnabled else { return [] }
        let size = Double(cellSize)
        guard let rowRange = rowRange((area.minY, area.maxY)) else { return [] }
        let columnRange = Self.clamp(((area.minX - bounds.minX) / size).rounded(.down),
                                     ((area.maxX - bounds.minX) / size).rounded(.up), to: columns)
        var rects: [Rect] = []
        for row in rowRange {
            var column = columnRange.lowerBound
            while column < columnRange.upperBound {
                guard isSolid(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < columnRange.upperBound, isSolid(row: row, column: column) { column += 1 }
                rects.append(rect(row: row, columns: start..<column))
            }
        }
        return rects
    }

    // MARK: - The grid

    /// The rows of cells from y `extent.min` to `extent.max`, cut to the grid; nil when none.
    private func rowRange(_ extent: (min: Double, max: Double)) -> Range<Int>? {
        let perCell = 1 / Double(cellSize)
        let range = Self.reached(from: (extent.min - bounds.minY) * perCell, to: (extent.max - bounds.minY) * perCell, count: rows)
        return range.isEmpty ? nil : range
    }

    // Positions in cells (or blocks) from the grid's corner, maybe far out; ⌊x⌋ is Int(x) for x > 0.
    // (Reading positions with a multiplication instead of a division errs by far less than the margins.)

    /// The cells k with ⌊low⌋ ≤ k ≤ ⌊high⌋, cut to `0..<count`: those a span from `low` to `high` touches.
    static func reached(from low: Double, to high: Double, count: Int) -> Range<Int> {
        guard high >= 0, low < Double(count), low <= high else { return 0..<0 }
        return (low > 0 ? Int(low) : 0)..<(high < Double(count) ? Int(high) + 1 : count)
    }

    /// The cells k with low ≤ k and k + 1 ≤ high, cut to `0..<count`: those wholly inside the span.
    private static func wholly(from low: Double, to high: Double, count: Int) -> Range<Int> {
        guard high >= 1, low < Double(count) else { return 0..<0 }
        let first = low > 0 ? (Double(Int(low)) < low ? Int(low) + 1 : Int(low)) : 0
        let end = high < Double(count) ? Int(high) : count
        return first < end ? first..<end : 0..<0
    }

    /// `first..<end` (whole numbers, maybe far out or not finite) cut to `0..<count`.
    private static func clamp(_ first: Double, _ end: Double, to count: Int) -> Range<Int> {
        let low = first > 0 ? (first < Double(count) ? Int(first) : count) : 0
        let high = end > 0 ? (end < Double(count) ? Int(end) : count) : 0
        return low < high ? low..<high : 0..<0
    }
}

/// The rows of a grid a stroke reaches, top to bottom, and the run of columns in each (empty rows left
/// out): see `SolidCells.reachedRows(of:cellsPerStep:)`.
struct ReachedRows: IteratorProtocol {
    let capsule: StrokeCapsule
    /// The grid's first corner, the side of its squares, and how many there are.
    let corner: (x: Double, y: Double)
    let size: Double
    let columns: Int
    private let perSquare: Double
    private var remaining: Range<Int>

    init(capsule: StrokeCapsule, corner: (x: Double, y: Double), size: Double, rows: Int, columns: Int) {
        self.capsule = capsule
        self.corner = corner
        self.size = size
        self.columns = columns
        perSquare = 1 / size
        let extent = capsule.verticalExtent
        remaining = SolidCells.reached(from: (extent.min - corner.y) * perSquare, to: (extent.max - corner.y) * perSquare, count: rows)
    }

    mutating func next() -> (row: Int, columns: Range<Int>)? {
        while let row = remaining.popFirst() {
            let top = corner.y + Double(row) * size
            guard let span = capsule.span(from: top, to: top + size) else { continue }
            let reached = SolidCells.reached(from: (span.min - corner.x) * perSquare, to: (span.max - corner.x) * perSquare, count: columns)
            if !reached.isEmpty { return (row, reached) }
        }
        return nil
    }
}

/// Which cells of a part of the grid were open (not solid) at one moment, and which blocks of
/// `blockSize` x `blockSize` cells hold an open one.
struct OpenCells {
    static let blockSize = 8
    let cells: RunCounts
    let blocks: RunCounts
}

/// Which places of a part of a grid have some property, answering for a run of places along a row in
/// constant time (a running count per row).
struct RunCounts {
    let rows: Range<Int>
    let columns: Range<Int>
    /// Per row of `rows`: the places with the property before each column of `columns` and after the last.
    private let prefix: [Int32]

    init() { (rows, columns, prefix) = (0..<0, 0..<0, []) }

    init(rows: Range<Int>, columns: Range<Int>, _ has: (_ row: Int, _ column: Int) -> Bool) {
        self.rows = rows
        self.columns = columns
        var prefix: [Int32] = []
        prefix.reserveCapacity(rows.count * (columns.count + 1))
        for row in rows {
            var count: Int32 = 0
            prefix.append(count)
            for column in columns {
                if has(row, column) { count += 1 }
                prefix.append(count)
            }
        }
        self.prefix = prefix
    }

    func containsAny(row: Int, columns run: Range<Int>) -> Bool {
        guard rows.contains(row) else { return false }
        let low = max(run.lowerBound, columns.lowerBound), high = min(run.upperBound, columns.upperBound)
        guard low < high else { return false }
        let start = (row - rows.lowerBound) * (columns.count + 1) - columns.lowerBound
        return prefix[start + high] > prefix[start + low]
    }
}
