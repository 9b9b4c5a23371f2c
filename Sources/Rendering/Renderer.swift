// Rendering: draws a drawing onto any Cairo surface (the window's back buffer, PNG, SVG, PDF).
// The only module besides XShell that touches Cairo; it knows nothing about X.
//
//   Scene (Canvas)    what to draw: the drawing, the selection, overlays (Overlay: menus, help), the
//                     hints at the window's edges, and the view the window shows the drawing through
//   Renderer          strokes a whole scene: each shape in its colour and width (Outline: its path, by
//                     kind, where the shape meets the view's scale), red in progress, green selected;
//                     on an image a finished circle is painted into the pixels instead (RingRaster)
//   Exporter          writes a drawing to PNG / SVG / PDF through the same renderer
//   CanvasCompositor  the window's frames at a cost independent of the number of shapes: finished shapes
//                     live in a cached image (ShapeLayer, with SolidCells: which shapes lines bury,
//                     found for a first frame the latest shape first: LatestFirstTops, while the other
//                     core traces the rings of the circles that show: RingTracer, TracedRings),
//                     kept in step through the drawing's remembered changes; a frame repaints only the
//                     damage (DamageRegion, Foreground) from that image plus the red, green and overlay
//                     parts on top; a pan moves the pixels that stay in view and paints only the strip
//                     uncovered, a zoom shows the cached image scaled at once and the sharp one next
import CCairo
import Canvas
import Shapes

/// The colours of the canvas. Shapes have their own colours and widths (document px); how large they are
/// drawn is the scene's view's business.
public struct RenderStyle: Hashable, Sendable {
    public var background = Colour.white
    /// Every shape in progress, whatever colour it will have.
    public var inProgress = Colour.red
    /// The selected shape, whatever its own colour.
    public var selected = Colour.green
    public var overlayBackground = Colour(hex: 0xF5F5F5)
    public var overlayBorder = Colour(hex: 0x999999)
    public var overlayText = Colour.black
    /// Behind the choice in force in a menu.
    public var overlayChosen = Colour(hex: 0xD0DEF8)
    /// The bars at the window's edges beyond which the drawing goes on: quiet, and no colour of the palette.
    public var hint = Colour(hex: 0x9DB3D6)
    /// Behind the row the pointer or the keyboard is on, and its text there (Adwaita's selection).
    public var overlayHighlight = Colour(hex: 0x3584E4)
    public var overlayHighlightText = Colour.white
    /// A choice that cannot apply now.
    public var overlayDisabledText = Colour(hex: 0x9A9A9A)
    /// A row's shortcut, quieter than its text.
    public var overlayShortcutText = Colour(hex: 0x6E6E6E)
    /// The text of a quiet panel (a hint), with nothing behind it.
    public var overlayQuietText = Colour(hex: 0x8C8C8C)

    public init() {}
}

/// Strokes scenes the way the book's `drawRect:` does: the finished shapes each in its own colour and
/// width, one stroke each in drawing order (a later shape paints over an earlier one), then the shapes
/// in progress red, then the selected shapes green on top (in drawing order), then the overlays. Unlike
/// the book, a selected shape is not stroked under its green (only its antialiased rim would show it): so
/// the finished shapes without the selection can be cached, and dragging the selected shapes never touches
/// that cache. Stateless apart from its style.
///
/// `CanvasCompositor` reaches the same pixels by other means; the steps below are shared with it so
/// that the two cannot drift apart.
public struct Renderer: Sendable {
    public var style: RenderStyle
    /// Device pixels per document px: the scale of the view it draws through (1 unless `scaled(to:)`).
    let scale: Double

    public init(style: RenderStyle = RenderStyle()) {
        self.style = style
        scale = 1
    }

    private init(style: RenderStyle, scale: Double) {
        self.style = style
        self.scale = scale
    }

    /// The same renderer drawing `scale` device pixels a document px.
    func scaled(to scale: Double) -> Renderer { Renderer(style: style, scale: scale) }

