import Canvas
import DrawingTesting
import Foundation
import SeededRandom
import Shapes
import Testing

private func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
    Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
}

private func drawing(_ segments: [Segment]) -> IndexedDrawing {
    var drawing = Drawing()
    for s in segments { drawing.add(.line(s)) }
    return IndexedDrawing(drawing)
}

/// The definition the index must agree with: every line, exact distance, inclusive, latest wins ties.
private func bruteForceNearest(to p: Point, within tolerance: Double, in lines: [Shape]) -> ShapeID? {
    var best: (id: ShapeID, distance: Double)?
    for line in lines {
        let d = line.distance(to: p)
        if d <= tolerance, best == nil || d < best!.distance || (d == best!.distance && line.id > best!.id) {
            best = (line.id, d)
        }
    }
    return best?.id
}

/// One random edit, as the random tests make them: half the time a line added, else (when there is
/// one) `line` removed or moved to `segment`.
private func edit(_ d: inout IndexedDrawing, roll: Int, line: Shape?, segment: Segment) {
    guard roll >= 5, let line else { return d.restore(Shape(id: d.nextID, geometry: .line(segment))) }
    if roll < 7 { d.remove(line.id) } else { d.setGeometry(.line(segment), of: line.id) }
}

/// The definition the rectangle query must agree with: every line whose bounds meet the rectangle, edges
/// included, in drawing order.
private func bruteForceLines(meeting rect: Rect, in lines: [Shape]) -> [ShapeID] {
    lines.filter { line in
        let b = line.bounds
        return b.minX <= rect.maxX && rect.minX <= b.maxX && b.minY <= rect.maxY && rect.minY <= b.maxY
    }.map(\.id)
}

@Suite struct ShapeIndexTests {
    @Test func aPointExactly20PixelsFromALineSelectsIt() {
        let d = drawing([segment(100, 100, 300, 100)])
        #expect(d.nearestShape(to: Point(x: 200, y: 120), within: 20) == ShapeID(1))
        #expect(d.nearestShape(to: Point(x: 200, y: 80), within: 20) == ShapeID(1))
    }

    @Test func aPointJustOver20PixelsFromALineSelectsNothing() {
        let d = drawing([segment(100, 100, 300, 100)])
        #expect(d.nearestShape(to: Point(x: 200, y: 120.0001), within: 20) == nil)
        #expect(d.nearestShape(to: Point(x: 79.9999, y: 100), within: 20) == nil)
        #expect(d.nearestShape(to: Point(x: 80, y: 100), within: 20) == ShapeID(1))
    }

    @Test func distanceIsMeasuredToTheSegmentNotTheInfiniteLine() {
        let d = drawing([segment(100, 100, 200, 100)])
        // Beyond the end, on the line's extension: 30 px from the end point.
        #expect(d.nearestShape(to: Point(x: 230, y: 100), within: 20) == nil)
        // Diagonally off the end: 12-16-20 triangle, exactly 20 px.
        #expect(d.nearestShape(to: Point(x: 212, y: 116), within: 20) == ShapeID(1))
    }

    @Test func theNearestShapeWinsOverAnEarlierOrLaterOne() {
        let d = drawing([segment(0, 100, 400, 100), segment(0, 125, 400, 125), segment(0, 160, 400, 160)])
        #expect(d.nearestShape(to: Point(x: 200, y: 110), within: 20) == ShapeID(1))
        #expect(d.nearestShape(to: Point(x: 200, y: 115), within: 20) == ShapeID(2))
        #expect(d.nearestShape(to: Point(x: 200, y: 141), within: 20) == ShapeID(2))
        #expect(d.nearestShape(to: Point(x: 200, y: 143), within: 20) == ShapeID(3))
    }

    @Test func equallyNearShapesGoToTheLatestDrawn() {
        let d = drawing([segment(0, 100, 400, 100), segment(0, 125, 400, 125)])
        #expect(d.nearestShape(to: Point(x: 200, y: 112.5), within: 20) == ShapeID(2))
        let overlapping = drawing([segment(0, 0, 100, 100), segment(0, 0, 100, 100), segment(0, 0, 100, 100)])
        #expect(overlapping.nearestShape(to: Point(x: 50, y: 50), within: 20) == ShapeID(3))
    }

    @Test func aLongLineClickedBetweenTheSeedsSamplesIsFoundByTheIndexButMissedByTheSeed() {
        let lines = [Shape(id: ShapeID(1), geometry: .line(segment(0, 0, 2000, 0)))]
        let click = Point(x: 50, y: 19)  // samples at x = 0 and 100 are 53.5 px away
        #expect(SampledHitTest.firstShape(near: click, in: lines) == nil)
        #expect(IndexedDrawing(Drawing(shapes: lines)).nearestShape(to: click, within: 20) == ShapeID(1))
    }

