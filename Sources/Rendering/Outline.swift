import CCairo
import Shapes

/// What a shape's stroke follows and how wide it is on the device, without its colour: what the renderer
/// strokes and what the compositor and its solid cells reason about. Each kind's path is drawn and bounded
/// by its own type (`Outline+Line.swift`, `Outline+Ellipse.swift`): the switches over `Path` below are the
/// only places that tell them apart.
///
/// This is the one place a shape meets the view: made from a shape (document px) at a scale (the view's:
/// device pixels per px), its path and its width are on the canvas, the drawing scaled to the device,
/// where everything after it — stroking, coverage, the solid cells — works. (The view's origin is where
/// the window's corner is on that canvas: the compositor's and the renderer's business, whole pixels.)
struct Outline: Hashable {
    /// What the stroke follows, by kind.
    enum Path: Hashable {
        /// A straight line, stroked with round caps.
        case line(Segment)
        /// An ellipse inscribed in a box of some width and height: a closed path.
        case ellipse(EllipseOutline)
        /// A freehand stroke: a curve through points, each piece at its own width where they vary.
        case ink(InkOutline)
    }

    var path: Path
    /// In device pixels: the shape's width times the scale.
    var width: Double

    /// `geometry` on the canvas of the drawing scaled by `scale`, `width` device px wide. (Ink's points are
    /// not copied: its pieces are scaled as they are made.)
    init(_ geometry: ShapeGeometry, scale: Double = 1, width: Double) {
        switch geometry {
        case .line(let segment): path = .line(segment.scaled(by: scale))
        case .ellipse(let box):
            let box = box.scaled(by: scale)
            path = EllipseOutline(box: box).map(Path.ellipse) ?? .line(box)
        case .ink(let ink): path = .ink(InkOutline(ink: ink, scale: scale))
        }
        self.width = width
    }

    /// `shape` on the canvas of the drawing scaled by `scale`.
    init(_ shape: Shape, scale: Double) { self.init(shape.geometry, scale: scale, width: shape.style.width * scale) }

    init(_ shape: ShapeInProgress, scale: Double) { self.init(shape.geometry, scale: scale, width: shape.width * scale) }

    /// The bounds of the centre line.
    var bounds: Rect {
        switch path {
        case .line(let segment): segment.bounds
        case .ellipse(let ellipse): ellipse.box.bounds
        case .ink(let ink): ink.bounds
        }
    }

    /// The area its stroke covers: the centre line's bounds widened by half the width, plus a pixel of
    /// antialiasing.
    var coverage: Rect { bounds.insetBy(-(width / 2 + 1)) }

    /// Whether it is ink in progress that grew from `old` (the same stroke with more points, at the same width).
    func grew(from old: Outline) -> Bool {
        guard case .ink(let ink) = path, case .ink(let before) = old.path, width == old.width, ink.scale == before.scale else { return false }
        return ink.ink.extends(before.ink)
    }

    /// What its stroke covers that it did not as `old` (which it grew from): its pieces from the last of
    /// `old`'s on (that one curves anew towards the new point).
    func coverage(growingFrom old: Outline) -> Rect {
        guard case .ink(let ink) = path, case .ink(let before) = old.path else { return coverage }
        let first = max(0, before.ink.pieceCount - 1)
        var area = ink.piece(first).hull
        for index in (first + 1)..<ink.ink.pieceCount { area = area.union(orEmpty: ink.piece(index).hull) }
        return area.insetBy(-(width / 2 + InkOutline.cairoError + 1))
    }

    /// Strokes it in the context's source, round caps and joins already set; `reach` is the context's
    /// (`reach(of:)`).
    func stroke(_ cr: OpaquePointer, within reach: Rect) {
        cairo_set_line_width(cr, width)
        switch path {
        case .line(let segment): LineOutline.addPath(of: segment, within: reach, to: cr)
        case .ellipse(let ellipse): ellipse.addPath(to: cr)
        case .ink(let ink): return ink.stroke(width: width, within: reach, cr)
        }
        cairo_stroke(cr)
    }

    /// Strokes it as a shape in progress: as `stroke`, but ink a piece at a time, and only the pieces that
    /// may paint into `areas` when given. A long stroke growing is not stroked whole for each new piece, and
    /// a pixel gets the same value whichever pieces far from it are left out (each piece is a stroke of its
    /// own, so none changes how another is rasterised).
    func strokeInProgress(_ cr: OpaquePointer, within reach: Rect, reachingInto areas: [Rect]?) {
        guard case .ink(let ink) = path else { return stroke(cr, within: reach) }
        guard let areas else { return ink.stroke(width: width, within: reach, onePieceAtATime: true, cr) }
        var pieces = areas.flatMap { ink.pieces(reaching: $0, halfWidth: width / 2) }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        while !pieces.isEmpty {
            let next = pieces.removeFirst()
            if let last = merged.last, next.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, next.upperBound)
            } else {
                merged.append(next)
            }
        }
        for range in merged { ink.stroke(range, width: width, within: reach, onePieceAtATime: true, cr) }
    }

    /// Cairo rasterises in 24.8 fixed point: a device coordinate beyond about ±8 million pixels wraps. So a
    /// path is drawn only as far as a million pixels around the context's clip (a long line or ink, much
    /// zoomed, is cut there: nothing it paints inside changes). The area, in the context's coordinates, is read
    /// once per batch of strokes.
    static func reach(of cr: OpaquePointer) -> Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return Rect(minX: x0, minY: y0, maxX: x1, maxY: y1).insetBy(-1_000_000)
    }

    // MARK: - Where it paints

    /// How many capsules make up everything its stroke paints (`piece(_:)`): none for a circle, whose cells
    /// come from its ring (`EllipseOutline.Ring`).
    var pieces: Int {
        switch path {
        case .line: 1
        case .ellipse: 0
        case .ink(let ink): ink.ink.pieceCount
        }
    }

    /// A piece of everything its stroke paints, and a little more (`pieces` of them).
    func piece(_ index: Int) -> StrokeCapsule {
        switch path {
        case .line(let segment): LineOutline.piece(of: segment, halfWidth: width / 2)
        case .ellipse: preconditionFailure("a circle has no pieces: its cells come from its ring")
        case .ink(let ink): ink.piece(index, halfWidth: width / 2)
        }
    }

    /// How far the pieces reach beyond the stroke (the path's curves from their chords; a circle's from the
    /// chords bounding it, `EllipseOutline.strays`).
    private var strays: Double {
        switch path {
        case .line: 0
        case .ellipse(let ellipse): ellipse.strays
        case .ink(let ink): ink.strays + InkOutline.cairoError
        }
    }

    /// A rectangle around everything its stroke paints (all its pieces).
    var reach: Rect { bounds.insetBy(-(width / 2 + strays + StrokeBox.margin)) }

    /// The part of its stroke that covers its pixels fully, as far as the solid cells care: a line's box (nil:
    /// none to speak of, a thin line's); none for ink, and none here for a circle, whose covered cells come
    /// from its ring (`EllipseOutline.Ring`).
    var inside: StrokeBox? {
        switch path {
        case .line(let segment): LineOutline.inside(of: segment, halfWidth: width / 2)
        case .ellipse, .ink: nil
        }
    }
}
