import CCairo
import Shapes
#if canImport(Glibc)
import Glibc
#endif

/// Paints an ellipse's ring (what a round stroke of it covers) straight into an image's pixels, several
/// times faster than Cairo strokes it: a drawing of many circles spends its first frame here.
///
/// The ring is the region between two closed polygons: the ellipse's outer offset curve, and its inner one
/// with the tails cut off where the stroke is wider than the curve is tight (the inner curve crosses the
/// major axis there; when the half width reaches the minor radius, there is no hole). Both are flattened
/// by the normal's angle, within `tolerance` of the true curves (found from each quarter's flat end, see
/// `OffsetCurve.quarter`), a quarter of each mirrored into the rest. Each pixel's coverage is the exact area
/// of the ring inside it (signed areas accumulated along each row, as font rasterisers do), and the colour
/// is laid over the pixel in that proportion, as Cairo's OVER does. So a pixel wholly inside the polygons is
/// exactly the colour, and a pixel more than `exactWithin` inside the true ring lies wholly inside them,
/// however tight the curve: the margin `EllipseOutline.Ring.covered` leaves, what `SolidCells` counts on.
/// Elsewhere a pixel differs from Cairo's by its approximations (its curves are Bézier arcs, flattened
/// within 0.1 px; its coverage 15 samples a row): `RingRasterTests` bounds the difference. Where the stroke
/// is wider than the curve is tight, Cairo's stroke leaves specks unpainted inside the ring; this paints them.
///
/// A first frame paints a ring only in the cells where it shows (`ShownCells`): the rows of the others are
/// neither traced nor read, and their pixels left as they were. A ring traced ahead (`trace`, on another
/// core: `RingTracer`) is painted from the opacities it left (`TracedRings`): the same pixels.
///
/// Only for an image in RGB24 drawn on plainly (`ImagePixels`); vector surfaces (SVG, PDF) get Cairo's paths.
struct RingRaster {
    /// The signed area each crossing of the ring's outline leaves in a cell, accumulated along rows
    /// (`columns` + 2 a row); zero between rings (each row is cleared as it is read).
    private var cells: [Float] = []
    /// Per row of the ring: the columns written left of its middle and right of it (`Grid.touched`).
    private var touched: [Int32] = []
    /// Per row of the ring, whether it is painted (`Grid.painted`).
    private var painted: [Bool] = []
    /// A quarter of the curve being traced, from the ring's centre (`OffsetCurve.quarter`).
    private var quarter: [(x: Double, y: Double)] = []

    /// How far the polygons may stray from the true curves, in px: as far as Cairo's own flattening of its
    /// curves (its default tolerance). Inside the ring, by less than the margins `SolidCells` leaves.
    static let tolerance = 0.1

    /// Rings larger than this (px across) are left to Cairo: their cells would be many, and their few.
    static let largest = 2048.0

    /// Whether a ring of the ellipse in `bounds`, `halfWidth` each side of it, is painted here (on an image
    /// drawn on plainly): not larger than `largest`.
    static func paints(_ bounds: Rect, halfWidth: Double) -> Bool {
        max(bounds.width, bounds.height) + 2 * halfWidth <= largest
    }

    /// How far inside the true ring (what a round stroke of the ellipse covers) a pixel must lie to be
    /// painted exactly the colour: the polygons stray from the curves by up to `tolerance`, and 0.05 px more
    /// is slack (a pixel wholly inside them sums to a coverage within a millionth of 1, in floats, and any
    /// coverage above 254.5/255 is the colour).
    static let exactWithin = tolerance + 0.05

