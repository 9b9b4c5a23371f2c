import CCairo
import Canvas
import Shapes

/// Paints the window's frames into its back buffer at a cost that does not grow with the number of
/// finished shapes: a shape in progress following the pointer, the selected shape being dragged, an
/// overlay or a newly finished shape costs the same with 10 shapes as with 100,000. (Deleting, moving,
/// restyling, undoing and selecting repair the shape's area from the shapes the drawing's index finds
/// there, unless later lines cover it whole; the first frame strokes the shapes that show, not those
/// buried: see `ShapeLayer`.)
///
/// The finished shapes but the selected one live in a `ShapeLayer` (a cached image kept in step with the
/// drawing's remembered changes). Each frame finds the damage — what the shape layer changed, plus the
/// old and new place of whatever is drawn over it (`Foreground`) — copies those rectangles from the
/// layer to a scratch image, draws there the red shapes, the green shape and the overlays that reach
/// into them, and copies the rectangles on to the back buffer. The pixels are exactly the ones
/// `Renderer.draw` paints for the same scene; the caller copies only the returned rectangles to the
/// screen.
public final class CanvasCompositor {
    public let renderer: Renderer
    private var layer: ShapeLayer?
    /// Where frames are put together before they reach the back buffer (and the layer's repairs).
    private var scratch: PixelImage?
    /// The foreground the back buffer shows, and the back buffer it was drawn into.
    private var shown: Foreground?
    private weak var shownTarget: CairoSurface?

    public init(renderer: Renderer = Renderer()) { self.renderer = renderer }

    /// Brings `target` (a back buffer, any size) up to date with `scene` and returns the rectangles
    /// whose pixels changed, in canvas coordinates: whole pixels, inside the viewport, disjoint; empty
    /// when nothing changed. The target holds the viewport: the part of the canvas from `origin` as large
    /// as the target (the part of a window on screen, however large the window). A new target, size or
    /// origin is painted whole. Throws when the cache for a new viewport cannot be made (the target is
    /// then left as it was).
    public func render(_ scene: Scene, onto target: CairoContext, origin: PixelPoint = .zero) throws(CairoError) -> [Rect] {
        let surface = target.surface
        let bounds = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(surface.width), height: Double(surface.height))
        var damage = DamageRegion(bounds: bounds)
        let (layer, scratch) = try images(width: surface.width, height: surface.height, origin: origin)
        layer.update(to: scene, damage: &damage, scratch: scratch)

        let foreground = Foreground(scene, scale: renderer.style.scale)
        if let shown, shownTarget === surface {
            shown.damage(to: foreground, into: &damage)
        } else {
            damage.addEverything()
        }
        shown = foreground
        shownTarget = surface

        if !damage.isEmpty {
            scratch.copy(damage.rects, from: layer.pixels)
            renderer.drawForeground(foreground, scratch.context.pointer, reachingInto: damage.rects)
            copy(damage.rects, from: scratch, to: target, origin: origin)
        }
        return damage.rects
    }

    /// The work the shape layer has done so far.
    public var statistics: CompositorStatistics { layer?.statistics ?? CompositorStatistics() }

    /// Bytes the compositor holds: the shape layer and the scratch image, each 4 bytes a pixel of the
    /// viewport, and the layer's solid cells (a 64-bit id per cell of a few pixels a side).
    public var cacheBytes: Int { (layer?.bytes ?? 0) + (scratch?.bytes ?? 0) }

    /// The shape layer and the scratch image for this viewport (new ones when it changed).
    private func images(width: Int, height: Int, origin: PixelPoint) throws(CairoError) -> (ShapeLayer, PixelImage) {
        if let layer, let scratch, scratch.width == width, scratch.height == height, scratch.origin == origin {
            return (layer, scratch)
        }
        let counts = statistics
        (layer, scratch) = (nil, nil)  // the old ones go before the new ones come: never both in memory
        let freshLayer = try ShapeLayer(width: width, height: height, origin: origin, renderer: renderer,
                                       statistics: counts)
        let freshScratch = try PixelImage(width: width, height: height, origin: origin)
        (layer, scratch) = (freshLayer, freshScratch)
        return (freshLayer, freshScratch)
    }

    private func copy(_ rects: [Rect], from scratch: PixelImage, to target: CairoContext, origin: PixelPoint) {
        let cr = target.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, -Double(origin.x), -Double(origin.y))
        for rect in rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, scratch.surface.pointer, Double(origin.x), Double(origin.y))
        cairo_paint(cr)
    }
}
