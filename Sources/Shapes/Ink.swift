/// The geometry of the ink kind (`ShapeGeometry.ink`): a freehand stroke, a polyline of points drawn as a
/// smooth curve through them (a centripetal Catmull–Rom spline: one cubic Bézier `piece` between each two
/// points), with an optional width per point (from a stylus's pressure, or from the speed when width by speed
/// is on) as a fraction of the shape's width (`ShapeStyle.width`: the widest point's).
///
/// Stored compactly, in px: a `Float` x and y a point (8 bytes), and a `Float` width a point only where the
/// widths vary (4 more), in one shared buffer (`InkStorage`), so that copying a shape, a drawing or an edit
/// never copies points. Equal and hashed by content (the merge compares shapes so).
///
/// The pieces are grouped in runs of `runLength`, each with the bounds of its pieces' curves: the distance
/// to a long stroke, the spatial index and the renderer look at the runs near a point or an area, not at
/// every point.
///
/// A stroke being drawn grows point by point without copying the points it has (`appending`): its buffer is
/// shared by every value made from it, each of which sees the first `count` points only, and a point is
/// written in place when the value appended to is the buffer's latest (else the prefix is copied first, as
/// a copied array would be).
public struct Ink: Hashable, Sendable {
    let storage: InkStorage
    /// How many points the stroke has: the first `count` of its buffer's.
    public let count: Int

