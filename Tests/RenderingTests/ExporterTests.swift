import Foundation
import CCairo
import Canvas
import Rendering
import Shapes
import Storage
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("The exporter")
struct ExporterTests {
    func drawing(_ segments: Segment...) -> Drawing {
        var drawing = Drawing()
        for segment in segments { drawing.add(.line(segment)) }
        return drawing
    }

    func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
        Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    @Test func anEmptyDrawingIsABlankPageOfTheStatedSize() {
        #expect(Exporter.page(for: Drawing()) == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(Exporter.emptyPage == (800, 600))
    }

    @Test func thePageIsTheDrawingsPaintedBoundsWithTheMarginInDocumentPixels() {
        // A 10 px line paints 5 px around its centre line; the page has 20 px more on every side.
        #expect(Exporter.page(for: drawing(segment(20, 50, 180, 50))) == Rect(minX: -5, minY: 25, maxX: 205, maxY: 75))
        let page = Exporter.page(for: drawing(segment(20, 50, 180, 50), segment(900, 700, 950, 750)))
        #expect(page == Rect(minX: -5, minY: 25, maxX: 975, maxY: 775))
    }

    @Test func thePageHoldsEveryShapeWithHalfItsOwnWidthAndTheMargin() {
        var drawing = Drawing()
        drawing.add(.ellipse(box: segment(100, 100, 900, 700)), style: ShapeStyle(width: 40))
        drawing.add(.line(segment(500, 300, 1000, 300)), style: ShapeStyle(width: 2))
        #expect(Exporter.page(for: drawing) == Rect(minX: 60, minY: 60, maxX: 1021, maxY: 740))
    }

