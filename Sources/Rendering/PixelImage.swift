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
    private(set) var origin: PixelPoint

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

    /// Shows the part of the canvas from `newOrigin` on: the pixels of the part it still shows move with it
    /// (what it did not show before holds stale pixels until painted).
    func scroll(to newOrigin: PixelPoint) {
        surface.shift(byX: origin.x - newOrigin.x, y: origin.y - newOrigin.y)
        place(at: newOrigin)
    }

    /// Holds the part of the canvas from `newOrigin` on, its pixels left as they are (a scratch image).
    func place(at newOrigin: PixelPoint) {
        guard newOrigin != origin else { return }
        origin = newOrigin
        let cr = context.pointer
        cairo_identity_matrix(cr)
        cairo_translate(cr, -Double(origin.x), -Double(origin.y))
    }

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

extension CairoSurface {
    /// Moves an image surface's pixels `dx` right and `dy` down, within the image: what moves out is lost,
    /// and the strip moved away from keeps its old pixels. Rows are moved whole, in an order that never
    /// reads a row already written.
    public func shift(byX dx: Int, y dy: Int) {
        guard dx != 0 || dy != 0 else { return }
        flush()
        guard let data, abs(dx) < width, abs(dy) < height else { return }
        let rowBytes = (width - abs(dx)) * 4
        let rows = dy > 0 ? Array(Swift.stride(from: height - 1, through: dy, by: -1)) : Array(0..<(height + dy))
        for target in rows {
            let source = target - dy
            let from = data + source * stride + max(0, -dx) * 4, to = data + target * stride + max(0, dx) * 4
            to.copyMemory(from: from, byteCount: rowBytes)  // memmove: within a row the two may overlap
        }
        cairo_surface_mark_dirty(pointer)
    }
}
