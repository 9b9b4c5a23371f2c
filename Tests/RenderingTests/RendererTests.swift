import Document
import Rendering
import Testing

@Suite("The renderer")
struct RendererTests {
    let horizontal = Segment(begin: Point(x: 20, y: 50), end: Point(x: 180, y: 50))

    func render(_ scene: Scene, width: Int = 200, height: Int = 100) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: width, height: height)
        Renderer().draw(scene, on: CairoContext(surface))
        return surface
    }

    @Test func anEmptyDrawingIsWhite() throws {
        let surface = try render(Scene(drawing: Drawing()))
        for (x, y) in [(0, 0), (100, 50), (199, 99)] { #expect(surface.pixel(x: x, y: y) == 0xFFFFFF) }
    }

    @Test func finishedLinesAreBlackTenPixelsWideWithRoundCaps() throws {
        var drawing = Drawing()
        drawing.add(horizontal)
        let surface = try render(Scene(drawing: drawing))
        #expect(surface.pixel(x: 100, y: 50) == 0x000000)
        #expect(surface.pixel(x: 100, y: 46) == 0x000000, "4 px from the centre is inside a 10 px line")
        #expect(surface.pixel(x: 100, y: 56) == 0xFFFFFF, "6 px from the centre is outside")
        #expect(surface.pixel(x: 16, y: 50) == 0x000000, "the round cap reaches 5 px past the end")
        #expect(surface.pixel(x: 16, y: 45) == 0xFFFFFF, "but is round: a square cap would cover this corner")
    }

    @Test func linesInProgressAreRedAndTheSelectionGreen() throws {
        var drawing = Drawing()
        let selected = drawing.add(horizontal)
        drawing.add(Segment(begin: Point(x: 20, y: 20), end: Point(x: 180, y: 20)))
        let inProgress = Segment(begin: Point(x: 20, y: 80), end: Point(x: 180, y: 80))
        let surface = try render(Scene(drawing: drawing, linesInProgress: [inProgress], selection: selected))
        #expect(surface.pixel(x: 100, y: 50) == 0x00FF00)
        #expect(surface.pixel(x: 100, y: 20) == 0x000000)
        #expect(surface.pixel(x: 100, y: 80) == 0xFF0000)
    }

    @Test func anOverlayIsALightPanelWithTextThatPaintsNothingOutsideItsFrame() throws {
        var drawing = Drawing()
        drawing.add(horizontal)
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
        let selected = drawing.add(horizontal)
        drawing.add(Segment(begin: Point(x: 100, y: 10), end: Point(x: 100, y: 90)))
        #expect(try render(Scene(drawing: drawing)).pixel(x: 100, y: 50) == 0x000000)
        #expect(try render(Scene(drawing: drawing, selection: selected)).pixel(x: 100, y: 50) == 0x00FF00)
    }

    @Test func aClippedDrawLeavesEverythingOutsideTheClipAlone() throws {
        var drawing = Drawing()
        drawing.add(horizontal)
        let surface = try CairoSurface(imageWidth: 200, height: 100)
        let context = CairoContext(surface)
        Renderer().draw(Scene(drawing: drawing), on: context)
        drawing.removeAll()
        Renderer().draw(Scene(drawing: drawing), on: context, clip: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(surface.pixel(x: 50, y: 50) == 0xFFFFFF, "inside the clip the line is gone")
        #expect(surface.pixel(x: 150, y: 50) == 0x000000, "outside the clip it is untouched")
    }

    @Test func coverageIncludesHalfTheLineWidth() {
        let rect = Renderer().coverage(of: horizontal)
        #expect(rect.minX <= 15 && rect.maxX >= 185 && rect.minY <= 45 && rect.maxY >= 55)
    }
}