    /// A blue circle in the box from (100, 100) to (300, 200), 16 px wide, and an orange line along y = 40.
    func colouredDrawing() -> Drawing {
        var drawing = Drawing()
        drawing.add(.ellipse(box: segment(100, 100, 300, 200)), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 16))
        drawing.add(.line(segment(10, 40, 300, 40)), style: ShapeStyle(colour: Colour(hex: 0xF08C00), width: 5))
        return drawing
    }

    /// The coloured drawing's page starts at (-13, 17): its line paints from 7.5, its circle's ring down to
    /// 208, and 20 px more.
    static let colouredPage = Rect(minX: -13, minY: 17, maxX: 328, maxY: 228)

    @Test func aPNGShowsCirclesAndColoursAPixelADocumentPixel() throws {
        #expect(Exporter.page(for: colouredDrawing()) == Self.colouredPage)
        let folder = try TemporaryFolder("export"), path = folder.file("out." + "png")
        try Exporter.export(colouredDrawing(), to: FilePath(path), format: .png, links: .followedWhenTrusted)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == 341 && image.height == 211)
        func at(_ x: Int, _ y: Int) -> UInt32 { image.pixel(x: x + 13, y: y - 17) }
        #expect(at(100, 150) == 0x1E50DC && at(200, 100) == 0x1E50DC, "the ring")
        #expect(at(200, 150) == 0xFFFFFF && at(110, 110) == 0xFFFFFF, "inside the ring and in the box's corner")
        #expect(at(150, 40) == 0xF08C00 && at(150, 44) == 0xFFFFFF, "the line, 5 px wide")
    }

    @Test func aPNGAtAScaleIsThePictureThatManyTimesLarger() throws {
        let bytes = try Exporter.render(colouredDrawing(), format: .png, scale: 2)
        let folder = try TemporaryFolder("export"), path = folder.file("out.png")
        try FileWriter.write(bytes, to: FilePath(path), links: .followedWhenTrusted)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == 682 && image.height == 422)
        func at(_ x: Int, _ y: Int) -> UInt32 { image.pixel(x: 2 * (x + 13), y: 2 * (y - 17)) }
        #expect(at(100, 150) == 0x1E50DC && at(200, 150) == 0xFFFFFF && at(150, 40) == 0xF08C00)
        #expect(image.pixel(x: 300, y: 2 * (42 - 17)) == 0xF08C00, "2 px from the line's centre: it is 10 pixels wide")
        #expect(ViewTransform.exportScales == 0.1...8)
    }

    @Test func anSVGHasTheColoursAndTheCircleAsCurves() throws {
        let text = String(decoding: try Exporter.render(colouredDrawing(), format: .svg), as: UTF8.self)
        // Cairo writes colours as percentages: 0x1E50DC is 11.76%, 31.37%, 86.27%; 0xF08C00 94.12%, 54.90%, 0%.
        for channel in ["11.76", "31.37", "86.27", "94.11", "54.90"] { #expect(text.contains(channel), "\(channel)") }
        let paths = text.split(separator: "<path").dropFirst()
        #expect(paths.count == 2)
        #expect(paths.first.map { $0.contains(" C ") && $0.contains("300 150") } == true, "the ellipse's arcs, from its right end")
        #expect(paths.last.map { $0.contains("M 10 40 L 300 40") } == true)
        // In document px, moved onto the page, whose corner is the document's (-13, 17).
        #expect(paths.allSatisfy { $0.contains("transform=\"matrix(1,0,0,1,13,-17)\"") })
        #expect(text.contains("width=\"341px\"") && text.contains("height=\"211px\""), "the page in px")
    }

    /// Ink is one smooth path of cubic Béziers in an SVG (a `C` a piece), not the flattened curve's segments;
    /// ink whose widths vary is a path a piece, each at its width.
    @Test func anSVGHasInkAsOnePathOfCurves() throws {
        let points = (0..<40).map { Point(x: 20 + Double($0) * 8, y: 100 + 30 * sin(Double($0) / 4)) }
        let even = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .ink(Ink(points: points)))])
        let text = String(decoding: try Exporter.render(even, format: .svg), as: UTF8.self)
        let paths = text.split(separator: "<path").dropFirst()
        #expect(paths.count == 1)
        #expect(paths.first.map { $0.components(separatedBy: " C ").count - 1 } == 39, "a curve a piece")
        #expect(paths.first.map { !$0.contains(" L ") } == true)
        let varying = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .ink(Ink(points: points, widths: points.indices.map { 0.2 + Double($0 % 5) * 0.2 })))])
        let pieces = String(decoding: try Exporter.render(varying, format: .svg), as: UTF8.self).split(separator: "<path").dropFirst()
        #expect(pieces.count == 39 && pieces.allSatisfy { $0.contains(" C ") })
    }

    @Test func aPDFOfCirclesAndColoursIsWholeAndLargerThanAnEmptyOne() throws {
        let bytes = try Exporter.render(colouredDrawing(), format: .pdf)
        #expect(bytes.starts(with: Exporter.Format.pdf.magic))
        // The page in points, 0.75 a px: 341 x 211 px.
        #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 255.75 158.25 ]"))
        let tail = String(decoding: bytes.suffix(32), as: UTF8.self)
        #expect(tail.contains("%%EOF"))
        #expect(bytes.count > (try Exporter.render(Drawing(), format: .pdf)).count)
    }

    @Test func linesOffTheTopAndLeftAreOnThePage() {
        let page = Exporter.page(for: drawing(segment(-50, -30, 100, 100)))
        #expect(page == Rect(minX: -75, minY: -55, maxX: 125, maxY: 125))
    }

    @Test func linesOffTheTopAndLeftAreVisibleInTheExportedPNG() throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + "png")
        try Exporter.export(drawing(segment(-50, -30, 100, -30)), to: FilePath(path), format: .png, links: .followedWhenTrusted)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == 200 && image.height == 50)
        // The page starts at (-75, -55): the line runs along y = 25 from x = 25 to x = 175.
        #expect(image.pixel(x: 25, y: 25) == 0x000000, "the line's start, once at (-50, -30)")
        #expect(image.pixel(x: 100, y: 25) == 0x000000)
        #expect(image.pixel(x: 100, y: 10) == 0xFFFFFF, "the background stays white")
    }

    @Test func aSmallDrawingFarFromTheOriginExportsAsASmallPNG() throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + "png")
        try Exporter.export(drawing(segment(999_000, -1_000_000, 1_000_000, -999_500)), to: FilePath(path), format: .png, links: .followedWhenTrusted)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == 1050 && image.height == 550)
        #expect(image.pixel(x: 25, y: 25) == 0x000000, "the line's start")
        #expect(image.pixel(x: 1024, y: 524) == 0x000000, "the line's end")
    }

    @Test func aDrawingTooLargeForAPNGIsAClearErrorAndWritesNothing() throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + "png")
        let huge = drawing(segment(-1_000_000, 0, 1_000_000, 0))
        #expect(throws: ExportError.pageTooLarge(width: 2_000_050, height: 50, format: .png, limit: 32767)) {
            try Exporter.export(huge, to: FilePath(path), format: .png, links: .followedWhenTrusted)
        }
        #expect(access(path, F_OK) != 0)
        let message = ExportError.pageTooLarge(width: 2_000_050, height: 50, format: .png, limit: 32767).description
        #expect(message.contains("2000050x50") && message.contains("32767") && message.contains("SVG or PDF"))
    }

    @Test func aDrawingTooLargeForAPNGExportsAsSVGAndPDF() throws {
        let huge = drawing(segment(-1_000_000, -1_000_000, 1_000_000, 1_000_000))
        for format in [Exporter.Format.svg, .pdf] {
            let folder = try TemporaryFolder("export"), path = folder.file("out." + format.rawValue)
            try Exporter.export(huge, to: FilePath(path), format: format, links: .followedWhenTrusted)
            #expect(readFile(path).starts(with: format.magic))
        }
    }

    @Test func exportWritesPNGSVGAndPDFFiles() throws {
        let drawing = drawing(segment(20, 50, 180, 50), segment(900, 700, 950, 750))
        for format in Exporter.Format.allCases {
            let folder = try TemporaryFolder("export"), path = folder.file("out." + format.rawValue)
            try Exporter.export(drawing, to: FilePath(path), format: format, links: .followedWhenTrusted)
            #expect(readFile(path).starts(with: format.magic))
        }
    }

    @Test func anExportIntoAMissingFolderSaysTheFolderIsMissing() {
        let error = #expect(throws: ExportError.write(.missingFolder("/nonexistent/dir"))) {
            try Exporter.export(Drawing(), to: "/nonexistent/dir/out.png", format: .png, links: .followedWhenTrusted)
        }
        #expect(error?.description == "the folder /nonexistent/dir does not exist")
    }

    @Test func anExportOntoAFolderIsRefusedAndTheFolderKept() throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + "pdf")
        mkdir(path, 0o700)
        #expect(throws: ExportError.write(.notARegularFile)) { try Exporter.export(Drawing(), to: FilePath(path), format: .pdf, links: .followedWhenTrusted) }
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
    }

    @Test(arguments: Exporter.Format.allCases)
    func anExportOntoAFullDeviceFailsWithTheSystemsReason(format: Exporter.Format) throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + format.rawValue)
        symlink("/dev/full", path)
        let error = #expect(throws: ExportError.write(.system(code: ENOSPC))) {
            try Exporter.export(drawing(segment(20, 50, 180, 50)), to: FilePath(path), format: format, links: .followedWhenTrusted)
        }
        #expect(error?.description == "No space left on device")
    }

    @Test(arguments: Exporter.Format.allCases)
    func anExportReplacesAnOldFileWhole(format: Exporter.Format) throws {
        let folder = try TemporaryFolder("export"), path = folder.file("out." + format.rawValue)
        let old = fopen(path, "w")
        fputs("old", old)
        fclose(old)
        try Exporter.export(drawing(segment(20, 50, 180, 50)), to: FilePath(path), format: format, links: .followedWhenTrusted)
        let bytes = readFile(path)
        #expect(bytes.starts(with: format.magic), "the whole new file, from its first byte")
        #expect(bytes.count > 100)
    }

    @Test func formatsAreKnownByExtension() {
        #expect(Exporter.Format(path: "a/b.PNG") == .png)
        #expect(Exporter.Format(path: FilePath(bytes: [0xFC, .init(ascii: "."), .init(ascii: "p"), .init(ascii: "d"), .init(ascii: "f")])) == .pdf)
        #expect(Exporter.Format(path: "x.svg") == .svg)
        #expect(Exporter.Format(path: "x.pdf") == .pdf)
        #expect(Exporter.Format(path: "x.gif") == nil)
        #expect(Exporter.Format(path: "dir.png/x") == nil)
    }
}

extension Exporter.Format {
    /// The first bytes of a file in this format.
    var magic: [UInt8] {
        switch self {
        case .png: [0x89, 0x50, 0x4E, 0x47]
        case .svg: Array("<?xml".utf8)
        case .pdf: Array("%PDF-".utf8)
        }
    }
}

/// A PNG file read back through Cairo.
final class PNGImage {
    private let surface: OpaquePointer
    let width: Int
    let height: Int

    init?(path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// The 0x00RRGGBB value at (x, y).
    func pixel(x: Int, y: Int) -> UInt32 {
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF
    }
}

/// The whole file at `path` (empty if unreadable).
func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
    return bytes
}