    @Test func linesSpanningManyCellsAreFoundAnywhereAlongThem() {
        let d = drawing([segment(-5000, -3000, 7000, 9000), segment(10, 10, 20, 20)])
        for t in stride(from: 0.0, through: 1.0, by: 0.01) {
            let p = Point(x: -5000 + t * 12000 + 10, y: -3000 + t * 12000 - 10)  // 14.1 px off the line
            if p.distance(to: Point(x: 15, y: 15)) > 40 {
                #expect(d.nearestShape(to: p, within: 20) == ShapeID(1))
            }
        }
    }

    @Test func shapesFarOutsideTheGridAndNonFiniteCoordinatesStayFindable() {
        var d = IndexedDrawing()
        d.restore(Shape(id: ShapeID(1), geometry: .line(segment(1e15, 100, 1e15 + 10, 100))))
        d.restore(Shape(id: ShapeID(2), geometry: .line(segment(0, 0, 1e18, 0))))
        d.restore(Shape(id: ShapeID(3), geometry: .line(segment(.nan, 0, 10, 0))))
        #expect(d.nearestShape(to: Point(x: 1e15 + 5, y: 103), within: 20) == ShapeID(1))
        #expect(d.nearestShape(to: Point(x: 5e17, y: -10), within: 20) == ShapeID(2))
        d.remove(ShapeID(2))
        #expect(d.nearestShape(to: Point(x: 5e17, y: -10), within: 20) == nil)
        #expect(d.index.count == 2)
    }

    @Test func theIndexFollowsEveryEdit() {
        var d = drawing([segment(0, 0, 100, 0)])
        let id = ShapeID(1)
        #expect(d.nearestShape(to: Point(x: 50, y: 5), within: 20) == id)
        d.setGeometry(.line(segment(0, 300, 100, 300)), of: id)
        #expect(d.nearestShape(to: Point(x: 50, y: 5), within: 20) == nil)
        #expect(d.nearestShape(to: Point(x: 50, y: 305), within: 20) == id)
        let line = d.remove(id)!
        #expect(d.nearestShape(to: Point(x: 50, y: 305), within: 20) == nil)
        d.restore(line)
        #expect(d.nearestShape(to: Point(x: 50, y: 305), within: 20) == id)
        d.removeAll()
        #expect(d.nearestShape(to: Point(x: 50, y: 305), within: 20) == nil)
        #expect(d.index.count == 0)
    }

