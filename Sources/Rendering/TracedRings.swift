/// Rings traced before they are painted (`RingTracer`, beside a first frame's latest-first pass): for each
/// ring, row by row, the opacity `RingRaster` lays at each pixel its outline crosses (left of its middle and
/// right of it) and the one between its sides, on an image whose device pixels lie `offset` from the canvas.
/// Painting one within its cells (`RingRaster.paint`) then only lays those: the same pixels, most of the
/// work done earlier on another core.
///
/// Filled by one thread (the tracer's), then only read, once that thread has been joined: hence unchecked.
final class TracedRings: @unchecked Sendable {
    /// One ring: its grid's first column and row (device pixels), how many rows, and where its rows'
    /// headers and opacities begin.
    struct Ring {
        let left: Int, top: Int, rows: Int
        let headers: Int, opacities: Int
    }

    /// Where each of a row's numbers lies in its header: the columns crossed left of the middle (first,
    /// end), those right of it (first, end), from the grid's left, and the opacity between them.
    enum Header {
        static let leftFirst = 0, leftEnd = 1, rightFirst = 2, rightEnd = 3, between = 4
        static let count = 5
    }

    /// A device pixel's position less the canvas's.
    let offset: (x: Double, y: Double)
    private(set) var rings: [Ring] = []
    /// Per row of a ring, its `Header`.
    private(set) var headers = Storage<Int32>()
    /// Per row, the opacity of each column crossed, left then right.
    private(set) var opacities = Storage<UInt8>()

    init(offset: (x: Double, y: Double)) { self.offset = offset }

    /// Adds a ring of `rows` rows from (`left`, `top`): `write` is given room for `Header.count` numbers a
    /// row and for `opacities` opacities at most, and returns how many of those it wrote.
    func add(left: Int, top: Int, rows: Int, opacities most: Int,
             _ write: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt8>) -> Int) {
        rings.append(Ring(left: left, top: top, rows: rows, headers: headers.count, opacities: opacities.count))
        let header = headers.reserve(rows * Header.count), opacity = opacities.reserve(most)
        let written = write(header, opacity)
        headers.count += rows * Header.count
        opacities.count += written
    }

    /// Plain elements (nothing to release) stored one after another, growing as needed.
    struct Storage<Element: BitwiseCopyable> {
        private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 1 << 16)
        fileprivate(set) var count = 0
        private var capacity = 1 << 16

        /// Room for `extra` more after the last: where it begins.
        fileprivate mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
            if count + extra > capacity {
                capacity = max(2 * capacity, count + extra)
                let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
            }
            return base + count
        }

        subscript(index: Int) -> Element { base[index] }

        fileprivate func free() { base.deallocate() }
    }

    deinit {
        headers.free()
        opacities.free()
    }
}

/// A ring of `TracedRings`, which a circle's `ShownCells` may carry: where its grid lies (its first column
/// and row, device pixels, on an image lying `offset` from the canvas), how many rows, and its rows' headers
/// and opacities. It points into the rings without keeping them: whoever hands it out holds them while it is
/// used (a first frame's thousands, read on two threads, would otherwise all count references to one object).
struct TracedRing: @unchecked Sendable {
    let offset: (x: Double, y: Double)
    let left: Int, top: Int, rows: Int
    let headers: UnsafePointer<Int32>
    let opacities: UnsafePointer<UInt8>

    /// Ring `index` of `rings`, once they are all traced.
    init(_ rings: TracedRings, _ index: Int) {
        let ring = rings.rings[index]
        (offset, left, top, rows) = (rings.offset, ring.left, ring.top, ring.rows)
        headers = UnsafePointer(rings.headers.base + ring.headers)
        opacities = UnsafePointer(rings.opacities.base + ring.opacities)
    }
}
