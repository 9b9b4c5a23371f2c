/// A spatial index over finished shapes answering "which shape is nearest to this point, within a
/// tolerance?" without looking at every shape.
///
/// Design: a hierarchy of loose uniform grids, each shape stored exactly once.
/// - Level k has square cells of `baseCellSize * 2^k` px. A shape lives on the smallest level whose
///   cell size is at least the larger side of its bounding box (its extent), in the cell holding
///   its centre. Its points lie within half its extent of that centre, so a query visits, per
///   level, only the few cells holding centres within `largest extent there / 2 + tolerance` of
///   the point. Large shapes go to coarse levels: no shape is copied into every cell it crosses, so
///   memory stays one entry per shape however large the shapes are.
/// - Entries (cell key, shape id; 16 bytes) are kept in one sorted array, keys ordered by
///   (level, row, column), so a row of cells is one contiguous range found by binary search.
///   Inserts go into a small sorted `pending` array and removals into a `removed` set; both are
///   merged into the main array when they reach `mergeThreshold`, so an edit costs O(log n)
///   amortised plus an O(n) merge once every `mergeThreshold` edits.
/// - Shapes too large or too far out for the grid (or with non-finite coordinates) are kept in a
///   plain list that every query checks.
/// - Ink is filed in pieces: each run of its curve (`Ink.runBounds`) as if it were a shape of its own
///   (runs falling in the same cell of a level are one entry), so a long stroke sits on a fine level near
///   each of its parts rather than on a coarse one everywhere, and a query measures it once. Its entries
///   have levels of their own (`slotCount`: the key's top bit says ink), which the areas' queries read with
///   the others' and hit testing passes over: it finds ink through `InkCells` (a hash from a cell to the
///   runs meeting it, with their boxes), at a cost that does not grow with the drawing, and measures the
///   strokes nearest box first, passing over those whose boxes are farther than the nearest shape so far.
///
/// The index stores ids only; the geometry stays in the `Drawing` passed to queries, which is
/// also where the exact distance to a shape is measured.
public struct ShapeIndex: Sendable {
    /// The side of a cell on the finest level, in px (about the default tolerance).
    public static let baseCellSize = 32.0
    /// How many inserts and removals are buffered before merging into the main array.
    public static let mergeThreshold = 1024

    static let levelCount = 32
    /// Levels of shapes other than ink (`0..<levelCount`), then the same levels of ink's runs.
    static let slotCount = 2 * levelCount
    static let shapeSlots = 0..<levelCount
    static let cellBits = 29
    static let cellBias = Int64(1) << (cellBits - 1)
    static let cellRange = -cellBias...(cellBias - 1)

    struct Entry: Hashable, Comparable {
        var key: UInt64
        var id: ShapeID
        static func < (a: Entry, b: Entry) -> Bool { (a.key, a.id) < (b.key, b.id) }
    }

    /// Where a shape is filed.
    enum Placement: Hashable {
        /// In the grid; `extent` is the larger side of the shape's bounding box.
        case grid(Entry, extent: Double)
        case oversized(ShapeID)
    }

    private var entries: [Entry] = []
    private var pending: [Entry] = []
    private var removed: Set<Entry> = []
    private var oversized: [ShapeID] = []
    /// Ink's runs by cell, for hit testing.
    private var inkCells = InkCells()
    private var shapesPerLevel = [Int](repeating: 0, count: ShapeIndex.slotCount)
    /// The largest extent filed on each level (each slot) since it was last empty (never too small).
    private var largestExtentPerLevel = [Double](repeating: 0, count: ShapeIndex.slotCount)

    /// The number of shapes indexed.
    public private(set) var count = 0

    /// The revision of the drawing whose shapes these are, when an `IndexedDrawing` keeps the index in
    /// step with it: whoever is handed both can check that they belong together. Nil after any other change.
    public internal(set) var revision: Drawing.Revision?

    public init() {}

    /// An index of `shapes`, built in one sort.
    public init(_ shapes: [Shape]) {
        var built: [Entry] = []
        built.reserveCapacity(shapes.count)
        for shape in shapes {
            var inGrid = true
            Self.forEachPlacement(of: shape) { placement in
                switch placement {
                case .grid(let entry, let extent):
                    built.append(entry)
                    count(entry, extent: extent)
                case .oversized(let id):
                    oversized.append(id)
                    inGrid = false
                }
            }
            if inGrid, case .ink(let ink) = shape.geometry, !inkCells.insert(shape.id, ink) { oversized.append(shape.id) }
        }
        built.sort()
        entries = built
        count = shapes.count
    }

