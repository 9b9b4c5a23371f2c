/// The cells of a `SolidCells` grid where a finished shape shows, as runs along rows: where it must be painted.
/// Elsewhere later shapes cover it whole, so its pixels there are painted over; a ring painted into an
/// image's pixels (`RingRaster`) is painted only here, the same pixels for less work.
struct ShownCells {
    /// The grid's first corner (canvas pixels, whole) and the side of its cells.
    let corner: (x: Double, y: Double)
    let cellSize: Int
    /// Top to bottom, and left to right along a row.
    let runs: ArraySlice<(row: Int, columns: Range<Int>)>
    /// A circle's ring traced ahead (`RingTracer`), painted from there. It points into rings it does not
    /// keep: whoever sets it holds them while the cells are painted.
    var traced: TracedRing? = nil
}
