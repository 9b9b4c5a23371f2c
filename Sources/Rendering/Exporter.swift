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
    public enum Framing: Hashable, Sendable {
        /// An export's page (`page(for:)`): the drawing's painted area and `margin` around it; a blank
        /// `emptyPage` for an empty drawing. The page of `--export`, Ctrl+E and Ctrl+Shift+E.
        case export
        /// The area the shapes paint and `margin` px around them, rounded out to whole px, no larger: a
        /// picture of shapes put on the clipboard.
        case shapes(margin: Double)
    }

    /// The page `framing` gives `drawing`, in document px.
    public static func page(for drawing: Drawing, framing: Framing) -> Rect {
        switch framing {
        case .export:
            return page(for: drawing)
        case .shapes(let margin):
            guard let painted = drawing.paintedBounds else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return roundedOut(painted.insetBy(-margin))
        }
    }

    /// The page a drawing is exported on, in document px: the area its shapes paint (`Drawing.paintedBounds`)
    /// and `margin` around it, rounded out to whole px — whatever the screen it was drawn on and however it
    /// was viewed. An empty drawing is a blank page of `emptyPage`, from the document's corner.
    public static func page(for drawing: Drawing) -> Rect {
        guard let painted = drawing.paintedBounds else { return Rect(x: 0, y: 0, width: emptyPage.width, height: emptyPage.height) }
        return roundedOut(painted.insetBy(-margin))
    }

    /// `rect` grown to whole px.
    private static func roundedOut(_ rect: Rect) -> Rect {
        Rect(minX: rect.minX.rounded(.down), minY: rect.minY.rounded(.down), maxX: rect.maxX.rounded(.up),
             maxY: rect.maxY.rounded(.up))
    }

    /// The room around the drawing on its page, in px.
    public static let margin = 20.0
    /// The page of an empty drawing: the default window's size, in px.
    public static let emptyPage = (width: 800.0, height: 600.0)
    /// Points (1/72 in) per px (1/96 in): a PDF's page is measured in points.
    public static let pointsPerPixel = 0.75

    /// The most pixels a side of a PNG can have (Cairo's image surfaces are limited to 32767).
    public static let largestImageSide = 32767

    /// Renders `drawing` into `path` in `format`, on `page(for:)` moved to the origin, and writes it
    /// through `FileWriter` (see there for links, devices and FIFOs): `links` says whether the user named
    /// the path (`--export OUT`) or the program made it up (Ctrl+E's picture beside the document).
    public static func export(_ drawing: Drawing, to path: FilePath, format: Format, scale: Double = 1, links: FileWriter.Links,
                              style: RenderStyle = RenderStyle()) throws(ExportError) {
        let bytes = try render(drawing, format: format, framing: .export, scale: scale, style: style)
        do { try FileWriter.write(bytes, to: path, links: links) } catch { throw .write(error) }
    }

    /// Renders `drawing` once and writes it to the first of `candidates` that has no file yet, never over
    /// one nor through a link (names the program made up); returns the path written, or nil when every one
    /// is taken.
    public static func export(_ drawing: Drawing, toFirstFreeOf candidates: [FilePath], format: Format, scale: Double = 1,
                              style: RenderStyle = RenderStyle()) throws(ExportError) -> FilePath? {
        let bytes = try render(drawing, format: format, framing: .export, scale: scale, style: style)
        for path in candidates {
            do {
                if try FileWriter.writeNew(bytes, to: path) != nil { return path }
            } catch {
                throw .write(error)
            }
        }
        return nil
    }

    /// The file `export` writes, in memory, framed by `framing`: an SVG page measured in px, a PDF page in
    /// points (0.75 a px), a PNG `scale` pixels a px (`ViewTransform.exportScales`; 1: a pixel a px). A PNG
    /// whose page would exceed `largestImageSide` is refused with `ExportError.pageTooLarge`; SVG and PDF
    /// pages hold any valid drawing.
    public static func render(_ drawing: Drawing, format: Format, framing: Framing = .export, scale: Double = 1,
                              style: RenderStyle = RenderStyle()) throws(ExportError) -> [UInt8] {
        let page = page(for: drawing, framing: framing)
        let scale = format == .png ? min(max(scale, ViewTransform.exportScales.lowerBound), ViewTransform.exportScales.upperBound) : 1
        let width = Int((page.width * scale).rounded(.up)), height = Int((page.height * scale).rounded(.up))
        if format == .png, max(width, height) > largestImageSide {
            throw .pageTooLarge(width: width, height: height, format: format, limit: largestImageSide)
        }
        do {
            let surface: CairoSurface, units: Double
            switch format {
            case .png: (surface, units) = (try CairoSurface(imageWidth: width, height: height), 1)
            case .svg: (surface, units) = (try CairoSurface(svgWidth: page.width, height: page.height), 1)
            case .pdf:
                (surface, units) = (try CairoSurface(pdfWidth: page.width * pointsPerPixel, height: page.height * pointsPerPixel),
                                    pointsPerPixel)
            }
            do {
                let context = CairoContext(surface)
                cairo_scale(context.pointer, units, units)
                // The page's corner at the surface's: the view of the drawing at `scale` from there.
                var scene = Scene(drawing: drawing)
                scene.view = ViewTransform(screenScale: scale, origin: Point(x: page.minX * scale, y: page.minY * scale))
                Renderer(style: style).draw(scene, on: context)
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