    /// Lays `colour` (0xRRGGBB) over `pixels` where a stroke `halfWidth` each side of `ellipse` covers them,
    /// only within `cells` when given (from the ring they carry traced, if any); false (nothing painted)
    /// when the ring is larger than `largest`.
    mutating func paint(_ ellipse: EllipseOutline, halfWidth h: Double, colour: UInt32, on pixels: ImagePixels,
                        within cells: ShownCells? = nil) -> Bool {
        let bounds = ellipse.box.bounds
        guard Self.paints(bounds, halfWidth: h) else { return false }
        defer { pixels.markChanged() }
        let (centre, a, b, left, right, rows) = Self.extent(of: bounds, halfWidth: h, offset: pixels.offset)
        // Its rows cut to the clip and to the cells' rows.
        var top = max(rows.lowerBound, pixels.clip.minY), bottom = min(rows.upperBound, pixels.clip.maxY)
        var mask: Mask?
        if let cells {
            guard let first = cells.runs.first, let last = cells.runs.last else { return true }
            let corner = (x: Int(cells.corner.x + pixels.offset.x), y: Int(cells.corner.y + pixels.offset.y))
            top = max(top, corner.y + first.row * cells.cellSize)
            bottom = min(bottom, corner.y + (last.row + 1) * cells.cellSize)
            mask = Mask(left: corner.x - left, top: corner.y, cellSize: cells.cellSize, runs: cells.runs)
        }
        guard top < bottom, left < pixels.clip.maxX, right > pixels.clip.minX else { return true }
        if let traced = cells?.traced, traced.offset == pixels.offset {
            Self.blend(traced, rows: top..<bottom, colour: colour, on: pixels, within: mask!)
            return true
        }
        withGrid(left: left, top: top, columns: right - left, rows: bottom - top, middle: centre.x, within: mask) { grid, quarter in
            Self.trace(centre: centre, a: a, b: b, h: h, quarter: &quarter, into: &grid)
            Self.blend(grid, colour: colour, on: pixels, within: mask)
        }
        return true
    }

    /// Traces the ring a stroke `halfWidth` each side of `ellipse` makes over the `rows` of an image whose
    /// device pixels lie `rings.offset` from the canvas, and adds to `rings` what `paint` would lay there,
    /// every row of it; false (nothing added) when the ring is larger than `largest` or misses the rows. A
    /// ring painted from it lays the same pixels as one painted here.
    mutating func trace(_ ellipse: EllipseOutline, halfWidth h: Double, rows: Range<Int>, into rings: TracedRings) -> Bool {
        let bounds = ellipse.box.bounds
        guard Self.paints(bounds, halfWidth: h) else { return false }
        let (centre, a, b, left, right, reached) = Self.extent(of: bounds, halfWidth: h, offset: rings.offset)
        let top = max(reached.lowerBound, rows.lowerBound), bottom = min(reached.upperBound, rows.upperBound)
        guard top < bottom else { return false }
        withGrid(left: left, top: top, columns: right - left, rows: bottom - top, middle: centre.x, within: nil) { grid, quarter in
            Self.trace(centre: centre, a: a, b: b, h: h, quarter: &quarter, into: &grid)
            Self.record(grid, into: rings)
        }
        return true
    }

    /// The ring of the ellipse in `bounds`, `halfWidth` each side of it, on an image whose device pixels lie
    /// `offset` from the canvas: its centre and radii (device pixels), and the pixels it may touch, whole
    /// columns with one to spare each side (a row's areas are accumulated from its left) and its rows. The
    /// one place `paint` and `trace` find them, so that their grids agree.
    private static func extent(of bounds: Rect, halfWidth h: Double, offset: (x: Double, y: Double))
        -> (centre: (x: Double, y: Double), a: Double, b: Double, left: Int, right: Int, rows: Range<Int>) {
        let centre = (x: (bounds.minX + bounds.maxX) / 2 + offset.x, y: (bounds.minY + bounds.maxY) / 2 + offset.y)
        let a = bounds.width / 2, b = bounds.height / 2
        return (centre, a, b, Int(flooring: centre.x - a - h) - 1, Int(ceiling: centre.x + a + h) + 1,
                Int(flooring: centre.y - b - h)..<Int(ceiling: centre.y + b + h))
    }

