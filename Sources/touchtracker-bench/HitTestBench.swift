import DrawingTesting
import SeededRandom
import Shapes
#if canImport(Glibc)
import Glibc
#endif

// Hit testing: the ShapeIndex against the book's sampling algorithm, on drawings of 1k, 100k and 1M
// shapes at a constant density (one shape per 50 x 50 px, lines 10-150 px long, 1% long lines of
// 500-3000 px; every tenth shape a circle of a box as large, in its own colour and width), queried at
// random points (half of them next to a shape's outline).
//
// The book samples 21 points along each line (SampledHitTest); it knew no circles, so for a circle the
// seed samples 21 points around its outline the same way, and a circle costs it what a line does.

func hitTestSection(_ report: inout BenchReport) {
    var random = SeededGenerator(seed: 2026)
    // The seed scans every line for a miss: a handful of its queries is enough (and all we can afford at 1M).
    for (count, label, seedQueryCount) in [(1_000, "1k", 501), (100_000, "100k", 51), (1_000_000, "1M", 11)] {
        let lines = hitTestBenchLines(count: count, using: &random)
        let side = hitTestBenchSide(count: count)
        let queries = (0..<1_001).map { i -> Point in
            if i % 2 == 0 {
                return Point(x: Double.random(in: 0..<side, using: &random), y: Double.random(in: 0..<side, using: &random))
            }
            let near = outlinePoint(of: lines.randomElement(using: &random)!, at: Double.random(in: 0...1, using: &random))
            return Point(x: near.x + Double.random(in: -15...15, using: &random), y: near.y + Double.random(in: -15...15, using: &random))
        }

        let buildStart = monotonicNanoseconds()
        let drawing = IndexedDrawing(Drawing(shapes: lines))
        let buildNanoseconds = monotonicNanoseconds() - buildStart

        let indexed = hitTestMedianNanoseconds(queries) { drawing.nearestShape(to: $0, within: 20) }
        let seedQueries = Array(queries.prefix(seedQueryCount))
        let seed = hitTestMedianNanoseconds(seedQueries) { SampledHitTest.firstShape(near: $0, in: drawing.shapes) }

        report.row("  \(label) lines: index built in \(buildNanoseconds / 1_000_000) ms")
        report.record("hit_test_index_median_ns_\(label)", Double(indexed), unit: "ns")
        report.record("hit_test_seed_median_ns_\(label)", Double(seed), unit: "ns")
        report.record("hit_test_speedup_vs_seed_\(label)", (Double(seed) / Double(max(indexed, 1))).rounded())

        if count == 1_000_000 {
            // Clicks on circles alone: half on or near a circle's outline, half anywhere in its box.
            let circles = lines.filter { $0.kind == .ellipse }
            let circleQueries = (0..<1_001).map { i -> Point in
                let circle = circles.randomElement(using: &random)!
                if i % 2 == 0 {
                    let box = circle.bounds
                    return Point(x: Double.random(in: box.minX...box.maxX, using: &random), y: Double.random(in: box.minY...box.maxY, using: &random))
                }
                let near = outlinePoint(of: circle, at: Double.random(in: 0...1, using: &random))
                return Point(x: near.x + Double.random(in: -15...15, using: &random), y: near.y + Double.random(in: -15...15, using: &random))
            }
            let indexedCircles = hitTestMedianNanoseconds(circleQueries) { drawing.nearestShape(to: $0, within: 20) }
            let seedCircles = hitTestMedianNanoseconds(Array(circleQueries.prefix(seedQueryCount))) {
                SampledHitTest.firstShape(near: $0, in: drawing.shapes)
            }
            report.record("hit_test_circles_index_median_ns_1M", Double(indexedCircles), unit: "ns (clicks on and in circles)")
            report.record("hit_test_circles_seed_median_ns_1M", Double(seedCircles), unit: "ns")
            report.record("hit_test_circles_speedup_vs_seed_1M", (Double(seedCircles) / Double(max(indexedCircles, 1))).rounded())

            let lineBytes = drawing.drawing.shapes.capacity * MemoryLayout<Shape>.stride
            let indexBytes = drawing.index.memoryFootprint
            report.record("bytes_per_line", (Double(lineBytes + indexBytes) / Double(count)).rounded(toPlaces: 1),
                          unit: "B (a shape: kind, geometry, colour, width, and its index entry; goal <= 64)")
            report.record("index_bytes_per_line", (Double(indexBytes) / Double(count)).rounded(toPlaces: 1), unit: "B")
            report.record("hit_test_move_update_mean_ns_1M", Double(hitTestMoveCost(drawing, using: &random)), unit: "ns")
        }
    }
}

