import CCairo
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

    @Test func aMenuRowShowsItsShortcutRightAlignedItsHighlightAndItsDimmedTextAndASeparatorIsALine() throws {
        var highlighted = Overlay.Row("Undo", shortcut: "Ctrl+Z", isHighlighted: true)
        highlighted.isChosen = true
        let overlay = Overlay(frame: Rect(x: 10, y: 10, width: 200, height: 28 + 9 + 28),
                              rows: [highlighted, .separator, Overlay.Row("Redo", shortcut: "Ctrl+Y", isEnabled: false)],
                              rowHeight: 28, fontSize: 14)
        #expect(overlay.frame(ofRow: 1) == Rect(x: 10, y: 38, width: 200, height: 9))
        #expect(overlay.frame(ofRow: 2) == Rect(x: 10, y: 47, width: 200, height: 28))
        let surface = try render(overlay)
        #expect(surface.pixel(x: 100, y: 15) == 0x35_84E4, "the highlight wins over the chosen mark")
        let shortcut = (150..<200).flatMap { x in (10..<38).map { surface.pixel(x: x, y: $0) } }
        #expect(shortcut.contains(0xFF_FFFF), "the shortcut, white on the highlight, at the right")
        #expect(surface.pixel(x: 100, y: 42) == 0x99_9999 && surface.pixel(x: 100, y: 40) == 0xF5_F5F5, "the separator's line")
        let dimmed = (14..<200).flatMap { x in (47..<75).map { surface.pixel(x: x, y: $0) } }
        #expect(!dimmed.contains { $0 < 0x60_6060 }, "dimmed text has no dark pixels")
        #expect(dimmed.contains { $0 < 0xD0_D0D0 }, "but it is there")
    }

    @Test("TextMeasure is an upper bound of the face Cairo draws panels in: every printable ASCII character and the others the panels use")
    func textMeasureBoundsTheInstalledFace() throws {
        let surface = try CairoSurface(imageWidth: 10, height: 10)
        let context = CairoContext(surface)
        let samples = (32..<127).map { String(UnicodeScalar(UInt8($0))) } + ["–", "—", "·", "°", "…", "×", "ü"]
        for text in samples + ["Up, Down, PageUp, PageDown: scroll the help while it is shown", "Ctrl+Shift+Z"] {
            cairo_select_font_face(context.pointer, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context.pointer, 100)
            var extents = cairo_text_extents_t()
            cairo_text_extents(context.pointer, text, &extents)
            let measured = extents.x_advance
            #expect(measured <= TextMeasure.width(of: text, fontSize: 100) + 0.01, "\(text): \(measured)")
        }
    }
}
