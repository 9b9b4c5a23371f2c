import DrawingTesting
import Gestures
import Shapes
import Testing
import Timing
import TouchTracker

@Suite struct DrawingTests {
    @Test func aContactDrawsALineInProgressThatFollowsItAndBecomesFinishedOnRelease() {
        var model = CanvasModel()
        model.contactBegan(mouse, at: point(10, 10))
        #expect(model.strokes[mouse]?.shape.geometry.segment == segment(10, 10, 10, 10))
        model.contactMoved(mouse, to: point(50, 60))
        #expect(model.strokes[mouse]?.shape.geometry.segment == segment(10, 10, 50, 60))
        #expect(model.drawing.shapes.isEmpty)
        model.contactEnded(mouse, at: point(70, 80))
        #expect(model.strokes.isEmpty)
        #expect(model.segments == [segment(10, 10, 70, 80)])
        #expect(model.canUndo)
    }

    @Test func severalContactsDrawTheirOwnShapesAtOnce() {
        var model = CanvasModel()
        let finger1 = ContactID(device: 3, touch: 101), finger2 = ContactID(device: 3, touch: 102), pointer2 = ContactID(device: 7)
        model.contactBegan(finger1, at: point(0, 0))
        model.contactBegan(finger2, at: point(100, 0))
        model.contactBegan(pointer2, at: point(200, 0))
        model.contactMoved(finger2, to: point(100, 50))
        model.contactMoved(finger1, to: point(0, 50))
        #expect(model.strokes.count == 3)
        model.contactEnded(finger2, at: point(100, 90))
        model.contactCancelled(pointer2)
        model.contactEnded(finger1, at: point(0, 90))
        #expect(model.segments == [segment(100, 0, 100, 90), segment(0, 0, 0, 90)])
        #expect(model.strokes.isEmpty)
    }

    @Test func aCancelledContactLeavesNoLineAndNothingToUndo() {
        var model = CanvasModel()
        let before = model.drawing.revision
        model.contactBegan(mouse, at: point(10, 10))
        model.contactMoved(mouse, to: point(40, 40))
        model.contactCancelled(mouse)
        #expect(model.drawing.shapes.isEmpty && model.strokes.isEmpty)
        #expect(!model.canUndo)
        #expect(model.drawing.revision == before)  // no edit
    }

    @Test func stepsOfAnUnknownContactAreIgnored() {
        var model = CanvasModel()
        model.contactMoved(mouse, to: point(1, 1))
        model.contactEnded(mouse, at: point(2, 2))
        #expect(model.drawing.shapes.isEmpty)
    }

    @Test func drawingDoesNotChangeTheSelection() {
        var model = CanvasModel.with([segment(0, 0, 100, 0)])
        model.click(at: point(50, 5))
        model.drawLine(segment(0, 200, 100, 200))
        #expect(model.selection == Selection(ShapeID(1)))
    }
}

@Suite("A finished line takes the pen's colour and width")
struct PenDrawingTests {
    @Test func aLineIsDrawnInThePensColourAndWidth() {
        var model = CanvasModel(pen: Pen(colour: .fixed(Pen.palette[2].colour), width: 5))
        model.drawLine(segment(10, 10, 200, 10))
        #expect(model.drawing.shapes.first?.style == ShapeStyle(colour: Pen.palette[2].colour, width: 5))
    }

    @Test func byAngleAVerticalLineIsVioletAndAHorizontalOneCyan() {
        var model = CanvasModel(pen: Pen(colour: .byAngle))
        model.drawLine(segment(10, 10, 10, 200))
        model.drawLine(segment(10, 10, 200, 10))
        #expect(model.drawing.shapes.map(\.style.colour) == [AngleColour.colour(angle: .pi / 2), AngleColour.colour(angle: 0)])
    }

