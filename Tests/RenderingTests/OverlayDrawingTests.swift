import Canvas
import Rendering
import Shapes
import Testing

/// Panels as the renderer paints them: columns, each clipped to its part of the frame, and borders as wide
/// as the screen's scale asks.
@Suite("Overlays")
struct OverlayDrawingTests {
    func render(_ overlay: Overlay) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: 300, height: 120)
        Renderer().draw(Scene(drawing: Drawing(), overlays: [overlay]), on: CairoContext(surface))
        return surface
    }

    /// Whether some pixel in columns `xs`, rows `ys` is darker than the panel (text).
    func hasText(_ surface: CairoSurface, _ xs: Range<Int>, _ ys: Range<Int>) -> Bool {
        xs.contains { x in ys.contains { y in surface.pixel(x: x, y: y) < 0x80_8080 } }
    }

    @Test func rowsGoDownTheFirstColumnThenTheNextEachClippedToItsColumn() throws {
        let long = String(repeating: "W", count: 40)
        let overlay = Overlay(frame: Rect(x: 10, y: 10, width: 280, height: 60), rows: [Overlay.Row(long), "Row", "", "Last"],
                              rowHeight: 30, fontSize: 14, columns: 2)
        #expect(overlay.rowsPerColumn == 2)
        #expect(overlay.frame(ofColumn: 1) == Rect(x: 150, y: 10, width: 140, height: 60))
        let surface = try render(overlay)
        #expect(hasText(surface, 14..<148, 10..<40), "the long row in the first column")
        #expect(!hasText(surface, 150..<290, 10..<40), "the long row stops at its column; the second column's first row is empty")
        #expect(hasText(surface, 14..<148, 40..<70), "the second row under the first")
        #expect(hasText(surface, 150..<290, 40..<70), "the last row second in the second column")
    }

    @Test func theBorderIsAsWideAsAsked() throws {
        let overlay = Overlay(frame: Rect(x: 20, y: 20, width: 120, height: 56), rows: [""], columns: 1, borderWidth: 2)
        let surface = try render(overlay)
        #expect(surface.pixel(x: 20, y: 40) == 0x99_9999 && surface.pixel(x: 21, y: 40) == 0x99_9999)
        #expect(surface.pixel(x: 22, y: 40) == 0xF5_F5F5)
        #expect(surface.pixel(x: 139, y: 40) == 0x99_9999 && surface.pixel(x: 138, y: 40) == 0x99_9999)
        #expect(surface.pixel(x: 19, y: 40) == 0xFF_FFFF && surface.pixel(x: 140, y: 40) == 0xFF_FFFF, "nothing outside")
    }
}
