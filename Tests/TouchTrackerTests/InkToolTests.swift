import Canvas
import DrawingTesting
import Foundation
import Gestures
import Shapes
import Storage
import Testing
@testable import TouchTracker

@Suite("The pen tool (ink) and the eraser tool")
struct InkToolTests {
    private func driver(with tool: Tool, widthBySpeed: Bool = false) -> Driver {
        Driver(CanvasModel(pen: Pen(widthBySpeed: widthBySpeed, tool: tool)))
    }

    /// A wavy path from (100, 200) to the right: `count` points 2 px apart.
    private func wave(_ count: Int) -> [Point] {
        (0..<count).map { i in point(100 + Double(i) * 2, 200 + 40 * sin(Double(i) / 15)) }
    }

    private func draw(_ path: [Point], with driver: Driver) {
        driver.down(path[0].x, path[0].y)
        for p in path.dropFirst() {
            driver.wait(4)
            driver.move(p.x, p.y)
        }
        driver.wait(4)
        driver.up(path.last!.x, path.last!.y)
    }

    @Test func thePenDrawsInkThatFollowsThePathAndIsSimplifiedWhenItLifts() throws {
        let driver = driver(with: .pen)
        let path = wave(150)
        draw(path, with: driver)
        let shape = try #require(driver.model.drawing.shapes.first)
        guard case .ink(let ink) = shape.geometry else { Issue.record("not ink: \(shape.geometry)"); return }
        #expect(ink.count < 40, "simplified: \(ink.count) of \(path.count) points")
        #expect(!ink.hasWidths && shape.style.width == Pen().width)
        // Every point the pointer passed after the engine's slop is within half a pixel of the curve.
        for p in path.dropFirst(10) { #expect(ink.distance(to: p) <= 0.5 + 0.02, "\(p)") }
        #expect(driver.model.strokes.isEmpty)
    }

    /// (Ink follows the mean of the last 6 ms of samples: moves 10 ms apart are each their own.)
    @Test func whileDrawingTheInkGrowsInPlaceAPointAPixel() throws {
        let driver = driver(with: .pen)
        driver.down(100, 100)
        for i in 1...60 { driver.wait(4); driver.move(100 + Double(i) * 0.25, 100 + Double(i) * 3) }
        driver.wait(10); driver.move(115, 280)  // held still past the smoothing: the ink catches up
        let stroke = try #require(driver.model.strokes[mouse])
        guard case .ink(let ink) = stroke.shape.geometry else { Issue.record("not ink"); return }
        for index in 1..<ink.count { #expect(ink.point(index).distance(to: ink.point(index - 1)) >= 1) }
        driver.wait(10); driver.move(115.1, 280.2)  // less than a pixel: no point
        guard case .ink(let same) = driver.model.strokes[mouse]?.shape.geometry else { Issue.record("not ink"); return }
        #expect(same.count == ink.count && same.extends(ink) == false && same == ink)
        driver.wait(10); driver.move(115, 285)
        guard case .ink(let grown) = driver.model.strokes[mouse]?.shape.geometry else { Issue.record("not ink"); return }
        #expect(grown.extends(ink), "the same buffer, one more point")
    }

    /// Drawn zoomed in, ink records a point each screen pixel and is simplified within half a screen pixel
    /// (in document px: 1 and 0.5 over the zoom); zoomed out, as at zoom 1.
    @Test(arguments: [0.5, 1, 4])
    func inkIsRecordedAndSimplifiedAsFinelyOnTheScreenAtAnyZoom(zoom: Double) throws {
        var model = CanvasModel(pen: Pen(tool: .pen))
        model.view = ViewTransform(zoom: zoom)
        let fineness = min(1, 1 / zoom)
        #expect(Ink.fineness(atZoom: zoom) == fineness)
        // Moves 10 ms apart (each its own, past the smoothing), 0.3 to 0.5 px apart.
        let path = (0..<300).map { i in point(10 + Double(i) * 0.3, 20 + 8 * sin(Double(i) / 12)) }
        model.contactBegan(mouse, at: path[0], time: ServerTime(milliseconds: 0))
        for (i, p) in path.enumerated().dropFirst() { model.contactMoved(mouse, to: p, time: ServerTime(milliseconds: UInt32(10 * i))) }
        guard case .ink(let recorded) = model.strokes[mouse]?.shape.geometry else { Issue.record("not ink"); return }
        let steps = (1..<recorded.count).map { recorded.point($0).distance(to: recorded.point($0 - 1)) }
        #expect(steps.min()! >= fineness, "a point each screen pixel")
        #expect(steps.max()! < fineness + 0.6, "and no more than that apart: \(steps.max()!)")
        model.contactEnded(mouse, at: path.last!, time: ServerTime(milliseconds: 3_000))
        guard case .ink(let finished) = model.drawing.shapes.first?.geometry else { Issue.record("not ink"); return }
        #expect(finished.count < recorded.count / 2, "simplified: \(finished.count) of \(recorded.count)")
        let worst = (0..<recorded.count).map { finished.distance(to: recorded.point($0)) }.max()!
        #expect(worst <= 0.5 * fineness + 0.01, "within half a screen pixel: \(worst)")
        if zoom > 1 { #expect(worst > 0.5 * fineness / 4, "and no finer than needed: \(worst)") }
    }

    @Test func withWidthBySpeedEachPointHasItsWidth() throws {
        let driver = driver(with: .pen, widthBySpeed: true)
        var path: [Point] = []
        var x = 100.0
        for i in 0..<120 { x += i < 60 ? 1 : 12; path.append(point(x, 300 + Double(i % 2))) }
        draw(path, with: driver)
        let shape = try #require(driver.model.drawing.shapes.first)
        guard case .ink(let ink) = shape.geometry else { Issue.record("not ink"); return }
        #expect(ink.hasWidths)
        let widths = (0..<ink.count).map(ink.width)
        #expect(widths.max() == 1 && widths.min()! < 0.5, "slow then fast: thick then thin, \(widths)")
        #expect(DocumentLimits.widths.contains(shape.style.width))
    }

    @Test func aStrokeAtThePointLimitIsFinishedAndANewOneCarriesOn() {
        let driver = driver(with: .pen)
        driver.down(0, 0)
        let steps = DocumentLimits.maxPointsPerStroke + 50
        for i in 1...steps { driver.wait(1); driver.move(Double(i % 2000) * 2, Double(i / 2000) * 40 + Double(i % 7)) }
        #expect(driver.model.drawing.shapes.count == 1, "the full stroke is finished, not lost")
        driver.wait(1); driver.up(100, 400)
        #expect(driver.model.drawing.shapes.count == 2)
        #expect(driver.model.drawing.inkPointCount <= steps + 2)
    }

    @Test func theEraserToolSplitsInkWhereItPassesAndTakesLinesWhole() throws {
        var model = CanvasModel(pen: Pen(tool: .eraser))
        model.perform(.draw(Shape(id: ShapeID(1), geometry: .ink(Ink(points: (0...100).map { point(Double($0) * 4, 100) })))))
        model.perform(.draw(Shape(id: ShapeID(2), geometry: .line(segment(0, 300, 400, 300)))))
        model.perform(.draw(Shape(id: ShapeID(3), geometry: .line(segment(0, 500, 400, 500)))))
        let before = model.drawing
        let driver = Driver(model)
        // Down x = 200 from above the ink to below the first line, in two big steps (the swept segment counts).
        driver.down(200, 20)
        driver.wait(8); driver.move(200, 30)
        driver.wait(8); driver.move(200, 400)
        driver.wait(8); driver.up(200, 400)
        let shapes = driver.model.drawing.shapes
        #expect(shapes.map(\.id) == [ShapeID(1), ShapeID(3), ShapeID(4)], "the first part keeps its place, the second goes on top")
        guard case .ink(let left) = shapes[0].geometry, case .ink(let right) = shapes[2].geometry else { Issue.record("\(shapes)"); return }
        let reach = driver.model.selectionTolerance
        #expect(abs(left.last.x - (200 - reach)) < 0.1 && abs(right.first.x - (200 + reach)) < 0.1)
        #expect(left.first == point(0, 100) && right.last == point(400, 100))
        _ = driver.app.key(.character("z"), .control)
        #expect(driver.model.drawing.shapes == before.shapes, "one undo brings everything back")
    }

    @Test func aClickWithTheEraserErasesNothing() {
        var model = CanvasModel(pen: Pen(tool: .eraser))
        model.perform(.draw(Shape(id: ShapeID(1), geometry: .line(segment(0, 100, 400, 100)))))
        let driver = Driver(model)
        driver.click(200, 100)
        driver.wait(1_000)
        #expect(driver.model.drawing.shapes.count == 1)
    }
}
