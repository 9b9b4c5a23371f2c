import CCairo
import Shapes

/// Ink's outline: the stroke's smooth curve (one cubic Bézier a piece, `Ink.piece`), on the canvas at the
/// view's scale: each piece is scaled as it is made, so a view at any zoom copies no points. Constant-width
/// ink is one path, stroked once; where the widths vary each piece is stroked on its own at its width, with
/// round caps (as Xournal++ does). A single point is a dot. A path goes only as far as the context's reach
/// (`Outline.reach(of:)`): pieces beyond it are left out and a piece crossing its edge is halved until its
/// halves are small enough for Cairo's coordinates. Where it paints is covered by a capsule a piece, around
/// its chord, widened by how far the piece strays from it (`CubicBezier.strays`); it covers its pixels fully
/// in a box along the chord of each piece that bends gently enough (`insides`). Both are made once for an
/// outline, when the solid cells first ask (`parts`), however often they ask again.
struct InkOutline: Hashable {
    let ink: Ink
    /// Device pixels per document px.
    let scale: Double
    /// Its capsules and boxes at the outline's width, made when first asked for.
    let parts: InkParts

    init(ink: Ink, scale: Double, halfWidth: Double) {
        self.ink = ink
        self.scale = scale
        parts = InkParts(halfWidth: halfWidth)
    }