    /// Runs `body` on a cleared grid of the ring's pixels (its cells, its rows' columns written, its rows to
    /// paint when there is a mask: those of the mask's runs), with the points of a quarter to reuse.
    private mutating func withGrid(left: Int, top: Int, columns: Int, rows: Int, middle: Double, within mask: Mask?,
                                   _ body: (inout Grid, inout [(x: Double, y: Double)]) -> Void) {
        var grid = Grid(left: left, top: top, columns: columns, rows: rows)
        let needed = (grid.columns + 2) * grid.rows
        if self.cells.count < needed { self.cells = [Float](repeating: 0, count: needed) }
        if touched.count < 4 * grid.rows { touched = [Int32](repeating: 0, count: 4 * grid.rows) }
        if painted.count < grid.rows { painted = [Bool](repeating: false, count: grid.rows) }
        grid.middle = Int32(middle.rounded(.down)) - Int32(left)
        self.cells.withUnsafeMutableBufferPointer { cells in
            touched.withUnsafeMutableBufferPointer { touched in
                painted.withUnsafeMutableBufferPointer { painted in
                    grid.cells = cells.baseAddress!
                    grid.touched = touched.baseAddress!
                    grid.clearTouched()
                    if let mask {
                        // The rows of the cells' runs.
                        let rows = painted.baseAddress!
                        rows.update(repeating: false, count: grid.rows)
                        for run in mask.runs {
                            let first = mask.top + run.row * mask.cellSize - top
                            let from = max(0, first), end = min(grid.rows, first + mask.cellSize)
                            if from < end { (rows + from).update(repeating: true, count: end - from) }
                        }
                        grid.painted = rows
                    }
                    body(&grid, &quarter)
                }
            }
        }
    }

    /// `ShownCells` in a ring's grid: the cells' first corner (columns from the grid's left, device pixels),
    /// their side, and their runs.
    private struct Mask {
        let left: Int, top: Int, cellSize: Int
        let runs: ArraySlice<(row: Int, columns: Range<Int>)>

        /// Calls `body` with the columns (from the grid's left) of each run of cells in device row `y`, left
        /// to right; `next`, the first run not above the rows read so far, is kept from row to row (read top
        /// to bottom).
        @inline(__always)
        func forEachRun(inRow y: Int, from next: inout Int, _ body: (Range<Int>) -> Void) {
            let cellRow = (y - top) / cellSize
            while next < runs.endIndex, runs[next].row < cellRow { next += 1 }
            var run = next
            while run < runs.endIndex, runs[run].row == cellRow {
                let columns = runs[run].columns
                body((left + columns.lowerBound * cellSize)..<(left + columns.upperBound * cellSize))
                run += 1
            }
        }
    }

    /// Accumulates the ring's outline: the outer curve one way round, the hole's the other. The ring is
    /// symmetric about both axes through its centre: each curve's points are found over a quarter of it
    /// (`quarter`, reused from ring to ring) and mirrored into the other three.
    private static func trace(centre: (x: Double, y: Double), a: Double, b: Double, h: Double,
                              quarter: inout [(x: Double, y: Double)], into grid: inout Grid) {
        let major = max(a, b), minor = min(a, b)
        let curve = OffsetCurve(a: a, b: b, h: h)
        curve.quarter(from: 0, to: Double.pi / 2, offset: h, into: &quarter)
        grid.contour(mirroring: quarter, about: centre, reversed: false)
        guard h < minor else { return }  // no hole: every point inside is within h of the ellipse
        // Where the stroke is wider than the curve's tightest radius (minor²/major, at the major axis's
        // ends), the inner curve loops back across the major axis: it is cut where it meets the axis, at the
        // normal's angle ψ from it (where the ellipse's point lies minor²/h from the centre, scaled).
        var psi = 0.0
        if h > minor * minor / major {
            let reach = minor * minor / h
            psi = acos(((reach * reach - minor * minor) / (major * major - minor * minor)).squareRoot().clamped(0, 1))
        }
        let (from, to) = a >= b ? (psi, Double.pi / 2) : (0, Double.pi / 2 - psi)
        curve.quarter(from: from, to: to, offset: -h, into: &quarter)
        grid.contour(mirroring: quarter, about: centre, reversed: true)
    }

