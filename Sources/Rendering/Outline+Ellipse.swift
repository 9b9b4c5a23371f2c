import CCairo
import Shapes
#if canImport(Glibc)
import Glibc
#endif

/// An ellipse's outline: the closed path of the ellipse inscribed in its box, drawn as Cairo draws a
/// scaled circle. Where it paints is covered by capsules around the chords of an inscribed polygon, widened
/// by how far the ellipse and Cairo's approximation of it stray from them; it covers no pixel fully as far
/// as the solid cells care (its ring is thin and curved).
struct EllipseOutline: Hashable {
    /// The box's corners.
    let box: Segment

    /// The ellipse in `box`; nil when the box is flat (thinner than `flat` either way): such an ellipse is
    /// the segment it collapses to, to within that, and is drawn as that line (Cairo cannot scale a path by 0).
    init?(box: Segment) {
        let bounds = box.bounds
        guard bounds.width > Self.flat && bounds.height > Self.flat else { return nil }
        self.box = box
    }

    /// A box thinner than this (px) is flat.
    static let flat = 1e-6

    func addPath(to cr: OpaquePointer) {
        let bounds = box.bounds
        cairo_save(cr)
        cairo_translate(cr, (bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
        cairo_scale(cr, bounds.width / 2, bounds.height / 2)
        cairo_new_sub_path(cr)  // an arc joins a current point left on the context (text leaves one) with a line
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_restore(cr)  // the pen is round on the device, not squashed with the path
    }

    /// How many chords of a polygon inscribed in the ellipse its capsules follow: enough that the ellipse
    /// strays at most about a quarter pixel from them.
    var chords: Int {
        let radius = max(box.bounds.width, box.bounds.height) / 2
        // A chord spanning dt of the ellipse's parameter strays at most dt² / 8 · radius from it.
        let steps = (2 * Double.pi / (8 * Self.chordError / radius).squareRoot()).rounded(.up)
        return Int(min(max(steps, 8), Double(Self.mostChords)))
    }

    /// The capsule around chord `index`, widened by `strays`.
    func piece(_ index: Int, halfWidth: Double) -> StrokeCapsule {
        let bounds = box.bounds, count = chords
        let centre = Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        let a = bounds.width / 2, b = bounds.height / 2
        func point(_ step: Int) -> Point {
            let t = 2 * Double.pi * Double(step) / Double(count)
            return Point(x: centre.x + a * cos(t), y: centre.y + b * sin(t))
        }
        return StrokeCapsule.around(Segment(begin: point(index), end: point(index + 1)), halfWidth: halfWidth + strays)
    }

    /// How far the ellipse and Cairo's approximation of it stray from its chords.
    var strays: Double {
        let dt = 2 * Double.pi / Double(chords)
        return dt * dt / 8 * max(box.bounds.width, box.bounds.height) / 2 + Self.cairoError
    }

    /// The most a chord may stray from the ellipse, in px (more for ellipses so large they would need
    /// more than `mostChords`).
    static let chordError = 0.25
    static let mostChords = 1024
    /// How far Cairo's path may stray from the true ellipse: its arcs are Bézier curves, flattened, each
    /// step within 0.1 px.
    static let cairoError = 0.5
}