    /// Paints `scene` through its view over the whole surface of `context`, or only inside `clip` (window
    /// coordinates) when given; the surface's first pixel is the window's `origin`.
    public func draw(_ scene: Scene, on context: CairoContext, clip: Rect? = nil, origin: PixelPoint = .zero) {
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, -Double(origin.x), -Double(origin.y))
        if let clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        // From here on the canvas: the drawing scaled by the view, the window's corner at the view's origin.
        let corner = scene.view.shownOrigin
        cairo_translate(cr, -corner.x, -corner.y)
        let renderer = scaled(to: scene.view.scale)
        renderer.paintBackground(cr)
        renderer.strokeFinished(scene.drawing.shapes.lazy.filter { !scene.selection.contains($0.id) }, cr)
        renderer.drawForeground(Foreground(scene, scale: scene.view.scale), cr)
    }

    /// The area a stroke of `shape` covers on the canvas (its bounds, a circle's box, widened by half its
    /// width, plus a pixel of antialiasing, all scaled by `scale`).
    public func coverage(of shape: Shape) -> Rect { outline(of: shape).coverage }

    /// The area a stroke of `shape` covers, as for a finished shape.
    public func coverage(of shape: ShapeInProgress) -> Rect { Outline(shape, scale: scale).coverage }

    func outline(of shape: Shape) -> Outline { Outline(shape, scale: scale) }

    // MARK: - Steps shared with the compositor (each leaves the context's state as it found it)

    func paintBackground(_ cr: OpaquePointer) {
        set(style.background, on: cr)
        cairo_paint(cr)
    }

    /// Strokes finished `shapes`, each in its colour, one at a time, in order; returns how many.
    @discardableResult
    func strokeFinished<Shapes: Sequence<Shape>>(_ shapes: Shapes, _ cr: OpaquePointer) -> Int {
        strokeFinished(shapes.lazy.map { (shape: $0, cells: nil) }, cr)
    }

    /// The same, a circle painted into an image's pixels only within its cells when it has some (where it
    /// shows: the same pixels, see `ShownCells`); any other shape stroked whole.
    @discardableResult
    func strokeFinished<Shapes: Sequence<(shape: Shape, cells: ShownCells?)>>(_ shapes: Shapes, _ cr: OpaquePointer) -> Int {
        strokeFinished(shapes.lazy.map { (outline(of: $0.shape), $0.shape.style.colour.hex, $0.cells) }, cr)
    }

    /// The same from the shapes' outlines and colours (0xRRGGBB).
    @discardableResult
    func strokeFinished<Strokes: Sequence<(outline: Outline, colour: UInt32, cells: ShownCells?)>>(_ strokes: Strokes, _ cr: OpaquePointer) -> Int {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setPen(on: cr)
        let reach = Outline.reach(of: cr)
        // On an image, circles are painted into its pixels (`RingRaster`): several times faster than stroked.
        let pixels = ImagePixels(cr)
        var rings = RingRaster()
        var count = 0
        var colour: UInt32?
        for (outline, hex, cells) in strokes {
            count += 1
            if let pixels, case .ellipse(let ellipse) = outline.path,
               rings.paint(ellipse, halfWidth: outline.width / 2, colour: hex, on: pixels, within: cells) { continue }
            if hex != colour {
                colour = hex
                set(Colour(hex: hex), on: cr)
            }
            outline.stroke(cr, within: reach)
        }
        return count
    }

    /// Fills each of `runs` (whole pixels) with its colour (0xRRGGBB): what the shapes that make them
    /// solid leave there.
    func fillSolid(_ runs: [(colour: UInt32, rect: Rect)], _ cr: OpaquePointer) {
        guard !runs.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        for (colour, group) in Dictionary(grouping: runs, by: \.colour) {
            for run in group { cairo_rectangle(cr, run.rect.minX, run.rect.minY, run.rect.width, run.rect.height) }
            set(Colour(hex: colour), on: cr)
            cairo_fill(cr)
        }
    }

    /// Everything drawn over the finished shapes: shapes in progress, the selection, the hints at the
    /// window's edges, overlays; only what reaches into `areas` when given (the rest would be painted
    /// where nothing changed).
    func drawForeground(_ foreground: Foreground, _ cr: OpaquePointer, reachingInto areas: [Rect]? = nil) {
        func reaches(_ rect: Rect) -> Bool { areas?.contains { $0.intersects(rect) } ?? true }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setPen(on: cr)
        let reach = Outline.reach(of: cr)
        set(style.inProgress, on: cr)
        for shape in foreground.shapesInProgress where reaches(shape.coverage) { shape.strokeInProgress(cr, within: reach, reachingInto: areas) }
        set(style.selected, on: cr)
        for selected in foreground.selected where reaches(selected.coverage) { selected.stroke(cr, within: reach) }
        let hints = foreground.hints.filter(reaches)
        if !hints.isEmpty {
            for hint in hints { cairo_rectangle(cr, hint.minX, hint.minY, hint.width, hint.height) }
            set(style.hint, on: cr)
            cairo_fill(cr)
        }
        for overlay in foreground.overlays where reaches(overlay.frame) { draw(overlay, cr) }
    }

    // MARK: - Pieces

    private func setPen(on cr: OpaquePointer) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        // A circle's path is Bézier curves flattened: round joins keep a thick stroke within half its
        // width of the path where its pieces meet.
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    /// The panel inside its frame: background, each column's rows clipped to the column, then the border.
    private func draw(_ overlay: Overlay, _ cr: OpaquePointer) {
        let frame = overlay.frame
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip(cr)
        if !overlay.isQuiet {
            set(style.overlayBackground, on: cr)
            cairo_paint(cr)
        }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, overlay.fontSize)
        let marked = overlay.rows.contains(where: \.hasMark)
        for column in 0..<overlay.columns {
            let area = overlay.frame(ofColumn: column)
            cairo_save(cr)
            cairo_rectangle(cr, area.minX, area.minY, area.width, area.height)
            cairo_clip(cr)
            let first = column * overlay.rowsPerColumn
            for index in first..<min(overlay.rows.count, first + overlay.rowsPerColumn) {
                draw(overlay.rows[index], in: overlay.frame(ofRow: index), of: overlay, marked: marked, cr)
            }
            cairo_restore(cr)
        }
        for button in overlay.buttons { draw(button, cr) }
        // The border last: a highlighted row's background reaches the frame's edge.
        guard !overlay.isQuiet else { return }
        set(style.overlayBorder, on: cr)
        let border = overlay.borderWidth
        cairo_set_line_width(cr, border)
        cairo_rectangle(cr, frame.minX + border / 2, frame.minY + border / 2, frame.width - border, frame.height - border)
        cairo_stroke(cr)
    }

    /// One row in `rect`: a separator's line; or its background (highlighted, chosen), its mark, its text and
    /// its shortcut, right-aligned.
    private func draw(_ entry: Overlay.Row, in rect: Rect, of overlay: Overlay, marked: Bool, _ cr: OpaquePointer) {
        let margin = overlay.fontSize * 0.6
        if entry.isSeparator {
            set(style.overlayBorder, on: cr)
            let y = (rect.minY + rect.height / 2).rounded(.down) + overlay.borderWidth / 2
            cairo_set_line_width(cr, overlay.borderWidth)
            cairo_move_to(cr, rect.minX + margin, y)
            cairo_line_to(cr, rect.maxX - margin, y)
            cairo_stroke(cr)
            return
        }
        let background = entry.isHighlighted ? style.overlayHighlight : entry.isChosen ? style.overlayChosen : nil
        if let background {
            set(background, on: cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_fill(cr)
        }
        var x = rect.minX + margin
        if marked {
            drawMark(of: entry, atX: x, centreY: rect.minY + rect.height / 2, size: overlay.fontSize, cr)
            x += overlay.fontSize * 2
        }
        let baseline = rect.minY + (rect.height + overlay.fontSize * 0.7) / 2
        let text = overlay.isQuiet ? style.overlayQuietText : entry.isHighlighted ? style.overlayHighlightText
            : entry.isEnabled ? style.overlayText : style.overlayDisabledText
        set(text, on: cr)
        cairo_move_to(cr, x, baseline)
        cairo_show_text(cr, entry.text)
        if let shortcut = entry.shortcut {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, shortcut, &extents)
            set(entry.isHighlighted ? style.overlayHighlightText : entry.isEnabled ? style.overlayShortcutText
                : style.overlayDisabledText, on: cr)
            cairo_move_to(cr, rect.maxX - margin - extents.x_advance, baseline)
            cairo_show_text(cr, shortcut)
        }
    }

    /// A button: its background where it is chosen or hovered, then its icon scaled from its design box to
    /// three quarters of the button's shorter side, centred.
    private func draw(_ button: OverlayButton, _ cr: OpaquePointer) {
        let rect = button.frame
        if let background = button.isHovered && button.isEnabled ? style.overlayHighlight
            : button.isChosen ? style.overlayChosen : nil {
            set(background, on: cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_fill(cr)
        }
        let side = min(rect.width, rect.height) * 0.75
        let foreground = button.isHovered && button.isEnabled ? style.overlayHighlightText
            : button.isEnabled ? style.overlayText : style.overlayDisabledText
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, rect.minX + (rect.width - side) / 2, rect.minY + (rect.height - side) / 2)
        cairo_scale(cr, side / Icon.designSize, side / Icon.designSize)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for element in button.icon.elements {
            switch element {
            case .stroke(let points, let width, let closed):
                trace(points, cr)
                if closed { cairo_close_path(cr) }
                set(foreground, on: cr)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .fill(let points, let colour):
                trace(points, cr)
                cairo_close_path(cr)
                set(button.isEnabled ? colour ?? foreground : foreground, on: cr)
                cairo_fill(cr)
            case .arc(let centre, let radius, let start, let end, let width):
                cairo_new_path(cr)
                cairo_arc(cr, centre.x, centre.y, radius, start, end)
                set(foreground, on: cr)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            case .disc(let centre, let radius, let colour):
                cairo_new_path(cr)
                cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * .pi)
                set(button.isEnabled ? colour ?? foreground : foreground, on: cr)
                cairo_fill(cr)
            }
        }
    }

    private func trace(_ points: [Point], _ cr: OpaquePointer) {
        cairo_new_path(cr)
        for (index, point) in points.enumerated() {
            if index == 0 { cairo_move_to(cr, point.x, point.y) } else { cairo_line_to(cr, point.x, point.y) }
        }
    }

    /// What a row of choices shows left of its text: a square of its colour, or a short line of its width.
    private func drawMark(of row: Overlay.Row, atX x: Double, centreY y: Double, size: Double, _ cr: OpaquePointer) {
        if let swatch = row.swatch {
            set(swatch, on: cr)
            cairo_rectangle(cr, x, (y - size / 2).rounded(), size, size)
            cairo_fill(cr)
        }
        if let width = row.lineWidth {
            set(style.overlayText, on: cr)
            cairo_set_line_width(cr, min(width, size))
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_move_to(cr, x, y)
            cairo_line_to(cr, x + size * 1.4, y)
            cairo_stroke(cr)
        }
    }

    private func set(_ colour: Colour, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
    }
}