/// Mean cost of moving a random line (drawing and index updated), over enough moves to include merges.
private func hitTestMoveCost(_ drawing: IndexedDrawing, using random: inout SeededGenerator) -> UInt64 {
    var drawing = drawing
    let moves = 4 * ShapeIndex.mergeThreshold
    let targets = (0..<moves).map { _ in drawing.shapes.randomElement(using: &random)! }
    let start = monotonicNanoseconds()
    for line in targets {
        drawing.setGeometry(line.geometry.translated(by: Vector(dx: 3, dy: -2)), of: line.id)
    }
    let elapsed = monotonicNanoseconds() - start
    blackHole(drawing)
    return elapsed / UInt64(moves)
}

private func hitTestMedianNanoseconds(_ queries: [Point], _ query: (Point) -> ShapeID?) -> UInt64 {
    var times: [UInt64] = []
    times.reserveCapacity(queries.count)
    for p in queries {
        let start = monotonicNanoseconds()
        blackHole(query(p))
        times.append(monotonicNanoseconds() - start)
    }
    return median(times)
}

private func hitTestBenchSide(count: Int) -> Double { (Double(count) * 2_500).squareRoot() }

private func hitTestBenchLines(count: Int, using random: inout SeededGenerator) -> [Shape] {
    let side = hitTestBenchSide(count: count)
    return (1...count).map { i in
        let length = i % 100 == 0 ? Double.random(in: 500..<3_000, using: &random) : Double.random(in: 10..<150, using: &random)
        let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
        let centre = Point(x: Double.random(in: 0..<side, using: &random), y: Double.random(in: 0..<side, using: &random))
        let half = Vector(dx: cos(angle) * length / 2, dy: sin(angle) * length / 2)
        let segment = Segment(begin: centre + Vector(dx: -half.dx, dy: -half.dy), end: centre + half)
        guard i % 10 == 5 else { return Shape(id: ShapeID(UInt64(i)), geometry: .line(segment)) }
        let style = ShapeStyle(colour: Colour(hex: UInt32(truncatingIfNeeded: random.next())), width: [2, 5, 10, 16][i / 10 % 4])
        return Shape(id: ShapeID(UInt64(i)), geometry: .ellipse(box: segment), style: style)
    }
}

/// The point of `shape`'s outline `t` (0...1) of the way along it: along a line from its begin, around a
/// circle from its right end.
private func outlinePoint(of shape: Shape, at t: Double) -> Point {
    switch shape.geometry {
    case .line(let segment):
        let begin = segment.begin, end = segment.end
        return Point(x: begin.x + t * (end.x - begin.x), y: begin.y + t * (end.y - begin.y))
    case .ellipse(let box):
        return ellipsePoint(ofBox: box, at: t)
    case .ink(let ink):
        return ink.point(atParameter: t * Double(ink.count - 1))
    }
}

private func ellipsePoint(ofBox box: Segment, at t: Double) -> Point {
    let begin = box.begin, end = box.end
    let angle = 2 * Double.pi * t
    return Point(x: (begin.x + end.x) / 2 + abs(end.x - begin.x) / 2 * cos(angle), y: (begin.y + end.y) / 2 + abs(end.y - begin.y) / 2 * sin(angle))
}
