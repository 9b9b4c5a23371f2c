import Foundation
import SeededRandom
@testable import Shapes
import Testing

@Suite("Shapes: circles are hit on their outline")
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
        let circle = Shape(id: ShapeID(1), kind: .circle, segment: Segment(begin: Point(x: 0, y: 0), end: Point(x: 200, y: 200)))
        #expect(circle.distance(to: Point(x: 100, y: 100)) == 100, "the centre is a radius from the outline")
        #expect(circle.distance(to: Point(x: 100, y: -15)) == 15)
        #expect(circle.distance(to: Point(x: 185, y: 100)) == 15)
        #expect(circle.distance(to: Point(x: 100, y: 0)) == 0)
        let line = Shape(id: ShapeID(2), segment: Segment(begin: Point(x: 0, y: 0), end: Point(x: 200, y: 200)))
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
        let flat = Shape(id: ShapeID(1), kind: .circle, segment: Segment(begin: Point(x: 0, y: 50), end: Point(x: 100, y: 50)))
        #expect(flat.distance(to: Point(x: 50, y: 60)) == 10)
        #expect(flat.distance(to: Point(x: 110, y: 50)) == 10)
    }

    @Test func theIndexFindsACircleByItsOutlineNotItsInside() {
        var drawing = Drawing()
        let circle = drawing.add(Segment(begin: Point(x: 100, y: 100), end: Point(x: 300, y: 300)), kind: .circle)
        let index = ShapeIndex(drawing.shapes)
        #expect(index.nearestShape(to: Point(x: 200, y: 118), within: 20, in: drawing) == circle)
        #expect(index.nearestShape(to: Point(x: 200, y: 200), within: 20, in: drawing) == nil, "the inside is not the shape")
        #expect(index.nearestShape(to: Point(x: 200, y: 79), within: 20, in: drawing) == nil, "21 px outside")
    }
}
