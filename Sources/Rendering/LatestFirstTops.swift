import Shapes

/// The solid cells' tops found from a drawing's shapes taken the latest first, telling of each shape as it
/// comes whether it shows: the first frame's way to pass over the shapes buried under later ones without
/// tracing them.
///
/// A cell's top is the latest shape that covers it whole, so taking the shapes the latest first, a cell
/// keeps the first top it gets. A shape shows where no later shape covers a cell it reaches: exactly where
/// it reaches a cell still without a top when it comes (`SolidCells.threshold`, before any cell is counted
/// solid). Once most cells have tops, most shapes are buried: per block of cells the count of those still
/// without one tells it from the blocks around a shape, a few reads, without tracing its cells.
struct LatestFirstTops {
    private(set) var cells: SolidCells
    /// Per block of `Thresholds.blockSize` cells a side, row by row: how many of its cells have no top yet,
    /// and how many have one.
    private var untoppedPerBlock: [Int32]
    private var toppedPerBlock: [Int32]
    private let blockColumns: Int

    /// No shape yet, over `pixels` (whole pixels) for shapes drawn `scale` times their size.
    init(covering pixels: Rect, scale: Double) {
        cells = SolidCells(covering: pixels, scale: scale)
        let k = Thresholds.blockSize
        blockColumns = (cells.columns + k - 1) / k
        let blockRows = (cells.rows + k - 1) / k
        var counts = [Int32](repeating: 0, count: blockColumns * blockRows)
        for row in 0..<cells.rows {
            for column in 0..<cells.columns { counts[row / k * blockColumns + column / k] += 1 }
        }
        untoppedPerBlock = counts
        toppedPerBlock = [Int32](repeating: 0, count: counts.count)
    }

    /// Takes `shape`, earlier than every shape taken before: tops the cells without a top that it covers
    /// whole, and returns whether it shows (reaches a cell without a top as it comes; off the cells, it does not).
    mutating func take(_ shape: SolidCells.Stroke) -> Bool {
        guard anyBlock(around: shape.outline, in: untoppedPerBlock), cells.reachesUntopped(shape.outline) else { return false }
        let k = Thresholds.blockSize, columns = self.blockColumns
        cells.cover(shape) { row, column in
            untoppedPerBlock[row / k * columns + column / k] -= 1
            toppedPerBlock[row / k * columns + column / k] += 1
        }
        return true
    }

    /// Whether a cell around `outline` (in the blocks its reach meets) has a top: where none has, a shape
    /// is after no top and has nothing to be counted in (`SolidCells.count`).
    func anyTop(around outline: Outline) -> Bool { anyBlock(around: outline, in: toppedPerBlock) }

    /// Whether a block around `outline` has a count other than 0 in `counts`.
    private func anyBlock(around outline: Outline, in counts: [Int32]) -> Bool {
        guard let (blockRows, blockColumns) = cells.blocks(around: outline) else { return false }
        var any: Int32 = 0
        for row in blockRows {
            for column in blockColumns { any |= counts[row * self.blockColumns + column] }
        }
        return any != 0
    }
}