    /// Adds `shape` (which must not be in the index already).
    public mutating func insert(_ shape: Shape) {
        revision = nil
        count += 1
        var inGrid = true
        defer {
            if inGrid, case .ink(let ink) = shape.geometry, !inkCells.insert(shape.id, ink) { oversized.append(shape.id) }
        }
        Self.forEachPlacement(of: shape) { placement in
            switch placement {
            case .oversized(let id):
                oversized.append(id)
                inGrid = false
            case .grid(let entry, let extent):
                count(entry, extent: extent)
                if removed.remove(entry) != nil { return }  // still physically in `entries`
                let position = Self.lowerBound(of: entry, in: pending)
                pending.insert(entry, at: position)
                mergeIfNeeded()
            }
        }
    }

    /// Removes `shape`, which must have the geometry it had when it was inserted.
    public mutating func remove(_ shape: Shape) {
        revision = nil
        var found = false
        Self.forEachPlacement(of: shape) { placement in
            switch placement {
            case .oversized(let id):
                guard let position = oversized.firstIndex(of: id) else { return }
                oversized.remove(at: position)
            case .grid(let entry, _):
                let position = Self.lowerBound(of: entry, in: pending)
                if position < pending.count, pending[position] == entry {
                    pending.remove(at: position)
                } else {
                    let main = Self.lowerBound(of: entry, in: entries)
                    guard main < entries.count, entries[main] == entry, removed.insert(entry).inserted else { return }
                    mergeIfNeeded()
                }
                let slot = Self.slot(of: entry.key)
                shapesPerLevel[slot] -= 1
                if shapesPerLevel[slot] == 0 { largestExtentPerLevel[slot] = 0 }
            }
            found = true
        }
        if case .ink(let ink) = shape.geometry, !inkCells.remove(shape.id, ink), let position = oversized.firstIndex(of: shape.id) {
            oversized.remove(at: position)  // filed in the grid but not with ink's runs: kept with the oversized shapes too
        }
        if found { count -= 1 }
    }

    private mutating func count(_ entry: Entry, extent: Double) {
        let slot = Self.slot(of: entry.key)
        shapesPerLevel[slot] += 1
        largestExtentPerLevel[slot] = max(largestExtentPerLevel[slot], extent)
    }

    /// The shape of `drawing` nearest to `point` by exact distance, if that distance
    /// is at most `tolerance` (inclusive); between equally near shapes, the one drawn last (largest id).
    public func nearestShape(to point: Point, within tolerance: Double, in drawing: Drawing) -> ShapeID? {
        let shapes = drawing.shapes
        var best: (id: ShapeID, distance: Double)?
        if point.x.isFinite, point.y.isFinite, tolerance >= 0 {
            // Every shape within `tolerance` of the point has bounds meeting this square.
            let square = Rect(minX: point.x - tolerance, minY: point.y - tolerance, maxX: point.x + tolerance, maxY: point.y + tolerance)
            forEachCandidate(near: square, slots: Self.shapeSlots, consider)
            // Ink: the stretches whose boxes are within the tolerance, nearest box first, until the boxes are
            // farther than the nearest shape found; a stroke is as near as its nearest stretch.
            var near: [(box: Double, entry: InkCells.Entry)] = []
            inkCells.forEachEntry(meeting: square) { entry in
                let box = entry.distance(to: point)
                if box <= tolerance { near.append((box, entry)) }
            }
            near.sort { $0.box < $1.box }
            var measured: [InkCells.Entry] = []  // a stretch meeting several cells is in each
            for (box, entry) in near {
                if let best, box > best.distance { break }
                if measured.contains(entry) { continue }
                measured.append(entry)
                guard let shape = Self.shape(entry.id, in: shapes), case .ink(let ink) = shape.geometry else { continue }
                consider(entry.id, distance: ink.distance(to: point, pieces: entry.pieces, notBeyond: best?.distance ?? tolerance))
            }
        }
        for id in oversized { consider(id) }
        return best?.id

        func consider(_ id: ShapeID) {
            guard let shape = Self.shape(id, in: shapes) else { return }
            // Ink's parts farther than the nearest shape so far (or the tolerance) are not measured.
            consider(id, distance: shape.geometry.distance(to: point, notBeyond: best?.distance ?? tolerance))
        }

        func consider(_ id: ShapeID, distance: Double) {
            guard distance <= tolerance else { return }
            if let current = best, distance > current.distance || (distance == current.distance && id < current.id) {
                return
            }
            best = (id, distance)
        }
    }

