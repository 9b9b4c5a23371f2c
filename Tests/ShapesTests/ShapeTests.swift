import Foundation
import SeededRandom
@testable import Shapes
import Testing

@Suite("Shapes: each kind's geometry, and a shape's size")
struct ShapeTests {
    /// The distance from `p` to the ellipse in `box`, by sampling its outline densely (an upper bound,
    /// within a few thousandths of a pixel of the truth for these sizes).
    private func sampledDistance(_ p: Point, box: Segment) -> Double {
        let b = box.bounds
        let cx = (b.minX + b.maxX) / 2, cy = (b.minY + b.maxY) / 2, rx = b.width / 2, ry = b.height / 2
        var best = Double.infinity
        let steps = 200_000
        for i in 0..<steps {
            let t = Double(i) / Double(steps) * 2 * Double.pi
            best = min(best, Point(x: cx + rx * cos(t), y: cy + ry * sin(t)).distance(to: p))
        }
        return best
    }

    @Test func theDistanceToACircleIsToItsOutlineInsideOrOut() {
        let circle = Shape(id: ShapeID(1), geometry: .ellipse(box: Segment(begin: Point(x: 0, y: 0), end: Point(x: 200, y: 200))))
        #expect(circle.distance(to: Point(x: 100, y: 100)) == 100, "the centre is a radius from the outline")
        #expect(circle.distance(to: Point(x: 100, y: -15)) == 15)
        #expect(circle.distance(to: Point(x: 185, y: 100)) == 15)
        #expect(circle.distance(to: Point(x: 100, y: 0)) == 0)
        let line = Shape(id: ShapeID(2), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 200, y: 200))))
        #expect(line.distance(to: Point(x: 100, y: 100)) == 0, "a line from the same points goes through the centre")
    }

    @Test func theDistanceToAnEllipseIsExactAgainstADenseSampling() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<40 {
            let box = Segment(begin: Point(x: Double.random(in: -300...300, using: &random), y: Double.random(in: -300...300, using: &random)),
                              end: Point(x: Double.random(in: -300...300, using: &random), y: Double.random(in: -300...300, using: &random)))
            let p = Point(x: Double.random(in: -400...400, using: &random), y: Double.random(in: -400...400, using: &random))
            let exact = Ellipse(box: box).distance(to: p)
            let sampled = sampledDistance(p, box: box)
            #expect(exact <= sampled + 1e-9 && sampled - exact < 0.02, "\(box) \(p): \(exact) vs \(sampled)")
        }
    }

    @Test func aFlatCircleIsTheSegmentItCollapsesTo() {
        let flat = Shape(id: ShapeID(1), geometry: .ellipse(box: Segment(begin: Point(x: 0, y: 50), end: Point(x: 100, y: 50))))
        #expect(flat.distance(to: Point(x: 50, y: 60)) == 10)
        #expect(flat.distance(to: Point(x: 110, y: 50)) == 10)
    }

    @Test func theIndexFindsACircleByItsOutlineNotItsInside() {
        var drawing = Drawing()
        let circle = drawing.add(.ellipse(box: Segment(begin: Point(x: 100, y: 100), end: Point(x: 300, y: 300))))
        let index = ShapeIndex(drawing.shapes)
        #expect(index.nearestShape(to: Point(x: 200, y: 118), within: 20, in: drawing) == circle)
        #expect(index.nearestShape(to: Point(x: 200, y: 200), within: 20, in: drawing) == nil, "the inside is not the shape")
        #expect(index.nearestShape(to: Point(x: 200, y: 79), within: 20, in: drawing) == nil, "21 px outside")
    }

    /// The distance from `p` to the segment, by sampling it densely (an upper bound).
    private func sampledDistance(_ p: Point, segment: Segment) -> Double {
        let steps = 100_000
        return (0...steps).map { i -> Double in
            let t = Double(i) / Double(steps)
            return Point(x: segment.begin.x + t * (segment.end.x - segment.begin.x),
                         y: segment.begin.y + t * (segment.end.y - segment.begin.y)).distance(to: p)
        }.min()!
    }

    /// Points along the centre line of `geometry`, densely.
    private func samples(of geometry: ShapeGeometry) -> [Point] {
        switch geometry {
        case .line(let s):
            return (0...1000).map { i in
                let t = Double(i) / 1000
                return Point(x: s.begin.x + t * (s.end.x - s.begin.x), y: s.begin.y + t * (s.end.y - s.begin.y))
            }
        case .ellipse(let box):
            let b = box.bounds
            return (0..<4000).map { i in
                let t = Double(i) / 4000 * 2 * Double.pi
                return Point(x: (b.minX + b.maxX) / 2 + b.width / 2 * cos(t), y: (b.minY + b.maxY) / 2 + b.height / 2 * sin(t))
            }
        case .ink(let ink):
            return (0...4000).map { i in ink.point(atParameter: Double(i) / 4000 * Double(ink.count - 1)) }
        }
    }

    private func randomGeometry(_ kind: ShapeKind, using random: inout SeededGenerator) -> ShapeGeometry {
        func point() -> Point { Point(x: Double.random(in: -300...300, using: &random), y: Double.random(in: -300...300, using: &random)) }
        let segment = Segment(begin: point(), end: point())
        switch kind {
        case .line: return .line(segment)
        case .ellipse: return .ellipse(box: segment)
        case .ink: return .ink(Ink(points: randomWalk(20, step: 30, seed: random.next())))
        }
    }

    @Test func theDistanceToALineIsExactAgainstADenseSampling() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<40 {
            guard case .line(let segment) = randomGeometry(.line, using: &random) else { continue }
            let p = Point(x: Double.random(in: -400...400, using: &random), y: Double.random(in: -400...400, using: &random))
            let exact = ShapeGeometry.line(segment).distance(to: p)
            let sampled = sampledDistance(p, segment: segment)
            #expect(exact <= sampled + 1e-9 && sampled - exact < 0.01, "\(segment) \(p): \(exact) vs \(sampled)")
        }
    }

    @Test(arguments: ShapeKind.allCases)
    func eachKindsBoundsHoldItsCentreLineTightly(kind: ShapeKind) {
        var random = SeededGenerator(seed: 8)
        for _ in 0..<40 {
            let geometry = randomGeometry(kind, using: &random)
            let bounds = geometry.bounds, points = samples(of: geometry)
            #expect(points.allSatisfy { $0.x >= bounds.minX - 1e-9 && $0.x <= bounds.maxX + 1e-9
                && $0.y >= bounds.minY - 1e-9 && $0.y <= bounds.maxY + 1e-9 }, "\(geometry): a point outside its bounds")
            // Ink's bounds are its pieces' hulls (their control points), a little wider than its curve.
            let slack = kind == .ink ? 10.0 : 0.01
            #expect(abs(points.map(\.x).min()! - bounds.minX) < slack && abs(points.map(\.x).max()! - bounds.maxX) < slack
                && abs(points.map(\.y).min()! - bounds.minY) < slack && abs(points.map(\.y).max()! - bounds.maxY) < slack,
                "\(geometry): bounds wider than the centre line")
            #expect(points.allSatisfy { geometry.distance(to: $0) < (kind == .ink ? 0.02 : 1e-6) }, "\(geometry): its own points are on it")
        }
    }

    @Test(arguments: ShapeKind.allCases)
    func aKindMovedMovesEveryPointByTheOffsetAndKeepsItsKind(kind: ShapeKind) {
        var random = SeededGenerator(seed: 13)
        let geometry = randomGeometry(kind, using: &random), offset = Vector(dx: 12.5, dy: -3.25)
        let moved = geometry.translated(by: offset)
        #expect(moved.kind == kind)
        // Ink's bounds are rounded outwards to Floats, and its distance measured to its flattening.
        let close = kind == .ink ? 1e-3 : 0
        let expected = Rect(minX: geometry.bounds.minX + offset.dx, minY: geometry.bounds.minY + offset.dy,
                            maxX: geometry.bounds.maxX + offset.dx, maxY: geometry.bounds.maxY + offset.dy)
        #expect(abs(moved.bounds.minX - expected.minX) <= close && abs(moved.bounds.maxX - expected.maxX) <= close
            && abs(moved.bounds.minY - expected.minY) <= close && abs(moved.bounds.maxY - expected.maxY) <= close)
        let p = Point(x: 40, y: 70)
        #expect(abs(moved.distance(to: p + offset) - geometry.distance(to: p)) < (kind == .ink ? 1e-3 : 1e-9))
    }

    /// A shape is 48 bytes: with its index entry (16) it stays within the 64 a shape may cost
    /// (`bytes_per_line`). The id takes 8, the geometry 33 (a segment's 32 and the case's tag: doubles
    /// leave no spare bits to hide it in) and the style the 7 after it, as its alignment is 1 (three colour
    /// bytes and a width's four).
    @Test func aShapeTakesFortyEightBytes() {
        #expect(MemoryLayout<ShapeGeometry>.size == 33)
        #expect(MemoryLayout<ShapeStyle>.size == 7 && MemoryLayout<ShapeStyle>.alignment == 1)
        #expect(MemoryLayout<Shape>.size <= 48)
        #expect(MemoryLayout<Shape>.stride == 48)
    }

    /// The geometry has room for a kind held by a class reference (a freehand stroke's shared points): such
    /// a case adds no byte, so a shape laid out as `Shape` is stays at 48.
    @Test func aKindHeldByAReferenceWouldNotGrowAShape() {
        final class Points {}
        enum Geometry { case line(Segment), ellipse(box: Segment), points(Points) }
        struct Laid { var id: ShapeID; var geometry: Geometry; var style: ShapeStyle }
        #expect(MemoryLayout<Geometry>.size == MemoryLayout<ShapeGeometry>.size)
        #expect(MemoryLayout<Laid>.stride == 48)
    }
}
