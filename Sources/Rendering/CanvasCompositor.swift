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
/// The layer holds more than the viewport: after a frame, while the loop is idle, `paintAhead` paints a
/// margin around it (a quarter of the viewport on each side), a band at a time, so that a pan within it
/// is a copy. The view moves in whole pixels. A pan moves the back buffer's pixels that stay in view
/// (`lastShift` says by how much: the caller moves the screen's alike) and copies what comes into view
/// from the layer; only a pan past the layer's edge moves the layer and paints the strip uncovered on the
/// frame's path (painting ahead fills the margin again after). A zoom is a new scale: the layer is
/// painted anew, the viewport's size, or, when the caller allows a preview, the frame shows the last
/// layer scaled at once (`isShowingPreview`) and the sharp one comes with the next frame drawn without
/// one.
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
    /// The part of the canvas the last frame showed, and the view's corner then (`ViewTransform.shownOrigin`).
    private var shownViewport: Rect?
    private var shownCorner: Point?
    /// The layer scaled to the view's scale while zooming, until a sharp frame: what frames copy from then.
    private var preview: PixelImage?
    /// Frames that showed a preview.
    private var previews = 0
    /// Whether a first frame waits until every circle that shows is traced (`RingTracer`): for tests of the
    /// traced path, which a frame otherwise takes as far as the other core gets.
    var waitsForTracedRings = false

    public init(renderer: Renderer = Renderer()) { self.renderer = renderer }

    /// How far the last `render` moved the view's pixels (right and down): a pan. The caller moves the
    /// screen's pixels alike (a copy within the window), then copies the rectangles returned from the
    /// target. The target's own pixels are not moved: see `holdsTheFrame(_:)`.
    public private(set) var lastShift: (dx: Int, dy: Int)?

    /// Whether the last target holds the whole frame the screen shows. After a pan it holds only the
    /// rectangles painted since (each frame's, which the caller copies to the screen), until a frame paints it
    /// whole. See `holdsTheFrame(_:)`.
    private var targetHoldsTheFrame = false

    /// Whether `target` holds the whole frame the screen shows: it is the target of the last `render`, and no
    /// pan left it holding only the parts painted since. When it does not (a pan, or a new buffer of a resize
    /// not yet rendered onto), the caller asks for a whole frame (`forgetTheTarget`) to show an exposed part
    /// instead of copying from it.
    public func holdsTheFrame(_ target: CairoContext) -> Bool { targetHoldsTheFrame && shownTarget === target.surface }

    /// The next `render` paints the target whole (an exposed part of the window is to be shown while the
    /// target does not hold the frame).
    public func forgetTheTarget() { shownTarget = nil }

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

        if let layer, let scratch, let shownViewport, shownViewport.width == bounds.width, shownViewport.height == bounds.height,
           layer.scale != scale, allowingPreview, !layer.repaintsWhole(for: scene) {
            // Zooming: the last layer (brought up to the drawing where it was) scaled, at once.
            scratch.place(at: layer.origin)
            layer.update(to: scene, damage: &damage, scratch: scratch)
            scratch.place(at: viewport)
            self.preview = try scaledPreview(of: layer, to: scale, at: viewport, width: surface.width, height: surface.height)
            damage.addEverything()
            previews += 1
        } else {
            preview = nil
            let (layer, scratch) = try images(for: scene, viewport: bounds, scale: scale)
            // The layer catches up with the drawing where it is; should the viewport leave it, it moves
            // (a pan beyond what was painted ahead: the strip uncovered is painted now).
            var changed = DamageRegion(bounds: layer.bounds)
            scratch.place(at: layer.origin)
            layer.update(to: scene, damage: &changed, scratch: scratch)
            if !layer.bounds.holds(bounds) {
                try layer.reframe(to: layer.bounds.nearestPlace(holding: bounds), of: scene, scratch: scratch)
            }
            for area in changed.rects { damage.add(area) }
            // The screen moves what stays in view (the caller, by `lastShift`); what comes into view is copied
            // from the layer. The target is not moved (a copy of the whole viewport a frame): it holds the
            // damaged rectangles only, until a frame paints it whole (`targetHoldsTheFrame`).
            if sameTarget, let shownOrigin, shownOrigin != viewport {
                let shift = (dx: shownOrigin.x - viewport.x, dy: shownOrigin.y - viewport.y)
                lastShift = shift
                let old = Rect(x: Double(shownOrigin.x), y: Double(shownOrigin.y), width: bounds.width, height: bounds.height)
                for area in bounds.subtracting(old) { damage.add(area) }
            } else if !sameTarget || shownOrigin == nil {
                damage.addEverything()
            }
        }

        let foreground = Foreground(scene, scale: scale, reusing: shown)
        if let shown, sameTarget, lastShift != nil || shownOrigin == viewport {
            shown.damage(to: foreground, into: &damage)
        } else {
            damage.addEverything()
        }
        if damage.rects == [bounds] {
            targetHoldsTheFrame = true
        } else if lastShift != nil {
            targetHoldsTheFrame = false
        }
        shown = foreground
        shownTarget = surface
        shownOrigin = viewport
        shownViewport = bounds
        shownCorner = corner

        if !damage.isEmpty, let scratch {
            scratch.place(at: viewport)
            scratch.copy(damage.rects, from: preview ?? layer!.pixels)
            renderer.scaled(to: scale).drawForeground(foreground, scratch.context.pointer, reachingInto: damage.rects)
            copy(damage.rects, from: scratch, to: target, origin: viewport)
        }
        // In the window's coordinates.
        return damage.rects.map { $0.moved(by: Vector(dx: -corner.x, dy: -corner.y)) }
    }

    // MARK: - Painting ahead

    /// How far the layer reaches past the viewport on each side once painted ahead: a quarter of the
    /// viewport's width left and right, a quarter of its height above and below (the layer is then 1.5
    /// times the viewport each way, 2.25 times its pixels), so that a pan or a scroll within it is a copy.
    public static func margin(width: Int, height: Int) -> (x: Int, y: Int) { (width / 4, height / 4) }

    /// How much of the margin one `paintAhead` paints at most: a band this many pixels across.
    public static let band = 64

    /// Paints a little of what lies around the viewport into the layer, ahead of the frames that will show
    /// it: one band (`band`) of the margin (`margin`) — growing the layer after a first frame, a resize or
    /// a zoom, or, once the viewport came near the layer's edge (a quarter of the margin), moving it to hold
    /// the viewport in its middle again. For the loop's idle time, after a frame: `scene` is the scene last
    /// rendered; when it is not (the drawing, the selection or the view changed since: a frame is owed
    /// first), nothing is done. Returns whether more is left to paint ahead. The pixels the frames show are
    /// the same either way; only what a pan costs changes.
    @discardableResult
    public func paintAhead(_ scene: Scene) -> Bool {
        guard let layer, let scratch, preview == nil, let viewport = shownViewport, scene.view.shownOrigin == shownCorner,
              layer.scale == scene.view.scale, layer.shows(scene) else { return false }
        let margin = Self.margin(width: Int(viewport.width), height: Int(viewport.height))
        let goal = Rect(minX: viewport.minX - Double(margin.x), minY: viewport.minY - Double(margin.y),
                        maxX: viewport.maxX + Double(margin.x), maxY: viewport.maxY + Double(margin.y))
        let now = layer.bounds
        let nearEdge = min(viewport.minX - now.minX, now.maxX - viewport.maxX) < Double(margin.x / 4)
            || min(viewport.minY - now.minY, now.maxY - viewport.maxY) < Double(margin.y / 4)
        guard now != goal, now.width < goal.width || now.height < goal.height || nearEdge else { return false }
        let next = now.steppedToward(goal, by: Double(Self.band))
        do {
            try layer.reframe(to: next, of: scene, scratch: scratch, ahead: true)
        } catch {
            return false  // without the memory for more, the layer stays as it is
        }
        return next != goal
    }

    /// The work the shape layer has done so far.
    public var statistics: CompositorStatistics {
        var statistics = layer?.statistics ?? CompositorStatistics()
        statistics.previews = previews
        return statistics
    }

    /// Bytes the compositor holds: the shape layer, 4 bytes a pixel of the viewport and of the margin
    /// painted ahead (up to 2.25 times the viewport's pixels), its solid cells (a 64-bit id and two 32-bit
    /// counts per cell of a few pixels a side), and the scratch image, 4 bytes a pixel of the viewport;
    /// while zooming, the scaled image too.
    public var cacheBytes: Int { (layer?.bytes ?? 0) + (scratch?.bytes ?? 0) + (preview?.bytes ?? 0) }

    /// The shape layer and the scratch image for `viewport` and `scale`: those there were, unless the
    /// viewport's size or the scale changed, or the layer, larger than the viewport (painted ahead), is to
    /// be repainted whole (a clear, many shapes selected at once): then new ones of the viewport's size
    /// (painted whole at the next update, no dearer than a first frame; painting ahead grows them again).
    private func images(for scene: Scene, viewport: Rect, scale: Double) throws(CairoError) -> (ShapeLayer, PixelImage) {
        if let layer, let scratch, let shownViewport, shownViewport.width == viewport.width,
           shownViewport.height == viewport.height, layer.scale == scale,
           (layer.bounds.width == viewport.width && layer.bounds.height == viewport.height) || !layer.repaintsWhole(for: scene) {
            return (layer, scratch)
        }
        let counts = statistics
        let (width, height) = (Int(viewport.width), Int(viewport.height))
        let origin = PixelPoint(x: Int(viewport.minX), y: Int(viewport.minY))
        (layer, scratch) = (nil, nil)  // the old ones go before the new ones come: never both in memory
        let freshLayer = try ShapeLayer(width: width, height: height, origin: origin, renderer: renderer.scaled(to: scale),
                                       statistics: counts, waitsForTracedRings: waitsForTracedRings)
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
