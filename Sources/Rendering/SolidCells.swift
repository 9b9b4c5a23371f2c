import Shapes

/// Which shapes of the shape layer can change its pixels, so that shapes buried under others need not be
/// stroked.
///
/// The layer is cut into square cells of a few pixels. A shape that covers a cell whole
/// (`Outline.inside`) leaves each of its pixels exactly its own colour (opaque, full coverage),
/// whatever was there before. So a cell's pixels are made by the latest such line, the cell's top, and
/// the shapes drawn after it that reach the cell (`Outline.piece`): the shapes before its top are
/// buried there. And where the top's colour is 0 or 255 in every channel and every shape after it
/// reaching the cell has that colour too, painting that colour over it with any coverage changes
/// nothing: the cell is solid, its pixels that colour whatever the shapes and their order, and every
/// shape is buried there. A shape buried in every cell it reaches changes no pixel at all: it is
/// neither stroked when the layer is painted nor repaired when it goes, moves or comes back. Where
/// shapes pile up nearly every cell has a top, and where they are black nearly every cell is solid: a
/// frame then strokes about as many shapes as can be seen, or fewer, however many lie buried. (A circle
/// covers cells whole along its ring when its ring is wide enough, `EllipseOutline.Ring.covered`; ink covers
/// none.)
///
/// Each cell keeps its top's id and colour and counts the shapes after its top reaching it in another
/// colour; when its top leaves or another shape comes to top it, it is counted again from the shapes
/// that reach it (`recount`).
struct SolidCells {
    /// The part of the canvas the cells cover: the layer's pixels (`pixels`) grown to whole cells of a grid
    /// laid over the whole canvas from its origin, so that the cells of a layer moved by a pan are cells
    /// of the same grid (`scrolled(to:)`). The first cell's corner is its corner.
    let bounds: Rect
    /// The pixels of the layer the cells are for. Every cell meets them.
    let pixels: Rect
    /// The side of a cell, in pixels.
    let cellSize: Int
    let columns: Int
    let rows: Int
    /// Per cell, row by row: the id of its top, the latest shape that covers it whole (`none`: none does).
    private var tops: [UInt64]
    /// Per cell: its top's colour, 0xRRGGBB.
    private var colours: [UInt32]
    /// Per cell: how many shapes after its top reach it in another colour.
    private var others: [UInt32]

    /// No shape has this id.
    static let none: UInt64 = 0

    /// A shape, as the cells see it.
    typealias Stroke = (outline: Outline, id: UInt64, colour: UInt32)

    /// Cells over `pixels` (whole pixels) for shapes drawn `scale` times their size.
    init(covering pixels: Rect, scale: Double) {
        // Small enough that a cell fits inside a stroke of the standard width at any angle with room to spare.
        self.init(cellSize: max(2, Int(ShapeStyle.standardWidth * scale * 0.4)), covering: pixels)
    }

    /// Empty cells `cellSize` a side over `pixels`.
    private init(cellSize: Int, covering pixels: Rect) {
        let size = Double(cellSize)
        self.cellSize = cellSize
        self.pixels = pixels
        bounds = Rect(minX: (pixels.minX / size).rounded(.down) * size, minY: (pixels.minY / size).rounded(.down) * size,
                      maxX: (pixels.maxX / size).rounded(.up) * size, maxY: (pixels.maxY / size).rounded(.up) * size)
        columns = Int((bounds.width / size).rounded())
        rows = Int((bounds.height / size).rounded())
        tops = [UInt64](repeating: Self.none, count: columns * rows)
        colours = [UInt32](repeating: 0, count: columns * rows)
        others = [UInt32](repeating: 0, count: columns * rows)
    }

