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
/// The finished shapes but the selected ones live in a `ShapeLayer` (a cached image of the canvas, the
/// drawing at the view's scale, kept in step with the drawing's remembered changes). Each frame finds the
/// damage — what the shape layer changed, plus the old and new place of whatever is drawn over it
/// (`Foreground`) — copies those rectangles from the layer to a scratch image, draws there the red
/// shapes, the green shapes, the hints and the overlays that reach into them, and copies the rectangles on
/// to the back buffer. The pixels are exactly the ones `Renderer.draw` paints for the same scene; the
/// caller copies only the returned rectangles to the screen.
///
/// The view moves in whole pixels. A pan moves the layer's pixels and the back buffer's that stay in view
/// (`lastShift` says by how much: the caller moves the screen's alike) and paints only the strip
/// uncovered. A zoom is a new scale: the layer is painted anew, or, when the caller allows a preview,
/// the frame shows the last layer scaled at once (`isShowingPreview`) and the sharp one comes with the
/// next frame drawn without one.
public final class CanvasCompositor {
    public let renderer: Renderer
    private var layer: ShapeLayer?
    /// Where frames are put together before they reach the back buffer (and the layer's repairs).
    private var scratch: PixelImage?
    /// The foreground the back buffer shows, the back buffer it was drawn into and the part of the
    /// canvas it holds.
    private var shown: Foreground?
    private weak var shownTarget: CairoSurface?
    private var shownOrigin: PixelPoint?
    /// The layer scaled to the view's scale while zooming, until a sharp frame: what frames copy from then.
    private var preview: PixelImage?
    /// Frames that showed a preview.
    private var previews = 0

    public init(renderer: Renderer = Renderer()) { self.renderer = renderer }

    /// How far the last `render` moved the target's pixels (right and down), before painting its
    /// rectangles: a pan. The caller moves the screen's pixels alike, then copies the rectangles.
    public private(set) var lastShift: (dx: Int, dy: Int)?

    /// Whether the target shows the drawing scaled from the last sharp frame (a zoom with `preview`): the
    /// next `render` without `preview` paints it sharp.
    public var isShowingPreview: Bool { preview != nil }

    /// Brings `target` (a back buffer, any size) up to date with `scene` and returns the rectangles whose
    /// pixels changed, in window coordinates: whole pixels, inside the viewport, disjoint; empty when
    /// nothing changed. The target holds the viewport: the part of the window from `origin` as large as
    /// the target (the part of a window on screen, however large the window). A new target or size is
    /// painted whole; a new place of the view moves what stays in view (`lastShift`); a new scale is
    /// painted whole, or with `preview` shown scaled from the last frame's layer. Throws when the cache
    /// for a new viewport cannot be made (the target is then left as it was).
    public func render(_ scene: Scene, onto target: CairoContext, origin: PixelPoint = .zero,
                       preview allowingPreview: Bool = false) throws(CairoError) -> [Rect] {
        lastShift = nil
        let surface = target.surface
        let corner = scene.view.shownOrigin
        // The part of the canvas the target holds.
        let viewport = PixelPoint(x: origin.x + Int(corner.x), y: origin.y + Int(corner.y))
        let bounds = Rect(x: Double(viewport.x), y: Double(viewport.y), width: Double(surface.width), height: Double(surface.height))
        var damage = DamageRegion(bounds: bounds)
        let scale = scene.view.scale
        let sameTarget = shownTarget === surface

        if let layer, let scratch, layer.bounds.width == bounds.width, layer.bounds.height == bounds.height,
           layer.scale != scale, allowingPreview {
            // Zooming: the last layer (brought up to the drawing where it was) scaled, at once.
            scratch.place(at: layer.origin)
            layer.update(to: scene, damage: &damage, scratch: scratch)
            scratch.place(at: viewport)
            self.preview = try scaledPreview(of: layer, to: scale, at: viewport, width: surface.width, height: surface.height)
            damage.addEverything()
            previews += 1
        } else {
            preview = nil
            let (layer, scratch) = try images(width: surface.width, height: surface.height, origin: viewport, scale: scale)
            let from = layer.origin
            scratch.place(at: from)
            if from != viewport {
                // A pan: the layer catches up with the drawing where it is, then moves; the back buffer with it.
                var changed = DamageRegion(bounds: layer.bounds)
                layer.update(to: scene, damage: &changed, scratch: scratch)
                scratch.place(at: viewport)
                let uncovered = layer.scroll(to: viewport, of: scene, scratch: scratch)
                if sameTarget, shownOrigin == from {
                    let shift = (dx: from.x - viewport.x, dy: from.y - viewport.y)
                    surface.shift(byX: shift.dx, y: shift.dy)
                    lastShift = shift
                    for area in uncovered + changed.rects { damage.add(area) }
                } else {
                    damage.addEverything()
                }
            } else {
                layer.update(to: scene, damage: &damage, scratch: scratch)
            }
        }

        let foreground = Foreground(scene, scale: scale, reusing: shown)
        if let shown, sameTarget, lastShift != nil || shownOrigin == viewport {
            shown.damage(to: foreground, into: &damage)
        } else {
            damage.addEverything()
        }
        shown = foreground
        shownTarget = surface
        shownOrigin = viewport

        if !damage.isEmpty, let scratch {
            scratch.copy(damage.rects, from: preview ?? layer!.pixels)
            renderer.scaled(to: scale).drawForeground(foreground, scratch.context.pointer, reachingInto: damage.rects)
            copy(damage.rects, from: scratch, to: target, origin: viewport)
        }
        // In the window's coordinates.
        return damage.rects.map { $0.moved(by: Vector(dx: -corner.x, dy: -corner.y)) }
    }