    @Test func byAngleACircleTakesTheColourOfItsBoxWhicheverWayItWasDrawn() {
        var model = CanvasModel(pen: Pen(colour: .byAngle))
        for (a, b) in [(point(0, 0), point(200, 100)), (point(200, 0), point(0, 100)), (point(200, 100), point(0, 0))] {
            model.circleBegan(between: a, and: b, time: ServerTime(milliseconds: 0))
            model.circleEnded(between: a, and: b, time: ServerTime(milliseconds: 10))
        }
        let colour = AngleColour.colour(from: point(0, 0), to: point(200, 100))
        #expect(model.drawing.shapes.map(\.style.colour) == [colour, colour, colour])
    }

    @Test func bySpeedASlowDragIsThickAndAFastOneThinAndTheWidthIsFixedAtTheLift() {
        var model = CanvasModel(pen: Pen(widthBySpeed: true))
        let contact = ContactID(device: 2)
        model.contactBegan(contact, at: point(0, 0), time: ServerTime(milliseconds: 1_000))
        for step in 1...40 {  // 100 px/s
            model.contactMoved(contact, to: point(Double(step), 0), time: ServerTime(milliseconds: 1_000 + UInt32(step) * 10))
        }
        #expect(model.strokes[contact]?.shape.width == 16, "the red line shows its width")
        model.contactEnded(contact, at: point(40, 0), time: ServerTime(milliseconds: 1_400))
        model.contactBegan(contact, at: point(0, 50), time: ServerTime(milliseconds: 2_000))
        for step in 1...40 {  // 6000 px/s
            model.contactMoved(contact, to: point(Double(step) * 60, 50), time: ServerTime(milliseconds: 2_000 + UInt32(step) * 10))
        }
        model.contactEnded(contact, at: point(2_400, 50), time: ServerTime(milliseconds: 2_400))
        #expect(model.drawing.shapes.map(\.style.width) == [16, 2])
    }

    @Test func bySpeedTheSpeedIsMeasuredInTheDocumentSoAHandDrawsAlikeOnEveryScreen() {
        let app = AppController(model: CanvasModel(pen: Pen(widthBySpeed: true, showsToolbar: false)))
        app.setDisplayScale(2)
        func input(_ kind: GestureInput.Kind, _ x: Double, _ milliseconds: UInt32) -> GestureInput {
            GestureInput(kind, contact: ContactID(device: 2), location: GesturePoint(x: x, y: 100),
                         serverTime: ServerTime(milliseconds: milliseconds), readTime: Deadline.zero + TimeAmount.milliseconds(Int64(milliseconds)))
        }
        app.handle(input(.press(button: 1), 0, 1_000))
        for step in 1...40 {  // 200 device px/s on a 192 dpi screen: 100 px/s in the document
            app.handle(input(.motion, Double(step) * 2, 1_000 + UInt32(step) * 10))
        }
        app.handle(input(.release(button: 1), 80, 1_400))
        app.advance(to: Deadline.zero + TimeAmount.seconds(3))
        #expect(app.model.drawing.shapes.map(\.style.width) == [16])
        #expect(app.model.segments == [segment(0, 50, 40, 50)], "in document px")
    }

    @Test func bySpeedTwoContactsPressedTogetherAreNoMotion() {
        var model = CanvasModel(pen: Pen(widthBySpeed: true))
        model.circleBegan(between: point(0, 0), and: point(200, 200), time: ServerTime(milliseconds: 1_000))
        for step in 1...4 {  // the second contact drifts at 100 px/s
            model.circleChanged(between: point(0, 0), and: point(200 + Double(step), 200),
                                time: ServerTime(milliseconds: 1_000 + UInt32(step) * 10))
        }
        model.circleEnded(between: point(0, 0), and: point(204, 200), time: ServerTime(milliseconds: 1_040))
        #expect(model.drawing.shapes.map(\.style.width) == [16], "the 283 px between the contacts is not a jump")
    }

    @Test func aStylusDrawsAsWideAsItIsPressed() {
        var model = CanvasModel(pen: Pen(widthBySpeed: true))
        let pen = ContactID(device: 9)
        model.contactBegan(pen, at: point(0, 0), pressure: 0.2)
        model.contactMoved(pen, to: point(100, 0), pressure: 0.5)
        model.contactEnded(pen, at: point(100, 0))
        #expect(model.drawing.shapes.first?.style.width == 9, "2 + 0.5 × 14")
    }
}
