/// Simplifying a stroke when it is finished: the fewest of its points (near enough) that keep what was drawn.
///
/// What is drawn is the smooth curve through the points (`Ink.piece`), so that is what must stay within the
/// tolerance. First Ramer–Douglas–Peucker on the polyline, loosely (`polylineSlack` times the tolerance: the
/// curve follows a bend far closer than the chords do), with the width as a third say: a point also stays
/// where its width is off, at the stroke's edge, from its span's. Then each span between two kept points is
/// checked against what was drawn — every point of the stroke and the middle of every piece of its curve —
/// and the worst point is kept too where something is farther than the tolerance from the span's curve (or
/// its width off), until nothing is. Last, every kept point whose spans joined stay within the tolerance is
/// left out. So every point of the stroke, and the middle of each of its pieces, is within the tolerance of
/// the simplified curve, and every piece's width within it at the edge.
extension Ink {
    /// The tolerance at 96 dpi: half a pixel, too little to see. (A view that zooms in passes less:
    /// this times `fineness(atZoom:)`, so the simplification stays invisible on screen.)
    public static let simplificationTolerance = 0.5

    /// The part of a document px that a screen px is at `zoom`, or 1 at zoom 1 and below: lengths on the
    /// screen that ink is recorded and simplified within, in document px, so a stroke drawn zoomed in is as
    /// exact on screen, and one drawn zoomed out as exact in the document as at zoom 1.
    public static func fineness(atZoom zoom: Double) -> Double { min(1, 1 / zoom) }

    /// The stroke simplified to within `tolerance` px of this one, for a shape `width` px wide (the widths
    /// are fractions of it). Costs O(n log n) for a stroke of n points, about.
    public func simplified(within tolerance: Double = Ink.simplificationTolerance, width: Double) -> Ink {
        let points = (0..<count).map(point)
        let widths = hasWidths ? (0..<count).map(self.width) : nil
        guard count > 2 else { return Ink(points: points, widths: widths) }
        let simplifier = Simplifier(points: points, widths: widths, tolerance: tolerance, width: width)
        let kept = simplifier.thinned(simplifier.refined(simplifier.douglasPeucker(within: tolerance * Simplifier.polylineSlack)))
        return Ink(points: kept.map { points[$0] }, widths: widths.map { widths in kept.map { widths[$0] } })
    }
}

/// The work of `Ink.simplified`, on the stroke's points as doubles.
private struct Simplifier {
    let points: [Point]
    let widths: [Double]?
    let tolerance: Double
    /// The shape's width: a fraction's error times it is an error in px.
    let width: Double

    /// How much farther than the tolerance the polyline of the first points kept may stray: the curve
    /// through them follows a bend far closer than their chords (the spans are refined and thinned on the
    /// curve afterwards).
    static let polylineSlack = 4.0

    /// The indices kept by Ramer–Douglas–Peucker on the polyline (with the widths' say), in order.
    func douglasPeucker(within tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var spans = [(0, points.count - 1)]
        while let (a, b) = spans.popLast() {
            guard b > a + 1 else { continue }
            let chord = Segment(begin: points[a], end: points[b])
            var worst = (index: a, error: -1.0)
            for k in (a + 1)..<b {
                let error = max(chord.distance(to: points[k]), widthError(of: k, in: a, b))
                if error > worst.error { worst = (k, error) }
            }
            guard worst.error > tolerance else { continue }
            keep[worst.index] = true
            spans.append((a, worst.index))
            spans.append((worst.index, b))
        }
        return keep.indices.filter { keep[$0] }
    }

