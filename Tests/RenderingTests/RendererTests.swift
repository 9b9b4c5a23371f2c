import Foundation
import Canvas
import Rendering
import Shapes
import Testing

@Suite("The renderer")
struct RendererTests {
    let horizontal = Segment(begin: Point(x: 20, y: 50), end: Point(x: 180, y: 50))

    func render(_ scene: Scene, width: Int = 200, height: Int = 100, scale: Double = 1) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: width, height: height)
        var scene = scene
        scene.view = ViewTransform(screenScale: scale)
        Renderer().draw(scene, on: CairoContext(surface))
        return surface
    }

    func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
        Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    /// A circle inscribed in the box from (40, 10) to (160, 90): centre (100, 50), radii 60 and 40.
    let box = Segment(begin: Point(x: 40, y: 10), end: Point(x: 160, y: 90))

    @Test func anEmptyDrawingIsWhite() throws {
        let surface = try render(Scene(drawing: Drawing()))
        for (x, y) in [(0, 0), (100, 50), (199, 99)] { #expect(surface.pixel(x: x, y: y) == 0xFFFFFF) }
    }

    @Test func finishedLinesAreBlackTenPixelsWideWithRoundCaps() throws {
        var drawing = Drawing()
        drawing.add(.line(horizontal))
        let surface = try render(Scene(drawing: drawing))
        #expect(surface.pixel(x: 100, y: 50) == 0x000000)
        #expect(surface.pixel(x: 100, y: 46) == 0x000000, "4 px from the centre is inside a 10 px line")
        #expect(surface.pixel(x: 100, y: 56) == 0xFFFFFF, "6 px from the centre is outside")
        #expect(surface.pixel(x: 16, y: 50) == 0x000000, "the round cap reaches 5 px past the end")
        #expect(surface.pixel(x: 16, y: 45) == 0xFFFFFF, "but is round: a square cap would cover this corner")
    }

    @Test func aLineIsStrokedInItsOwnColour() throws {
        var drawing = Drawing()
        drawing.add(.line(horizontal), style: ShapeStyle(colour: Colour(hex: 0x1E50DC)))
        drawing.add(.line(segment(100, 10, 100, 90)), style: ShapeStyle(colour: Colour(hex: 0xF08C00)))
        let surface = try render(Scene(drawing: drawing))
        #expect(surface.pixel(x: 60, y: 50) == 0x1E50DC)
        #expect(surface.pixel(x: 100, y: 50) == 0xF08C00, "the later line on top")
    }

    @Test func aLineIsAsWideAsItsOwnWidthAndTheDrawingAsLargeAsTheScaleMakesThem() throws {
        var drawing = Drawing()
        drawing.add(.line(segment(20, 30, 180, 30)), style: ShapeStyle(width: 16))
        drawing.add(.line(segment(20, 70, 180, 70)), style: ShapeStyle(width: 2))
        let surface = try render(Scene(drawing: drawing))
        #expect(surface.pixel(x: 100, y: 23) == 0x000000 && surface.pixel(x: 100, y: 37) == 0x000000, "7 px from a 16 px line's centre")
        #expect(surface.pixel(x: 100, y: 21) == 0xFFFFFF && surface.pixel(x: 100, y: 39) == 0xFFFFFF, "9 px from it")
        #expect(surface.pixel(x: 100, y: 69) == 0x000000 && surface.pixel(x: 100, y: 70) == 0x000000, "a 2 px line")
        #expect(surface.pixel(x: 100, y: 67) == 0xFFFFFF && surface.pixel(x: 100, y: 72) == 0xFFFFFF, "2 px from its centre")

        // At scale 2 the drawing is twice as large, its widths too.
        let doubled = try render(Scene(drawing: drawing), width: 400, height: 200, scale: 2)
        #expect(doubled.pixel(x: 200, y: 138) == 0x000000 && doubled.pixel(x: 200, y: 141) == 0x000000, "4 px wide at scale 2")
        #expect(doubled.pixel(x: 200, y: 136) == 0xFFFFFF && doubled.pixel(x: 200, y: 143) == 0xFFFFFF)
        #expect(doubled.pixel(x: 200, y: 60 - 15) == 0x000000, "15 px from a 16 px line's centre at scale 2")
        #expect(doubled.pixel(x: 38, y: 60) == 0x000000 && doubled.pixel(x: 362, y: 60) == 0x000000, "from x = 40 to 360, and caps")
    }

    @Test func aCircleIsTheEllipseInscribedInItsBoxItsRingPaintedItsInsideAndOutsideNot() throws {
        var drawing = Drawing()
        drawing.add(.ellipse(box: box), style: ShapeStyle(colour: Colour(hex: 0x8C28B4), width: 6))
        let surface = try render(Scene(drawing: drawing))
        for (x, y) in [(40, 50), (159, 50), (100, 10), (100, 89), (142, 21)] {  // on the ellipse (142.4, 21.7)
            #expect(surface.pixel(x: x, y: y) == 0x8C28B4, "the ring at (\(x), \(y))")
        }
        for (x, y) in [(100, 50), (60, 50), (100, 25), (36, 50), (100, 4), (45, 15), (155, 85)] {
            #expect(surface.pixel(x: x, y: y) == 0xFFFFFF, "inside or outside at (\(x), \(y))")
        }
    }

    @Test func aCircleWhoseBoxHasNoWidthIsTheSegmentItCollapsesTo() throws {
        var drawing = Drawing()
        drawing.add(.ellipse(box: segment(100, 20, 100, 80)))
        let surface = try render(Scene(drawing: drawing))
        #expect(surface.pixel(x: 100, y: 50) == 0x000000 && surface.pixel(x: 96, y: 50) == 0x000000)
        #expect(surface.pixel(x: 100, y: 16) == 0x000000, "with round caps")
        #expect(surface.pixel(x: 106, y: 50) == 0xFFFFFF)
    }

    @Test func shapesInProgressAreRedAndTheSelectionGreen() throws {
        var drawing = Drawing()
        let selected = drawing.add(.line(horizontal), style: ShapeStyle(colour: Colour(hex: 0x1E50DC)))
        drawing.add(.line(Segment(begin: Point(x: 20, y: 20), end: Point(x: 180, y: 20))))
        let inProgress = ShapeInProgress(geometry: .line(Segment(begin: Point(x: 20, y: 80), end: Point(x: 180, y: 80))))
        let surface = try render(Scene(drawing: drawing, shapesInProgress: [inProgress], selection: [selected]))
        #expect(surface.pixel(x: 100, y: 50) == 0x00FF00)
        #expect(surface.pixel(x: 100, y: 20) == 0x000000)
        #expect(surface.pixel(x: 100, y: 80) == 0xFF0000)
    }

    @Test func theSelectedCircleIsAGreenRingOfItsOwnWidth() throws {
        var drawing = Drawing()
        let circle = drawing.add(.ellipse(box: box), style: ShapeStyle(colour: Colour(hex: 0x8C28B4), width: 16))
        let surface = try render(Scene(drawing: drawing, selection: [circle]))
        #expect(surface.pixel(x: 100, y: 10) == 0x00FF00 && surface.pixel(x: 100, y: 17) == 0x00FF00, "7 px inside the outline")
        #expect(surface.pixel(x: 100, y: 21) == 0xFFFFFF && surface.pixel(x: 100, y: 50) == 0xFFFFFF)
    }

    @Test func aCircleInProgressIsRedAtTheWidthItWillHave() throws {
        let red = ShapeInProgress(geometry: .ellipse(box: box), width: 2)
        let surface = try render(Scene(drawing: Drawing(), shapesInProgress: [red]))
        #expect(surface.pixel(x: 40, y: 50) == 0xFF0000 && surface.pixel(x: 159, y: 50) == 0xFF0000)
        #expect(surface.pixel(x: 42, y: 50) == 0xFFFFFF && surface.pixel(x: 37, y: 50) == 0xFFFFFF, "2 px wide")
        #expect(surface.pixel(x: 100, y: 50) == 0xFFFFFF)
    }

    @Test func anOverlayIsALightPanelWithTextThatPaintsNothingOutsideItsFrame() throws {
        var drawing = Drawing()
        drawing.add(.line(horizontal))
        let menu = Overlay(frame: Rect(x: 40, y: 40, width: 120, height: 28), rows: ["Delete"])
        let surface = try render(Scene(drawing: drawing, overlays: [menu]))
        #expect(surface.pixel(x: 150, y: 45) == 0xF5F5F5, "the panel covers the line")
        #expect(surface.pixel(x: 40, y: 50) == 0x999999, "with a grey border")
        #expect(surface.pixel(x: 39, y: 50) == 0x000000 && surface.pixel(x: 170, y: 50) == 0x000000, "the line goes on outside")
        let textPixels = (44..<100).filter { x in (48..<62).contains { surface.pixel(x: x, y: $0) < 0x808080 } }
        #expect(!textPixels.isEmpty, "the row's text is drawn")
    }

    @Test func theSelectedLineIsGreenOnTopOfLinesDrawnAfterIt() throws {
        var drawing = Drawing()
        let selected = drawing.add(.line(horizontal))
        drawing.add(.line(Segment(begin: Point(x: 100, y: 10), end: Point(x: 100, y: 90))))
        #expect(try render(Scene(drawing: drawing)).pixel(x: 100, y: 50) == 0x000000)
        #expect(try render(Scene(drawing: drawing, selection: [selected])).pixel(x: 100, y: 50) == 0x00FF00)
    }

    @Test func severalSelectedShapesAreGreenAndTheRestKeepTheirColour() throws {
        var drawing = Drawing()
        let lines = (0..<4).map { drawing.add(.line(Segment(begin: Point(x: 20, y: 15 + Double($0) * 20), end: Point(x: 180, y: 15 + Double($0) * 20)))) }
        let circle = drawing.add(.ellipse(box: Segment(begin: Point(x: 150, y: 10), end: Point(x: 190, y: 90))))
        let surface = try render(Scene(drawing: drawing, selection: [lines[0], lines[2], circle]))
        #expect(surface.pixel(x: 100, y: 15) == 0x00FF00 && surface.pixel(x: 100, y: 55) == 0x00FF00)
        #expect(surface.pixel(x: 100, y: 35) == 0x000000 && surface.pixel(x: 100, y: 75) == 0x000000)
        #expect(surface.pixel(x: 150, y: 50) == 0x00FF00, "the circle's left edge")
    }

    @Test func aClippedDrawLeavesEverythingOutsideTheClipAlone() throws {
        var drawing = Drawing()
        drawing.add(.line(horizontal))
        let surface = try CairoSurface(imageWidth: 200, height: 100)
        let context = CairoContext(surface)
        Renderer().draw(Scene(drawing: drawing), on: context)
        drawing.removeAll()
        Renderer().draw(Scene(drawing: drawing), on: context, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(surface.pixel(x: 50, y: 50) == 0xFFFFFF, "inside the clip the line is gone")
        #expect(surface.pixel(x: 150, y: 50) == 0x000000, "outside the clip it is untouched")
    }

    @Test func coverageIncludesHalfTheShapesOwnWidth() {
        let line = Shape(id: ShapeID(1), geometry: .line(horizontal), style: ShapeStyle(width: 16))
        let rect = Renderer().coverage(of: line)
        #expect(rect.minX <= 12 && rect.maxX >= 188 && rect.minY <= 42 && rect.maxY >= 58)
        #expect(rect.minY > 30, "not much more")
        let circle = Renderer().coverage(of: ShapeInProgress(geometry: .ellipse(box: box), width: 10))
        #expect(circle.minX <= 35 && circle.maxX >= 165 && circle.minY <= 5 && circle.maxY >= 95, "a circle's box, 5 px around")
    }

    /// Ink through a view at another zoom than 1 is drawn as the same ink with its points scaled at zoom 1
    /// (its pieces are scaled as they are made: the points are not copied).
    @Test(arguments: [false, true])
    func inkAtAZoomIsDrawnAsIfItsPointsWereScaled(varyingWidths: Bool) throws {
        let points: [Point] = (0..<40).map { (i: Int) -> Point in
            let x: Double = 10 + Double(i) * 1.5, y: Double = 15 + 8 * sin(Double(i) / 5)
            return Point(x: x, y: y)
        }
        let widths: [Double]? = varyingWidths ? (0..<40).map { (i: Int) -> Double in 0.3 + 0.7 * Double(i % 7) / 6 } : nil
        var zoomed = Drawing(), scaled = Drawing()
        zoomed.add(.ink(Ink(points: points, widths: widths)), style: ShapeStyle(width: 3))
        scaled.add(.ink(Ink(points: points.map { Point(x: $0.x * 3, y: $0.y * 3) }, widths: widths)), style: ShapeStyle(width: 9))
        var scene = Scene(drawing: zoomed)
        scene.view = ViewTransform(zoom: 3)
        let surface = try CairoSurface(imageWidth: 200, height: 100)
        Renderer().draw(scene, on: CairoContext(surface))
        let expected = try render(Scene(drawing: scaled))
        #expect(surface.pixel(x: 30, y: 45) != 0xFFFFFF, "it is drawn")
        expectSimilarPixels(surface, expected, tolerance: 2)
    }

    /// Cairo's device coordinates wrap beyond about ±8 million pixels: ink much zoomed is drawn only as far
    /// as a million pixels around what is painted, as a line is, and paints there what it should.
    @Test(arguments: [false, true])
    func inkReachingFarPastCairosCoordinatesIsCutWhereItLeavesTheirReach(varyingWidths: Bool) throws {
        // Along y = 10 from −900,000 to 900,000 px (±28.8 million device px at 3200%), a few points near the view.
        let xs: [Double] = [-900_000, -500_000, 0, 4, 8, 12, 500_000, 900_000]
        var drawing = Drawing()
        drawing.add(.ink(Ink(points: xs.map { Point(x: $0, y: 10) }, widths: varyingWidths ? xs.map { _ in 1 } : nil)),
                    style: ShapeStyle(width: 2))
        var scene = Scene(drawing: drawing)
        // Document point (5, 10) at the window's centre: the stroke 64 device px wide across the middle.
        scene.view = ViewTransform(zoom: 32, origin: Point(x: 5 * 32 - 100, y: 10 * 32 - 50))
        let surface = try CairoSurface(imageWidth: 200, height: 100)
        Renderer().draw(scene, on: CairoContext(surface))
        for x in stride(from: 0, to: 200, by: 10) {
            #expect(surface.pixel(x: x, y: 50) == 0x000000 && surface.pixel(x: x, y: 25) == 0x000000, "x = \(x)")
            #expect(surface.pixel(x: x, y: 10) == 0xFFFFFF && surface.pixel(x: x, y: 90) == 0xFFFFFF, "x = \(x)")
        }
    }
}

@Suite("The renderer's context between frames")
struct RendererContextTests {
    /// Text leaves a current point on a Cairo context, which save and restore keep, and an arc joins a
    /// current point with a line: a circle stroked first on a context that drew a panel's text must not
    /// get a stray line from the text to it.
    @Test func aCircleStrokedAfterAPanelsTextHasNoLineFromTheText() throws {
        let surface = try CairoSurface(imageWidth: 200, height: 150), fresh = try CairoSurface(imageWidth: 200, height: 150)
        let context = CairoContext(surface)
        let menu = Overlay(frame: Rect(x: 10, y: 10, width: 80, height: 28), rows: ["Delete"])
        Renderer().draw(Scene(drawing: Drawing(), overlays: [menu]), on: context)
        var circle = Drawing()
        circle.add(.ellipse(box: Segment(begin: Point(x: 100, y: 80), end: Point(x: 180, y: 140))))
        Renderer().draw(Scene(drawing: circle), on: context)
        Renderer().draw(Scene(drawing: circle), on: CairoContext(fresh))
        expectSamePixels(surface, fresh)
    }
}