    static func == (a: InkOutline, b: InkOutline) -> Bool { a.ink == b.ink && a.scale == b.scale }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ink)
        hasher.combine(scale)
    }

    /// Piece `index` of the curve, on the canvas.
    func piece(_ index: Int) -> CubicBezier { scale == 1 ? ink.piece(index) : ink.piece(index).scaled(by: scale) }

    /// The bounds of the curve, on the canvas.
    var bounds: Rect { ink.bounds.scaled(by: scale) }

    /// How far any piece may stray from its chord, on the canvas.
    var strays: Double { ink.strays * scale }

    /// Strokes the pieces in `pieces` (all by default) at `width` device px times each piece's fraction, as
    /// far as `reach`: one path where the width is even, unless `onePieceAtATime` (a stroke in progress, see
    /// `Outline.strokeInProgress`).
    func stroke(_ pieces: Range<Int>? = nil, width: Double, within reach: Rect, onePieceAtATime: Bool = false, _ cr: OpaquePointer) {
        let pieces = pieces ?? 0..<ink.pieceCount
        guard !pieces.isEmpty else { return }
        if ink.count == 1 {
            let p = piece(0).start
            guard p.x >= reach.minX, p.x <= reach.maxX, p.y >= reach.minY, p.y <= reach.maxY else { return }
            cairo_set_line_width(cr, width * ink.width(0))
            cairo_move_to(cr, p.x, p.y)
            cairo_line_to(cr, p.x, p.y)  // a round cap each end: a dot
            cairo_stroke(cr)
            return
        }
        guard ink.hasWidths || onePieceAtATime else {
            cairo_set_line_width(cr, width)
            var joined = false
            for index in pieces { Self.add(piece(index), within: reach, joined: &joined, cr) }
            cairo_stroke(cr)
            return
        }
        for index in pieces {
            var joined = false
            Self.add(piece(index), within: reach, joined: &joined, cr)
            guard joined else { continue }
            cairo_set_line_width(cr, width * ink.pieceWidth(index))
            cairo_stroke(cr)
        }
    }

    /// Adds `piece` to the path as far as `reach`; `joined`: whether the path's current point is the piece's
    /// start (else a new subpath begins there), and afterwards whether it is its end.
    private static func add(_ piece: CubicBezier, within reach: Rect, joined: inout Bool, _ cr: OpaquePointer, depth: Int = 0) {
        let hull = piece.hull
        guard hull.minX <= reach.maxX, reach.minX <= hull.maxX, hull.minY <= reach.maxY, reach.minY <= hull.maxY else {
            joined = false  // it paints nothing inside
            return
        }
        let inside = hull.minX >= reach.minX && hull.minY >= reach.minY && hull.maxX <= reach.maxX && hull.maxY <= reach.maxY
        // Meeting the reach and smaller than the margin around the clip, it lies within twice the margin.
        guard inside || max(hull.width, hull.height) < Self.largestPiece || depth == 64 else {
            let (first, second) = piece.halves
            add(first, within: reach, joined: &joined, cr, depth: depth + 1)
            add(second, within: reach, joined: &joined, cr, depth: depth + 1)
            return
        }
        if !joined { cairo_move_to(cr, piece.start.x, piece.start.y) }
        cairo_curve_to(cr, piece.control1.x, piece.control1.y, piece.control2.x, piece.control2.y, piece.end.x, piece.end.y)
        joined = true
    }

    /// A piece reaching past the context's reach is halved until its halves are smaller than this (the
    /// reach's margin around the clip: see `Outline.reach(of:)`).
    static let largestPiece = 1_000_000.0

    /// The capsule around piece `index`'s chord, widened by how far the piece strays from it.
    func piece(_ index: Int, halfWidth: Double) -> StrokeCapsule {
        let piece = self.piece(index)
        return StrokeCapsule.around(piece.chord, halfWidth: halfWidth * ink.pieceWidth(index) + piece.strays + Self.cairoError)
    }

    /// The capsule of every piece at the outline's width (`piece(_:halfWidth:)`), made once.
    var capsules: [StrokeCapsule] {
        parts.capsules { (0..<ink.pieceCount).map { piece($0, halfWidth: parts.halfWidth) } }
    }

    /// The boxes its stroke covers fully, at the outline's width, made once: one along the chord of each
    /// stretch of pieces whose box is covered for sure.
    ///
    /// A stretch of the curve (pieces a to b) lies within s of its chord's line (each piece lies in the hull of
    /// its control points), and its points' positions along the chord cover it from end to end (the curve is
    /// unbroken); so every point of the chord's rectangle h = r − s − e − m each side of it (r the half width,
    /// e Cairo's flattening, m `StrokeBox.margin`) lies within r − e − m of a point of the curve, and of the
    /// path Cairo strokes: inside its stroke, with room for rounding. That holds where the stroke is the band
    /// of points within r of the curve, which it is not where the curve bends more tightly than r: the inner
    /// edge folds over itself and Cairo's filling leaves holes there. So a piece whose radius of curvature
    /// may be less than r + 1 (bounded from its control points, `leastRadius`) is in no stretch, and where
    /// the stroke is one path (its widths even) no box comes within r + 1 of it (its holes would be in that
    /// path). Where the widths vary each piece is stroked on its own: a stretch is one piece.
    var insides: [StrokeBox] {
        parts.insides {
            guard ink.count > 1 else { return [] }
            let onePath = !ink.hasWidths
            let pieces = (0..<ink.pieceCount).map(piece)
            func halfWidth(_ index: Int) -> Double { parts.halfWidth * (onePath ? 1 : ink.pieceWidth(index)) }
            var folds = FoldZones()
            let gentle = pieces.indices.map { index in
                let r = halfWidth(index)
                guard Self.leastRadius(of: pieces[index]) >= r + 1 else {
                    if onePath { folds.add(pieces[index].hull.insetBy(-(r + 1))) }
                    return false
                }
                return true
            }
            /// How far pieces `stretch` stray from the line of the chord from the first's start to the last's end.
            func strays(_ stretch: Range<Int>) -> Double {
                let a = pieces[stretch.lowerBound].start, d = pieces[stretch.upperBound - 1].end - a
                let length = d.length
                guard length > 0 else { return .infinity }
                func across(_ p: Point) -> Double { abs((p.x - a.x) * d.dy - (p.y - a.y) * d.dx) / length }
                return stretch.reduce(0) { max($0, across(pieces[$1].start), across(pieces[$1].control1), across(pieces[$1].control2), across(pieces[$1].end)) }
            }
            var boxes: [StrokeBox] = []
            var first = 0
            while first < pieces.count {
                guard gentle[first] else { first += 1; continue }
                let r = halfWidth(first)
                // The longest stretch from here, up to `longestStretch` pieces, straying at most a quarter of r.
                var end = first + 1, straying = strays(first..<end)
                while onePath, end < pieces.count, end - first < Self.longestStretch, gentle[end] {
                    let longer = strays(first..<(end + 1))
                    guard longer <= r / 4 else { break }
                    (end, straying) = (end + 1, longer)
                }
                defer { first = end }
                let across = r - straying - Self.cairoError - StrokeBox.margin
                guard across > 0 else { continue }
                let chord = Segment(begin: pieces[first].start, end: pieces[end - 1].end)
                guard !folds.meet(chord.bounds.insetBy(-across)) else { continue }
                let box = StrokeBox(chord, along: 0, across: across)
                if !box.isEmpty { boxes.append(box) }
            }
            return boxes
        }
    }

    /// The most pieces one box spans.
    static let longestStretch = 16

    /// A radius of curvature no larger than the least of `piece`'s (0 when its control points turn back along
    /// its chord). Along the chord (u) and across it (n): the derivative B′ is 3 × a weighted mean of the
    /// control polygon's legs, so at least 3m long where each leg goes at least m along u, and its parts along
    /// u and n at most 3 × the legs' largest, Lu and Ln; B″ is 6 × a weighted mean of the control points'
    /// second differences, its parts at most 6Du and 6Dn. So the curvature |B′ × B″| / |B′|³ is at most
    /// 18 (Lu Dn + Ln Du) / 27 m³. Bounded on each quarter of the curve, whose control polygons hug it.
    static func leastRadius(of piece: CubicBezier) -> Double {
        let (first, second) = piece.halves
        let (a, b) = first.halves, (c, d) = second.halves
        return min(min(leastRadiusBound(a), leastRadiusBound(b)), min(leastRadiusBound(c), leastRadiusBound(d)))
    }

    private static func leastRadiusBound(_ piece: CubicBezier) -> Double {
        let d = piece.end - piece.start
        let length = d.length
        guard length > 0 else { return 0 }
        let (ux, uy) = (d.dx / length, d.dy / length)
        // The legs along u and across it (n = u turned a right angle), and their differences.
        let l1 = (u: (piece.control1.x - piece.start.x) * ux + (piece.control1.y - piece.start.y) * uy,
                  n: (piece.control1.y - piece.start.y) * ux - (piece.control1.x - piece.start.x) * uy)
        let l2 = (u: (piece.control2.x - piece.control1.x) * ux + (piece.control2.y - piece.control1.y) * uy,
                  n: (piece.control2.y - piece.control1.y) * ux - (piece.control2.x - piece.control1.x) * uy)
        let l3 = (u: (piece.end.x - piece.control2.x) * ux + (piece.end.y - piece.control2.y) * uy,
                  n: (piece.end.y - piece.control2.y) * ux - (piece.end.x - piece.control2.x) * uy)
        let m = min(l1.u, l2.u, l3.u)
        guard m > 0 else { return 0 }
        let lu = max(l1.u, l2.u, l3.u), ln = max(abs(l1.n), abs(l2.n), abs(l3.n))
        let du = max(abs(l2.u - l1.u), abs(l3.u - l2.u)), dn = max(abs(l2.n - l1.n), abs(l3.n - l2.n))
        let bending = lu * dn + ln * du
        return bending > 0 ? 1.5 * m * m * m / bending : .infinity
    }

    /// The pieces of the curve that may paint into `area` at `halfWidth` (device px, the widest point's): those
    /// whose hulls, so widened, meet it, looked for in the runs whose bounds do.
    func pieces(reaching area: Rect, halfWidth: Double) -> [Range<Int>] {
        var found: [Range<Int>] = []
        let reach = halfWidth + Self.cairoError + 1
        for run in 0..<ink.runCount where ink.runBounds(run).scaled(by: scale).insetBy(-reach).intersects(area) {
            for index in ink.pieces(ofRun: run) where piece(index).hull.insetBy(-reach).intersects(area) {
                if let last = found.last, last.upperBound == index {
                    found[found.count - 1] = last.lowerBound..<(index + 1)
                } else {
                    found.append(index..<(index + 1))
                }
            }
        }
        return found
    }

    /// How far Cairo's flattening of a curve may stray from it (its tolerance is 0.1 px).
    static let cairoError = 0.1
}

