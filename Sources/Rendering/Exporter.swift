import CCairo
import Document

/// Writes a drawing to an image or vector file through the same `Renderer` the window uses.
public enum Exporter {
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf

        /// The format named by a path's extension (case-insensitive), if supported.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[path.index(after: dot)...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// The page: at least `minimum`, grown to hold every line with a margin.
    public static func pageSize(for drawing: Drawing, minimum: (width: Int, height: Int) = (800, 600),
                                style: RenderStyle = RenderStyle()) -> (width: Int, height: Int) {
        let margin = style.lineWidth
        let maxX = drawing.lines.map { max($0.begin.x, $0.end.x) }.max() ?? 0
        let maxY = drawing.lines.map { max($0.begin.y, $0.end.y) }.max() ?? 0
        return (max(minimum.width, Int((maxX + margin).rounded(.up))),
                max(minimum.height, Int((maxY + margin).rounded(.up))))
    }

    /// Renders `drawing` into `path` in `format`.
    public static func export(_ drawing: Drawing, to path: String, format: Format,
                              style: RenderStyle = RenderStyle()) throws(CairoError) {
        let (width, height) = pageSize(for: drawing, style: style)
        let surface: CairoSurface
        switch format {
        case .png: surface = try CairoSurface(imageWidth: width, height: height)
        case .svg: surface = try CairoSurface(svgPath: path, width: width, height: height)
        case .pdf: surface = try CairoSurface(pdfPath: path, width: width, height: height)
        }
        let context = CairoContext(surface)
        Renderer(style: style).draw(Scene(drawing: drawing), on: context)
        try CairoError.check(cairo_status(context.pointer), "cannot render \(path)")
        switch format {
        case .png: try surface.writePNG(to: path)
        case .svg, .pdf: try surface.finish()
        }
    }
}