    /// Reads the accumulated areas row by row into coverage and lays the colour over each pixel in that
    /// proportion (within `mask`, when given), clearing the cells for the next ring. Only the columns written
    /// are read, and between the two sides of the ring the coverage they leave (none in the hole).
    private static func blend(_ grid: Grid, colour: UInt32, on pixels: ImagePixels, within mask: Mask?) {
        let paint = Paint(colour)
        let columns = grid.columns + 2
        // The columns inside the clip.
        let shown = max(0, pixels.clip.minX - grid.left)..<max(0, min(columns, pixels.clip.maxX - grid.left))
        var nextRun = mask?.runs.startIndex ?? 0
        for row in 0..<grid.rows {
            let cells = grid.cells + row * columns
            let line = pixels.data + (grid.top + row) * pixels.stride + grid.left
            let (leftRun, rightRun) = grid.touchedRuns(row)
            // Each written cell's coverage in place of its area; between the sides, the left one's last.
            var sum: Float = 0
            for column in leftRun {
                sum += cells[column]
                cells[column] = abs(sum)
            }
            let between = abs(sum)
            for column in rightRun {
                sum += cells[column]
                cells[column] = abs(sum)
            }
            @inline(__always) func lay(within columns: Range<Int>) {
                let columns = columns.clamped(to: shown)
                paint.lay(cells, leftRun.clamped(to: columns), on: line)
                if !rightRun.isEmpty { paint.fill(line, (leftRun.upperBound..<rightRun.lowerBound).clamped(to: columns), coverage: between) }
                paint.lay(cells, rightRun.clamped(to: columns), on: line)
            }
            if let mask {
                mask.forEachRun(inRow: grid.top + row, from: &nextRun) { lay(within: $0) }
            } else {
                lay(within: shown)
            }
            if !leftRun.isEmpty { (cells + leftRun.lowerBound).update(repeating: 0, count: leftRun.count) }
            if !rightRun.isEmpty { (cells + rightRun.lowerBound).update(repeating: 0, count: rightRun.count) }
        }
    }

    /// Adds each row's opacities to `rings`, as `blend` would lay them (clearing the cells as it does).
    private static func record(_ grid: Grid, into rings: TracedRings) {
        typealias Header = TracedRings.Header
        let columns = grid.columns + 2
        rings.add(left: grid.left, top: grid.top, rows: grid.rows, opacities: grid.rows * columns) { header, opacity in
            var written = 0
            for row in 0..<grid.rows {
                let cells = grid.cells + row * columns, header = header + row * Header.count
                let (leftRun, rightRun) = grid.touchedRuns(row)
                var sum: Float = 0
                for column in leftRun {
                    sum += cells[column]
                    opacity[written] = UInt8(truncatingIfNeeded: Paint.alpha(abs(sum)))
                    written &+= 1
                }
                header[Header.between] = Int32(Paint.alpha(abs(sum)))
                for column in rightRun {
                    sum += cells[column]
                    opacity[written] = UInt8(truncatingIfNeeded: Paint.alpha(abs(sum)))
                    written &+= 1
                }
                (header[Header.leftFirst], header[Header.leftEnd]) = (Int32(leftRun.lowerBound), Int32(leftRun.upperBound))
                (header[Header.rightFirst], header[Header.rightEnd]) = (Int32(rightRun.lowerBound), Int32(rightRun.upperBound))
                if !leftRun.isEmpty { (cells + leftRun.lowerBound).update(repeating: 0, count: leftRun.count) }
                if !rightRun.isEmpty { (cells + rightRun.lowerBound).update(repeating: 0, count: rightRun.count) }
            }
            return written
        }
    }