    /// The cells for the layer's pixels moved to `newPixels` (of the same size), and the areas of the
    /// canvas whose cells must be counted again (`recount`): those of the cells already counted, the cells
    /// wholly inside the old pixels, are kept. (A cell reaching past the pixels was counted only from the
    /// shapes reaching into them: a shape reaching only its outer part is not in its count.)
    func scrolled(to newPixels: Rect) -> (cells: SolidCells, stale: [Rect]) {
        var moved = SolidCells(cellSize: cellSize, covering: newPixels)
        let size = Double(cellSize)
        // The cells wholly inside the old pixels.
        let kept = Rect(minX: (pixels.minX / size).rounded(.up) * size, minY: (pixels.minY / size).rounded(.up) * size,
                        maxX: (pixels.maxX / size).rounded(.down) * size, maxY: (pixels.maxY / size).rounded(.down) * size)
        let overlap = Rect(minX: max(kept.minX, moved.bounds.minX), minY: max(kept.minY, moved.bounds.minY),
                           maxX: min(kept.maxX, moved.bounds.maxX), maxY: min(kept.maxY, moved.bounds.maxY))
        guard !overlap.isEmpty else { return (moved, [moved.bounds]) }
        let rowShift = Int(((overlap.minY - bounds.minY) / size).rounded()), newRow = Int(((overlap.minY - moved.bounds.minY) / size).rounded())
        let columnShift = Int(((overlap.minX - bounds.minX) / size).rounded())
        let newColumn = Int(((overlap.minX - moved.bounds.minX) / size).rounded())
        let keptRows = Int((overlap.height / size).rounded()), keptColumns = Int((overlap.width / size).rounded())
        for row in 0..<keptRows {
            let from = (rowShift + row) * columns + columnShift, to = (newRow + row) * moved.columns + newColumn
            moved.tops.replaceSubrange(to..<(to + keptColumns), with: tops[from..<(from + keptColumns)])
            moved.colours.replaceSubrange(to..<(to + keptColumns), with: colours[from..<(from + keptColumns)])
            moved.others.replaceSubrange(to..<(to + keptColumns), with: others[from..<(from + keptColumns)])
        }
        // The rest of the grid, as bands above and below the kept cells and beside them.
        let all = moved.bounds
        let stale = [Rect(minX: all.minX, minY: all.minY, maxX: all.maxX, maxY: overlap.minY),
                     Rect(minX: all.minX, minY: overlap.maxY, maxX: all.maxX, maxY: all.maxY),
                     Rect(minX: all.minX, minY: overlap.minY, maxX: overlap.minX, maxY: overlap.maxY),
                     Rect(minX: overlap.maxX, minY: overlap.minY, maxX: all.maxX, maxY: overlap.maxY)].filter { !$0.isEmpty }
        return (moved, stale)
    }

    var bytes: Int {
        tops.capacity * MemoryLayout<UInt64>.stride + (colours.capacity + others.capacity) * MemoryLayout<UInt32>.stride
    }

    /// The id of the cell's top, or `none`.
    func top(row: Int, column: Int) -> UInt64 { tops[row * columns + column] }

    /// The colour of a solid cell (0xRRGGBB); nil when the cell is not solid.
    func solidColour(row: Int, column: Int) -> UInt32? { solidColour(at: row * columns + column) }

    private func solidColour(at index: Int) -> UInt32? {
        tops[index] != Self.none && others[index] == 0 && Self.isPure(colours[index]) ? colours[index] : nil
    }

    /// The earliest shape that shows in the cell: any (0) without a top, its top, none (`Thresholds.never`) when solid.
    func threshold(row: Int, column: Int) -> UInt64 {
        let index = row * columns + column
        return solidColour(at: index) != nil ? Thresholds.never : tops[index]
    }

    /// Whether every channel of `colour` is 0 or 255.
    static func isPure(_ colour: UInt32) -> Bool {
        (0..<3).allSatisfy { let channel = colour >> (8 * $0) & 0xFF; return channel == 0 || channel == 0xFF }
    }

    /// The rectangle of cells `columns` of `row`.
    func rect(row: Int, columns: Range<Int>) -> Rect {
        let size = Double(cellSize)
        return Rect(x: bounds.minX + Double(columns.lowerBound) * size, y: bounds.minY + Double(row) * size,
                    width: Double(columns.count) * size, height: size)
    }

    // MARK: - Shapes coming and going

    /// Some of the grid's cells: those in `rows` and `columns`.
    typealias Part = (rows: Range<Int>, columns: Range<Int>)

    /// `shape`, later than every other shape of the layer, joined it: it tops the cells it covers whole
    /// (in `part`, when given), but those a later shape tops already (shapes may come the latest first).
    /// (Its reach is counted with `count`.)
    /// Returns how many of those cells had no top before, and calls `topped` with each (its row and column).
    @discardableResult
    mutating func cover(_ shape: Stroke, in part: Part? = nil, topped: (_ row: Int, _ column: Int) -> Void = { _, _ in }) -> Int {
        var covered = coveredRows(of: shape.outline), count = 0
        while let (row, run) = covered.next() {
            guard let run = Self.run(run, of: row, in: part) else { continue }
            let start = row * columns
            for index in (start + run.lowerBound)..<(start + run.upperBound) where tops[index] < shape.id {
                if tops[index] == Self.none {
                    count += 1
                    topped(row, index - start)
                }
                (tops[index], colours[index], others[index]) = (shape.id, shape.colour, 0)
            }
        }
        return count
    }

