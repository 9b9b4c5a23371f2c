/// Erasing part of a stroke (Xournal++'s standard eraser): the parts of the curve within a distance of the
/// eraser's path go, as intervals of the curve's parameter (a piece's index plus its own parameter, 0…1),
/// and what is left between them becomes strokes of its own, each within the simplification's tolerance of
/// the part of the curve it replaces.
extension Ink {
    /// The curve's parameters within `radius` of segment `path`, as disjoint intervals in order: piece k
    /// runs from k to k + 1 (a stroke of one point is the parameter 0 alone). Exact to the curve's
    /// flattening, far under a pixel.
    public func parameters(within radius: Double, of path: Segment) -> [ClosedRange<Double>] {
        let reach = path.bounds
        var found: [ClosedRange<Double>] = []
        for run in 0..<runCount where runBounds(run).distance(to: reach) <= radius {
            for index in pieces(ofRun: run) {
                let piece = self.piece(index)
                guard piece.hull.distance(to: reach) <= radius else { continue }
                guard count > 1 else {
                    if path.distance(to: piece.start) <= radius { found.append(0...0) }
                    continue
                }
                let steps = piece.steps(within: CubicBezier.precision)
                var previous = piece.start
                for step in 1...steps {
                    let next = step == steps ? piece.end : piece.point(at: Double(step) / Double(steps))
                    if let range = Segment(begin: previous, end: next).parameters(within: radius, of: path) {
                        let t0 = Double(step - 1) / Double(steps), dt = 1 / Double(steps)
                        let low = Double(index) + t0 + range.lowerBound * dt, high = Double(index) + t0 + range.upperBound * dt
                        if let last = found.last, low <= last.upperBound + 1e-12 {
                            found[found.count - 1] = last.lowerBound...max(last.upperBound, high)
                        } else {
                            found.append(low...high)
                        }
                    }
                    previous = next
                }
            }
        }
        return found
    }

    /// What is left of the stroke once an eraser has passed along `path`, taking what lies within `radius`
    /// of it: nil when it takes nothing, else the parts left in order along the stroke (none when it takes
    /// everything; a part shorter than `shortest` px is dropped), each within `tolerance` of this curve.
    public func erased(along path: Segment, within radius: Double, tolerance: Double = Ink.simplificationTolerance,
                       shortest: Double = 1) -> [Ink]? {
        let taken = parameters(within: radius, of: path)
        guard !taken.isEmpty else { return nil }
        let end = Double(count - 1)
        var parts: [Ink] = []
        var start = 0.0
        func keep(_ a: Double, _ b: Double) {
            guard b > a, length(from: a, to: b) >= shortest else { return }
            parts.append(part(from: a, to: b, within: tolerance))
        }
        for interval in taken {
            keep(start, interval.lowerBound)
            start = max(start, interval.upperBound)
        }
        keep(start, end)
        return parts
    }

    /// The point of the curve at parameter `u` (0…count − 1).
    public func point(atParameter u: Double) -> Point {
        guard count > 1 else { return first }
        let index = min(Int(u), count - 2)
        return piece(index).point(at: u - Double(index))
    }

    /// The width (a fraction) at parameter `u`, between its piece's points' in proportion.
    func width(atParameter u: Double) -> Double {
        guard count > 1 else { return width(0) }
        let index = min(Int(u), count - 2)
        let t = u - Double(index)
        return width(index) * (1 - t) + width(index + 1) * t
    }

    /// The length of the curve from parameter `a` to `b`, about (its chords a few per piece).
    func length(from a: Double, to b: Double) -> Double {
        let steps = max(1, Int(((b - a) * 4).rounded(.up)))
        var total = 0.0, previous = point(atParameter: a)
        for step in 1...steps {
            let next = point(atParameter: a + (b - a) * Double(step) / Double(steps))
            total += previous.distance(to: next)
            previous = next
        }
        return total
    }

    /// The stroke from parameter `a` to `b` of this one: its points between them, new ends on the curve,
    /// and points of the curve added near the ends where the spline through them strays more than
    /// `tolerance` from this curve (a piece curves by its neighbours, so the pieces next to a new end change;
    /// the others are this curve's own).
    public func part(from a: Double, to b: Double, within tolerance: Double = Ink.simplificationTolerance) -> Ink {
        let end = Double(count - 1)
        if a <= 0 && b >= end { return self }
        var parameters = [a]
        var whole = Int(a.rounded(.down)) + 1
        while Double(whole) < b {
            if Double(whole) - a > 1e-9 && b - Double(whole) > 1e-9 { parameters.append(Double(whole)) }
            whole += 1
        }
        parameters.append(b)
        for _ in 0..<64 {
            var next: [Double] = []
            var changed = false
            for j in parameters.indices {
                next.append(parameters[j])
                guard j + 1 < parameters.count, !isOwnPiece(j, of: parameters) else { continue }
                if straysFromCurve(j, of: parameters, by: tolerance) {
                    next.append((parameters[j] + parameters[j + 1]) / 2)
                    changed = true
                }
            }
            parameters = next
            if !changed { break }
        }
        let points = parameters.map { point(atParameter: $0) }
        return Ink(points: points, widths: hasWidths ? parameters.map { width(atParameter: $0) } : nil)
    }

    /// Whether span `j` of a part made of the curve's `parameters` is drawn as this curve's piece: its
    /// points and their neighbours are this stroke's, the same way round (its own ends where it has them).
    private func isOwnPiece(_ j: Int, of parameters: [Double]) -> Bool {
        let window = max(0, j - 1)...min(parameters.count - 1, j + 2)
        guard window.allSatisfy({ parameters[$0] == parameters[$0].rounded() }) else { return false }
        for k in window.dropFirst() where parameters[k] != parameters[k - 1] + 1 { return false }
        let first = parameters[window.lowerBound], last = parameters[window.upperBound]
        if j == 0 && first != 0 { return false }  // its start would be this stroke's start
        if j + 2 >= parameters.count && last != Double(count - 1) { return false }  // and its end
        return true
    }

    /// Whether the spline piece of span `j` strays more than `tolerance` from this curve between the span's
    /// parameters, or this curve from it (sampled both ways, 16 steps).
    private func straysFromCurve(_ j: Int, of parameters: [Double], by tolerance: Double) -> Bool {
        let at = { (k: Int) in self.point(atParameter: parameters[k]) }
        let span = CubicBezier.catmullRom(j > 0 ? at(j - 1) : nil, at(j), at(j + 1), j + 2 < parameters.count ? at(j + 2) : nil)
        let u0 = parameters[j], u1 = parameters[j + 1]
        let index = min(Int(u0), max(0, count - 2))
        let original = piece(index)
        for step in 0...16 {
            let s = Double(step) / 16
            if span.distance(to: point(atParameter: u0 + (u1 - u0) * s)) > tolerance { return true }
            if original.distance(to: span.point(at: s)) > tolerance { return true }
        }
        return false
    }
}