    init(storage: InkStorage, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// The stroke through `points` (at least one), with the width of each as a fraction of the shape's width
    /// when `widths` (one a point) is given, else all of the shape's width.
    public init(points: [Point], widths: [Double]? = nil) {
        precondition(!points.isEmpty, "an ink stroke has a point at least")
        precondition(widths == nil || widths!.count == points.count, "a width a point")
        var coordinates: [Float] = []
        coordinates.reserveCapacity(2 * points.count)
        for point in points { coordinates.append(Float(point.x)); coordinates.append(Float(point.y)) }
        self.init(coordinates: coordinates, widths: widths.map { $0.map { Float($0) } })
    }

    /// The stroke through the points x₀, y₀, x₁, y₁, … (at least one point) as stored, with `widths` as
    /// stored (one a point) where they vary.
    public init(coordinates: [Float], widths: [Float]?) {
        precondition(coordinates.count >= 2 && coordinates.count % 2 == 0, "an ink stroke has a point at least")
        precondition(widths == nil || widths!.count * 2 == coordinates.count, "a width a point")
        storage = InkStorage(coordinates: coordinates, widths: widths ?? [], growable: false)
        count = storage.count
    }

    /// The first point of a stroke about to be drawn, with its width as a fraction of the shape's when the
    /// widths vary (nil: they do not); `appending` adds the next.
    public static func starting(at point: Point, width: Double? = nil) -> Ink {
        let storage = InkStorage(coordinates: [], widths: [], growable: true)
        storage.append(point, width: width)
        return Ink(storage: storage, count: 1)
    }

    /// The stroke with `point` (and its width, when the widths vary) after its last. Costs what one point
    /// costs, however many the stroke has, unless another value has already appended to the same buffer.
    public func appending(_ point: Point, width: Double? = nil) -> Ink {
        precondition((width != nil) == hasWidths, "a width a point where the widths vary, none elsewhere")
        var target = storage
        if !(storage.growable && storage.count == count) { target = storage.prefix(count) }
        target.append(point, width: width)
        return Ink(storage: target, count: count + 1)
    }

    // MARK: - Points

    /// Point `index`, in px.
    public func point(_ index: Int) -> Point {
        Point(x: Double(storage.coordinates[2 * index]), y: Double(storage.coordinates[2 * index + 1]))
    }

    /// Point `index` as stored (the file writes it by its own shortest form).
    public func storedPoint(_ index: Int) -> (x: Float, y: Float) {
        (storage.coordinates[2 * index], storage.coordinates[2 * index + 1])
    }

    /// Whether each point has its own width.
    public var hasWidths: Bool { !storage.widths.isEmpty }

    /// The width at point `index` as a fraction of the shape's width (1 where the widths do not vary).
    public func width(_ index: Int) -> Double { hasWidths ? Double(storage.widths[index]) : 1 }

    /// The width at point `index` as stored, where the widths vary.
    public func storedWidth(_ index: Int) -> Float { storage.widths[index] }

    /// The first and the last point.
    public var first: Point { point(0) }
    public var last: Point { point(count - 1) }

    /// Bytes its buffer holds (shared by every copy), for the bench.
    public var bytes: Int { storage.bytes }

    // MARK: - The curve

    /// How many pieces the curve has: one between each two points (a stroke of one point is one piece, a dot).
    public var pieceCount: Int { max(1, count - 1) }

    /// Piece `index` of the curve: from point `index` to the next, as the spline through the points draws it.
    public func piece(_ index: Int) -> CubicBezier {
        storage.piece(index, count: count)
    }

    /// The width of piece `index` as a fraction of the shape's: its points' mean (each piece is stroked at one
    /// width where the widths vary).
    public func pieceWidth(_ index: Int) -> Double {
        count > 1 ? (width(index) + width(index + 1)) / 2 : width(0)
    }

    /// How many pieces make a run.
    public static let runLength = InkStorage.runLength

    /// How many runs the pieces make.
    public var runCount: Int { (pieceCount + Self.runLength - 1) / Self.runLength }

    /// The pieces of run `index`.
    public func pieces(ofRun index: Int) -> Range<Int> {
        (index * Self.runLength)..<min(pieceCount, (index + 1) * Self.runLength)
    }

    /// Bounds of the curve's run `index` (they hold the run's pieces, and may hold a little more).
    public func runBounds(_ index: Int) -> Rect { storage.runBounds(index) }

    /// How far any piece of the curve may stray from its chord (`CubicBezier.strays`; at least the most).
    public var strays: Double { storage.strays }

    /// The tight bounds of the curve's runs (callers widen them by half the stroke width).
    public var bounds: Rect {
        if !storage.growable { return storage.bounds }
        var result = runBounds(0)
        for index in 1..<runCount { result = result.union(orEmpty: runBounds(index)) }
        return result
    }

    /// The distance from `p` to the curve as drawn (to within `CubicBezier.precision`): the runs and pieces
    /// whose bounds are farther than the nearest found so far are passed over.
    public func distance(to p: Point) -> Double { distance(to: p, notBeyond: .infinity) }

    /// The distance from `p` to the curve where it is at most `limit`; else some distance beyond `limit`.
    public func distance(to p: Point, notBeyond limit: Double) -> Double {
        nearestPiece(notBeyond: limit, boundsDistance: { $0.distance(to: p) }, chordDistance: { $0.distance(to: p) },
                     distance: { $0.distance(to: p) })
    }

    /// The distance from `p` to the pieces `pieces` of the curve where it is at most `limit`; else some distance
    /// beyond `limit` (the pieces whose chords are farther, less `strays`, are not made).
    public func distance(to p: Point, pieces: Range<Int>, notBeyond limit: Double) -> Double {
        var best = limit.nextUp
        let strays = self.strays
        for index in pieces {
            let chord = Segment(begin: point(index), end: point(Swift.min(index + 1, count - 1)))
            if chord.distance(to: p) - strays < best { best = Swift.min(best, piece(index).distance(to: p)) }
        }
        return best
    }

    /// The distance from the segment `s` to the curve as drawn (to within `CubicBezier.precision`).
    public func distance(to s: Segment) -> Double {
        let box = s.bounds
        return nearestPiece(notBeyond: .infinity, boundsDistance: { $0.distance(to: box) }, chordDistance: { $0.distance(to: s) },
                            distance: { $0.distance(to: s) })
    }

    /// The least `distance` to a piece of the curve where it is at most `limit` (else some distance beyond
    /// it). The runs whose bounds are farther (`boundsDistance`) than the nearest found so far are passed
    /// over, and so are the pieces whose chords are (`chordDistance`, less `strays`: each piece lies that
    /// near its chord), before the piece is even made.
    private func nearestPiece(notBeyond limit: Double, boundsDistance: (Rect) -> Double, chordDistance: (Segment) -> Double,
                              distance: (CubicBezier) -> Double) -> Double {
        var best = limit.nextUp
        let strays = self.strays
        for run in 0..<runCount where boundsDistance(runBounds(run)) < best {
            for index in pieces(ofRun: run) {
                let chord = Segment(begin: point(index), end: point(Swift.min(index + 1, count - 1)))
                if chordDistance(chord) - strays < best { best = Swift.min(best, distance(piece(index))) }
            }
        }
        return best
    }

    /// The same stroke moved by `offset` (each point moved by it, rounded to its stored precision).
    public func translated(by offset: Vector) -> Ink {
        var coordinates = [Float](repeating: 0, count: 2 * count)
        for index in 0..<count {
            let (x, y) = storedPoint(index)
            coordinates[2 * index] = Float(Double(x) + offset.dx)
            coordinates[2 * index + 1] = Float(Double(y) + offset.dy)
        }
        return Ink(coordinates: coordinates, widths: hasWidths ? Array(storage.widths.prefix(count)) : nil)
    }

    /// Whether this stroke is `other` with points appended (the same buffer, more of it): a stroke in
    /// progress that grew. Costs nothing however long they are.
    public func extends(_ other: Ink) -> Bool {
        storage === other.storage && count > other.count && hasWidths == other.hasWidths
    }

    // MARK: - Equality by content

    public static func == (a: Ink, b: Ink) -> Bool {
        guard a.count == b.count, a.hasWidths == b.hasWidths else { return false }
        if a.storage === b.storage { return true }
        return a.storage.coordinates[..<(2 * a.count)] == b.storage.coordinates[..<(2 * b.count)]
            && a.storage.widths.prefix(a.hasWidths ? a.count : 0) == b.storage.widths.prefix(b.hasWidths ? b.count : 0)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        storage.coordinates.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(8 * count))) }
        storage.widths.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(hasWidths ? 4 * count : 0))) }
    }
}