    /// `kept` with a point added to every span whose curve strays more than the tolerance from what was
    /// drawn, until none does. A point added changes the curve of its span and of the spans on either side
    /// (each piece curves by its neighbours): those are checked again.
    func refined(_ kept: [Int]) -> [Int] {
        var kept = kept
        var dirty = Set(kept)
        while !dirty.isEmpty {
            var next: [Int] = []
            next.reserveCapacity(kept.count + 8)
            var added: [Int] = []
            for j in kept.indices {
                next.append(kept[j])
                guard j + 1 < kept.count, dirty.contains(kept[j]), let worst = worstPoint(kept, span: j) else { continue }
                next.append(worst)
                added.append(worst)
            }
            dirty = []
            let addedSet = Set(added)
            for (j, index) in next.enumerated() where addedSet.contains(index) {
                for neighbour in max(0, j - 2)...min(next.count - 1, j + 1) { dirty.insert(next[neighbour]) }
            }
            kept = next
        }
        return kept
    }

    /// The point of span `j` (between `kept[j]` and `kept[j + 1]`) to keep, when something drawn there is
    /// farther than the tolerance from the span's curve or chord (or its width off); nil when nothing is.
    private func worstPoint(_ kept: [Int], span j: Int) -> Int? {
        let a = kept[j], b = kept[j + 1]
        guard b > a + 1 else { return nil }
        let curve = CubicBezier.catmullRom(j > 0 ? points[kept[j - 1]] : nil, points[a], points[b],
                                           j + 2 < kept.count ? points[kept[j + 2]] : nil)
        let spanWidth = widths.map { ($0[a] + $0[b]) / 2 } ?? 1
        var worst = (index: a, error: tolerance)
        for k in a..<b {
            // The middle of the drawn piece from k to k + 1, at that piece's width.
            let piece = CubicBezier.catmullRom(k > 0 ? points[k - 1] : nil, points[k], points[k + 1],
                                               k + 2 < points.count ? points[k + 2] : nil)
            let middle = max(curve.distance(to: piece.point(at: 0.5)), abs(pieceWidth(k) - spanWidth) * width / 2)
            if middle > worst.error { worst = (k == a ? k + 1 : k, middle) }
            guard k > a else { continue }
            let error = curve.distance(to: points[k])
            if error > worst.error { worst = (k, error) }
        }
        return worst.index == a ? nil : worst.index
    }

    /// `kept` with every point left out whose spans, joined, stay within the tolerance of what was drawn (a
    /// point left out changes the curve of the spans on either side of it too: those are checked as well).
    func thinned(_ kept: [Int]) -> [Int] {
        var kept = kept
        var j = 1
        while j < kept.count - 1 {
            // The points whose spans' curves change, kept[j − 2] to kept[j + 2], and their neighbours.
            let low = max(0, j - 3), high = min(kept.count - 1, j + 3)
            var without = Array(kept[low...high])
            without.remove(at: j - low)
            let changed = (max(0, j - 2) - low)...(min(kept.count - 3, j) - low)
            if changed.allSatisfy({ worstPoint(without, span: $0) == nil }) {
                kept.remove(at: j)
            } else {
                j += 1
            }
        }
        return kept
    }

    private func pieceWidth(_ k: Int) -> Double { widths.map { ($0[k] + $0[k + 1]) / 2 } ?? 1 }

    /// How far, in px at the stroke's edge, point `k`'s width is from the span's from `a` to `b` where `k`
    /// falls along it (the width as a third coordinate, scaled to px: Ramer–Douglas–Peucker in three
    /// dimensions, so a step in width keeps the points on either side of it, not those at the span's start).
    private func widthError(of k: Int, in a: Int, _ b: Int) -> Double {
        guard let widths else { return 0 }
        let d = points[b] - points[a]
        let lengthSquared = d.dx * d.dx + d.dy * d.dy
        let t = lengthSquared > 0
            ? max(0, min(1, ((points[k].x - points[a].x) * d.dx + (points[k].y - points[a].y) * d.dy) / lengthSquared))
            : Double(k - a) / Double(b - a)
        return abs(widths[k] - (widths[a] + t * (widths[b] - widths[a]))) * width / 2
    }
}