    /// Lays the colour over the pixels of `rows` (device rows) within `mask` from a traced ring's opacities,
    /// as `blend` lays them from its grid.
    private static func blend(_ ring: TracedRing, rows: Range<Int>, colour: UInt32, on pixels: ImagePixels, within mask: Mask) {
        typealias Header = TracedRings.Header
        let paint = Paint(colour)
        // The columns inside the clip.
        let shown = max(0, pixels.clip.minX - ring.left)..<max(0, pixels.clip.maxX - ring.left)
        var opacity = ring.opacities
        var nextRun = mask.runs.startIndex
        for row in 0..<ring.rows {
            let header = ring.headers + row * Header.count
            let leftRun = Int(header[Header.leftFirst])..<Int(header[Header.leftEnd])
            let rightRun = Int(header[Header.rightFirst])..<Int(header[Header.rightEnd])
            let left = opacity - leftRun.lowerBound, right = opacity + leftRun.count - rightRun.lowerBound
            opacity += leftRun.count + rightRun.count
            let y = ring.top + row
            guard rows.contains(y), !leftRun.isEmpty || !rightRun.isEmpty else { continue }
            let line = pixels.data + y * pixels.stride + ring.left
            mask.forEachRun(inRow: y, from: &nextRun) { cells in
                let columns = cells.clamped(to: shown)
                for column in leftRun.clamped(to: columns) { paint.lay(alpha: UInt32(left[column]), on: line + column) }
                if !rightRun.isEmpty {
                    paint.fill(line, (leftRun.upperBound..<rightRun.lowerBound).clamped(to: columns), alpha: UInt32(header[Header.between]))
                }
                for column in rightRun.clamped(to: columns) { paint.lay(alpha: UInt32(right[column]), on: line + column) }
            }
        }
    }

    /// A colour laid over pixels (RGB24) in proportion to a coverage, as Cairo's OVER does: each channel
    /// becomes colour·α + old·(255 − α), each product divided by 255 and rounded as pixman does. Red and blue
    /// are worked on together, 16 bits apart (no product of two channels reaches the other's bits).
    private struct Paint {
        let colour: UInt32
        /// The colour's red and blue, and its green, where a product keeps them apart.
        let redBlue: UInt32, green: UInt32

        init(_ colour: UInt32) {
            self.colour = colour & 0xFF_FFFF
            redBlue = colour & 0xFF_00FF
            green = colour >> 8 & 0xFF
        }

        /// The opacity for a coverage: 0 to 255, rounded.
        @inline(__always)
        static func alpha(_ coverage: Float) -> UInt32 { UInt32(min(coverage, 1) * 255 + 0.5) }

        /// x·y / 255 rounded, for each of the channels in x at bits 0 and 16 (as pixman multiplies them).
        @inline(__always)
        static func times(_ x: UInt32, _ y: UInt32) -> UInt32 {
            let t = x &* y &+ 0x80_0080
            return ((t >> 8 & 0xFF_00FF) &+ t) >> 8 & 0xFF_00FF
        }

        /// The pixel `old` with the colour laid over it at `alpha` (1 to 254), from the colour's products.
        @inline(__always)
        static func over(_ old: UInt32, alpha: UInt32, redBlue: UInt32, green: UInt32) -> UInt32 {
            let rest = 255 &- alpha
            return (redBlue &+ times(old & 0xFF_00FF, rest)) | (green &+ times(old >> 8 & 0xFF, rest)) << 8
        }

        @inline(__always)
        func lay(_ coverage: Float, on pixel: UnsafeMutablePointer<UInt32>) { lay(alpha: Self.alpha(coverage), on: pixel) }

        @inline(__always)
        func lay(alpha: UInt32, on pixel: UnsafeMutablePointer<UInt32>) {
            if alpha == 0 { return }
            if alpha == 255 {
                pixel.pointee = colour
                return
            }
            pixel.pointee = Self.over(pixel.pointee, alpha: alpha, redBlue: Self.times(redBlue, alpha), green: Self.times(green, alpha))
        }

        /// Lays the colour over the pixels `columns` of `line`, each at its coverage in `coverage`.
        @inline(__always)
        func lay(_ coverage: UnsafeMutablePointer<Float>, _ columns: Range<Int>, on line: UnsafeMutablePointer<UInt32>) {
            for column in columns { lay(coverage[column], on: line + column) }
        }

        /// Lays the colour at one coverage over the pixels `columns` of `line`.
        @inline(__always)
        func fill(_ line: UnsafeMutablePointer<UInt32>, _ columns: Range<Int>, coverage: Float) {
            fill(line, columns, alpha: Self.alpha(coverage))
        }