/// The points of an ink stroke, shared by every value of it (see `Ink`). A buffer made whole (a finished
/// stroke, one read from a file) never changes. A growable one (a stroke being drawn) is appended to only
/// past every existing value's points, and only on the thread that draws (the event loop's): values of it
/// reach other threads only as finished strokes, which are made whole, anew.
///
/// Its arrays are read at every point of every piece measured or drawn: they are not checked for
/// exclusive access at run time (`@exclusivity(unchecked)`), which the rule above makes safe (an append
/// never overlaps a read of the same buffer) and which would otherwise cost more than the reads.
final class InkStorage: @unchecked Sendable {
    /// x₀, y₀, x₁, y₁, … in px (never −0, so equal coordinates have equal bits).
    @exclusivity(unchecked) private(set) var coordinates: [Float]
    /// The width of each point as a fraction of the shape's; empty where the widths do not vary.
    @exclusivity(unchecked) private(set) var widths: [Float]
    /// Per run of `runLength` pieces: the bounds of their curves, as minX, minY, maxX, maxY (rounded outwards).
    @exclusivity(unchecked) private var runBoxes: [Float] = []
    /// Whether points may still be appended.
    let growable: Bool
    /// The bounds of every run (of a buffer made whole).
    private(set) var bounds = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    /// The most any piece strays from its chord (of every piece any value has shown, for a growable one).
    private(set) var strays = 0.0

    static let runLength = 32

    init(coordinates: [Float], widths: [Float], growable: Bool) {
        self.coordinates = coordinates.map { $0 + 0 }  // −0 + 0 is +0
        self.widths = widths
        self.growable = growable
        guard !coordinates.isEmpty else { return }
        let pieces = max(1, count - 1)
        runBoxes.reserveCapacity(4 * ((pieces + Self.runLength - 1) / Self.runLength))
        for index in 0..<pieces { include(piece(index, count: count), inRunOf: index) }
        bounds = runBounds(0)
        for run in 1..<(runBoxes.count / 4) { bounds = bounds.union(orEmpty: runBounds(run)) }
    }

