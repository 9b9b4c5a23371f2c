import CCairo
import Canvas
import Shapes
import Storage

/// Writes a drawing to an image or vector file through the same `Renderer` the window uses; `render` makes
/// the same bytes in memory (the clipboard's pictures, framed tightly: `Framing.shapes`).
///
/// The whole file is rendered in memory first (Cairo's status checked after drawing, finishing and
/// encoding), then written by `FileWriter`, the writer documents use: a failed export (a full disk,
/// a missing folder) says why and leaves an existing file as it was.
public enum Exporter {
    /// The formats, named by their files' extensions (Storage's one list of them).
    public typealias Format = PictureFormat

    /// How a picture is framed.
    public enum Framing: Sendable {
        /// An export's page: at least `minimum` (see `page(for:)`).
        case document(minimum: (width: Int, height: Int))
        /// The shapes' bounds (each widened by its width) and `margin` px around them, no larger: a picture of
        /// shapes put on the clipboard.
        case shapes(margin: Double)

        /// The page of `--export` and Ctrl+E.
        public static let export = Framing.document(minimum: (800, 600))
    }

    /// The page `framing` gives `drawing`, in drawing coordinates.
    public static func page(for drawing: Drawing, framing: Framing, style: RenderStyle = RenderStyle()) -> Rect {
        switch framing {
        case .document(let minimum):
            return page(for: drawing, minimum: minimum, style: style)
        case .shapes(let margin):
            let bounds = page(for: drawing, minimum: (0, 0), style: style)
            return drawing.shapes.isEmpty ? bounds : bounds.insetBy(-margin.rounded(.up))
        }
    }

    /// The page a drawing is exported on, in drawing coordinates: the bounds of its shapes (a circle's
    /// box) each widened by its own width (times `style.scale`, so every stroke with its round caps is
    /// inside), rounded out to whole pixels.
    ///
    /// When the drawing fits in `minimum` the page has that size on each axis, and when the drawing lies
    /// inside the canvas's first `minimum` pixels it is exactly that rectangle from (0, 0), so a
    /// drawing made in a default window exports as it was seen. Shapes off the top or left (negative
    /// coordinates) or far away are on the page too; the exporter translates the page to the origin.
    public static func page(for drawing: Drawing, minimum: (width: Int, height: Int) = (800, 600),
                            style: RenderStyle = RenderStyle()) -> Rect {
        guard !drawing.shapes.isEmpty else {
            return Rect(x: 0, y: 0, width: Double(minimum.width), height: Double(minimum.height))
        }
        // Not `Rect.union`: it drops empty rectangles, and a horizontal or vertical line's bounds are empty.
        var content = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for shape in drawing.shapes {
            let bounds = shape.bounds.insetBy(-shape.style.width * style.scale)
            content = Rect(minX: min(content.minX, bounds.minX), minY: min(content.minY, bounds.minY),
                           maxX: max(content.maxX, bounds.maxX), maxY: max(content.maxY, bounds.maxY))
        }
        let x = span(content.minX, content.maxX, minimum: Double(minimum.width))
        let y = span(content.minY, content.maxY, minimum: Double(minimum.height))
        return Rect(minX: x.lower, minY: y.lower, maxX: x.upper, maxY: y.upper)
    }

    /// One axis of the page: `lower...upper` rounded out, grown to `minimum` when shorter (from 0 when it
    /// lies within 0...minimum, else from its lower end).
    private static func span(_ lower: Double, _ upper: Double, minimum: Double) -> (lower: Double, upper: Double) {
        let lower = lower.rounded(.down), upper = upper.rounded(.up)
        guard upper - lower < minimum else { return (lower, upper) }
        return lower >= 0 && upper <= minimum ? (0, minimum) : (lower, lower + minimum)
    }

    /// The most pixels a side of a PNG can have (Cairo's image surfaces are limited to 32767).
    public static let largestImageSide = 32767

    /// Renders `drawing` into `path` in `format`, on `page(for:)` moved to the origin, and writes it
    /// through `FileWriter` (see there for links, devices and FIFOs): `links` says whether the user named
    /// the path (`--export OUT`) or the program made it up (Ctrl+E's picture beside the document).
    public static func export(_ drawing: Drawing, to path: FilePath, format: Format, links: FileWriter.Links,
                              style: RenderStyle = RenderStyle()) throws(ExportError) {
        let bytes = try render(drawing, format: format, framing: .export, style: style)
        do { try FileWriter.write(bytes, to: path, links: links) } catch { throw .write(error) }
    }

    /// Renders `drawing` once and writes it to the first of `candidates` that has no file yet, never over
    /// one nor through a link (names the program made up); returns the path written, or nil when every one
    /// is taken.
    public static func export(_ drawing: Drawing, toFirstFreeOf candidates: [FilePath], format: Format,
                              style: RenderStyle = RenderStyle()) throws(ExportError) -> FilePath? {
        let bytes = try render(drawing, format: format, framing: .export, style: style)
        for path in candidates {
            do {
                if try FileWriter.writeNew(bytes, to: path) != nil { return path }
            } catch {
                throw .write(error)
            }
        }
        return nil
    }

    /// The file `export` writes, in memory, framed by `framing`. A PNG whose page would exceed `largestImageSide` is refused
    /// with `ExportError.pageTooLarge`; SVG and PDF pages (sizes in points, as doubles) hold any valid drawing.
    public static func render(_ drawing: Drawing, format: Format, framing: Framing = .export,
                              style: RenderStyle = RenderStyle()) throws(ExportError) -> [UInt8] {
        let page = page(for: drawing, framing: framing, style: style)
        let width = Int(page.width), height = Int(page.height)
        if format == .png, max(width, height) > largestImageSide {
            throw .pageTooLarge(width: width, height: height, format: format, limit: largestImageSide)
        }
        do {
            let surface: CairoSurface
            switch format {
            case .png: surface = try CairoSurface(imageWidth: width, height: height)
            case .svg: surface = try CairoSurface(svgWidth: width, height: height)
            case .pdf: surface = try CairoSurface(pdfWidth: width, height: height)
            }
            do {
                let context = CairoContext(surface)
                cairo_translate(context.pointer, -page.minX, -page.minY)
                Renderer(style: style).draw(Scene(drawing: drawing), on: context)
                try CairoError.check(cairo_status(context.pointer), "cannot render the drawing")
            }  // The context goes before the surface is finished.
            switch format {
            case .png: return try surface.pngBytes()
            case .svg, .pdf: return try surface.finishedBytes()
            }
        } catch {
            throw .cairo(error)
        }
    }
}
