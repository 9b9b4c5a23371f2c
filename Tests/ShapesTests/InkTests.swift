import Foundation
import SeededRandom
@testable import Shapes
import TestSupport
import Testing

/// A random walk of `count` points from (200, 200), steps up to `step` px, turning up to `turn` radians each
/// time (a mouse's path is smooth, a little jittery), at 1/8 px.
func randomWalk(_ count: Int, step: Double = 6, turn: Double = 0.6, seed: UInt64) -> [Point] {
    var random = SeededGenerator(seed: seed)
    var point = Point(x: 200, y: 200), heading = 0.0
    var points = [point]
    for _ in 1..<count {
        heading += Double.random(in: -turn...turn, using: &random)
        let length = Double.random(in: 1...step, using: &random)
        point = Point(x: (point.x + length * cos(heading) * 8).rounded() / 8, y: (point.y + length * sin(heading) * 8).rounded() / 8)
        points.append(point)
    }
    return points
}

@Suite("Shapes: ink, a freehand stroke drawn as a smooth curve")
struct InkTests {
    /// The curve flattened very finely: 400 steps a piece.
    private func flattened(_ ink: Ink) -> [Point] {
        var points: [Point] = [ink.first]
        for index in 0..<ink.pieceCount {
            let piece = ink.piece(index)
            for step in 1...400 { points.append(piece.point(at: Double(step) / 400)) }
        }
        return points
    }

    private func bruteDistance(_ p: Point, _ polyline: [Point]) -> Double {
        guard polyline.count > 1 else { return polyline[0].distance(to: p) }
        var best = Double.infinity
        for k in 1..<polyline.count { best = min(best, Segment(begin: polyline[k - 1], end: polyline[k]).distance(to: p)) }
        return best
    }