    /// The shapes of `drawing` whose bounds (`Shape.bounds`) meet `rect`, edges included, in drawing
    /// order: what may paint inside an area, once the area is widened by half a stroke.
    public func shapes(meeting rect: Rect, in drawing: Drawing) -> [Shape] {
        let shapes = drawing.shapes
        var found: [Shape] = []
        func consider(_ id: ShapeID) {
            guard let position = Self.position(of: id, in: shapes) else { return }
            let bounds = shapes[position].bounds
            if bounds.minX <= rect.maxX, rect.minX <= bounds.maxX, bounds.minY <= rect.maxY, rect.minY <= bounds.maxY {
                found.append(shapes[position])
            }
        }
        if rect.minX <= rect.maxX, rect.minY <= rect.maxY { forEachCandidate(near: rect, consider) }
        for id in oversized { consider(id) }
        found.sort { $0.id < $1.id }
        // Ink is filed in pieces, and may be found by several.
        var unique: [Shape] = []
        unique.reserveCapacity(found.count)
        for shape in found where unique.last?.id != shape.id { unique.append(shape) }
        return unique
    }

    /// Calls `body` with the shapes `shapes(meeting:in:)` finds, the latest first, until `body` returns false: a
    /// caller that can tell when earlier shapes no longer matter (buried under later ones) stops without
    /// looking at them. The cells near `rect` are read from their ends, band of ids by band (each four times
    /// as wide as the last), so that stopping early costs a few binary searches a cell, not a look at every
    /// shape there.
    public func forEachShapeLatestFirst(meeting rect: Rect, in drawing: Drawing, _ body: (Shape) -> Bool) {
        let shapes = drawing.shapes
        guard let latest = shapes.last?.id.rawValue, rect.minX <= rect.maxX, rect.minY <= rect.maxY else { return }
        func meets(_ bounds: Rect) -> Bool {
            bounds.minX <= rect.maxX && rect.minX <= bounds.maxX && bounds.minY <= rect.maxY && rect.minY <= bounds.maxY
        }
        var keys: [UInt64] = []
        forEachCellKey(near: rect, upTo: Self.cellsReadFromTheirEnds) { keys.append($0) }
        guard keys.count <= Self.cellsReadFromTheirEnds else {
            // An area of very many cells (a view far out): every candidate, sorted.
            for shape in self.shapes(meeting: rect, in: drawing).reversed() where !body(shape) { return }
            return
        }
        var high = latest &+ 1, width: UInt64 = 256
        while high > 0 {
            let low = high > width ? high - width : 0
            var band: [ShapeID] = []
            for key in keys {
                let (first, end) = (Entry(key: key, id: ShapeID(low)), Entry(key: key, id: ShapeID(high)))
                for i in Self.lowerBound(of: first, in: entries)..<Self.lowerBound(of: end, in: entries)
                where removed.isEmpty || !removed.contains(entries[i]) {
                    band.append(entries[i].id)
                }
                if !pending.isEmpty {
                    for i in Self.lowerBound(of: first, in: pending)..<Self.lowerBound(of: end, in: pending) { band.append(pending[i].id) }
                }
            }
            for id in oversized where low <= id.rawValue && id.rawValue < high { band.append(id) }
            band.sort(by: >)
            var last: ShapeID?
            for id in band where id != last {
                last = id
                guard let position = Self.position(of: id, in: shapes), meets(shapes[position].bounds) else { continue }
                if !body(shapes[position]) { return }
            }
            high = low
            width = width > UInt64.max / 4 ? UInt64.max : width * 4
        }
    }

    /// Beyond this many cells near an area, `forEachShapeLatestFirst` sorts every candidate instead.
    static let cellsReadFromTheirEnds = 4096

