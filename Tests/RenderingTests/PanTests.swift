import Canvas
import DrawingTesting
@testable import Rendering
import SeededRandom
import Shapes
import TestSupport
import Testing

/// Pans: the layer's and the back buffer's pixels that stay in view move, and only the strips uncovered are
/// painted, from the shapes the index finds there, the latest first (down to the earliest that shows
/// there). The view's origin may be a fraction of a pixel (a touchpad's smooth scroll): the layer moves
/// in whole device pixels (`ViewTransform.shownOrigin`, which input is mapped through too), so a
/// fractional pan is a pan by the rounded amount, never a resampling nor a repaint of everything.
@Suite("Pans")
struct PanTests {
    /// Many shapes piled on a 240x180 area (so that most lie buried and the walk stops early), lines, circles
    /// and ink in several colours and widths, with the drawing's index.
    func pile(_ count: Int, seed: UInt64) -> IndexedDrawing {
        var random = SeededGenerator(seed: seed)
        var document = IndexedDrawing()
        let colours = [Colour.black, Colour(hex: 0x1E50DC), Colour(hex: 0xF08C00), .white]
        for index in 0..<count {
            let begin = Point(x: Double.random(in: -20...260, using: &random), y: Double.random(in: -20...200, using: &random))
            let end = begin + Vector(dx: Double.random(in: -50...50, using: &random), dy: Double.random(in: -50...50, using: &random))
            let style = ShapeStyle(colour: index % 3 == 0 ? colours.randomElement(using: &random)! : .black,
                                   width: [10, 10, 2, 16].randomElement(using: &random)!)
            let kind: ShapeKind = index % 7 == 0 ? .ellipse : index % 11 == 0 ? .ink : .line
            document.restore(Shape(id: document.nextID, geometry: .of(kind, Segment(begin: begin, end: end)), style: style))
        }
        return document
    }

    /// Pans by fractions of a pixel, by a few pixels along each axis and both, and by more than the window;
    /// after each, the screen is what the renderer paints for the view (within the edge tolerance of
    /// `CanvasCompositorTests.panTolerance`: a line the layer's edge cut keeps its cut pixels), and not one
    /// pan repainted the layer whole.
    @Test(arguments: [(seed: UInt64(3), count: 40, scale: 1.0), (4, 1_500, 1.0), (5, 1_500, 1.5)])
    func aPanPaintsWhatTheRendererPaintsWithoutRepaintingEverything(seed: UInt64, count: Int, scale: Double) throws {
        let document = pile(count, seed: seed)
        let (width, height) = (160, 120)
        let window = try FakeWindow(width: width, height: height)
        var view = ViewTransform(screenScale: scale).panned(by: Vector(dx: -20, dy: -15))
        let pans: [Vector] = [Vector(dx: 0.4, dy: 0), Vector(dx: 0.4, dy: 0), Vector(dx: 0, dy: -0.7), Vector(dx: 0.3, dy: 0.3),
                              Vector(dx: 4, dy: 0), Vector(dx: 0, dy: -5), Vector(dx: -3, dy: 6), Vector(dx: 13.5, dy: -2.25),
                              Vector(dx: -40, dy: 0), Vector(dx: 0, dy: 70), Vector(dx: 0, dy: -300), Vector(dx: 500, dy: 260),
                              Vector(dx: -480, dy: -240), Vector(dx: -1, dy: -1)]
        func scene() -> Scene {
            var scene = Scene(document: document)
            scene.view = view
            return scene
        }
        try window.frame(scene())
        for (step, pan) in pans.enumerated() {
            view = view.panned(by: pan)
            try window.frame(scene())
            let expected = try reference(scene(), width: width, height: height)
            guard expectSimilarPixels(window.screen, expected, tolerance: CanvasCompositorTests.panTolerance,
                                      "after pan \(step) by \(pan)") else { return }
        }
        let statistics = window.compositor.statistics
        #expect(statistics.rebuilds == 1, "only the first frame painted the layer whole: \(statistics)")
        #expect(statistics.scrolls >= pans.count - 3, "the fractional pans that moved no whole pixel scrolled nothing: \(statistics)")
        if count > 100 { #expect(statistics.buriedShapes > 0, "shapes lay buried: \(statistics)") }
    }

    /// A view whose origin lies a fraction of a pixel off shows exactly what the view at the rounded origin
    /// shows: the fraction only adds up for later scrolls.
    @Test func aFractionalOriginShowsThePixelsOfTheRoundedOne() throws {
        let document = pile(300, seed: 9)
        var exact = Scene(document: document), rounded = Scene(document: document)
        exact.view = ViewTransform().panned(by: Vector(dx: -17.4, dy: 8.6))
        rounded.view = ViewTransform().panned(by: Vector(dx: -17, dy: 9))
        #expect(exact.view.shownOrigin == rounded.view.shownOrigin)
        let a = try FakeWindow(width: 120, height: 90), b = try FakeWindow(width: 120, height: 90)
        try a.frame(exact)
        try b.frame(rounded)
        expectSamePixels(a.screen, b.screen)
        expectSamePixels(a.screen, try reference(exact, width: 120, height: 90))
    }

    /// The index hands the shapes meeting an area the latest first, each once (ink filed in pieces too),
    /// the same shapes `shapes(meeting:)` finds; and stops when asked.
    @Test func theIndexWalksTheShapesInAnAreaTheLatestFirst() {
        let document = pile(2_000, seed: 11)
        let index = ShapeIndex(document.shapes)
        for area in [Rect(x: 0, y: 0, width: 240, height: 4), Rect(x: 100, y: -30, width: 3, height: 260),
                     Rect(x: -500, y: -500, width: 2_000, height: 2_000), Rect(x: 1_000, y: 1_000, width: 5, height: 5)] {
            var walked: [ShapeID] = []
            index.forEachShapeLatestFirst(meeting: area, in: document.drawing) { walked.append($0.id); return true }
            #expect(walked == index.shapes(meeting: area, in: document.drawing).map(\.id).reversed(), "\(area)")
            var first: [ShapeID] = []
            index.forEachShapeLatestFirst(meeting: area, in: document.drawing) { first.append($0.id); return first.count < 5 }
            #expect(first == Array(walked.prefix(5)), "\(area)")
        }
    }
}
