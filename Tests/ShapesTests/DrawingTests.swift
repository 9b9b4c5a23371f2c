import DrawingTesting
import Shapes
import Testing

@Suite("The drawing")
struct DrawingTests {
    let a = Segment(begin: Point(x: 0, y: 0), end: Point(x: 10, y: 0))
    let b = Segment(begin: Point(x: 0, y: 5), end: Point(x: 10, y: 5))

    @Test func addedShapesGetGrowingIdsInDrawingOrder() {
        var drawing = Drawing()
        let first = drawing.add(.line(a)), second = drawing.add(.line(b))
        #expect(first < second)
        #expect(drawing.shapes.map(\.id) == [first, second])
        #expect(drawing.shape(second)?.geometry.segment == b)
    }

    @Test func aRemovedShapeComesBackAtItsPlace() {
        var drawing = Drawing()
        let first = drawing.add(.line(a)), second = drawing.add(.line(b)), third = drawing.add(.line(a))
        let removed = drawing.remove(second)
        #expect(removed?.geometry.segment == b)
        #expect(drawing.shapes.map(\.id) == [first, third])
        drawing.restore(removed!)
        #expect(drawing.shapes.map(\.id) == [first, second, third])
        #expect(drawing.remove(ShapeID(99)) == nil)
    }

    @Test func idsAreNeverReusedAfterRemoval() {
        var drawing = Drawing()
        let first = drawing.add(.line(a))
        drawing.remove(first)
        #expect(drawing.add(.line(b)) != first)
    }

    @Test func removeAllReturnsEveryShapeForUndo() {
        var drawing = Drawing()
        drawing.add(.line(a)); drawing.add(.line(b))
        let removed = drawing.removeAll()
        #expect(removed.count == 2)
        #expect(drawing.isEmpty)
        for line in removed { drawing.restore(line) }
        #expect(drawing.shapes.map(\.geometry.segment) == [a, b])
    }

    @Test func movingAShapeKeepsItsIdentityAndPlace() {
        var drawing = Drawing()
        let first = drawing.add(.line(a))
        drawing.add(.line(b))
        let moved = drawing.setGeometry(.line(b.translated(by: Vector(dx: 1, dy: 1))), of: first)
        #expect(moved)
        #expect(drawing.shapes.first?.id == first)
        #expect(drawing.shape(first)?.geometry.segment.begin == Point(x: 1, y: 6))
        let movedMissing = drawing.setGeometry(.line(a), of: ShapeID(42))
        #expect(!movedMissing)
    }

    @Test func aDrawingBuiltFromShapesContinuesAfterTheLargestId() {
        var drawing = Drawing(shapes: [Shape(id: ShapeID(7), geometry: .line(a)), Shape(id: ShapeID(3), geometry: .line(b))])
        #expect(drawing.shapes.map(\.id) == [ShapeID(3), ShapeID(7)])
        #expect(drawing.add(.line(a)) == ShapeID(8))
    }

    @Test(arguments: [
        (Point(x: 5, y: 3), 3.0), (Point(x: -3, y: 4), 5.0), (Point(x: 13, y: -4), 5.0), (Point(x: 10, y: 0), 0.0),
    ])
    func distanceToASegmentIsExact(point: Point, expected: Double) {
        #expect(a.distance(to: point) == expected)
    }

    @Test func aZeroLengthSegmentMeasuresFromItsPoint() {
        let dot = Segment(begin: Point(x: 1, y: 1), end: Point(x: 1, y: 1))
        #expect(dot.distance(to: Point(x: 4, y: 5)) == 5)
    }
}