    /// Calls `body` with the key of every cell (of a level holding shapes) that may hold the centre of a shape
    /// whose bounds meet `rect`, stopping after `limit` + 1 of them.
    private func forEachCellKey(near rect: Rect, upTo limit: Int, _ body: (UInt64) -> Void) {
        var count = 0
        for slot in 0..<Self.slotCount where shapesPerLevel[slot] > 0 {
            let size = Self.cellSize(slot: slot)
            let reach = largestExtentPerLevel[slot] / 2 + 1
            let columns = Self.cell(rect.minX - reach, size: size)...Self.cell(rect.maxX + reach, size: size)
            let rows = Self.cell(rect.minY - reach, size: size)...Self.cell(rect.maxY + reach, size: size)
            for row in rows {
                for column in columns {
                    body(Self.key(slot: slot, row: row, column: column))
                    count += 1
                    if count > limit { return }
                }
            }
        }
    }

    /// Calls `body` with every shape filed in the grid on `slots` whose centre is close enough to `rect` for
    /// its bounds to meet it (and some that are not: callers test the geometry); not the oversized shapes.
    private func forEachCandidate(near rect: Rect, slots: Range<Int> = 0..<slotCount, _ body: (ShapeID) -> Void) {
        // Considers the entries with keys in `keys` whose column is in `columns`.
        func visit(_ keys: ClosedRange<UInt64>, columns: ClosedRange<Int64>) {
            let first = Entry(key: keys.lowerBound, id: ShapeID(0))
            func scan(_ run: [Entry]) {
                var i = Self.lowerBound(of: first, in: run)
                while i < run.count, run[i].key <= keys.upperBound {
                    let entry = run[i]
                    i += 1
                    guard columns.contains(Self.column(of: entry.key)) else { continue }
                    if !removed.isEmpty, removed.contains(entry) { continue }  // (never holds pending entries)
                    body(entry.id)
                }
            }
            scan(entries)
            scan(pending)
        }
        for slot in slots where shapesPerLevel[slot] > 0 {
            let size = Self.cellSize(slot: slot)
            // How far a shape on this level reaches from its centre, plus a pixel of slack against
            // rounding; extra candidates are filtered by the caller's exact test.
            let reach = largestExtentPerLevel[slot] / 2 + 1
            let columns = Self.cell(rect.minX - reach, size: size)...Self.cell(rect.maxX + reach, size: size)
            let rows = Self.cell(rect.minY - reach, size: size)...Self.cell(rect.maxY + reach, size: size)
            func keys(rows: ClosedRange<Int64>) -> ClosedRange<UInt64> {
                Self.key(slot: slot, row: rows.lowerBound, column: columns.lowerBound)
                    ... Self.key(slot: slot, row: rows.upperBound, column: columns.upperBound)
            }
            if rows.count <= Self.rowsSearchedOneByOne {
                for row in rows { visit(keys(rows: row...row), columns: columns) }
            } else {
                // An area far larger than the cells: one pass over the rows, not a search per row.
                visit(keys(rows: rows), columns: columns)
            }
        }
    }

    /// Bytes held by the index (array capacities, not counting the shapes themselves).
    public var memoryFootprint: Int {
        entries.capacity * MemoryLayout<Entry>.stride + pending.capacity * MemoryLayout<Entry>.stride
            + removed.capacity * (MemoryLayout<Entry>.stride + 1) + oversized.capacity * MemoryLayout<ShapeID>.stride
            + inkCells.memoryFootprint
            + shapesPerLevel.capacity * MemoryLayout<Int>.stride + largestExtentPerLevel.capacity * MemoryLayout<Double>.stride
    }

    // MARK: - Merging

