import Canvas
import DrawingTesting
@testable import Rendering
import SeededRandom
import Shapes
import Testing

/// Painting ahead: in the loop's idle time the compositor paints a margin around the viewport into its
/// layer, a band at a time (`CanvasCompositor.paintAhead`), so that a pan within it is a copy. Whether the
/// margin is full, half painted or not painted at all, and after edits made in it or while it was being
/// painted, every frame shows what the renderer paints for the view (within the pan tolerance of
/// `CanvasCompositorTests.panTolerance`): lines, circles and ink.
@Suite("Painting ahead")
struct PaintAheadTests {
    let width = 160, height = 120

    func scene(_ document: IndexedDrawing, _ view: ViewTransform, selection: Set<ShapeID> = []) -> Scene {
        var scene = Scene(document: document, selection: selection)
        scene.view = view
        return scene
    }

    func expectTheRenderersPixels(_ window: FakeWindow, _ scene: Scene, _ comment: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        expectSimilarPixels(window.screen, try reference(scene, width: width, height: height),
                            tolerance: CanvasCompositorTests.panTolerance, "\(comment)", sourceLocation: sourceLocation)
    }

    /// Paints ahead until the compositor says it is done; returns the bands painted.
    @discardableResult
    func paintAhead(_ window: FakeWindow, _ scene: Scene) -> Int {
        var bands = 0
        while window.compositor.paintAhead(scene) { bands += 1 }
        return bands + 1
    }