        /// Lays the colour at one opacity over the pixels `columns` of `line`.
        @inline(__always)
        func fill(_ line: UnsafeMutablePointer<UInt32>, _ columns: Range<Int>, alpha: UInt32) {
            if alpha == 0 || columns.isEmpty { return }
            if alpha == 255 {
                (line + columns.lowerBound).update(repeating: colour, count: columns.count)
                return
            }
            let redBlue = Self.times(self.redBlue, alpha), green = Self.times(self.green, alpha)
            for column in columns { line[column] = Self.over(line[column], alpha: alpha, redBlue: redBlue, green: green) }
        }
    }

    /// The cells of one ring: `columns` + 2 a row (the last two take what crosses the right edge), `rows`
    /// rows from pixel (`left`, `top`).
    private struct Grid {
        let left: Int, top: Int, columns: Int, rows: Int
        var cells: UnsafeMutablePointer<Float> = UnsafeMutablePointer(bitPattern: 1)!
        /// Per row: the first and last column written before `middle`, and from it on.
        var touched: UnsafeMutablePointer<Int32> = UnsafeMutablePointer(bitPattern: 4)!
        var middle: Int32 = 0
        /// Per row, whether any of its pixels is to be painted (nil: every row's are): the areas of the others
        /// are not written.
        var painted: UnsafeMutablePointer<Bool>?

        /// Marks every row as having no column written.
        func clearTouched() {
            UnsafeMutableRawPointer(touched).withMemoryRebound(to: SIMD4<Int32>.self, capacity: rows) {
                $0.update(repeating: SIMD4(Int32.max, Int32.min, Int32.max, Int32.min), count: rows)
            }
        }

        /// The columns written in `row`, left of the middle and right of it.
        func touchedRuns(_ row: Int) -> (Range<Int>, Range<Int>) {
            let at = touched + 4 * row
            return (at[0] <= at[1] ? Int(at[0])..<Int(at[1]) + 1 : 0..<0, at[2] <= at[3] ? Int(at[2])..<Int(at[3]) + 1 : 0..<0)
        }

        /// Notes that `row`'s columns `first` through `last` were written.
        @inline(__always)
        private func touch(_ row: Int, _ first: Int, _ last: Int) {
            let at = touched + 4 * row
            let first = Int32(first), last = Int32(last)
            if first < middle { (at[0], at[1]) = (min(at[0], first), max(at[1], min(last, middle - 1))) }
            if last >= middle { (at[2], at[3]) = (min(at[2], max(first, middle)), max(at[3], last)) }
        }

        /// Adds a closed curve symmetric about both axes through `centre`, from the points of its first quarter
        /// (`quarter`, from the centre, the normal's angle rising): that quarter, then it mirrored across the
        /// vertical axis (backwards), across both, and across the horizontal one (backwards); each edge
        /// the other way round when `reversed` (a hole). A mirrored quarter starts where the last ended,
        /// or across the axis from it at the same height (where a hole's tails are cut): a level edge,
        /// which adds nothing.
        mutating func contour(mirroring quarter: [(x: Double, y: Double)], about centre: (x: Double, y: Double), reversed: Bool) {
            guard let start = quarter.first else { return }
            var last = (x: centre.x + start.x, y: centre.y + start.y)
            let first = last
            @inline(__always) func line(to x: Double, _ y: Double) {
                if reversed { edge(x, y, last.x, last.y) } else { edge(last.x, last.y, x, y) }
                last = (x, y)
            }
            for point in quarter.dropFirst() { line(to: centre.x + point.x, centre.y + point.y) }
            for point in quarter.reversed() { line(to: centre.x - point.x, centre.y + point.y) }
            for point in quarter { line(to: centre.x - point.x, centre.y - point.y) }
            for point in quarter.reversed() { line(to: centre.x + point.x, centre.y - point.y) }
            line(to: first.x, first.y)
        }