    private mutating func mergeIfNeeded() {
        guard pending.count + removed.count >= Self.mergeThreshold else { return }
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count - removed.count + pending.count)
        var next = 0
        for entry in entries where !removed.contains(entry) {
            while next < pending.count, pending[next] < entry { merged.append(pending[next]); next += 1 }
            merged.append(entry)
        }
        merged.append(contentsOf: pending[next...])
        entries = merged
        pending = []
        removed = []
    }

    // MARK: - Geometry of the grid

    static func cellSize(level: Int) -> Double { baseCellSize * Double(1 << level) }

    static func cellSize(slot: Int) -> Double { cellSize(level: slot % levelCount) }

    /// The cell index of coordinate `x`, clamped to the representable range.
    static func cell(_ x: Double, size: Double) -> Int64 {
        let cell = (x / size).rounded(.down)
        if !(cell >= Double(cellRange.lowerBound)) { return cellRange.lowerBound }
        if !(cell <= Double(cellRange.upperBound)) { return cellRange.upperBound }
        return Int64(cell)
    }

    /// The key of a cell of `slot` (a level, of ink's runs or of other shapes; `InkCells` keys its own
    /// levels so too).
    static func key(slot: Int, row: Int64, column: Int64) -> UInt64 {
        UInt64(slot) << (2 * cellBits) | UInt64(row + cellBias) << cellBits | UInt64(column + cellBias)
    }

    static func slot(of key: UInt64) -> Int { Int(key >> (2 * cellBits)) }

    static func level(of key: UInt64) -> Int { slot(of: key) % levelCount }

    static func column(of key: UInt64) -> Int64 { Int64(key & (1 << cellBits - 1)) - cellBias }

    /// Above this many rows of cells on a level, a query scans them in one pass (a search per row
    /// would cost more than reading every entry between them).
    static let rowsSearchedOneByOne = 256

    /// Calls `body` with where `shape` is filed: once for a line or an ellipse; for ink, once a cell its runs
    /// fall in (the largest of their extents there), or once oversized if any run is.
    static func forEachPlacement(of shape: Shape, _ body: (Placement) -> Void) {
        guard case .ink(let ink) = shape.geometry else { return body(placement(of: shape.bounds, id: shape.id, ink: false)) }
        var cells: [Entry: Double] = [:]
        var order: [Entry] = []
        for run in 0..<ink.runCount {
            switch placement(of: ink.runBounds(run), id: shape.id, ink: true) {
            case .oversized: return body(.oversized(shape.id))
            case .grid(let entry, let extent):
                if let known = cells[entry] { cells[entry] = max(known, extent) } else { cells[entry] = extent; order.append(entry) }
            }
        }
        for entry in order { body(.grid(entry, extent: cells[entry]!)) }
    }

    static func placement(of bounds: Rect, id: ShapeID, ink: Bool) -> Placement {
        let extent = max(bounds.width, bounds.height)
        let centre = Point(x: bounds.minX + bounds.width / 2, y: bounds.minY + bounds.height / 2)
        guard extent.isFinite, centre.x.isFinite, centre.y.isFinite else { return .oversized(id) }
        var level = 0
        while cellSize(level: level) < extent {
            level += 1
            if level == levelCount { return .oversized(id) }
        }
        let size = cellSize(level: level)
        let column = (centre.x / size).rounded(.down), row = (centre.y / size).rounded(.down)
        guard cellRange.contains(Int64(exactly: column) ?? .max), cellRange.contains(Int64(exactly: row) ?? .max) else {
            return .oversized(id)
        }
        let slot = ink ? levelCount + level : level
        return .grid(Entry(key: key(slot: slot, row: Int64(row), column: Int64(column)), id: id), extent: extent)
    }

    /// Shape `id` in `shapes` (sorted by id, ids unique).
    static func shape(_ id: ShapeID, in shapes: [Shape]) -> Shape? {
        position(of: id, in: shapes).map { shapes[$0] }
    }

    /// The position of shape `id` in `shapes` (sorted by id, ids unique). Ids are integers, so shape
    /// `id` can be no further from the first shape than `id - first.id` positions and no further
    /// from the last than `last.id - id`: the search starts in that window, which is a single
    /// position when no shape was deleted (one memory access instead of a whole binary search).
    static func position(of id: ShapeID, in shapes: [Shape]) -> Int? {
        guard let first = shapes.first?.id.rawValue, let last = shapes.last?.id.rawValue,
              id.rawValue >= first, id.rawValue <= last else { return nil }
        var low = max(0, shapes.count - 1 - Int(clamping: last - id.rawValue))
        var high = min(shapes.count - 1, Int(clamping: id.rawValue - first)) + 1
        while low < high {
            let mid = (low + high) / 2
            if shapes[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < shapes.count && shapes[low].id == id ? low : nil
    }

    /// First position in `sorted` whose entry is not less than `entry`.
    static func lowerBound(of entry: Entry, in sorted: [Entry]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < entry { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
