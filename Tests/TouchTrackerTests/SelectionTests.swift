import DrawingTesting
import Shapes
import Testing
import TouchTracker

@Suite struct SelectionTests {
    @Test func aClickSelectsTheNearestLineAtOnceProvisionallyAndTheConfirmationMakesItFirm() {
        var model = CanvasModel.with([segment(0, 100, 400, 100)])
        model.tapProvisional(at: point(200, 110))
        #expect(model.selection == Selection(ShapeID(1), isProvisional: true))
        model.tapConfirmed()
        #expect(model.selection == Selection(ShapeID(1), isProvisional: false))
    }

    @Test func aClickExactly20PixelsAwaySelectsAndJustBeyondDoesNot() {
        var model = CanvasModel.with([segment(0, 100, 400, 100)])
        model.click(at: point(200, 120))
        #expect(model.selectedID == ShapeID(1))
        model.click(at: point(200, 120.0001))
        #expect(model.selection.isEmpty)
    }

    @Test func aClickOnEmptyCanvasDeselects() {
        var model = CanvasModel.with([segment(0, 100, 400, 100)])
        model.click(at: point(200, 100))
        model.click(at: point(200, 300))
        #expect(model.selection.isEmpty)
    }

    @Test func aSupersededClickRestoresThePreviousSelection() {
        var model = CanvasModel.with([segment(0, 100, 400, 100), segment(0, 300, 400, 300)])
        model.click(at: point(200, 100))
        model.tapProvisional(at: point(200, 300))
        #expect(model.selectedID == ShapeID(2))
        model.tapSuperseded()
        #expect(model.selection == Selection(ShapeID(1)))
        model.tapProvisional(at: point(200, 500))
        #expect(model.selection.isEmpty)
        model.tapSuperseded()
        #expect(model.selection == Selection(ShapeID(1)))
    }

    @Test func theNearerOfTwoParallelLines25PixelsApartIsSelectedAndMidwayTheLaterWins() {
        var model = CanvasModel.with([segment(0, 100, 400, 100), segment(0, 125, 400, 125)])
        model.click(at: point(200, 112))
        #expect(model.selectedID == ShapeID(1))
        model.click(at: point(200, 113))
        #expect(model.selectedID == ShapeID(2))
        model.click(at: point(200, 112.5))
        #expect(model.selectedID == ShapeID(2))
    }

    @Test func aLongLineClickedBetweenTheSeedsSamplePointsIsSelected() {
        var model = CanvasModel.with([segment(0, 300, 2000, 300)])
        // Samples lie every 100 px; (1050, 318) is 18 px from the line but 53 px from the nearest samples.
        #expect(SampledHitTest.firstShape(near: point(1050, 318), in: model.drawing.shapes) == nil)
        model.click(at: point(1050, 318))
        #expect(model.selectedID == ShapeID(1))
    }

    @Test func theSelectionFollowsTheShapeDrawnLastWhenShapesOverlap() {
        var model = CanvasModel()
        model.drawLine(segment(0, 0, 100, 100))
        model.drawLine(segment(0, 0, 100, 100))
        model.click(at: point(50, 50))
        #expect(model.selectedID == ShapeID(2))
    }
}