extension Rect {
    /// The same rectangle `factor` (> 0) times as far from the origin.
    func scaled(by factor: Double) -> Rect {
        factor == 1 ? self : Rect(minX: minX * factor, minY: minY * factor, maxX: maxX * factor, maxY: maxY * factor)
    }
}

/// Rectangles around the tight bends of a stroke, filed by square of `side` px, for asking whether a box meets
/// one without looking at them all (a long stroke has thousands).
struct FoldZones {
    static let side = 64.0
    private var squares: [Int64: [Rect]] = [:]
    /// Zones spanning too many squares to file.
    private var large: [Rect] = []

    mutating func add(_ zone: Rect) {
        let (columns, rows) = Self.squares(zone)
        guard columns.count * rows.count <= 64 else { return large.append(zone) }
        for row in rows { for column in columns { squares[Self.key(row, column), default: []].append(zone) } }
    }

    func meet(_ area: Rect) -> Bool {
        if large.contains(where: { $0.intersects(area) }) { return true }
        guard !squares.isEmpty else { return false }
        let (columns, rows) = Self.squares(area)
        guard columns.count * rows.count <= 64 else { return squares.values.contains { $0.contains { $0.intersects(area) } } }
        for row in rows {
            for column in columns where squares[Self.key(row, column)]?.contains(where: { $0.intersects(area) }) == true { return true }
        }
        return false
    }

    private static func squares(_ area: Rect) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
        func square(_ x: Double) -> Int64 { x.isNaN ? 0 : Int64(max(-1e9, min(1e9, (x / side).rounded(.down)))) }
        return (square(area.minX)...square(area.maxX), square(area.minY)...square(area.maxY))
    }

    private static func key(_ row: Int64, _ column: Int64) -> Int64 { row << 32 ^ column }
}

/// What the solid cells ask of an ink outline, made when first asked for and kept with the outline (an outline
/// is made for a frame's questions and asked several: where it reaches, what it covers, whether it shows).
/// An outline is asked on one thread: the cores each make their own.
final class InkParts {
    /// The outline's half width, in device px (the widest point's).
    let halfWidth: Double
    private var madeCapsules: [StrokeCapsule]?
    private var madeInsides: [StrokeBox]?

    init(halfWidth: Double) { self.halfWidth = halfWidth }

    func capsules(_ make: () -> [StrokeCapsule]) -> [StrokeCapsule] {
        if let madeCapsules { return madeCapsules }
        let made = make()
        madeCapsules = made
        return made
    }

    func insides(_ make: () -> [StrokeBox]) -> [StrokeBox] {
        if let madeInsides { return madeInsides }
        let made = make()
        madeInsides = made
        return made
    }
}
