import CCairo
import Document
@testable import Rendering
import SeededRandom
import Testing

@Suite("Solid cells")
struct SolidCellsTests {
    /// One line stroked alone, as the renderer strokes finished lines, on a white surface showing the
    /// canvas from `origin`.
    func strokeAlone(_ segment: Segment, style: RenderStyle, width: Int, height: Int, origin: PixelPoint) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: width, height: height)
        var drawing = Drawing()
        drawing.add(segment)
        Renderer(style: style).draw(Scene(drawing: drawing), on: CairoContext(surface), origin: origin)
        return surface
    }

    @Test(arguments: [1, 2] as [UInt64])
    func aSolidCellIsTheFinishedColourAndALineNeverPaintsOutsideTheCellsItReaches(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let size = (width: 90, height: 70)
        var solidCellsSeen = 0
        for trial in 0..<400 {
            var style = RenderStyle()
            style.lineWidth = [10, 12.5, 20, 7, Double.random(in: 1...40, using: &random)][trial % 5]
            let origin = PixelPoint(x: Int.random(in: -50...50, using: &random), y: Int.random(in: -50...50, using: &random))
            func point() -> Point {
                Point(x: Double(origin.x) + Double.random(in: -30...120, using: &random),
                      y: Double(origin.y) + Double.random(in: -30...100, using: &random))
            }
            let begin = point()
            let segment = switch trial % 4 {
            case 0: Segment(begin: begin, end: begin)  // a dot
            case 1: Segment(begin: begin, end: Point(x: begin.x + Double.random(in: -80...80, using: &random), y: begin.y))
            case 2: Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -3...3, using: &random), dy: Double.random(in: -3...3, using: &random)))
            default: Segment(begin: begin, end: point())
            }
            let surface = try strokeAlone(segment, style: style, width: size.width, height: size.height, origin: origin)
            let bounds = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
            var cells = SolidCells(bounds: bounds, lineWidth: style.lineWidth, finished: style.finished)
            cells.add(segment)

            var reached = Set<Int>()
            cells.forEachReachedRow(of: segment) { row, columns in
                for column in columns { reached.insert(row * cells.columns + column) }
                return true
            }
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let row = y / cells.cellSize, column = x / cells.cellSize
                    let pixel = surface.pixel(x: x, y: y)
                    if cells.isSolid(row: row, column: column) {
                        solidCellsSeen += 1
                        guard pixel == 0 else {
                            Issue.record("trial \(trial): (\(x), \(y)) in a solid cell is \(String(pixel, radix: 16)), \(segment), width \(style.lineWidth)")
                            return
                        }
                    }
                    if pixel != 0xFFFFFF, !reached.contains(row * cells.columns + column) {
                        Issue.record("trial \(trial): (\(x), \(y)) is painted outside the cells reached, \(segment), width \(style.lineWidth)")
                        return
                    }
                }
            }
            cells.remove(segment)
            #expect(cells.solidRects(meeting: bounds).isEmpty, "a line removed leaves no solid cell")
        }
        #expect(solidCellsSeen > 10_000, "the trials covered many solid cells")
    }

    @Test func nothingIsSolidWhenTheFinishedColourIsNotZeroOrOneInEveryChannel() {
        var style = RenderStyle()
        style.finished = Colour(hex: 0x800000)
        var cells = SolidCells(bounds: Rect(x: 0, y: 0, width: 100, height: 100), lineWidth: style.lineWidth, finished: style.finished)
        let segment = Segment(begin: Point(x: 10, y: 50), end: Point(x: 90, y: 50))
        cells.add(segment)
        #expect(cells.solidRects(meeting: cells.bounds).isEmpty)
        #expect(cells.reachesOpenCell(segment))
    }

    @Test func aCellStaysSolidUntilTheLastLineCoveringItGoes() {
        var cells = SolidCells(bounds: Rect(x: 0, y: 0, width: 100, height: 100), lineWidth: 10, finished: .black)
        let a = Segment(begin: Point(x: 10, y: 50), end: Point(x: 90, y: 50))
        let b = Segment(begin: Point(x: 10, y: 51), end: Point(x: 90, y: 49))
        cells.add(a)
        cells.add(b)
        #expect(!cells.solidRects(meeting: cells.bounds).isEmpty)
        cells.remove(a)
        #expect(!cells.solidRects(meeting: cells.bounds).isEmpty, "b still covers the middle")
        cells.remove(b)
        #expect(cells.solidRects(meeting: cells.bounds).isEmpty)
    }

    @Test func aLineReachesAnOpenCellUnlessOthersCoverEveryCellItReaches() {
        var cells = SolidCells(bounds: Rect(x: 0, y: 0, width: 100, height: 100), lineWidth: 10, finished: .black)
        let short = Segment(begin: Point(x: 45, y: 50), end: Point(x: 55, y: 50))
        #expect(cells.reachesOpenCell(short))
        for y in stride(from: 30.0, through: 70, by: 4) { cells.add(Segment(begin: Point(x: 10, y: y), end: Point(x: 90, y: y))) }
        #expect(!cells.reachesOpenCell(short))
        #expect(!cells.reaches(short, cells.openCells(inside: [cells.bounds])))
        #expect(cells.reaches(short, SolidCells(bounds: cells.bounds, lineWidth: 10, finished: .black).openCells(inside: [cells.bounds])))
        #expect(!cells.reaches(Segment(begin: Point(x: 45, y: 20), end: Point(x: 55, y: 20)),
                               cells.openCells(inside: [Rect(x: 0, y: 50, width: 100, height: 50)])), "open cells only outside the area")
        #expect(cells.reachesOpenCell(Segment(begin: Point(x: 45, y: 20), end: Point(x: 55, y: 20))), "above the covered band")
    }
}
