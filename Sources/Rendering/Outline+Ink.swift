import CCairo
import Shapes

/// Ink's outline: the stroke's smooth curve (one cubic Bézier a piece, `Ink.piece`), on the canvas at the
/// view's scale: each piece is scaled as it is made, so a view at any zoom copies no points. Constant-width
/// ink is one path, stroked once; where the widths vary each piece is stroked on its own at its width, with
/// round caps (as Xournal++ does). A single point is a dot. A path goes only as far as the context's reach
/// (`Outline.reach(of:)`): pieces beyond it are left out and a piece crossing its edge is halved until its
/// halves are small enough for Cairo's coordinates. Where it paints is covered by a capsule a piece, around
/// its chord, widened by how far the piece strays from it (`CubicBezier.strays`); it covers no pixel fully as
/// far as the solid cells care (yet).
struct InkOutline: Hashable {
    let ink: Ink
    /// Device pixels per document px.
    let scale: Double

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