    /// Whether a stroke of `outline` reaches a cell without a top: one that no shape counted so far covers
    /// whole. (For shapes coming the latest first, whether it shows: see `LatestFirstTops`.) Ink's pieces are
    /// read one at a time, up to the first such cell, not gathered first.
    func reachesUntopped(_ outline: Outline) -> Bool {
        func reaches(_ rows: inout ReachedRows) -> Bool {
            while let (row, run) = rows.next() {
                let start = row * columns
                for index in (start + run.lowerBound)..<(start + run.upperBound) where tops[index] == Self.none { return true }
            }
            return false
        }
        guard case .ink = outline.path else {
            var rows = reachedRows(of: outline)
            return reaches(&rows)
        }
        for index in 0..<outline.pieces {
            var rows = ReachedRows(capsule: outline.piece(index), corner: (bounds.minX, bounds.minY), size: Double(cellSize),
                                   rows: self.rows, columns: columns)
            if reaches(&rows) { return true }
        }
        return false
    }

    /// The colour every top has (0xRRGGBB), when there are tops and they all have one colour; else nil. Counting
    /// a shape of that colour (`count`) changes nothing.
    var soleTopColour: UInt32? {
        var sole: UInt32?
        for index in tops.indices where tops[index] != Self.none {
            if sole == nil { sole = colours[index] } else if sole != colours[index] { return nil }
        }
        return sole
    }

    /// Counts `shape` (`delta` 1) or no longer counts it (`delta` `UInt32.max`) where it reaches a cell after
    /// the cell's top in another colour (in `part`, when given).
    mutating func count(_ shape: Stroke, by delta: UInt32, in part: Part? = nil) {
        var reached = reachedRows(of: shape.outline)
        while let (row, run) = reached.next() {
            guard let run = Self.run(run, of: row, in: part) else { continue }
            for index in (row * columns + run.lowerBound)..<(row * columns + run.upperBound)
            where tops[index] != Self.none && tops[index] < shape.id && colours[index] != shape.colour {
                others[index] &+= delta
            }
        }
    }

    /// The columns `run` of `row` within `part` (all of them without one); nil when the row is outside it.
    private static func run(_ run: Range<Int>, of row: Int, in part: Part?) -> Range<Int>? {
        guard let part else { return run }
        return part.rows.contains(row) ? run.clamped(to: part.columns) : nil
    }

    /// The cells whose top changes when `shape` leaves the layer (those it tops) or comes into it (those
    /// it covers whole and no later shape does), as a rectangle around them: they must be counted again
    /// (`recount`). Nil when there are none.
    func retopped(by shape: Stroke, coming: Bool) -> Rect? {
        var found: Rect?
        var covered = coveredRows(of: shape.outline)
        while let (row, run) = covered.next() {
            for column in run where coming ? top(row: row, column: column) < shape.id : top(row: row, column: column) == shape.id {
                let cell = rect(row: row, columns: column..<(column + 1))
                found = found.map { $0.union(cell) } ?? cell
            }
        }
        return found
    }

    /// Counts the cells meeting `area` again, from `shapes`: every shape of the layer that may reach one.
    mutating func recount(_ area: Rect, from shapes: [Stroke]) {
        guard let rowRange = rowRange((area.minY, area.maxY)) else { return }
        let part = (rows: rowRange, columns: columnRange(area))
        for row in part.rows {
            for index in (row * columns + part.columns.lowerBound)..<(row * columns + part.columns.upperBound) {
                (tops[index], colours[index], others[index]) = (Self.none, 0, 0)
            }
        }
        for shape in shapes { cover(shape, in: part) }
        for shape in shapes { count(shape, by: 1, in: part) }
    }

    /// Counts the cells meeting `area` again, from the shapes that may reach one, which `shapes` hands its
    /// body the latest first until the body returns false: once every cell there has a top, the shapes
    /// before them all neither top nor are counted in any, and are not looked at.
    mutating func recount(_ area: Rect, latestFirst shapes: (_ body: (Stroke) -> Bool) -> Void) {
        guard let rowRange = rowRange((area.minY, area.maxY)) else { return }
        let part = (rows: rowRange, columns: columnRange(area))
        for row in part.rows {
            for index in (row * columns + part.columns.lowerBound)..<(row * columns + part.columns.upperBound) {
                (tops[index], colours[index], others[index]) = (Self.none, 0, 0)
            }
        }
        var untopped = part.rows.count * part.columns.count
        var later: [Stroke] = []
        shapes { shape in
            untopped -= cover(shape, in: part)
            later.append(shape)
            return untopped > 0
        }
        for shape in later { count(shape, by: 1, in: part) }
    }

    /// The earliest threshold (`threshold(row:column:)`) of the cells meeting `areas`: shapes before it
    /// show in none of them.
    func earliestThreshold(meeting areas: [Rect]) -> UInt64 {
        var earliest = Thresholds.never
        for area in areas {
            guard let rowRange = rowRange((area.minY, area.maxY)) else { continue }
            let columnRange = columnRange(area)
            for row in rowRange {
                for column in columnRange { earliest = min(earliest, threshold(row: row, column: column)) }
            }
        }
        return earliest
    }