    @Test func pointsJustOffTheEndsOfLinesOfEveryLengthFindThem() {
        // The ends are the points farthest from a line's centre, where the grid's reach is tightest.
        var rng = SeededGenerator(seed: 99)
        for _ in 0..<400 {
            let length = pow(2, Double.random(in: 0..<14, using: &rng))
            let angle = Double.random(in: 0..<6.283, using: &rng)
            let direction = Vector(dx: cos(angle), dy: sin(angle))
            let begin = Point(x: Double.random(in: -3000..<3000, using: &rng), y: Double.random(in: -3000..<3000, using: &rng))
            let end = begin + Vector(dx: direction.dx * length, dy: direction.dy * length)
            let d = IndexedDrawing(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: begin, end: end)))]))
            let beyondEnd = end + Vector(dx: direction.dx * 19.99, dy: direction.dy * 19.99)
            let beyondBegin = begin + Vector(dx: -direction.dx * 19.99, dy: -direction.dy * 19.99)
            #expect(d.nearestShape(to: beyondEnd, within: 20) == ShapeID(1), "length \(length)")
            #expect(d.nearestShape(to: beyondBegin, within: 20) == ShapeID(1), "length \(length)")
        }
    }

    @Test func aToleranceFarLargerThanTheCellsStillFindsTheNearestLine() {
        var rng = SeededGenerator(seed: 5)
        let lines = (1...2_000).map { i in
            let x = Double.random(in: 0..<20_000, using: &rng), y = Double.random(in: 0..<20_000, using: &rng)
            return Shape(id: ShapeID(UInt64(i)), geometry: .line(segment(x, y, x + 30, y - 20)))
        }
        let d = IndexedDrawing(Drawing(shapes: lines))
        for _ in 0..<50 {
            let p = Point(x: Double.random(in: -5_000..<25_000, using: &rng), y: Double.random(in: -5_000..<25_000, using: &rng))
            for tolerance in [0.0, 300, 5_000, 1e9] {
                #expect(d.nearestShape(to: p, within: tolerance) == bruteForceNearest(to: p, within: tolerance, in: lines))
            }
        }
    }

    @Test func randomEditsAndQueriesAgreeWithBruteForceAcrossMerges() {
        var rng = SeededGenerator(seed: 42)
        var d = IndexedDrawing()
        func randomSegment() -> Segment {
            let x = Double.random(in: 0..<2000, using: &rng), y = Double.random(in: 0..<2000, using: &rng)
            let length = Bool.random(using: &rng) ? Double.random(in: 0..<60, using: &rng) : Double.random(in: 0..<3000, using: &rng)
            let angle = Double.random(in: 0..<6.283, using: &rng)
            return Segment(begin: Point(x: x, y: y), end: Point(x: x + length * cos(angle), y: y + length * sin(angle)))
        }
        // Enough operations to pass the merge threshold several times.
        for step in 0..<(ShapeIndex.mergeThreshold * 5) {
            edit(&d, roll: Int.random(in: 0..<10, using: &rng), line: d.shapes.randomElement(using: &rng), segment: randomSegment())
            if step % 7 == 0 {
                let p = Point(x: Double.random(in: -50..<2050, using: &rng), y: Double.random(in: -50..<2050, using: &rng))
                #expect(d.nearestShape(to: p, within: 20) == bruteForceNearest(to: p, within: 20, in: d.shapes))
            }
        }
        #expect(d.index.count == d.shapes.count)
        #expect(ShapeIndex(d.shapes).count == d.index.count)
    }

    @Test func randomDrawingsOfLinesCirclesAndInkAgreeWithBruteForceThroughEdits() {
        // Ink is found through its runs' cells and measured nearest box first: the shape chosen must be the
        // one the rule chooses (nearest by exact distance, within the tolerance, the latest of equals).
        var rng = SeededGenerator(seed: 1919)
        func point(_ spread: Double = 3000) -> Point {
            Point(x: Double.random(in: -200..<spread, using: &rng), y: Double.random(in: -200..<spread, using: &rng))
        }
        func geometry() -> ShapeGeometry {
            let start = point()
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return .line(Segment(begin: start, end: start + Vector(dx: .random(in: -300...300, using: &rng), dy: .random(in: -300...300, using: &rng))))
            case 1: let r = Double.random(in: 0...200, using: &rng)
                return .ellipse(box: Segment(begin: start, end: start + Vector(dx: r, dy: Bool.random(using: &rng) ? r : r / 2)))
            default:
                // Strokes of one point to hundreds, steps of a few px to long straight ones.
                let count = [1, 2, 3, 20, 50, 90][Int.random(in: 0..<6, using: &rng)]
                let step = [2.0, 6, 40, 150][Int.random(in: 0..<4, using: &rng)]
                var p = start, heading = Double.random(in: 0..<6.283, using: &rng)
                var points = [p]
                for _ in 1..<count {
                    heading += Double.random(in: -0.8...0.8, using: &rng)
                    p = p + Vector(dx: step * cos(heading), dy: step * sin(heading))
                    points.append(p)
                }
                return .ink(Ink(points: points))
            }
        }
        var d = IndexedDrawing()
        for step in 0..<(ShapeIndex.mergeThreshold * 2) {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 6 || d.shapes.isEmpty {
                d.restore(Shape(id: d.nextID, geometry: geometry()))
            } else if roll < 8 {
                d.remove(d.shapes.randomElement(using: &rng)!.id)
            } else {
                d.setGeometry(geometry(), of: d.shapes.randomElement(using: &rng)!.id)
            }
            guard step % 12 == 0 else { continue }
            // Near a shape (often on or between strokes), or anywhere.
            var p = point()
            if let shape = d.shapes.randomElement(using: &rng), Bool.random(using: &rng) {
                let near: Point = switch shape.geometry {
                case .line(let s): s.begin
                case .ellipse(let box): box.end
                case .ink(let ink): ink.point(Int.random(in: 0..<ink.count, using: &rng))
                }
                p = near + Vector(dx: .random(in: -25...25, using: &rng), dy: .random(in: -25...25, using: &rng))
            }
            for tolerance in [20.0, Double.random(in: 0...400, using: &rng)] {
                #expect(d.nearestShape(to: p, within: tolerance) == bruteForceNearest(to: p, within: tolerance, in: d.shapes),
                        "step \(step), tolerance \(tolerance)")
            }
        }
        #expect(d.index.count == d.shapes.count)
        let fresh = IndexedDrawing(Drawing(shapes: d.shapes))
        for _ in 0..<200 {
            let p = point()
            #expect(fresh.nearestShape(to: p, within: 20) == d.nearestShape(to: p, within: 20))
        }
    }

    @Test func theIndexCostsAtMost24BytesPerLineOnTopOfTheLines() {
        var rng = SeededGenerator(seed: 7)
        let lines = (1...10_000).map { i in
            let x = Double.random(in: 0..<5000, using: &rng), y = Double.random(in: 0..<5000, using: &rng)
            return Shape(id: ShapeID(UInt64(i)), geometry: .line(segment(x, y, x + 40, y + 30)))
        }
        let index = ShapeIndex(lines)
        #expect(index.memoryFootprint <= 24 * lines.count)
        #expect(MemoryLayout<Shape>.stride == 48, "id, geometry, colour, width and kind")
    }

    // MARK: - Rectangles

    @Test func aRectangleFindsTheShapesWhoseBoundsMeetItEdgesIncludedInDrawingOrder() {
        let d = drawing([segment(0, 0, 100, 0), segment(50, -10, 50, 10), segment(101, 0, 200, 0), segment(300, 300, 320, 340)])
        let index = d.index
        #expect(index.shapes(meeting: Rect(minX: 40, minY: -1, maxX: 60, maxY: 1), in: d.drawing).map(\.id) == [ShapeID(1), ShapeID(2)])
        #expect(index.shapes(meeting: Rect(minX: 100, minY: 0, maxX: 100, maxY: 0), in: d.drawing).map(\.id) == [ShapeID(1)],
                "a point on a line's end meets it")
        #expect(index.shapes(meeting: Rect(minX: 100.5, minY: -5, maxX: 100.9, maxY: 5), in: d.drawing).isEmpty)
        #expect(index.shapes(meeting: Rect(minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6), in: d.drawing).map(\.id)
                == [ShapeID(1), ShapeID(2), ShapeID(3), ShapeID(4)])
    }

    @Test func randomRectanglesAgreeWithBruteForceThroughEditsAndMerges() {
        var rng = SeededGenerator(seed: 17)
        var d = IndexedDrawing()
        func coordinate() -> Double { Double.random(in: -500..<2500, using: &rng) }
        func randomSegment() -> Segment {
            let begin = Point(x: coordinate(), y: coordinate())
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return Segment(begin: begin, end: begin)
            case 1: return Segment(begin: begin, end: Point(x: coordinate() * 400, y: coordinate() * 400))  // coarse levels
            case 2: return Segment(begin: begin, end: Point(x: 1e15, y: begin.y))  // oversized
            default:
                let length = Double.random(in: 0..<120, using: &rng), angle = Double.random(in: 0..<6.283, using: &rng)
                return Segment(begin: begin, end: begin + Vector(dx: length * cos(angle), dy: length * sin(angle)))
            }
        }
        for step in 0..<(ShapeIndex.mergeThreshold * 3) {
            edit(&d, roll: Int.random(in: 0..<10, using: &rng), line: d.shapes.randomElement(using: &rng), segment: randomSegment())
            if step % 5 == 0 {
                let corner = Point(x: coordinate(), y: coordinate())
                let size = Bool.random(using: &rng) ? Double.random(in: 0..<40, using: &rng) : Double.random(in: 0..<1500, using: &rng)
                let rect = Rect(x: corner.x, y: corner.y, width: size, height: size * Double.random(in: 0..<2, using: &rng))
                let found = d.index.shapes(meeting: rect, in: d.drawing)
                #expect(found.map(\.id) == bruteForceLines(meeting: rect, in: d.shapes), "step \(step), \(rect)")
                #expect(found.allSatisfy { d.shape($0.id) == $0 })
            }
        }
    }

    @Test func anIndexHandedOnWithItsDrawingIsKnownStaleOnceTheDrawingChanges() {
        var d = drawing([segment(0, 0, 100, 0)])
        var scene = Scene(document: d)
        #expect(scene.indexOfDrawing != nil)
        scene.drawing.add(.line(segment(0, 10, 100, 10)))
        #expect(scene.indexOfDrawing == nil, "the drawing changed behind the index's back")
        d.setGeometry(.line(segment(0, 5, 100, 5)), of: ShapeID(1))
        #expect(Scene(document: d).indexOfDrawing != nil, "an IndexedDrawing keeps them in step")
        d.setStyle(ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 16), of: ShapeID(1))
        #expect(Scene(document: d).indexOfDrawing != nil, "a shape given another colour keeps its place")
        var index = d.index
        index.insert(Shape(id: ShapeID(9), geometry: .line(segment(0, 0, 1, 1))))
        #expect(index.revision == nil, "changed behind the drawing's back")
    }
}
