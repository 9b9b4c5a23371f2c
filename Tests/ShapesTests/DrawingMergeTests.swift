import DrawingTesting
import SeededRandom
@testable import Shapes
import Testing

/// Shapes by name: a line from (x, 0) to (x, 10).
private func shape(_ x: Double) -> Segment { Segment(begin: Point(x: x, y: 0), end: Point(x: x, y: 10)) }

/// A drawing of `shapes` in this order, ids from `firstID` (a file read from disk is numbered 1...n;
/// the window's ids may be anything).
private func drawing(_ shapes: [Double], firstID: UInt64 = 1) -> Drawing {
    Drawing(shapes: shapes.enumerated().map { Shape(id: ShapeID(firstID + UInt64($0.offset)), geometry: .line(shape($0.element))) })
}

/// The merged drawing's shapes, in drawing order.
private func merged(base: [Double], theirs: [Double], ours: [Double]) -> [Double] {
    var window = drawing(ours, firstID: 40)
    let merge = DrawingMerge(base: drawing(base), theirs: drawing(theirs), ours: window)
    merge.edit?.apply(to: &window)
    return window.shapes.map(\.geometry.segment.begin.x)
}

@Suite("Merging a drawing another program wrote")
struct DrawingMergeTests {
    @Test func shapesTheyAddedComeAfterOursInTheirOrder() {
        #expect(merged(base: [1], theirs: [7, 1, 5], ours: [1, 2]) == [1, 2, 7, 5])
    }

    @Test func shapesTheyDeletedAreRemovedFromOurs() {
        #expect(merged(base: [1, 2, 3], theirs: [1, 3], ours: [3, 1, 2, 4]) == [3, 1, 4])
    }

    @Test func whatWeAddedOrDeletedStays() {
        #expect(merged(base: [1, 2], theirs: [1, 2], ours: [2, 9]) == [2, 9])
    }

    @Test func bothSidesAddingTheSameShapeMakeOneShape() {
        #expect(merged(base: [], theirs: [5, 6], ours: [5]) == [5, 6])
    }

    @Test func bothSidesDeletingTheSameShapeDeleteItOnce() {
        #expect(merged(base: [1, 1, 2], theirs: [1, 2], ours: [1, 2]) == [1, 2])
        #expect(merged(base: [1, 2], theirs: [2], ours: [2]) == [2])
    }

    @Test func equalShapesAreCountedOneByOne() {
        #expect(merged(base: [1], theirs: [1, 1], ours: [1]) == [1, 1], "they drew a second, equal line")
        #expect(merged(base: [1, 1], theirs: [1], ours: [1, 1, 3]) == [1, 3], "they deleted one of two equal lines")
        #expect(merged(base: [1], theirs: [], ours: [1, 1]) == [1], "they deleted it, we drew another")
    }

    @Test func bothSidesDeletingDifferentNumbersOfEqualShapesLeaveTheFewer() {
        #expect(merged(base: [1, 1, 1], theirs: [1], ours: [1, 1]) == [1], "they deleted two, we deleted one: two are gone")
        #expect(merged(base: [1, 1, 1], theirs: [1, 1], ours: [1]) == [1])
        #expect(merged(base: [1, 1, 1], theirs: [1, 1, 1, 1], ours: [1, 1, 1, 1, 1]) == [1, 1, 1, 1, 1], "and added: the more")
    }