    /// Takes in the cells of `other`, the same grid counting other shapes: the later top wins; where both
    /// have the same top, the shapes after it are added up.
    mutating func merge(_ other: SolidCells) {
        precondition(other.bounds == bounds && other.cellSize == cellSize, "cells of another grid")
        for index in tops.indices {
            if other.tops[index] > tops[index] {
                (tops[index], colours[index], others[index]) = (other.tops[index], other.colours[index], other.others[index])
            } else if other.tops[index] == tops[index] {
                others[index] += other.others[index]
            }
        }
    }

    /// The cells `outline` covers whole, row by row.
    private func coveredRows(of outline: Outline) -> CoveredRows {
        CoveredRows(outline: outline, corner: (bounds.minX, bounds.minY), size: Double(cellSize), rows: rows, columns: columns)
    }

    // MARK: - Where a shape paints

    /// Calls `body` with each row of cells a stroke of `outline` may paint into and each run of columns it
    /// reaches there, until `body` returns false; returns false when it did.
    @discardableResult
    func forEachReachedRow(of outline: Outline, _ body: (_ row: Int, _ columns: Range<Int>) -> Bool) -> Bool {
        var rows = reachedRows(of: outline)
        while let (row, columns) = rows.next() {
            if !body(row, columns) { return false }
        }
        return true
    }

    /// The rows of cells a stroke of `outline` may paint into, with the runs of columns it reaches in
    /// each (each cell once); with `cellsPerStep` k, rows and columns of blocks of k x k cells.
    func reachedRows(of outline: Outline, cellsPerStep k: Int = 1) -> ReachedRows {
        ReachedRows(outline: outline, corner: (bounds.minX, bounds.minY), size: Double(cellSize * k),
                    rows: (rows + k - 1) / k, columns: (columns + k - 1) / k)
    }

    /// The earliest shape that shows in each cell inside `areas`, as things are now: what a repaint of the
    /// areas must paint shape by shape.
    func thresholds(inside areas: [Rect]) -> Thresholds {
        guard let first = areas.first else { return Thresholds(cells: ThresholdGrid(), blocks: ThresholdGrid(), latest: ThresholdGrid()) }
        let outline = areas.dropFirst().reduce(first) { $0.union($1) }
        let rowRange = rowRange((outline.minY, outline.maxY)) ?? 0..<0
        let columnRange = columnRange(outline)
        // Every cell meets the pixels: an area holding them meets every cell.
        let everywhere = areas.count == 1 && areas[0].minX <= pixels.minX && areas[0].minY <= pixels.minY
            && areas[0].maxX >= pixels.maxX && areas[0].maxY >= pixels.maxY
        let cells = ThresholdGrid(rows: rowRange, columns: columnRange) { row, column in
            guard everywhere || areas.contains(where: { $0.intersects(rect(row: row, columns: column..<(column + 1))) }) else {
                return Thresholds.never
            }
            return threshold(row: row, column: column)
        }
        let k = Thresholds.blockSize
        let blockRows = (rowRange.lowerBound / k)..<((rowRange.upperBound + k - 1) / k)
        let blockColumns = (columnRange.lowerBound / k)..<((columnRange.upperBound + k - 1) / k)
        let blocks = ThresholdGrid(rows: blockRows, columns: blockColumns) { row, column in
            (row * k..<(row * k + k)).reduce(Thresholds.never) { min($0, cells.lowest(row: $1, columns: column * k..<(column * k + k))) }
        }
        let latest = ThresholdGrid(rows: blockRows, columns: blockColumns) { row, column in
            (row * k..<(row * k + k)).reduce(0) { max($0, cells.highest(row: $1, columns: column * k..<(column * k + k))) }
        }
        return Thresholds(cells: cells, blocks: blocks, latest: latest)
    }

    /// The latest threshold of the cells around `outline` (`blocks(around:)`), `Thresholds.never` outside the
    /// thresholds' areas. When it is not later than the shape, nothing there buries the shape: it shows
    /// wherever it reaches.
    func latest(around outline: Outline, in thresholds: Thresholds) -> UInt64 {
        guard let (blockRows, blockColumns) = blocks(around: outline) else { return Thresholds.never }
        return blockRows.reduce(0) { max($0, thresholds.latest.highest(row: $1, columns: blockColumns)) }
    }

    /// The earliest threshold of the cells around `outline` (`blocks(around:)`; none where it meets no block).
    /// When it is later than the shape, every cell it reaches buries it there.
    func earliest(around outline: Outline, in thresholds: Thresholds) -> UInt64 {
        guard let (blockRows, blockColumns) = blocks(around: outline) else { return Self.none }
        return blockRows.reduce(Thresholds.never) { min($0, thresholds.blocks.lowest(row: $1, columns: blockColumns)) }
    }

