// Rendering: draws a drawing onto any Cairo surface (the window's back buffer, PNG, SVG, PDF).
// The only module besides XShell that touches Cairo; it knows nothing about X.
//
//   Scene     what to draw: the drawing, the selection, overlays
//   Renderer  strokes a scene with the book's colours (black, red in progress, green selected)
//   Exporter  writes a drawing to PNG / SVG / PDF through the same renderer
import CCairo
import Document

/// An RGB colour with components in 0...1.
public struct Colour: Hashable, Sendable {
    public var red, green, blue: Double
    public init(red: Double, green: Double, blue: Double) { self.red = red; self.green = green; self.blue = blue }

    public static let white = Colour(red: 1, green: 1, blue: 1)
    public static let black = Colour(red: 0, green: 0, blue: 0)
    public static let red = Colour(red: 1, green: 0, blue: 0)
    public static let green = Colour(red: 0, green: 1, blue: 0)
}

/// Sizes and colours of the canvas; `scaled(by:)` applies the display's DPI / 96.
public struct RenderStyle: Hashable, Sendable {
    public var lineWidth: Double = 10
    public var background = Colour.white
    public var finished = Colour.black
    public var inProgress = Colour.red
    public var selected = Colour.green

    public init() {}

    public func scaled(by factor: Double) -> RenderStyle {
        var style = self
        style.lineWidth = lineWidth * factor
        return style
    }
}

/// Everything visible on the canvas at one moment.
public struct Scene {
    public var drawing: Drawing
    public var selection: LineID?

    public init(drawing: Drawing, selection: LineID? = nil) {
        self.drawing = drawing
        self.selection = selection
    }
}

/// Strokes scenes. Stateless apart from its style.
public struct Renderer {
    public var style: RenderStyle

    public init(style: RenderStyle = RenderStyle()) { self.style = style }

    /// Paints `scene` over the whole surface of `context`, or only inside `clip` when given.
    public func draw(_ scene: Scene, on context: CairoContext, clip: Rect? = nil) {
        let cr = context.pointer
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        set(style.background, on: cr)
        cairo_paint(cr)

        cairo_set_line_width(cr, style.lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        set(style.finished, on: cr)
        for line in scene.drawing.lines where line.id != scene.selection {
            addPath(line.segment, to: cr)
        }
        cairo_stroke(cr)

        set(style.inProgress, on: cr)
        for segment in scene.drawing.linesInProgress.values { addPath(segment, to: cr) }
        cairo_stroke(cr)

        if let selection = scene.selection, let line = scene.drawing.line(selection) {
            set(style.selected, on: cr)
            addPath(line.segment, to: cr)
            cairo_stroke(cr)
        }
    }

    /// The area a stroke of `segment` covers (its bounds widened by half the line width, plus a pixel of
    /// antialiasing).
    public func coverage(of segment: Segment) -> Rect {
        segment.bounds.insetBy(-(style.lineWidth / 2 + 1))
    }

    private func addPath(_ segment: Segment, to cr: OpaquePointer) {
        cairo_move_to(cr, segment.begin.x, segment.begin.y)
        cairo_line_to(cr, segment.end.x, segment.end.y)
    }

    private func set(_ colour: Colour, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
    }
}
