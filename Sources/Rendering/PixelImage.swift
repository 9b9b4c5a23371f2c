import CCairo
import Shapes

/// An RGB image of a part of the canvas (the viewport: the part of the window on screen) and a context
/// drawing on it in canvas coordinates, for the compositor's caches.
///
/// Cairo rasterises a stroke slightly differently when a clip cuts it (a few antialiased pixels
/// differ by a few levels), so the compositor never strokes under a clip: it strokes whole shapes on
/// an image of the whole viewport, exactly as `Renderer.draw` does, and moves pixels between images
/// with `copy`, which is exact.
final class PixelImage {
    let surface: CairoSurface
    /// Drawing on it: canvas coordinates, translated so that `origin` is the image's first pixel.
    let context: CairoContext
    /// Where the image's first pixel is on the canvas.
    let origin: PixelPoint

    init(width: Int, height: Int, origin: PixelPoint = .zero) throws(CairoError) {
        surface = try CairoSurface(imageWidth: width, height: height)
        context = CairoContext(surface)
        self.origin = origin
        cairo_translate(context.pointer, -Double(origin.x), -Double(origin.y))
    }

    var width: Int { surface.width }
    var height: Int { surface.height }
    /// The part of the canvas the image holds.
    var bounds: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(width), height: Double(height)) }
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

    /// Replaces the pixels inside `rects` (whole pixels) with those of `source` (the same part of the canvas).
    func copy(_ rects: [Rect], from source: PixelImage) {
        clipped(to: rects) { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, source.surface.pointer, Double(source.origin.x), Double(source.origin.y))
            cairo_paint(cr)
        }
    }
}

/// A whole-pixel position on the canvas.
public struct PixelPoint: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) { self.x = x; self.y = y }

    public static let zero = PixelPoint(x: 0, y: 0)
}