    /// The blocks (`Thresholds.blockSize` cells a side) that the rectangle around all of `outline`'s pieces
    /// (`Outline.reach`, with a pixel to spare for rounding) meets; nil when it meets none.
    func blocks(around outline: Outline) -> (rows: Range<Int>, columns: Range<Int>)? {
        let k = Thresholds.blockSize, perBlock = 1 / Double(cellSize * k)
        let area = outline.reach.insetBy(-1)
        let blockRows = Self.reached(from: (area.minY - bounds.minY) * perBlock, to: (area.maxY - bounds.minY) * perBlock,
                                     count: (rows + k - 1) / k)
        let blockColumns = Self.reached(from: (area.minX - bounds.minX) * perBlock, to: (area.maxX - bounds.minX) * perBlock,
                                        count: (columns + k - 1) / k)
        return blockRows.isEmpty || blockColumns.isEmpty ? nil : (blockRows, blockColumns)
    }

    /// Whether shape `id` (as `outline`) shows in the areas of `thresholds`: whether it reaches a cell
    /// there whose threshold is not later than it. Most shapes under many others are found buried by the
    /// blocks they reach, a few rows instead of a row per cell. (A shape just off the grid, reaching no
    /// cell, may be said to show: it paints nothing there.) `latest` is `latest(around:in:)`, when the
    /// caller has it already.
    func shows(_ outline: Outline, id: UInt64, in thresholds: Thresholds, latest: UInt64? = nil) -> Bool {
        // Where no cell around it is later than it (no line covers any whole: a drawing of circles, say),
        // it shows: its pieces need not be traced.
        if (latest ?? self.latest(around: outline, in: thresholds)) <= id { return true }
        // Where every cell around it has a later threshold (a shape deep under many others), it is buried: its
        // pieces need not be traced either.
        if earliest(around: outline, in: thresholds) > id { return false }
        var blocks = reachedRows(of: outline, cellsPerStep: Thresholds.blockSize)
        var reachesShownBlock = false
        while let (row, columns) = blocks.next(), !reachesShownBlock {
            reachesShownBlock = thresholds.blocks.lowest(row: row, columns: columns) <= id
        }
        guard reachesShownBlock else { return false }
        var cells = reachedRows(of: outline)
        while let (row, columns) = cells.next() {
            if thresholds.cells.lowest(row: row, columns: columns) <= id { return true }
        }
        return false
    }

    /// Counts `shape` as `count(_:by: 1)` does (when `counting`), and appends to `runs` the cells it reaches
    /// whose top is not later than it (where it shows while only tops bury), as runs along rows, top to
    /// bottom; returns how many runs. (Elsewhere later shapes cover it whole: see `ShownCells`.)
    @discardableResult
    mutating func count(_ shape: Stroke, counting: Bool, appendingRunsTo runs: inout [(row: Int, columns: Range<Int>)]) -> Int {
        let start = runs.count
        var reached = reachedRows(of: shape.outline)
        while let (row, columns) = reached.next() {
            let first = row * self.columns
            var from: Int?
            for index in (first + columns.lowerBound)..<(first + columns.upperBound) {
                guard tops[index] <= shape.id else {
                    if let start = from { runs.append((row, start..<(index - first))) }
                    from = nil
                    continue
                }
                if from == nil { from = index - first }
                if counting, tops[index] != Self.none, tops[index] < shape.id, colours[index] != shape.colour { others[index] &+= 1 }
            }
            if let start = from { runs.append((row, start..<columns.upperBound)) }
        }
        return runs.count - start
    }

    /// The cells of `runs` that are not solid, as runs along rows: `runs` itself when none is.
    func withoutSolid(_ runs: ArraySlice<(row: Int, columns: Range<Int>)>) -> ArraySlice<(row: Int, columns: Range<Int>)> {
        guard runs.contains(where: { run in run.columns.contains { solidColour(at: run.row * columns + $0) != nil } }) else { return runs }
        var kept: [(row: Int, columns: Range<Int>)] = []
        for (row, columns) in runs {
            let first = row * self.columns
            var column = columns.lowerBound
            while column < columns.upperBound {
                guard solidColour(at: first + column) == nil else {
                    column += 1
                    continue
                }
                let from = column
                column += 1
                while column < columns.upperBound, solidColour(at: first + column) == nil { column += 1 }
                kept.append((row, from..<column))
            }
        }
        return kept[...]
    }

