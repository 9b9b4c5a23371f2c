import CCairo
import Shapes

/// Ink's outline: the stroke's smooth curve (one cubic Bézier a piece, `Ink.piece`). Constant-width ink is
/// one path, stroked once; where the widths vary each piece is stroked on its own at its width, with round
/// caps (as Xournal++ does). A single point is a dot. Where it paints is covered by a capsule a piece, around
/// its chord, widened by how far the piece strays from it (`CubicBezier.strays`); it covers no pixel fully as
/// far as the solid cells care (yet).
struct InkOutline: Hashable {
    let ink: Ink

    /// Strokes the pieces in `pieces` (all by default) at `width` device px times each piece's fraction: one
    /// path where the width is even, unless `onePieceAtATime` (a stroke in progress, see
    /// `Outline.strokeInProgress`).
    func stroke(_ pieces: Range<Int>? = nil, width: Double, onePieceAtATime: Bool = false, _ cr: OpaquePointer) {
        let pieces = pieces ?? 0..<ink.pieceCount
        guard !pieces.isEmpty else { return }
        if ink.count == 1 {
            let p = ink.first
            cairo_set_line_width(cr, width * ink.width(0))
            cairo_move_to(cr, p.x, p.y)
            cairo_line_to(cr, p.x, p.y)  // a round cap each end: a dot
            cairo_stroke(cr)
            return
        }
        guard ink.hasWidths || onePieceAtATime else {
            cairo_set_line_width(cr, width)
            let start = ink.point(pieces.lowerBound)
            cairo_move_to(cr, start.x, start.y)
            for index in pieces { addCurve(ink.piece(index), cr) }
            cairo_stroke(cr)
            return
        }
        for index in pieces {
            let piece = ink.piece(index)
            cairo_set_line_width(cr, width * ink.pieceWidth(index))
            cairo_move_to(cr, piece.start.x, piece.start.y)
            addCurve(piece, cr)
            cairo_stroke(cr)
        }
    }

    private func addCurve(_ piece: CubicBezier, _ cr: OpaquePointer) {
        cairo_curve_to(cr, piece.control1.x, piece.control1.y, piece.control2.x, piece.control2.y, piece.end.x, piece.end.y)
    }

    /// The capsule around piece `index`'s chord, widened by how far the piece strays from it.
    func piece(_ index: Int, halfWidth: Double) -> StrokeCapsule {
        let piece = ink.piece(index)
        return StrokeCapsule.around(piece.chord, halfWidth: halfWidth * ink.pieceWidth(index) + piece.strays + Self.cairoError)
    }

    /// The pieces of the curve that may paint into `area` at `halfWidth` (device px, the widest point's): those
    /// whose hulls, so widened, meet it, looked for in the runs whose bounds do.
    func pieces(reaching area: Rect, halfWidth: Double) -> [Range<Int>] {
        var found: [Range<Int>] = []
        let reach = halfWidth + Self.cairoError + 1
        for run in 0..<ink.runCount where ink.runBounds(run).insetBy(-reach).intersects(area) {
            for index in ink.pieces(ofRun: run) where ink.piece(index).hull.insetBy(-reach).intersects(area) {
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