    @Test(arguments: [(seed: UInt64(21), count: 60, scale: 1.0), (22, 1_500, 1.0), (23, 1_500, 1.5)])
    func aPanWithinTheMarginIsACopyAndShowsWhatTheRendererPaints(seed: UInt64, count: Int, scale: Double) throws {
        let document = PanTests().pile(count, seed: seed)
        let window = try FakeWindow(width: width, height: height)
        let start = ViewTransform(screenScale: scale).panned(by: Vector(dx: -20, dy: -15))
        try window.frame(scene(document, start))
        let bands = paintAhead(window, scene(document, start))
        #expect(!window.compositor.paintAhead(scene(document, start)), "done means done")
        let margin = CanvasCompositor.margin(width: width, height: height)
        #expect(bands >= 4, "the margin took a band a side at least: \(bands)")
        let before = window.compositor.statistics
        // Around the margin, never past it: every pan only copies.
        var view = start
        for (step, pan) in [Vector(dx: 3, dy: 0), Vector(dx: 0.4, dy: -7), Vector(dx: -25, dy: 10), Vector(dx: 20, dy: -30),
                            Vector(dx: Double(margin.x) - 1, dy: 0), Vector(dx: -2 * Double(margin.x) + 4, dy: Double(margin.y) - 2)].enumerated() {
            view = view.panned(by: Vector(dx: pan.dx / scale, dy: pan.dy / scale))
            try window.frame(scene(document, view))
            guard try expectTheRenderersPixels(window, scene(document, view), "pan \(step) within the margin") else { return }
        }
        let within = window.compositor.statistics
        #expect(within.scrolls == before.scrolls && within.repairs == before.repairs && within.rebuilds == before.rebuilds,
                "pans within the margin paint nothing into the layer: \(before) -> \(within)")
        // Past it: the layer moves and paints the strip; painting ahead then fills the margin again.
        for (step, pan) in [Vector(dx: -30, dy: 0), Vector(dx: 0, dy: 200), Vector(dx: 500, dy: -260)].enumerated() {
            view = view.panned(by: Vector(dx: pan.dx / scale, dy: pan.dy / scale))
            try window.frame(scene(document, view))
            guard try expectTheRenderersPixels(window, scene(document, view), "pan \(step) past the margin") else { return }
            paintAhead(window, scene(document, view))
            view = view.panned(by: Vector(dx: 9, dy: -9))
            try window.frame(scene(document, view))
            guard try expectTheRenderersPixels(window, scene(document, view), "after pan \(step), the margin painted again")
            else { return }
        }
        let after = window.compositor.statistics
        #expect(after.scrolls > within.scrolls && after.bandsPaintedAhead > within.bandsPaintedAhead && after.rebuilds == 1,
                "past the margin the layer moved, never repainted whole: \(after)")
    }

    /// The margin half painted (a band or a few), then pans every way: within what is painted, a copy; past
    /// it, the strip painted on the frame's path.
    @Test(arguments: [0, 1, 2, 3, 5])
    func aPartlyPaintedMarginShowsWhatTheRendererPaints(bands: Int) throws {
        let document = PanTests().pile(800, seed: 31)
        let window = try FakeWindow(width: width, height: height)
        var view = ViewTransform().panned(by: Vector(dx: -30, dy: -10))
        try window.frame(scene(document, view))
        for _ in 0..<bands { window.compositor.paintAhead(scene(document, view)) }
        for (step, pan) in [Vector(dx: 12, dy: 0), Vector(dx: -30, dy: 5), Vector(dx: 0, dy: 25), Vector(dx: 7, dy: -50),
                            Vector(dx: 44, dy: 44)].enumerated() {
            view = view.panned(by: pan)
            try window.frame(scene(document, view))
            guard try expectTheRenderersPixels(window, scene(document, view), "\(bands) bands ahead, pan \(step)") else { return }
            window.compositor.paintAhead(scene(document, view))
        }
    }

    /// Edits in the margin (outside the window) while it is painted, and while it is being painted: a shape
    /// deleted, one moved from the window into the margin, one recoloured, shapes added there and selected;
    /// the view then pans over them.
    @Test(arguments: [false, true])
    func editsInTheMarginShowWhenThePanReachesThem(finished: Bool) throws {
        var document = PanTests().pile(600, seed: 41)
        let window = try FakeWindow(width: width, height: height)
        var view = ViewTransform()
        var selection: Set<ShapeID> = []
        try window.frame(scene(document, view))
        if finished { paintAhead(window, scene(document, view)) } else { window.compositor.paintAhead(scene(document, view)) }
        let outside = document.shapes.filter { $0.bounds.minX > Double(width) && $0.bounds.maxX < Double(width) + 30 }
        let inside = document.shapes.filter { $0.bounds.maxX < Double(width) && $0.bounds.minY > 0 }
        try #require(outside.count >= 4 && inside.count >= 2)
        let edits: [(String, () -> Void)] = [
            ("a shape in the margin deleted", { _ = document.remove(outside[0].id) }),
            ("a shape moved from the window into the margin", {
                document.setGeometry(inside[0].geometry.translated(by: Vector(dx: Double(self.width), dy: 0)), of: inside[0].id)
            }),
            ("a shape in the margin recoloured", { document.setStyle(ShapeStyle(colour: Colour(hex: 0xF08C00), width: 16), of: outside[1].id) }),
            ("a line, a circle and ink added in the margin", {
                for (place, kind) in [ShapeKind.line, .ellipse, .ink].enumerated() {
                    let begin = Point(x: Double(self.width) + 5, y: 10 + 35 * Double(place))
                    document.restore(Shape(id: document.nextID, geometry: .of(kind, Segment(begin: begin, end: begin + Vector(dx: 25, dy: 30))),
                                           style: ShapeStyle(colour: .black, width: 10)))
                }
            }),
            ("shapes in the margin selected", { selection = [outside[2].id, outside[3].id] }),
        ]
        for (name, edit) in edits {
            edit()
            try window.frame(scene(document, view, selection: selection))
            guard try expectTheRenderersPixels(window, scene(document, view, selection: selection), name) else { return }
            if !finished { window.compositor.paintAhead(scene(document, view, selection: selection)) }
        }
        for step in 0..<4 {
            view = view.panned(by: Vector(dx: 9, dy: 0))
            try window.frame(scene(document, view, selection: selection))
            guard try expectTheRenderersPixels(window, scene(document, view, selection: selection), "pan \(step) over the edits")
            else { return }
        }
    }

    /// A zoom after painting ahead: the preview scales the larger layer, the sharp frame paints one the
    /// viewport's size (no dearer than a first frame), which painting ahead grows again.
    @Test func aZoomAfterPaintingAheadPaintsTheViewportFirst() throws {
        let document = PanTests().pile(500, seed: 51)
        let window = try FakeWindow(width: width, height: height)
        var view = ViewTransform()
        try window.frame(scene(document, view))
        paintAhead(window, scene(document, view))
        view = view.zoomed(to: 1.25, keeping: Point(x: 80, y: 60), exactly: true)
        try window.frame(scene(document, view), preview: true)
        #expect(window.compositor.isShowingPreview)
        #expect(!window.compositor.paintAhead(scene(document, view)), "nothing is painted ahead over a preview")
        try window.frame(scene(document, view))
        #expect(try expectTheRenderersPixels(window, scene(document, view), "the sharp frame"))
        let sharp = window.compositor.cacheBytes
        paintAhead(window, scene(document, view))
        #expect(window.compositor.cacheBytes > sharp, "the margin grew again")
        view = view.panned(by: Vector(dx: 20, dy: -20))
        try window.frame(scene(document, view))
        #expect(try expectTheRenderersPixels(window, scene(document, view), "a pan after the zoom"))
    }

    /// Nothing is painted ahead for a scene other than the one last painted (a frame is owed first); and
    /// the margin costs the layer 2.25 times the viewport's pixels at most (the scratch image stays the
    /// viewport's size).
    @Test func paintingAheadWaitsForTheFrameAndCostsAtMostTheMargin() throws {
        var document = PanTests().pile(200, seed: 61)
        let window = try FakeWindow(width: width, height: height)
        try window.frame(scene(document, ViewTransform()))
        let first = window.compositor.cacheBytes
        #expect(!window.compositor.paintAhead(scene(document, ViewTransform().panned(by: Vector(dx: 5, dy: 0)))), "the view moved")
        document.restore(Shape(id: document.nextID, geometry: .line(Segment(begin: Point(x: 1, y: 1), end: Point(x: 9, y: 9))),
                               style: ShapeStyle(colour: .black, width: 10)))
        #expect(!window.compositor.paintAhead(scene(document, ViewTransform())), "the drawing changed")
        #expect(window.compositor.cacheBytes == first)
        try window.frame(scene(document, ViewTransform()))
        paintAhead(window, scene(document, ViewTransform()))
        let pixels = width * height
        #expect(window.compositor.cacheBytes > first)
        #expect(window.compositor.cacheBytes <= pixels * 4 + pixels * 9 / 4 * 4 + pixels * 9 / 4 * 17 / 16,
                "the scratch image, the layer with its margin and its cells: \(window.compositor.cacheBytes)")
    }

    /// The layer's steps toward its goal: each within a band, never larger than the goal, keeping what it
    /// held that the goal wants, and the goal reached.
    @Test func theLayerStepsTowardItsGoalABandAtATime() {
        let goal = Rect(x: -40, y: -30, width: 240, height: 180)
        for start in [Rect(x: 0, y: 0, width: 160, height: 120), Rect(x: 100, y: -90, width: 240, height: 180),
                      Rect(x: -300, y: 50, width: 200, height: 150)] {
            var now = start, steps = 0
            while now != goal, steps < 100 {
                let next = now.steppedToward(goal, by: 64)
                #expect(next.width <= goal.width && next.height <= goal.height, "\(next)")
                #expect(abs(next.minX - now.minX) <= 64 && abs(next.maxX - now.maxX) <= 64 && abs(next.minY - now.minY) <= 64
                        && abs(next.maxY - now.maxY) <= 64, "\(now) -> \(next)")
                now = next
                steps += 1
            }
            #expect(now == goal, "from \(start)")
        }
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).nearestPlace(holding: Rect(x: 12, y: -3, width: 4, height: 4))
                == Rect(x: 6, y: -3, width: 10, height: 10))
    }
}