    @Test func theDistanceToTheCurveMatchesItsFineFlatteningToWellUnderAPixel() {
        var random = SeededGenerator(seed: 7)
        for seed in 0..<6 {
            let ink = Ink(points: randomWalk(80, step: 20, seed: UInt64(seed)))
            let fine = flattened(ink)
            let bounds = ink.bounds
            for _ in 0..<40 {
                let p = Point(x: Double.random(in: (bounds.minX - 30)...(bounds.maxX + 30), using: &random),
                              y: Double.random(in: (bounds.minY - 30)...(bounds.maxY + 30), using: &random))
                let exact = ink.distance(to: p), brute = bruteDistance(p, fine)
                #expect(abs(exact - brute) < 0.05, "\(p): \(exact) vs \(brute)")
            }
            for point in fine { #expect(bounds.insetBy(-1e-3).containsClosed(point)) }
        }
    }

    @Test func theDistanceToASegmentMatchesSamplingIt() {
        let ink = Ink(points: randomWalk(60, step: 15, seed: 3))
        let fine = flattened(ink)
        var random = SeededGenerator(seed: 8)
        for _ in 0..<30 {
            let a = Point(x: Double.random(in: 0...400, using: &random), y: Double.random(in: 0...400, using: &random))
            let b = Point(x: a.x + Double.random(in: -60...60, using: &random), y: a.y + Double.random(in: -60...60, using: &random))
            let path = Segment(begin: a, end: b)
            var brute = Double.infinity
            for k in 1..<fine.count { brute = min(brute, Segment(begin: fine[k - 1], end: fine[k]).distance(to: path)) }
            #expect(abs(ink.distance(to: path) - brute) < 0.05)
        }
    }

    @Test func aStrokeThroughItsPointsPassesThroughEachOfThem() {
        let points = randomWalk(30, seed: 1)
        let ink = Ink(points: points)
        for (index, point) in points.enumerated() {
            #expect(ink.point(index) == point)
            #expect(ink.distance(to: point) < 1e-9)
        }
        #expect(Ink(points: [Point(x: 5, y: 5)]).distance(to: Point(x: 8, y: 9)) == 5, "a single point is a dot")
    }

    @Test func copiesShareThePointsAndEqualityIsByContent() {
        let points = randomWalk(500, seed: 2)
        let a = Ink(points: points), b = Ink(points: points)
        #expect(a == b && a.hashValue == b.hashValue, "two buffers with the same points are equal")
        let shape = Shape(id: ShapeID(1), geometry: .ink(a))
        let copy = shape
        guard case .ink(let copied) = copy.geometry else { Issue.record("not ink"); return }
        #expect(copied.storage === a.storage, "a copied shape shares its points")
        #expect(MemoryLayout<Shape>.size == 48)
        #expect(Ink(points: points.dropLast() + [Point(x: 0, y: 0)]) != a)
        #expect(a.bytes <= 16 * points.count + 64, "8 bytes a point and the runs' boxes")
    }

    @Test func aStrokeGrowsInPlaceAndEveryValueSeesItsOwnPrefix() {
        let points = randomWalk(200, seed: 4)
        var ink = Ink.starting(at: points[0])
        var values = [ink]
        for point in points.dropFirst() {
            ink = ink.appending(point)
            values.append(ink)
        }
        #expect(values.allSatisfy { $0.storage === ink.storage }, "appending to the latest value writes in place")
        for (index, value) in values.enumerated() {
            #expect(value.count == index + 1)
            #expect(value == Ink(points: Array(points.prefix(index + 1))), "a value keeps its prefix as it was")
            // Its runs' bounds hold every piece of its own curve (they may hold later ones too).
            for piece in 0..<value.pieceCount {
                let run = piece / Ink.runLength
                #expect(value.runBounds(run).insetBy(-1e-3).containsClosed(value.piece(piece).point(at: 0.5)))
            }
        }
        // Appending to an older value copies its prefix first: the newer values are not disturbed.
        let branch = values[10].appending(Point(x: 0, y: 0))
        #expect(branch.storage !== ink.storage && branch.count == 12 && ink == Ink(points: points))
    }

    /// What is drawn is the curve: every point of the stroke and of its curve is within half a pixel of the
    /// simplified curve (its polyline may stray farther: it is not drawn). Four strokes under `make test`, twelve
    /// under `make test-long`.
    @Test func simplificationKeepsTheCurveDrawnWithinHalfAPixel() {
        for seed in 0..<TestLength.pick(4, long: 12) {
            // Half of them smooth (a hand's path, which simplifies to few points), half jittery.
            let points = randomWalk(1_500, step: 3, turn: seed % 2 == 0 ? 0.05 : 0.6, seed: UInt64(seed))
            let ink = Ink(points: points)
            let simple = ink.simplified(within: 0.5, width: 4)
            if seed % 2 == 0 { #expect(simple.count < points.count / 4, "seed \(seed): \(simple.count) of \(points.count)") }
            #expect(simple.first == ink.first && simple.last == ink.last)
            for point in points { #expect(simple.distance(to: point) <= 0.5 + 0.02) }
            for index in 0..<ink.pieceCount {
                for t in [0.25, 0.5, 0.75] { #expect(simple.distance(to: ink.piece(index).point(at: t)) <= 0.5 + 0.05, "seed \(seed)") }
            }
        }
    }

    @Test func simplificationKeepsWidthsWhereTheyChange() {
        let points = (0..<100).map { Point(x: Double($0) * 2, y: 0) }
        let widths = (0..<100).map { $0 < 50 ? 0.5 : 1.0 }
        let simple = Ink(points: points, widths: widths).simplified(within: 0.5, width: 10)
        #expect(simple.hasWidths)
        #expect(simple.count < 10)
        for index in 0..<simple.count {
            let x = simple.point(index).x
            #expect(simple.width(index) == (x < 100 ? 0.5 : 1.0))
        }
    }

    @Test func anEraserCrossingTheMiddleSplitsTheStrokeInTwo() throws {
        let points = (0...100).map { Point(x: Double($0) * 4, y: 100) }
        let ink = Ink(points: points)
        let parts = try #require(ink.erased(along: Segment(begin: Point(x: 200, y: 50), end: Point(x: 200, y: 150)), within: 10))
        #expect(parts.count == 2)
        #expect(parts[0].first == Point(x: 0, y: 100) && abs(parts[0].last.x - 190) < 0.01)
        #expect(abs(parts[1].first.x - 210) < 0.01 && parts[1].last == Point(x: 400, y: 100))
        #expect(ink.erased(along: Segment(begin: Point(x: 0, y: 0), end: Point(x: 400, y: 0)), within: 10) == nil, "it passed too far")
        #expect(ink.erased(along: Segment(begin: Point(x: -10, y: 100), end: Point(x: 410, y: 100)), within: 10) == [], "it took it all")
    }

    @Test func erasedPartsFollowTheCurveTheyCameFrom() throws {
        let ink = Ink(points: randomWalk(120, step: 12, seed: 9))
        let middle = ink.point(60)
        let parts = try #require(ink.erased(along: Segment(begin: middle, end: Point(x: middle.x + 1, y: middle.y)), within: 15))
        #expect(!parts.isEmpty)
        for part in parts {
            for step in 0...200 {
                let u = Double(step) / 200 * Double(part.count - 1)
                #expect(ink.distance(to: part.point(atParameter: u)) <= 0.5 + 0.02)
            }
            #expect(part.distance(to: middle) >= 15 - 0.05, "nothing within the eraser's reach is left")
        }
    }

    @Test func aLongStrokeIsFoundThroughTheIndexByItsRuns() {
        // Ten rows 40 px apart, to and fro (a zigzag: the turns are at the ends).
        let points = (0..<10_000).map { i in
            let row = i / 1000, column = row % 2 == 0 ? i % 1000 : 999 - i % 1000
            return Point(x: Double(column) * 3, y: Double(row) * 40)
        }
        let ink = Shape(id: ShapeID(1), geometry: .ink(Ink(points: points)))
        let line = Shape(id: ShapeID(2), geometry: .line(Segment(begin: Point(x: 0, y: 1000), end: Point(x: 100, y: 1000))))
        let drawing = Drawing(shapes: [ink, line])
        let index = ShapeIndex(drawing.shapes)
        #expect(index.nearestShape(to: Point(x: 1500, y: 125), within: 20, in: drawing) == ShapeID(1))
        #expect(index.nearestShape(to: Point(x: 50, y: 995), within: 20, in: drawing) == ShapeID(2))
        #expect(index.nearestShape(to: Point(x: 1500, y: 20), within: 10, in: drawing) == nil)
        #expect(index.shapes(meeting: Rect(minX: 10, minY: 10, maxX: 20, maxY: 30), in: drawing).map(\.id) == [ShapeID(1)])
        var removed = index
        removed.remove(ink)
        #expect(removed.nearestShape(to: Point(x: 1500, y: 125), within: 20, in: drawing) == nil)
        #expect(removed.count == 1)
    }

    @Test func theDrawingCountsItsInkPoints() {
        var drawing = Drawing()
        let id = drawing.add(.ink(Ink(points: randomWalk(40, seed: 1))))
        _ = drawing.add(.line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 1, y: 1))))
        #expect(drawing.inkPointCount == 40)
        drawing.setGeometry(.ink(Ink(points: randomWalk(10, seed: 2))), of: id)
        #expect(drawing.inkPointCount == 10)
        _ = drawing.remove(id)
        #expect(drawing.inkPointCount == 0)
    }
}
