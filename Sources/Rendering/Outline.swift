import CCairo
import Shapes
#if canImport(Glibc)
import Glibc
#endif

/// What a shape's stroke follows and how wide it is on the device, without its colour: what the renderer
/// strokes and what the compositor reasons about. A line is stroked with round caps; a circle is the
/// ellipse inscribed in its box, a closed path. A circle whose box has no width or height is the segment
/// it collapses to, so it is a line here (Cairo cannot scale a path by 0).
struct Outline: Hashable {
    var kind: ShapeKind
    /// A line's ends; a circle's box's opposite corners.
    var segment: Segment
    /// In device pixels: the shape's width times the screen's scale.
    var width: Double

    init(kind: ShapeKind, segment: Segment, width: Double) {
        let box = segment.bounds
        self.kind = kind == .circle && !(box.width > Self.flat && box.height > Self.flat) ? .line : kind
        self.segment = segment
        self.width = width
    }

    init(_ shape: Shape, scale: Double) { self.init(kind: shape.kind, segment: shape.segment, width: shape.style.width * scale) }

    init(_ shape: ShapeInProgress, scale: Double) { self.init(kind: shape.kind, segment: shape.segment, width: shape.width * scale) }

    /// A box thinner than this (px) is flat: its circle is drawn as its segment, which it is to within this.
    static let flat = 1e-6

    /// The area its stroke covers: the segment's bounds (a circle's box) widened by half the width, plus
    /// a pixel of antialiasing.
    var coverage: Rect { segment.bounds.insetBy(-(width / 2 + 1)) }

    /// Strokes it in the context's source, round caps and joins already set.
    func stroke(_ cr: OpaquePointer) {
        cairo_set_line_width(cr, width)
        switch kind {
        case .line:
            cairo_move_to(cr, segment.begin.x, segment.begin.y)
            cairo_line_to(cr, segment.end.x, segment.end.y)
        case .circle:
            let box = segment.bounds
            cairo_save(cr)
            cairo_translate(cr, (box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
            cairo_scale(cr, box.width / 2, box.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)  // the pen is round on the device, not squashed with the path
        }
        cairo_stroke(cr)
    }

    // MARK: - Where it paints

    /// How many capsules make up `reach`: one for a line; for a circle, one per chord of a polygon
    /// inscribed in its ellipse, enough that the ellipse strays at most about a quarter pixel from them.
    var pieces: Int {
        guard kind == .circle else { return 1 }
        let radius = max(segment.bounds.width, segment.bounds.height) / 2
        // A chord spanning dt of the ellipse's parameter strays at most dt² / 8 · radius from it.
        let steps = (2 * Double.pi / (8 * Self.chordError / radius).squareRoot()).rounded(.up)
        return Int(min(max(steps, 8), Double(Self.mostChords)))
    }

    /// A piece of everything its stroke paints, and a little more (`pieces` of them): around a line the
    /// capsule of its stroke, around a circle's chord the capsule widened by how far the ellipse and
    /// Cairo's approximation of it stray from the chord.
    func piece(_ index: Int) -> StrokeCapsule {
        guard kind == .circle else { return StrokeCapsule.around(segment, halfWidth: width / 2) }
        let box = segment.bounds, count = pieces
        let centre = Point(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
        let a = box.width / 2, b = box.height / 2
        func point(_ step: Int) -> Point {
            let t = 2 * Double.pi * Double(step) / Double(count)
            return Point(x: centre.x + a * cos(t), y: centre.y + b * sin(t))
        }
        return StrokeCapsule.around(Segment(begin: point(index), end: point(index + 1)), halfWidth: width / 2 + strays)
    }

    /// How far a circle's ellipse and Cairo's approximation of it stray from its chords (0 for a line).
    private var strays: Double {
        guard kind == .circle else { return 0 }
        let dt = 2 * Double.pi / Double(pieces)
        return dt * dt / 8 * max(segment.bounds.width, segment.bounds.height) / 2 + Self.cairoError
    }

    /// A rectangle around all its pieces.
    var reach: Rect { segment.bounds.insetBy(-(width / 2 + strays + StrokeBox.margin)) }

    /// The most a chord may stray from the ellipse, in px (more for circles so large they would need
    /// more than `mostChords`).
    static let chordError = 0.25
    static let mostChords = 1024
    /// How far Cairo's path may stray from the true ellipse: its arcs are Bézier curves, flattened, each
    /// step within 0.1 px.
    static let cairoError = 0.5

    /// The part of its stroke that covers its pixels fully, as far as the solid cells care: a line's
    /// `StrokeBox.inside`; none for a circle (its ring is thin and curved).
    var inside: StrokeBox? {
        kind == .line ? StrokeBox.inside(segment, halfWidth: width / 2) : nil
    }
}
