import CCairo
import Document

/// An RGB image the size of the canvas and a context drawing on it, for the compositor's caches.
///
/// Cairo rasterises a stroke slightly differently when a clip cuts it (a few antialiased pixels
/// differ by a few levels), so the compositor never strokes under a clip: it strokes whole lines on
/// an image the size of the canvas, exactly as `Renderer.draw` does, and moves pixels between images
/// with `copy`, which is exact.
final class PixelImage {
    let surface: CairoSurface
    let context: CairoContext

    init(width: Int, height: Int) throws(CairoError) {
        surface = try CairoSurface(imageWidth: width, height: height)
        context = CairoContext(surface)
    }

    var width: Int { surface.width }
    var height: Int { surface.height }
    var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }
    var bytes: Int { surface.stride * surface.height }

    /// Runs `body` with drawing limited to `rects` (whole pixels).
    func clipped(to rects: [Rect], _ body: (OpaquePointer) -> Void) {
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        for rect in rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
        body(cr)
    }

    /// Replaces the pixels inside `rects` (whole pixels) with those of `source` (the same size).
    func copy(_ rects: [Rect], from source: PixelImage) {
        clipped(to: rects) { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, source.surface.pointer, 0, 0)
            cairo_paint(cr)
        }
    }
}