    /// The work the shape layer has done so far.
    public var statistics: CompositorStatistics {
        var statistics = layer?.statistics ?? CompositorStatistics()
        statistics.previews = previews
        return statistics
    }

    /// Bytes the compositor holds: the shape layer and the scratch image, each 4 bytes a pixel of the
    /// viewport, and the layer's solid cells (a 64-bit id per cell of a few pixels a side); while zooming,
    /// the scaled image too.
    public var cacheBytes: Int { (layer?.bytes ?? 0) + (scratch?.bytes ?? 0) + (preview?.bytes ?? 0) }

    /// The shape layer and the scratch image for this viewport's size and scale (new ones when either
    /// changed: the layer painted whole at the next update), at the place they were.
    private func images(width: Int, height: Int, origin: PixelPoint, scale: Double) throws(CairoError) -> (ShapeLayer, PixelImage) {
        if let layer, let scratch, scratch.width == width, scratch.height == height, layer.scale == scale {
            return (layer, scratch)
        }
        let counts = statistics
        (layer, scratch) = (nil, nil)  // the old ones go before the new ones come: never both in memory
        let freshLayer = try ShapeLayer(width: width, height: height, origin: origin, renderer: renderer.scaled(to: scale),
                                       statistics: counts)
        let freshScratch = try PixelImage(width: width, height: height, origin: origin)
        (layer, scratch) = (freshLayer, freshScratch)
        return (freshLayer, freshScratch)
    }

    /// `layer`'s pixels scaled to `scale` as an image of the viewport at `origin`: where the layer did not
    /// reach, the background.
    private func scaledPreview(of layer: ShapeLayer, to scale: Double, at origin: PixelPoint, width: Int,
                               height: Int) throws(CairoError) -> PixelImage {
        let image: PixelImage
        if let preview, preview.width == width, preview.height == height {
            image = preview
        } else {
            image = try PixelImage(width: width, height: height, origin: origin)
        }
        image.place(at: origin)
        let cr = image.context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        renderer.paintBackground(cr)
        let factor = scale / layer.scale
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, layer.pixels.surface.pointer, layer.bounds.minX, layer.bounds.minY)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
        return image
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