        /// Adds the signed area the edge from (x0, y0) to (x1, y1) (device pixels) leaves in each cell: for
        /// each row it crosses, its height there (up or down), shared between the cells it passes over by how
        /// much of each lies right of it. Where it enters and leaves a row is found from the row's own place
        /// on the image, not from the rows above: the same whichever row the grid begins at (a ring traced
        /// whole, or only in some cells, or in a half of the image, paints the same pixels).
        mutating func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            guard y0 != y1 else { return }
            let (x0, y0, x1, y1, direction) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
            let top = Double(self.top), left = Double(self.left)
            guard y1 > top, y0 < top + Double(rows) else { return }
            let slope = (x1 - x0) / (y1 - y0)
            // The first row it crosses, and the row after its last (⌈y1⌉, at most the grid's end); both are
            // whole numbers of rows from the grid's top, exactly.
            var row = y0 > top ? Int(y0 - top) : 0
            let end = y1 < top + Double(rows) ? Int(ceiling: y1 - top) : rows
            let stride = columns + 2
            while row < end {
                let line = cells + row * stride
                let rowTop = top + Double(row)
                let entry = max(rowTop, y0), exit = min(rowTop + 1, y1)
                let dy = exit - entry
                if let painted, !painted[row] {
                    row += 1
                    continue
                }
                let x = x0 - left + slope * (entry - y0), next = x0 - left + slope * (exit - y0)
                let d = dy * direction
                let (low, high) = x < next ? (x, next) : (next, x)
                // Both are positive (the grid has a column to spare left of the ring): ⌊x⌋ is Int(x).
                let first = Int(low), lowFloor = Double(first)
                let last = Int(ceiling: high), highCeil = Double(last)
                touch(row, first, max(last, first + 1))
                if last <= first + 1 {
                    let middle = 0.5 * (x + next) - lowFloor
                    line[first] += Float(d - d * middle)
                    line[first + 1] += Float(d * middle)
                } else {
                    let perX = 1 / (high - low)
                    let lowFraction = low - lowFloor
                    let firstArea = 0.5 * perX * (1 - lowFraction) * (1 - lowFraction)
                    let highFraction = high - highCeil + 1
                    let lastArea = 0.5 * perX * highFraction * highFraction
                    line[first] += Float(d * firstArea)
                    if last == first + 2 {
                        line[first + 1] += Float(d * (1 - firstArea - lastArea))
                    } else {
                        let second = perX * (1.5 - lowFraction)
                        line[first + 1] += Float(d * (second - firstArea))
                        for column in (first + 2)..<(last - 1) { line[column] += Float(d * perX) }
                        let beforeLast = second + Double(last - first - 3) * perX
                        line[last - 1] += Float(d * (1 - beforeLast - lastArea))
                    }
                    line[last] += Float(d * lastArea)
                }
                row += 1
            }
        }
    }

    /// Points of the ellipse's offset curves.
    private struct OffsetCurve {
        /// The widest step of the normal's angle, where the curve is tight enough for a chord to span more
        /// (the series the step is turned by hold to within 1e-7 up to it).
        static let widest = 0.8
        let aa: Double, bb: Double, h: Double
        /// The largest step of the normal's angle: a chord of the curve spanning dθ of it lies within the
        /// triangle of the chord and the tangents at its ends, so strays at most its length·tan(dθ/2)/2, about
        /// length·dθ/4, and the length is less than 2·(major + h).
        let longest: Double

        init(a: Double, b: Double, h: Double) {
            (aa, bb, self.h) = (a * a, b * b, h)
            longest = 2 * tolerance / (max(a, b) + h)
        }

        /// The points `offset` along the normal from the ellipse's points whose normals are at angles from
        /// `from` to `to` (0 ≤ `from` ≤ `to` ≤ π/2: a quarter of the curve at most), from the ellipse's
        /// centre, into `points` (emptied first), in that order. The steps follow the curve: a chord spanning
        /// dθ where the curve's radius is at most R strays at most R·dθ²/8 from it, and the offset curve's
        /// radius is the ellipse's, a²b² / (a²c² + b²s²)^(3/2), plus the offset: the outer curve's longer by h,
        /// the hole's shorter (its tails, where that is below 0, are cut off). Over a quarter the radius
        /// only grows or only shrinks, so the points are found from the flat end towards the tight one (on an
        /// ellipse wider than tall, from `to` down): each step's radius is largest where it starts, where the
        /// step is found. (Found the other way, a step from a tight point towards a flat one strays by a pixel
        /// or more on a long flat ellipse.)
        func quarter(from: Double, to: Double, offset: Double, into points: inout [(x: Double, y: Double)]) {
            points.removeAll(keepingCapacity: true)
            let downwards = aa > bb
            var remaining = to - from
            var (c, s) = downwards ? (cos(to), sin(to)) : (cos(from), sin(from))
            while true {
                // The ellipse's point whose normal is (c, s): (a²c, b²s) / √(a²c² + b²s²).
                let scale = 1 / (aa * c * c + bb * s * s).squareRoot()
                points.append((x: aa * c * scale + offset * c, y: bb * s * scale + offset * s))
                guard remaining > 0 else { break }
                let radius = max(0, aa * bb * scale * scale * scale + offset)
                let step = min(OffsetCurve.widest, max((8 * tolerance / radius).squareRoot(), longest))
                if step >= remaining {
                    (c, s) = downwards ? (cos(from), sin(from)) : (cos(to), sin(to))
                    remaining = 0
                    continue
                }
                remaining -= step
                // Turned by the step (its cosine to the eighth power and its sine to the ninth: within 1e-7 at
                // `widest`), kept a unit.
                let xx = step * step
                let turnCos = 1 - xx / 2 * (1 - xx / 12 * (1 - xx / 30 * (1 - xx / 56)))
                let turnSin = (downwards ? -step : step) * (1 - xx / 6 * (1 - xx / 20 * (1 - xx / 42 * (1 - xx / 72))))
                (c, s) = (c * turnCos - s * turnSin, s * turnCos + c * turnSin)
                let norm = 1 / (c * c + s * s).squareRoot()
                (c, s) = (c * norm, s * norm)
            }
            if downwards { points.reverse() }
        }
    }
}

