import CCairo
import Shapes
#if canImport(Glibc)
import Glibc
#endif

/// An ellipse's outline: the closed path of the ellipse inscribed in its box, drawn as Cairo draws a
/// scaled circle. Where its ring paints and which pixels it covers fully are found band by band of rows
/// from the ellipse itself (`Ring`); as a whole it is bounded by the chords of an inscribed polygon, widened
/// by how far the ellipse and Cairo's approximation of it stray from them (`strays`, `Outline.reach`).
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

    /// Half the box's larger side.
    private var radius: Double { max(box.bounds.width, box.bounds.height) / 2 }

    /// How many chords of a polygon inscribed in the ellipse bound it: enough that the ellipse
    /// strays at most `chordError` from them, but for ellipses larger than `mostChords` allow. (Found when
    /// asked, not made with the outline: most outlines of a large drawing are only bounded.)
    var chords: Int {
        // A chord spanning dt of the ellipse's parameter strays at most dt² / 8 · radius from it.
        let steps = (2 * Double.pi / (8 * Self.chordError / radius).squareRoot()).rounded(.up)
        return Int(min(max(steps, 8), Double(Self.mostChords)))
    }

    /// How far the ellipse and Cairo's approximation of it stray from its chords: at most `chordError` from
    /// the chords, but for an ellipse with `mostChords` chords.
    var strays: Double {
        let radius = self.radius
        guard radius > Self.mostChordsRadius else { return Self.chordError + Self.cairoError }
        let dt = 2 * Double.pi / Double(chords)
        return dt * dt / 8 * radius + Self.cairoError
    }

    /// A ring of the ellipse, a stroke `halfWidth` each side of it, asked band after band of rows what it
    /// reaches and what it covers fully (`SolidCells` asks a band per row of cells): what the bands share
    /// is found once.
    struct Ring {
        private let centre: (x: Double, y: Double), a: Double, b: Double
        /// How far from the ellipse the stroke may paint; 1 / b; the hole's scale (see `reach`), and 1 / (its b).
        private let reachR: Double, perB: Double, holeScale: Double, perHoleB: Double
        /// How far from the ellipse the stroke covers fully (nil: nowhere, see `covered`); 1 / (b ± that).
        private let coveredR: Double?, perOuterB: Double, perInnerB: Double

        init(_ ellipse: EllipseOutline, halfWidth: Double) {
            let bounds = ellipse.box.bounds
            centre = ((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
            (a, b) = (bounds.width / 2, bounds.height / 2)
            let rasterised = RingRaster.paints(bounds, halfWidth: halfWidth)
            reachR = halfWidth + (rasterised ? RingRaster.exactWithin : EllipseOutline.cairoError + StrokeBox.margin)
            perB = 1 / b
            holeScale = 1 - reachR / min(a, b)
            perHoleB = 1 / (b * holeScale)
            let r = halfWidth - (rasterised ? RingRaster.exactWithin : EllipseOutline.cairoError + StrokeBox.margin)
            coveredR = r > 0 && (rasterised || halfWidth + 1 <= min(a, b) * min(a, b) / max(a, b)) ? r : nil
            perOuterB = 1 / (b + r)
            perInnerB = 1 / (b - r)
        }

        /// Over the band of rows from `top` to `bottom`: an x-range holding every point there that the stroke
        /// may paint (nil: none), and an x-range within it, maybe none, where it paints no point of the band
        /// (the ring's hole). Found from the ellipse itself, not its chords: the stroke paints within r of
        /// the ellipse, so over the band within r of the ellipse's extent over the band grown by r; and nothing
        /// within the ellipse scaled by 1 − r / (its minor radius) about its centre (every point of that is
        /// further than r inside: the scaled ellipse's support is less by at least r in every direction). r is
        /// the half width + `RingRaster.exactWithin` where `RingRaster` paints the ring (its polygons stray that
        /// little into the hole, and nowhere past the outer curve), else the half width + `cairoError` +
        /// `StrokeBox.margin`.
        func reach(from top: Double, to bottom: Double) -> (outer: (min: Double, max: Double), hole: (min: Double, max: Double)?)? {
            let r = reachR
            // The ellipse's half width at its widest over the band grown by r.
            let low = top - r - centre.y, high = bottom + r - centre.y
            guard high >= -b, low <= b else { return nil }
            let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high)) * perB
            let widest = a * max(0, 1 - nearest * nearest).squareRoot()
            let outer = (min: centre.x - widest - r, max: centre.x + widest + r)
            // The scaled ellipse's half width at its narrowest over the band, where the band lies within it.
            guard holeScale > 0 else { return (outer, nil) }
            let farthest = max(abs(top - centre.y), abs(bottom - centre.y)) * perHoleB
            guard farthest < 1 else { return (outer, nil) }
            let narrowest = a * holeScale * (1 - farthest * farthest).squareRoot()
            return (outer, (centre.x - narrowest, centre.x + narrowest))
        }

        /// Over the band of rows from `top` to `bottom`: an x-range whose points there the stroke covers fully
        /// (nil: none), but for an x-range within it, maybe none. Found from the ellipse itself, not its
        /// chords: the stroke covers fully the points within r of the ellipse, which hold the ellipse with
        /// both radii r longer less the one with both r shorter (each point between them lies on the ellipse
        /// with both radii s longer, |s| ≤ r, within |s| of the ellipse's point at the same parameter). On an
        /// image a ring is painted within `RingRaster.exactWithin` of the true one, however tight the curve,
        /// so r is the half width less that; a ring larger than `RingRaster` paints is left to Cairo's stroke,
        /// so r is the half width − `cairoError` − `StrokeBox.margin`, and there is none where the stroke is
        /// so wide for the curve that Cairo's stroke leaves holes (as `inside` says). None where the stroke is
        /// thinner than the margins.
        func covered(from top: Double, to bottom: Double) -> (outer: (min: Double, max: Double), hole: (min: Double, max: Double)?)? {
            guard let r = coveredR else { return nil }
            // The larger ellipse's half width at its narrowest over the band, which must lie within it.
            let farthest = max(abs(top - centre.y), abs(bottom - centre.y)) * perOuterB
            guard farthest < 1 else { return nil }
            let narrowest = (a + r) * (1 - farthest * farthest).squareRoot()
            let outer = (min: centre.x - narrowest, max: centre.x + narrowest)
            // The smaller one's at its widest, where the band meets it.
            let low = top - centre.y, high = bottom - centre.y
            guard a > r, b > r, high > -(b - r), low < b - r else { return (outer, nil) }
            let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high)) * perInnerB
            let widest = (a - r) * max(0, 1 - nearest * nearest).squareRoot()
            return (outer, (centre.x - widest, centre.x + widest))
        }
    }

    /// The most a chord may stray from the ellipse, in px (more for ellipses so large they would need
    /// more than `mostChords`).
    static let chordError = 0.25
    static let mostChords = 1024
    /// The radius up to which `mostChords` chords are enough: 2π / √(8 · `chordError` / radius) of them.
    private static let mostChordsRadius = Double(mostChords * mostChords) * 8 * chordError / (4 * Double.pi * Double.pi)
    /// How far Cairo's path may stray from the true ellipse: its arcs are Bézier curves, flattened, each
    /// step within 0.1 px.
    static let cairoError = 0.5
}
