import Shapes
import Testing

@Suite("Drawing revisions and remembered changes")
struct DrawingRevisionTests {
    let a = Segment(begin: Point(x: 0, y: 0), end: Point(x: 10, y: 0))
    let b = Segment(begin: Point(x: 0, y: 5), end: Point(x: 10, y: 5))

    @Test func addingAShapeMakesANewRevisionAndRemembersTheShapeAsAppended() throws {
        var drawing = Drawing()
        let before = drawing.revision
        let id = drawing.add(.line(a))
        #expect(drawing.revision != before)
        #expect(drawing.changes(since: before) == [.appended(Shape(id: id, geometry: .line(a)))])
        #expect(drawing.changes(since: drawing.revision) == [])
    }

    @Test func everyKindOfEditIsToldApart() {
        var drawing = Drawing()
        let first = drawing.add(.line(a)), second = drawing.add(.line(b))
        let start = drawing.revision
        let removed = drawing.remove(first)!
        drawing.restore(removed)
        drawing.setGeometry(.line(a), of: second)
        drawing.restore(Shape(id: second, geometry: .line(b)))
        drawing.remove(second)
        drawing.restore(Shape(id: second, geometry: .line(b)))
        drawing.removeAll()
        #expect(drawing.changes(since: start) == [
            .removed(removed),
            .inserted(removed),
            .moved([GeometryChange(second, from: .line(b), to: .line(a))]),
            .moved([GeometryChange(second, from: .line(a), to: .line(b))]),
            .removed(Shape(id: second, geometry: .line(b))),
            .appended(Shape(id: second, geometry: .line(b))),
            .cleared,
        ])
    }

    @Test func restoringAShapeOfAnotherKindOrStyleOverItsIdReplacesItWhole() {
        var drawing = Drawing()
        let id = drawing.add(.line(a))
        let start = drawing.revision
        let circle = Shape(id: id, geometry: .ellipse(box: b), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 2))
        drawing.restore(circle)
        #expect(drawing.shapes == [circle])
        #expect(drawing.changes(since: start) == [.removed(Shape(id: id, geometry: .line(a))), .appended(circle)],
                "not a move: a cache must take the old shape away at its own width")
    }

    @Test func editsThatChangeNothingKeepTheRevision() {
        var drawing = Drawing()
        var empty = Drawing()
        let emptyBefore = empty.revision
        empty.removeAll()
        #expect(empty.revision == emptyBefore, "clearing nothing")
        let id = drawing.add(.line(a))
        let before = drawing.revision
        drawing.remove(ShapeID(99))
        drawing.setGeometry(.line(b), of: ShapeID(99))
        drawing.setGeometry(.line(a), of: id)
        drawing.restore(Shape(id: id, geometry: .line(a)))
        #expect(drawing.revision == before)
    }

    @Test func onlyTheLastSixteenChangesAreRemembered() {
        var drawing = Drawing()
        let start = drawing.revision
        var revisions = [start]
        for _ in 0..<Drawing.rememberedChanges {
            drawing.add(.line(a))
            revisions.append(drawing.revision)
        }
        #expect(drawing.changes(since: start)?.count == Drawing.rememberedChanges)
        drawing.add(.line(a))
        #expect(drawing.changes(since: start) == nil, "seventeen changes ago is forgotten")
        #expect(drawing.changes(since: revisions[1])?.count == Drawing.rememberedChanges)
    }

    @Test func copiesThatGoSeparateWaysNeverShareARevision() {
        var left = Drawing()
        left.add(.line(a))
        var right = left
        #expect(left.revision == right.revision, "a copy has the same lines")
        let shared = left.revision
        left.add(.line(a))
        right.add(.line(b))
        #expect(left.revision != right.revision)
        #expect(right.changes(since: left.revision) == nil, "left's revision is not an ancestor of right")
        #expect(right.changes(since: shared)?.count == 1)
    }

    @Test func separatelyBuiltDrawingsHaveDifferentRevisions() {
        #expect(Drawing().revision != Drawing().revision)
        #expect(Drawing(shapes: []).changes(since: Drawing().revision) == nil)
    }

    @Test func equalityIsAboutContentNotRevisions() {
        var left = Drawing(), right = Drawing()
        left.add(.line(a))
        right.add(.line(a))
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        right.add(.line(b))
        right.remove(ShapeID(2))
        #expect(left != right, "the next id differs: ids are never reused")
    }
}