/// The pixels of an RGB24 image surface that a context draws on plainly — source over, default
/// antialiasing, moved by whole pixels, clipped to one rectangle or none — where `RingRaster` may write
/// what Cairo would draw there. Nil for any other surface or context: those get Cairo's strokes.
struct ImagePixels {
    let data: UnsafeMutablePointer<UInt32>
    /// Pixels a row.
    let stride: Int
    /// A device pixel's position less the user's.
    let offset: (x: Double, y: Double)
    /// Where drawing may go: the clip within the image, device pixels.
    let clip: (minX: Int, minY: Int, maxX: Int, maxY: Int)
    private let surface: OpaquePointer

    init?(_ cr: OpaquePointer) {
        guard let surface = cairo_get_group_target(cr), cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24,
              cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, cairo_get_antialias(cr) == CAIRO_ANTIALIAS_DEFAULT,
              cairo_get_tolerance(cr) == 0.1 else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var device = (x: 0.0, y: 0.0)
        cairo_surface_get_device_offset(surface, &device.x, &device.y)
        let offset = (x: matrix.x0 + device.x, y: matrix.y0 + device.y)
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0,
              offset.x == offset.x.rounded(), offset.y == offset.y.rounded(), abs(offset.x) < 1e9, abs(offset.y) < 1e9 else { return nil }
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else { return nil }
        let rect = list.pointee.rectangles[0]
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let x0 = rect.x + offset.x, y0 = rect.y + offset.y, x1 = x0 + rect.width, y1 = y0 + rect.height
        guard x0 == x0.rounded(), y0 == y0.rounded(), x1 == x1.rounded(), y1 == y1.rounded(),
              let bytes = cairo_image_surface_get_data(surface) else { return nil }
        cairo_surface_flush(surface)
        self.surface = surface
        data = UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self)
        stride = Int(cairo_image_surface_get_stride(surface)) / 4
        self.offset = offset
        clip = (max(0, Int(x0)), max(0, Int(y0)), min(width, Int(x1)), min(height, Int(y1)))
    }

    /// Tells Cairo the pixels changed behind its back.
    func markChanged() { cairo_surface_mark_dirty(surface) }
}

private extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