    /// The solid cells meeting `area`, as rectangles of whole runs of one colour along rows.
    func solidRuns(meeting area: Rect) -> [(colour: UInt32, rect: Rect)] {
        guard let rowRange = rowRange((area.minY, area.maxY)) else { return [] }
        let columnRange = columnRange(area)
        var runs: [(colour: UInt32, rect: Rect)] = []
        for row in rowRange {
            var column = columnRange.lowerBound
            while column < columnRange.upperBound {
                guard let colour = solidColour(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < columnRange.upperBound, solidColour(row: row, column: column) == colour { column += 1 }
                runs.append((colour, rect(row: row, columns: start..<column)))
            }
        }
        return runs
    }

    // MARK: - The grid

    /// The rows of cells from y `extent.min` to `extent.max`, cut to the grid; nil when none.
    private func rowRange(_ extent: (min: Double, max: Double)) -> Range<Int>? {
        let perCell = 1 / Double(cellSize)
        let range = Self.reached(from: (extent.min - bounds.minY) * perCell, to: (extent.max - bounds.minY) * perCell, count: rows)
        return range.isEmpty ? nil : range
    }

    /// The columns of cells meeting `area`, cut to the grid.
    private func columnRange(_ area: Rect) -> Range<Int> {
        let size = Double(cellSize)
        return Self.clamp(((area.minX - bounds.minX) / size).rounded(.down), ((area.maxX - bounds.minX) / size).rounded(.up),
                          to: columns)
    }

    // Positions in cells (or blocks) from the grid's corner, maybe far out; ⌊x⌋ is Int(x) for x > 0.
    // (Reading positions with a multiplication instead of a division errs by far less than the margins.)

    /// The cells k with ⌊low⌋ ≤ k ≤ ⌊high⌋, cut to `0..<count`: those a span from `low` to `high` touches.
    static func reached(from low: Double, to high: Double, count: Int) -> Range<Int> {
        guard high >= 0, low < Double(count), low <= high else { return 0..<0 }
        return (low > 0 ? Int(low) : 0)..<(high < Double(count) ? Int(high) + 1 : count)
    }

    /// `first..<end` (whole numbers, maybe far out or not finite) cut to `0..<count`.
    private static func clamp(_ first: Double, _ end: Double, to count: Int) -> Range<Int> {
        let low = first > 0 ? (first < Double(count) ? Int(first) : count) : 0
        let high = end > 0 ? (end < Double(count) ? Int(end) : count) : 0
        return low < high ? low..<high : 0..<0
    }
}

/// The rows of a grid a stroke reaches, top to bottom, and the runs of columns in each (empty rows left
/// out, each square once): see `SolidCells.reachedRows(of:cellsPerStep:)`. A line's rows come from its
/// one capsule and a circle's from its ring (`EllipseOutline.Ring.reach`: at most two runs a row, around its
/// hole), each row as it is read; ink's from all its pieces, gathered and merged first.
struct ReachedRows: IteratorProtocol {
    /// The grid's first corner, the side of its squares, and how many columns there are.
    private let corner: (x: Double, y: Double)
    private let size: Double
    private let columns: Int
    private let perSquare: Double
    /// A line's capsule, or a circle's ring; else ink's runs, merged, and the next one.
    private let capsule: StrokeCapsule?
    private let ring: EllipseOutline.Ring?
    private var runs: [(row: Int, columns: Range<Int>)] = []
    private var nextRun = 0
    /// The rows still to read (a line's, a ring's).
    private var remaining: Range<Int> = 0..<0
    /// A ring's second run in the row last read.
    private var pending: (row: Int, columns: Range<Int>)?

    init(outline: Outline, corner: (x: Double, y: Double), size: Double, rows: Int, columns: Int) {
        self.corner = corner
        self.size = size
        self.columns = columns
        perSquare = 1 / size
        if case .ellipse(let ellipse) = outline.path {
            (capsule, ring) = (nil, EllipseOutline.Ring(ellipse, halfWidth: outline.width / 2))
            let reach = outline.reach
            remaining = SolidCells.reached(from: (reach.minY - corner.y) * perSquare, to: (reach.maxY - corner.y) * perSquare, count: rows)
            return
        }
        ring = nil
        let pieces = outline.pieces
        guard pieces > 1 else {
            let capsule = outline.piece(0)
            self.capsule = capsule
            remaining = Self.rows(of: capsule, corner: corner, perSquare: perSquare, count: rows)
            return
        }
        capsule = nil
        var found: [(row: Int, columns: Range<Int>)] = []
        for index in 0..<pieces {
            var piece = ReachedRows(capsule: outline.piece(index), corner: corner, size: size, rows: rows, columns: columns)
            while let run = piece.next() { found.append(run) }
        }
        runs = Self.merged(found)
    }

