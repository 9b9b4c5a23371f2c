import Canvas
#if canImport(Glibc)
import Glibc
#endif
import SeededRandom
import Shapes
import Testing

@Suite struct ViewTransformTests {
    /// A view at a random zoom over the whole range (spread evenly in log), on a screen of 1 to 3 × 96 dpi,
    /// its corner anywhere on the canvas of the document's bounds.
    static func randomView(_ random: inout SeededGenerator) -> ViewTransform {
        let range = ViewTransform.zoomRange
        let zoom = range.lowerBound * pow(range.upperBound / range.lowerBound, Double.random(in: 0...1, using: &random))
        let screenScale = Double.random(in: 1...3, using: &random)
        let scale = screenScale * zoom, limit = ViewTransform.documentLimit * scale
        let origin = Point(x: Double.random(in: -limit...limit, using: &random), y: Double.random(in: -limit...limit, using: &random))
        return ViewTransform(screenScale: screenScale, zoom: zoom, origin: origin)
    }

    @Test func inputMappedBackLandsOnTheSameDocumentPointAtEveryZoomScaleAndOffset() {
        var random = SeededGenerator(seed: 20)
        for _ in 0..<100_000 {
            let view = Self.randomView(&random)
            let windowPoint = Point(x: Double.random(in: -100...4000, using: &random), y: Double.random(in: -100...3000, using: &random))
            let documentPoint = view.document(windowPoint)
            let back = view.window(documentPoint)
            // Window coordinates are whole device pixels apart; far out, a double keeps fewer digits of them.
            let tolerance = 1e-9 * max(1, abs(view.shownOrigin.x) + abs(view.shownOrigin.y))
            #expect(abs(back.x - windowPoint.x) <= tolerance && abs(back.y - windowPoint.y) <= tolerance,
                    "\(view): \(windowPoint) -> \(documentPoint) -> \(back)")
            let again = view.document(back)
            #expect(abs(again.x - documentPoint.x) <= tolerance / view.scale + 1e-9 * abs(documentPoint.x))
            #expect(abs(again.y - documentPoint.y) <= tolerance / view.scale + 1e-9 * abs(documentPoint.y))
        }
    }

    @Test func aDocumentPointIsScaleTimesFartherFromTheCornerInTheWindow() {
        let view = ViewTransform(screenScale: 2, zoom: 1.5, origin: Point(x: 30, y: -12))
        #expect(view.scale == 3)
        #expect(view.window(Point(x: 10, y: 20)) == Point(x: 0, y: 72))
        #expect(view.document(Point(x: 0, y: 72)) == Point(x: 10, y: 20))
        #expect(view.window(Rect(x: 10, y: 20, width: 5, height: 1)) == Rect(x: 0, y: 72, width: 15, height: 3))
    }

    @Test func zoomingKeepsTheDocumentPointUnderTheFixedPointWithinHalfAPixel() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let view = Self.randomView(&random).limited(showing: Rect(x: 0, y: 0, width: 800, height: 600))
            let fixed = Point(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random))
            let before = view.document(fixed)
            let zoomed = view.zoomed(to: view.zoom * Double.random(in: 0.2...5, using: &random), keeping: fixed)
            let after = zoomed.window(before)
            #expect(abs(after.x - fixed.x) <= 0.5 + 1e-6 && abs(after.y - fixed.y) <= 0.5 + 1e-6, "\(view) -> \(zoomed)")
        }
    }

    @Test func zoomStaysFromFivePercentTo3200Percent() {
        let view = ViewTransform()
        #expect(view.zoomed(to: 0.001, keeping: .zero).zoom == 0.05)
        #expect(view.zoomed(to: 1000, keeping: .zero).zoom == 32)
        #expect(view.zoomed(to: .nan, keeping: .zero).zoom == 1)
    }

    @Test func panningByFractionsAddsUpWhileTheShownCornerMovesInWholePixels() {
        var view = ViewTransform()
        for _ in 0..<10 { view = view.panned(by: Vector(dx: -0.3, dy: 0.26)) }
        #expect(view.shownOrigin == Point(x: 3, y: -3))
        #expect(abs(view.origin.x - 3) < 1e-9)
        #expect(view.window(Point(x: 3, y: 0)) == Point(x: 0, y: 3))
    }

    @Test func theCentreOfTheViewCannotLeaveTheDocumentsBounds() {
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        let far = ViewTransform(zoom: 0.05).panned(by: Vector(dx: -1e9, dy: 1e9)).limited(showing: area)
        let centre = far.document(Point(x: 400, y: 300))
        #expect(abs(centre.x - ViewTransform.documentLimit) <= 1 / far.scale)
        #expect(abs(centre.y + ViewTransform.documentLimit) <= 1 / far.scale)
        #expect(ViewTransform.limited(Point(x: 2e6, y: -3e6)) == Point(x: 1e6, y: -1e6))
        let near = ViewTransform(origin: Point(x: 100, y: 100))
        #expect(near.limited(showing: area) == near)
    }

    @Test func fittingShowsTheWholeBoundsCentredWithTheMargin() {
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        let view = ViewTransform.fitting(Rect(x: 1000, y: -500, width: 4000, height: 1000), in: area, screenScale: 2, margin: 20)
        #expect(abs(view.zoom - 760.0 / 8000) < 1e-12)
        let corner = view.window(Point(x: 1000, y: -500)), end = view.window(Point(x: 5000, y: 500))
        #expect(abs(corner.x - 20) <= 0.5 && abs(end.x - 780) <= 0.5)
        #expect(abs((corner.y + end.y) / 2 - 300) <= 0.5)
    }

    @Test func aNewScreenScaleKeepsTheZoomAndTheCorner() {
        let view = ViewTransform(screenScale: 1, zoom: 2, origin: Point(x: 100, y: 40))
        let moved = view.onScreen(ofScale: 2)
        #expect(moved.zoom == 2 && moved.scale == 4)
        #expect(moved.document(.zero) == view.document(.zero))
    }
}