    /// Random drawings over three shapes, so that equal shapes are the rule: every shape's count in the
    /// merge follows the rule (both sides added: the larger count; both deleted: the smaller; one each:
    /// both changes), ours' shapes keep their order, theirs' additions follow in theirs' order, and undo
    /// brings ours back.
    @Test func randomMergesOfEqualShapesKeepEveryAdditionAndEveryDeletion() throws {
        var random = SeededGenerator(seed: 23)
        func shapes() -> [Double] { (0..<Int.random(in: 0...6, using: &random)).map { _ in Double(Int.random(in: 1...3, using: &random)) } }
        func counts(_ shapes: [Double]) -> [Double: Int] { shapes.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        for _ in 0..<2_000 {
            let base = shapes(), theirs = shapes(), ours = shapes()
            let (b, t, o) = (counts(base), counts(theirs), counts(ours))
            var wanted: [Double: Int] = [:]
            for shape in [1.0, 2.0, 3.0] {
                let (inBase, inTheirs, inOurs) = (b[shape, default: 0], t[shape, default: 0], o[shape, default: 0])
                wanted[shape] = inTheirs >= inBase && inOurs >= inBase ? max(inTheirs, inOurs)
                    : inTheirs <= inBase && inOurs <= inBase ? min(inTheirs, inOurs)
                    : inTheirs + inOurs - inBase
            }
            var expected: [Double] = []
            for shape in ours + theirs where wanted[shape, default: 0] > 0 {
                wanted[shape]! -= 1
                expected.append(shape)
            }
            let result = merged(base: base, theirs: theirs, ours: ours)
            #expect(result == expected, "base \(base), theirs \(theirs), ours \(ours)")
            #expect(counts(merged(base: base, theirs: ours, ours: theirs)) == counts(result), "the sides are equal")

            var window = drawing(ours, firstID: 40)
            let merge = DrawingMerge(base: drawing(base), theirs: drawing(theirs), ours: window)
            #expect(merge.oursChanged == (o != b))
            if let edit = merge.edit {
                edit.apply(to: &window)
                edit.revert(on: &window)
            }
            #expect(window.shapes == drawing(ours, firstID: 40).shapes, "undo brings ours back")
        }
    }

    @Test func idsDoNotMatterOnlyWhatTheShapesLookLike() {
        let merge = DrawingMerge(base: drawing([1, 2]), theirs: drawing([1, 2], firstID: 7), ours: drawing([1, 2], firstID: 90))
        #expect(merge.edit == nil)
        #expect(merge.message(for: "drawing.json") == "reloaded drawing.json: another program changed no shapes")
    }

    @Test func theMergeIsOneEditThatUndoBringsOurVersionBack() throws {
        let ours = drawing([3, 1, 2], firstID: 10)
        let merge = DrawingMerge(base: drawing([1, 2, 3]), theirs: drawing([1, 3, 8]), ours: ours)
        var window = ours
        var history = History()
        history.perform(try #require(merge.edit), on: &window)
        let result = window
        #expect(result.shapes.map(\.geometry.segment.begin.x) == [3, 1, 8])
        #expect(result.shapes.map(\.id) == [ShapeID(10), ShapeID(11), ShapeID(13)], "theirs numbered after ours")
        #expect(history.undoStack.last?.name == "Merge")

        history.undo(on: &window)
        #expect(window.shapes == ours.shapes, "ids are not reused, so only the next id stays ahead")
        history.redo(on: &window)
        #expect(window == result)
    }

    @Test func aMergeSaysWhatItTookFromTheOtherProgram() {
        let merge = DrawingMerge(base: drawing([1, 2]), theirs: drawing([1, 5, 6, 7]), ours: drawing([1, 2, 9]))
        #expect(merge.added == 3 && merge.removed == 1 && merge.oursChanged)
        #expect(merge.message(for: "drawing.json") == "merged drawing.json: kept 3 shapes another program added, removed 1 it deleted")
    }

    @Test func aReloadIsTheMergeIntoAWindowWithoutEditsOfItsOwn() {
        let base = drawing([1, 2])
        let merge = DrawingMerge(base: base, theirs: drawing([2, 4]), ours: base)
        #expect(!merge.oursChanged)
        #expect(merge.message(for: "drawing.json") == "reloaded drawing.json: kept 1 shape another program added, removed 1 it deleted")
        var window = base
        merge.edit?.apply(to: &window)
        #expect(window.shapes.map(\.geometry.segment.begin.x) == [2, 4])
    }
}

@Suite("Many shapes at once")
struct BulkEditTests {
    @Test func manyShapesAreRemovedAndRestoredInOnePassAndACacheStartsOver() {
        let original = drawing((0..<100).map(Double.init))
        var edited = original
        let revision = edited.revision
        let doomed = edited.shapes.filter { Int($0.geometry.segment.begin.x) % 3 == 0 }
        edited.remove(contentsOf: doomed.map(\.id))
        #expect(edited.shapes.count == 66)
        #expect(edited.changes(since: revision) == nil, "too many changes to tell one by one")
        edited.restore(contentsOf: doomed)
        #expect(edited.shapes == original.shapes)
        #expect(edited.nextID == original.nextID)
    }

    @Test func anIndexedDrawingKeepsItsIndexThroughAMerge() throws {
        var window = IndexedDrawing(drawing((0..<40).map(Double.init), firstID: 5))
        let merge = DrawingMerge(base: window.drawing, theirs: drawing([3, 500]), ours: window.drawing)
        merge.edit?.apply(to: &window)
        #expect(window.shapes.map(\.geometry.segment.begin.x) == [3, 500])
        #expect(window.nearestShape(to: Point(x: 500, y: 5), within: 1) == window.shapes.last?.id)
        #expect(window.nearestShape(to: Point(x: 20, y: 5), within: 1) == nil)
        try #require(merge.edit).revert(on: &window)
        #expect(window.shapes.count == 40)
        let twenty = try #require(window.shapes.first { $0.geometry.segment.begin.x == 20 })
        #expect(window.nearestShape(to: Point(x: 20, y: 5), within: 1) == twenty.id)
    }
}