    var count: Int { coordinates.count / 2 }

    var bytes: Int {
        (coordinates.capacity + widths.capacity + runBoxes.capacity) * MemoryLayout<Float>.stride
    }

    /// A growable buffer holding the first `count` points of this one.
    func prefix(_ count: Int) -> InkStorage {
        let copy = InkStorage(coordinates: Array(coordinates.prefix(2 * count)), widths: Array(widths.prefix(widths.isEmpty ? 0 : count)),
                              growable: true)
        return copy
    }

    /// Adds a point (growable buffers only): the pieces it changes (the one before it, which now curves
    /// towards it, and its own) widen their runs' bounds, which so hold every piece any value has shown.
    func append(_ point: Point, width: Double?) {
        precondition(growable, "a finished stroke does not grow")
        coordinates.append(Float(point.x) + 0)
        coordinates.append(Float(point.y) + 0)
        if let width { widths.append(Float(width)) }
        let n = count
        if n >= 3 { include(piece(n - 3, count: n), inRunOf: n - 3) }
        include(piece(max(0, n - 2), count: n), inRunOf: max(0, n - 2))
    }

    private func point(_ index: Int) -> Point {
        Point(x: Double(coordinates[2 * index]), y: Double(coordinates[2 * index + 1]))
    }

    /// Piece `index` of the first `count` points' curve.
    func piece(_ index: Int, count: Int) -> CubicBezier {
        guard count > 1 else {
            let p = point(0)
            return CubicBezier(start: p, control1: p, control2: p, end: p)
        }
        return .catmullRom(index > 0 ? point(index - 1) : nil, point(index), point(index + 1),
                           index + 2 < count ? point(index + 2) : nil)
    }

    func runBounds(_ run: Int) -> Rect {
        Rect(minX: Double(runBoxes[4 * run]), minY: Double(runBoxes[4 * run + 1]),
             maxX: Double(runBoxes[4 * run + 2]), maxY: Double(runBoxes[4 * run + 3]))
    }

    private func include(_ piece: CubicBezier, inRunOf index: Int) {
        strays = max(strays, piece.strays)
        let box = piece.hull, run = index / Self.runLength
        let low = (x: Self.below(box.minX), y: Self.below(box.minY)), high = (x: Self.above(box.maxX), y: Self.above(box.maxY))
        if 4 * run == runBoxes.count {
            runBoxes.append(contentsOf: [low.x, low.y, high.x, high.y])
        } else {
            runBoxes[4 * run] = min(runBoxes[4 * run], low.x)
            runBoxes[4 * run + 1] = min(runBoxes[4 * run + 1], low.y)
            runBoxes[4 * run + 2] = max(runBoxes[4 * run + 2], high.x)
            runBoxes[4 * run + 3] = max(runBoxes[4 * run + 3], high.y)
        }
    }

    /// The largest Float not above `x`, and the smallest not below it.
    private static func below(_ x: Double) -> Float { let f = Float(x); return Double(f) > x ? f.nextDown : f }
    private static func above(_ x: Double) -> Float { let f = Float(x); return Double(f) < x ? f.nextUp : f }
}

extension Rect {
    /// The union with `other`, where either may be empty (a horizontal stroke's bounds have no height).
    public func union(orEmpty other: Rect) -> Rect {
        Rect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
             maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The distance from `p` to the nearest point of the rectangle (0 inside).
    public func distance(to p: Point) -> Double {
        let dx = Swift.max(minX - p.x, 0, p.x - maxX), dy = Swift.max(minY - p.y, 0, p.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance between the nearest points of two rectangles (0 when they meet).
    public func distance(to other: Rect) -> Double {
        let dx = Swift.max(minX - other.maxX, 0, other.minX - maxX), dy = Swift.max(minY - other.maxY, 0, other.minY - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