    /// `runs` in order, top to bottom and left to right, those that meet or touch along a row made one.
    static func merged(_ runs: [(row: Int, columns: Range<Int>)]) -> [(row: Int, columns: Range<Int>)] {
        var merged: [(row: Int, columns: Range<Int>)] = []
        for run in runs.sorted(by: { ($0.row, $0.columns.lowerBound) < ($1.row, $1.columns.lowerBound) }) {
            if let last = merged.last, last.row == run.row, run.columns.lowerBound <= last.columns.upperBound {
                merged[merged.count - 1].columns = last.columns.lowerBound..<max(last.columns.upperBound, run.columns.upperBound)
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// The rows one capsule reaches.
    init(capsule: StrokeCapsule, corner: (x: Double, y: Double), size: Double, rows: Int, columns: Int) {
        self.corner = corner
        self.size = size
        self.columns = columns
        perSquare = 1 / size
        (self.capsule, ring) = (capsule, nil)
        remaining = Self.rows(of: capsule, corner: corner, perSquare: perSquare, count: rows)
    }

    private static func rows(of capsule: StrokeCapsule, corner: (x: Double, y: Double), perSquare: Double, count: Int) -> Range<Int> {
        let extent = capsule.verticalExtent
        return SolidCells.reached(from: (extent.min - corner.y) * perSquare, to: (extent.max - corner.y) * perSquare, count: count)
    }

    mutating func next() -> (row: Int, columns: Range<Int>)? {
        // (A ring is asked for first: asking whether there is a capsule copies it, a ring's or not.)
        if ring != nil {
            if let run = pending {
                pending = nil
                return run
            }
            while let row = remaining.popFirst() {
                let top = corner.y + Double(row) * size
                // (Read in place: bound to a name, the ring would be copied at each call.)
                guard let (outer, hole) = ring!.reach(from: top, to: top + size) else { continue }
                let reached = SolidCells.reached(from: (outer.min - corner.x) * perSquare, to: (outer.max - corner.x) * perSquare, count: columns)
                guard !reached.isEmpty else { continue }
                // The squares wholly inside the hole, with room to spare.
                let first = hole.map { Int(flooring: ($0.min - corner.x) * perSquare) + 1 } ?? 0
                let end = hole.map { Int(ceiling: ($0.max - corner.x) * perSquare) - 1 } ?? 0
                guard first < end, end > reached.lowerBound, first < reached.upperBound else { return (row, reached) }
                let left = reached.lowerBound < first ? (row, reached.lowerBound..<first) : nil
                let right = end < reached.upperBound ? (row, end..<reached.upperBound) : nil
                guard let left else {
                    if let right { return right }
                    continue
                }
                pending = right
                return left
            }
            return nil
        }
        if let capsule {
            while let row = remaining.popFirst() {
                let top = corner.y + Double(row) * size
                guard let span = capsule.span(from: top, to: top + size) else { continue }
                let reached = SolidCells.reached(from: (span.min - corner.x) * perSquare, to: (span.max - corner.x) * perSquare,
                                                 count: columns)
                if !reached.isEmpty { return (row, reached) }
            }
            return nil
        }
        guard nextRun < runs.count else { return nil }
        defer { nextRun += 1 }
        return runs[nextRun]
    }
}

/// The rows of a grid a stroke covers whole, top to bottom, and the runs of columns there (empty rows left
/// out, each cell once): see `SolidCells.cover`. A line's rows come from its box (`Outline.inside`), a
/// circle's from its ring (`EllipseOutline.Ring.covered`: at most two runs a row, beside its hole), each row
/// as it is read; ink covers none.
struct CoveredRows: IteratorProtocol {
    /// A line's box (rows of none for ink), or a circle's ring.
    private var box: BoxRows?
    private let ring: EllipseOutline.Ring?
    /// A ring's grid: its first corner, the side of its cells, how many columns; its rows still to read, and
    /// its second run in the row last read.
    private let corner: (x: Double, y: Double)
    private let size: Double
    private let columns: Int
    private var remaining: Range<Int> = 0..<0
    private var pending: (row: Int, columns: Range<Int>)?

    init(outline: Outline, corner: (x: Double, y: Double), size: Double, rows: Int, columns: Int) {
        (self.corner, self.size, self.columns) = (corner, size, columns)
        if case .ellipse(let ellipse) = outline.path {
            ring = EllipseOutline.Ring(ellipse, halfWidth: outline.width / 2)
            let reach = outline.reach, perCell = 1 / size
            remaining = SolidCells.reached(from: (reach.minY - corner.y) * perCell, to: (reach.maxY - corner.y) * perCell, count: rows)
            return
        }
        box = BoxRows(box: outline.inside, corner: corner, size: size, rows: rows, columns: columns)
        ring = nil
    }

    mutating func next() -> (row: Int, columns: Range<Int>)? {
        // (A ring is asked for first, as `ReachedRows` asks: asking whether there is a box copies it.)
        if ring != nil {
            if let run = pending {
                pending = nil
                return run
            }
            let perCell = 1 / size
            while let row = remaining.popFirst() {
                let top = corner.y + Double(row) * size
                // (Read in place, as `ReachedRows` reads its ring.)
                guard let (outer, hole) = ring!.covered(from: top, to: top + size) else { continue }
                guard let hole else {
                    let inside = BoxRows.wholly(from: (outer.min - corner.x) * perCell, to: (outer.max - corner.x) * perCell, count: columns)
                    if inside.isEmpty { continue }
                    return (row, inside)
                }
                let left = BoxRows.wholly(from: (outer.min - corner.x) * perCell, to: (hole.min - corner.x) * perCell, count: columns)
                let right = BoxRows.wholly(from: (hole.max - corner.x) * perCell, to: (outer.max - corner.x) * perCell, count: columns)
                if left.isEmpty {
                    if right.isEmpty { continue }
                    return (row, right)
                }
                if !right.isEmpty { pending = (row, right) }
                return (row, left)
            }
            return nil
        }
        return box?.next()
    }
}

/// The rows of a grid a `StrokeBox` covers whole, top to bottom, and the run of columns wholly inside
/// it in each (empty rows left out).
private struct BoxRows: IteratorProtocol {
    private let box: StrokeBox?
    private let corner: (x: Double, y: Double)
    private let size: Double
    private let columns: Int
    private var remaining: Range<Int>
    /// The box's x-range along the top of the next row.
    private var top: (min: Double, max: Double)?

    init(box: StrokeBox?, corner: (x: Double, y: Double), size: Double, rows: Int, columns: Int) {
        self.box = box
        self.corner = corner
        self.size = size
        self.columns = columns
        let perCell = 1 / size
        remaining = box.map { box in
            let extent = box.verticalExtent
            return SolidCells.reached(from: (extent.min - corner.y) * perCell, to: (extent.max - corner.y) * perCell, count: rows)
        } ?? 0..<0
        top = box?.span(atY: corner.y + Double(remaining.lowerBound) * size)
    }

    mutating func next() -> (row: Int, columns: Range<Int>)? {
        guard let box else { return nil }
        let perCell = 1 / size
        while let row = remaining.popFirst() {
            // The box is convex: a cell is inside when its four corners are.
            let bottom = box.span(atY: corner.y + Double(row + 1) * size)
            defer { top = bottom }
            guard let a = top, let b = bottom else { continue }
            let inside = Self.wholly(from: (max(a.min, b.min) - corner.x) * perCell, to: (min(a.max, b.max) - corner.x) * perCell,
                                     count: columns)
            if !inside.isEmpty { return (row, inside) }
        }
        return nil
    }

    /// The cells k with low ≤ k and k + 1 ≤ high, cut to `0..<count`: those wholly inside the span.
    static func wholly(from low: Double, to high: Double, count: Int) -> Range<Int> {
        guard high >= 1, low < Double(count) else { return 0..<0 }
        let first = low > 0 ? (Double(Int(low)) < low ? Int(low) + 1 : Int(low)) : 0
        let end = high < Double(count) ? Int(high) : count
        return first < end ? first..<end : 0..<0
    }
}

/// For the cells of a part of the grid at one moment, the earliest shape that shows in each (cells
/// outside some areas: none), and per block of `blockSize` x `blockSize` cells the earliest of its cells'
/// and the latest.
struct Thresholds {
    static let blockSize = 8
    /// Later than any shape: nothing shows.
    static let never = UInt64.max
    let cells: ThresholdGrid
    let blocks: ThresholdGrid
    let latest: ThresholdGrid
}

/// Ids for the places of a part of a grid, answering for a run of places along a row with the earliest
/// or the latest.
struct ThresholdGrid {
    let rows: Range<Int>
    let columns: Range<Int>
    /// Row by row.
    private let values: [UInt64]

    init() { (rows, columns, values) = (0..<0, 0..<0, []) }

    init(rows: Range<Int>, columns: Range<Int>, _ value: (_ row: Int, _ column: Int) -> UInt64) {
        self.rows = rows
        self.columns = columns
        var values: [UInt64] = []
        values.reserveCapacity(rows.count * columns.count)
        for row in rows { for column in columns { values.append(value(row, column)) } }
        self.values = values
    }

    /// The earliest id along `run` of `row` (`Thresholds.never` where the run leaves the grid's part).
    func lowest(row: Int, columns run: Range<Int>) -> UInt64 { fold(row: row, columns: run, min) }

    /// The latest id along `run` of `row` (`Thresholds.never` where the run leaves the grid's part).
    func highest(row: Int, columns run: Range<Int>) -> UInt64 { fold(row: row, columns: run, max) }

    private func fold(row: Int, columns run: Range<Int>, _ combine: (UInt64, UInt64) -> UInt64) -> UInt64 {
        guard rows.contains(row) else { return Thresholds.never }
        let low = max(run.lowerBound, columns.lowerBound), high = min(run.upperBound, columns.upperBound)
        guard low < high else { return Thresholds.never }
        let start = (row - rows.lowerBound) * columns.count - columns.lowerBound
        var result = values[start + low]
        if low > run.lowerBound || high < run.upperBound { result = combine(result, Thresholds.never) }
        for index in (start + low + 1)..<(start + high) { result = combine(result, values[index]) }
        return result
    }
}
