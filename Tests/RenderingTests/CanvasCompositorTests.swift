import Foundation
import CCairo
import Canvas
import DrawingTesting
@testable import Rendering
import SeededRandom
import Shapes
import TestSupport
import Testing

@Suite("The canvas compositor")
struct CanvasCompositorTests {
    let renderer = Renderer()

    func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
        Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    /// A drawing of `count` short lines spread over a 400x300 canvas.
    func busyDrawing(_ count: Int) -> Drawing {
        var generator = SeededGenerator(seed: 7)
        var drawing = Drawing()
        for _ in 0..<count {
            let x = Double.random(in: 0...400, using: &generator), y = Double.random(in: 0...300, using: &generator)
            drawing.add(.line(segment(x, y, x + Double.random(in: -30...30, using: &generator), y + Double.random(in: -30...30, using: &generator))))
        }
        return drawing
    }

    /// Where a stroke of `segment` at the standard width paints.
    func coverage(_ segment: Segment) -> Rect { renderer.coverage(of: ShapeInProgress(geometry: .line(segment))) }

    func inProgress(_ segments: [Segment]) -> [ShapeInProgress] { segments.map { ShapeInProgress(geometry: .line($0)) } }

    func wholePixels(_ rect: Rect) -> Rect {
        Rect(minX: max(0, rect.minX.rounded(.down)), minY: max(0, rect.minY.rounded(.down)),
             maxX: rect.maxX.rounded(.up), maxY: rect.maxY.rounded(.up))
    }

    // MARK: - Same pixels as the renderer

    /// The drawings the random sequences start from: a few shapes, or so many that nearly every cell
    /// of the canvas is covered whole by some line, most shapes lie buried and edits are made under and
    /// over them. Shapes are lines and circles (some of a box with no width or height) of many colours
    /// and widths; painted with or without the drawing's index, on a screen of scale 1 or another, the
    /// view panned by a little or a lot and zoomed now and then, with the hints at the window's edges.
    /// With `oneWidth`, every shape is 10 px wide, as most drawings are: the index's search around an area is
    /// then as narrow as it gets. `make test` takes the first `quick` steps of each sequence (each still goes
    /// through every path below and buries more shapes than it starts with), `make test-long` all `steps`.
    static let sequences: [(seed: UInt64, lines: Int, steps: Int, quick: Int, indexed: Bool, scale: Double, oneWidth: Bool)] = [
        (1, 30, 400, 130, false, 1, false), (2, 30, 400, 130, true, 1, false), (3, 30, 400, 130, true, 1.5, false),
        (4, 600, 150, 50, true, 1, false), (5, 600, 100, 35, false, 1, false), (6, 600, 150, 50, true, 2, false),
        (7, 300, 300, 100, true, 1, true), (8, 300, 200, 200, true, 1.5, true),  // 8 buries its shapes late
    ]

    @Test(arguments: sequences)
    func theScreenShowsWhatTheRendererPaintsAfterAnySequenceOfEditsAndViews(seed: UInt64, lines: Int, steps: Int, quick: Int,
                                                                           indexed: Bool, scale: Double, oneWidth: Bool) throws {
        var random = SeededGenerator(seed: seed)
        // How many more shapes a selection has: drawn from a generator of its own, so that the sequence of edits
        // and views stays the one each seed always gave.
        var more = SeededGenerator(seed: seed + 1000)
        // How much is painted ahead after each frame: a generator of its own too.
        var ahead = SeededGenerator(seed: seed + 2000)
        var size = (width: 160, height: 120)
        var view = ViewTransform(screenScale: scale)
        let window = try FakeWindow(width: size.width, height: size.height, renderer: renderer)
        var document = IndexedDrawing()
        var shapesInProgress: [UInt64: ShapeInProgress] = [:]  // by contact, as the app keeps them
        var selection: Set<ShapeID> = []
        var overlays: [Overlay] = []
        var deleted: [Shape] = []
        var cleared: [Shape] = []
        // Whether the layer has held more than the window: after a pan, or painting ahead.
        var hasPanned = false

        func coordinate(_ limit: Int) -> Double { Double.random(in: -15...Double(limit + 15), using: &random) }
        /// A document point near the window, wherever the view is.
        func randomPoint() -> Point { view.document(Point(x: coordinate(size.width), y: coordinate(size.height))) }
        func randomSegment() -> Segment {
            let begin = randomPoint()
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return Segment(begin: begin, end: Point(x: begin.x, y: randomPoint().y))  // a flat box
            case 1: return Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -4...4, using: &random), dy: 2))
            default: return Segment(begin: begin, end: randomPoint())
            }
        }
        func randomKind() -> ShapeKind {
            let roll = Int.random(in: 0..<10, using: &random)
            return roll < 3 ? .ellipse : roll < 5 ? .ink : .line
        }
        func randomWidth() -> Double {
            oneWidth ? 10 : [10, 10, 16, 5, 2, Double.random(in: 0.5...40, using: &random)].randomElement(using: &random)!
        }
        func randomStyle() -> ShapeStyle {
            let colours = [Colour.black, Colour(hex: 0x1E50DC), Colour(hex: 0xF08C00), Colour(hex: 0x787878), .white,
                           Colour(hex: UInt32.random(in: 0...0xFFFFFF, using: &random))]
            return ShapeStyle(colour: colours.randomElement(using: &random)!, width: randomWidth())
        }
        func someLine() -> Shape? { document.shapes.randomElement(using: &random) }
        func add(_ kind: ShapeKind, _ segment: Segment, _ style: ShapeStyle) {
            document.restore(Shape(id: document.nextID, geometry: .of(kind, segment), style: style))
        }
        func addRandomShape() { add(randomKind(), randomSegment(), randomStyle()) }

        for _ in 0..<lines { addRandomShape() }
        for step in 0..<TestLength.pick(quick, long: steps) {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<16: addRandomShape()
                case 16..<24: if let line = someLine() { document.setGeometry(.of(line.kind, randomSegment()), of: line.id) }
                case 24..<32: if let line = someLine() { document.setStyle(randomStyle(), of: line.id) }
                case 32..<38: if let line = someLine() { deleted.append(document.remove(line.id)!) }
                case 38..<44: if let line = deleted.popLast() { document.restore(line) }
                case 44..<46: cleared = document.removeAll()
                case 46..<48: document.restore(contentsOf: cleared); cleared = []
                case 48..<56:
                    let circles = document.shapes.filter { $0.kind == .ellipse }
                    let one = Bool.random(using: &random) ? (Bool.random(using: &random) ? circles : document.shapes).randomElement(using: &random)?.id : nil
                    let others = (0..<Int.random(in: 0...2, using: &more)).compactMap { _ in document.shapes.randomElement(using: &more)?.id }
                    selection = one.map { Set([$0] + others) } ?? []
                case 56..<58:  // the selected shapes restyled, as choosing a colour or width with shapes selected does
                    if !selection.isEmpty {
                        let style = randomStyle()
                        for id in selection { document.setStyle(style, of: id) }
                    }
                case 58..<66:
                    let key = UInt64.random(in: 0..<3, using: &random)
                    shapesInProgress[key] = ShapeInProgress(geometry: .of(randomKind(), randomSegment()), width: randomWidth())
                case 66..<84:
                    guard let key = shapesInProgress.keys.sorted().randomElement(using: &random) else { break }
                    let old = shapesInProgress[key]!.geometry
                    shapesInProgress[key]!.geometry = .of(old.kind, Segment(begin: old.segment.begin, end: randomPoint()))
                case 84..<90:
                    guard let key = shapesInProgress.keys.sorted().randomElement(using: &random) else { break }
                    let shape = shapesInProgress.removeValue(forKey: key)!
                    add(shape.geometry.kind, shape.geometry.segment, ShapeStyle(colour: randomStyle().colour, width: shape.width))
                case 90..<93:
                    overlays = overlays.isEmpty
                        ? [Overlay(frame: Rect(x: coordinate(size.width), y: coordinate(size.height), width: 60.5, height: 28), rows: ["Delete"])]
                        : []
                case 93..<94: for _ in 0..<20 { addRandomShape() }  // more than the drawing remembers
                case 94..<95:
                    if let line = someLine() { document.setGeometry(line.geometry.translated(by: Vector(dx: 0.3, dy: -0.7)), of: line.id) }
                case 95..<97:  // a pan: mostly a few pixels, sometimes more than the window
                    hasPanned = true
                    let far = Int.random(in: 0..<6, using: &random) == 0 ? 300.0 : 40.0
                    view = view.panned(by: Vector(dx: Double.random(in: -far...far, using: &random), dy: Double.random(in: -far...far, using: &random)))
                case 97..<98:  // a zoom about a point of the window
                    view = view.zoomed(to: view.zoom * [0.5, 0.8, 1.25, 2, 1 / view.zoom].randomElement(using: &random)!,
                                       keeping: Point(x: coordinate(size.width), y: coordinate(size.height)))
                default:
                    size = (Int.random(in: 100...200, using: &random), Int.random(in: 80...160, using: &random))
                    try window.resize(width: size.width, height: size.height)
                }
            }
            var scene = Scene(document: document, shapesInProgress: shapesInProgress.sorted { $0.key < $1.key }.map(\.value),
                              selection: selection, overlays: overlays)
            scene.view = view
            scene.hints = EdgeHints.bars(for: document.drawing.paintedBounds, view: view,
                                         in: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
            if !indexed { scene.index = nil }
            let damage = try window.frame(scene)
            expectWellFormed(damage, width: size.width, height: size.height)
            let expected = try reference(scene, width: size.width, height: size.height, renderer: renderer)
            // Exactly the renderer's pixels, until a pan or painting ahead kept some of a line stroked where the
            // window's edge cut it (the layer's edge lay elsewhere).
            guard hasPanned ? expectSimilarPixels(window.screen, expected, tolerance: Self.panTolerance, "screen at step \(step)")
                : expectSamePixels(window.screen, expected, "screen at step \(step)") else { return }
            // The loop's idle time: none, a band or two of the margin painted ahead, or all of it.
            switch Int.random(in: 0..<4, using: &ahead) {
            case 0: break
            case 1, 2: for _ in 0..<Int.random(in: 1...2, using: &ahead) { window.compositor.paintAhead(scene) }
            default: while window.compositor.paintAhead(scene) {}
            }
            if window.compositor.statistics.bandsPaintedAhead > 0 { hasPanned = true }
        }
        let statistics = window.compositor.statistics
        #expect(statistics.appendedShapes > 0 && statistics.repairs > 0 && statistics.rebuilds > 1
                && statistics.scrolls + statistics.bandsPaintedAhead > 0,
                "the sequence went through every path: \(statistics)")
        if lines > 100 { #expect(statistics.buriedShapes > lines, "many shapes lay buried: \(statistics)") }
    }

    /// Ink in progress grows a point at a time: each frame repaints only around its new piece and the piece
    /// before it, and the screen is what the renderer paints, with even and varying widths.
    @Test(arguments: [false, true])
    func inkInProgressRepaintsOnlyItsNewPieces(varyingWidths: Bool) throws {
        let window = try FakeWindow(width: 400, height: 300)
        let drawing = busyDrawing(300)
        var random = SeededGenerator(seed: 41)
        var point = Point(x: 60, y: 150), heading = 0.0
        var ink = Ink.starting(at: point, width: varyingWidths ? 0.5 : nil)
        let width = 12.0
        try window.frame(Scene(drawing: drawing, shapesInProgress: [ShapeInProgress(geometry: .ink(ink), width: width)]))
        for step in 0..<150 {
            heading += Double.random(in: -0.4...0.4, using: &random)
            point = Point(x: point.x + 2 * cos(heading), y: point.y + 2 * sin(heading))
            ink = ink.appending(point, width: varyingWidths ? Double.random(in: 0.2...1, using: &random) : nil)
            let scene = Scene(drawing: drawing, shapesInProgress: [ShapeInProgress(geometry: .ink(ink), width: width)])
            let damage = try window.frame(scene)
            #expect(damage.allSatisfy { $0.width <= 2 * 8 + width + 8 && $0.height <= 2 * 8 + width + 8 }, "step \(step): \(damage)")
            if step % 10 == 9 {
                guard expectSamePixels(window.screen, try reference(scene, width: 400, height: 300), "step \(step)") else { return }
            }
        }
        #expect(window.compositor.statistics.rebuilds == 1)
    }

    /// Damage is whole pixels, inside the canvas, and its rectangles neither overlap nor touch.
    /// How far a pixel may be from the renderer's once the view moved or the layer was painted ahead (an
    /// image larger than the window), in levels of a channel: Cairo cuts a stroke at its surface's edge,
    /// rounding where, and a few antialiased pixels of a line that crossed the window's edge move by up to
    /// 14 levels (measured over 2000 random lines); where two such lines' edges share a pixel the two add
    /// up (21 levels, once, in the random sequences below with the margin painted ahead: the strips and
    /// bands are painted on the scratch image placed where they are, its edges elsewhere than the window's).
    static let panTolerance: UInt32 = 24

    /// Damage is whole pixels, inside the canvas, and its rectangles neither overlap nor touch unless their
    /// box would be far larger than they are (then they would be one).
    func expectWellFormed(_ damage: [Rect], width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for rect in damage {
            let whole = [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { $0 == $0.rounded() }
            let inside = rect.minX >= 0 && rect.minY >= 0 && rect.maxX <= Double(width) && rect.maxY <= Double(height)
            #expect(whole && inside && !rect.isEmpty, "\(rect)", sourceLocation: sourceLocation)
        }
        for (i, a) in damage.enumerated() {
            for b in damage[(i + 1)...] {
                let apart = a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY
                #expect(apart && !DamageRegion.belongTogether(a, b), "\(a) and \(b) should have been merged", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aPanelsButtonsStayInTheWindowWithItsFrameWhereverTheViewIs() {
        var toolbar = Overlay(frame: Rect(x: 0, y: 0, width: 200, height: 28), rows: [])
        toolbar.buttons = [OverlayButton(frame: Rect(x: 2, y: 2, width: 24, height: 24), icon: Icon([]))]
        var scene = Scene(drawing: Drawing(), overlays: [toolbar])
        scene.view = ViewTransform(zoom: 1.5, origin: Point(x: 120, y: -40))
        let foreground = Foreground(scene, scale: scene.view.scale)
        let panel = foreground.overlays[0]
        #expect(panel.buttons[0].frame.minX - panel.frame.minX == 2 && panel.buttons[0].frame.minY - panel.frame.minY == 2,
                "moved with the frame onto the canvas, not left behind outside it")
    }

    @Test func manyScatteredChangesAtOnceBecomeOneRectangleAroundThem() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var shapesInProgress = (0..<20).map { i in
            let x = Double(i % 5) * 80 + 10, y = Double(i / 5) * 70 + 10
            return segment(x, y, x + 5, y + 5)
        }
        try window.frame(Scene(drawing: Drawing(), shapesInProgress: inProgress(shapesInProgress)))
        for i in shapesInProgress.indices { shapesInProgress[i].end.x += 1 }
        let damage = try window.frame(Scene(drawing: Drawing(), shapesInProgress: inProgress(shapesInProgress)))
        #expect(damage.count == 1)
        #expect(damage.first.map { $0.minX <= 4 && $0.minY <= 4 && $0.maxX >= 337 && $0.maxY >= 231 } == true)
        expectSamePixels(window.screen, try reference(Scene(drawing: Drawing(), shapesInProgress: inProgress(shapesInProgress)), width: 400, height: 300))
    }

    @Test func aLineAddedUnderLaterLinesByUndoIsRepaintedUnderThem() throws {
        let window = try FakeWindow(width: 100, height: 60)
        var drawing = Drawing()
        let under = drawing.add(.line(segment(10, 30, 90, 30)))
        drawing.add(.line(segment(50, 5, 50, 55)))
        let selection = drawing.add(.line(segment(10, 10, 90, 50)))
        try window.frame(Scene(drawing: drawing, selection: [selection]))
        let removed = drawing.remove(under)!
        try window.frame(Scene(drawing: drawing, selection: [selection]))
        drawing.restore(removed)
        let scene = Scene(drawing: drawing, selection: [selection])
        try window.frame(scene)
        expectSamePixels(window.screen, try reference(scene, width: 100, height: 60))
        #expect(window.compositor.statistics.rebuilds == 1, "only the first frame rebuilt")
    }

    // MARK: - Damage

    @Test func aViewportPaintsItsPartOfAHugeCanvasExactlyAsTheRendererDoesAndHoldsOnlyThat() throws {
        // A window 32767 px a side of which a 200x150 part is on screen: the compositor and its caches
        // hold that part only, and paint it as the renderer would with the same origin.
        let compositor = CanvasCompositor()
        let target = try CairoSurface(imageWidth: 200, height: 150)
        let context = CairoContext(target)
        var drawing = Drawing()
        var random = SeededGenerator(seed: 11)
        func coordinate(_ low: Double, _ high: Double) -> Double { Double.random(in: low...high, using: &random) }
        for _ in 0..<300 {
            drawing.add(.line(segment(coordinate(900, 1300), coordinate(700, 1100), coordinate(900, 1300), coordinate(700, 1100))))
        }
        var origin = PixelPoint(x: 1000, y: 800)
        func expectTheRenderersPixels(_ scene: Scene, _ comment: Comment, tolerance: UInt32 = 0) throws {
            let expected = try CairoSurface(imageWidth: 200, height: 150)
            Renderer().draw(scene, on: CairoContext(expected), origin: origin)
            if tolerance == 0 { expectSamePixels(target, expected, comment) } else {
                expectSimilarPixels(target, expected, tolerance: tolerance, comment)
            }
        }
        let viewport = { Rect(x: Double(origin.x), y: Double(origin.y), width: 200, height: 150) }

        var damage = try compositor.render(Scene(drawing: drawing), onto: context, origin: origin)
        #expect(damage == [viewport()])
        try expectTheRenderersPixels(Scene(drawing: drawing), "first frame")
        #expect(compositor.cacheBytes <= 2 * 200 * 150 * 4 + 200 * 150 * 17 / 16, "two images and the solid cells")

        let red = [ShapeInProgress(geometry: .ellipse(box: segment(1010, 810, 1150, 900)), width: 16)]
        damage = try compositor.render(Scene(drawing: drawing, shapesInProgress: red), onto: context, origin: origin)
        #expect(!damage.isEmpty && damage.allSatisfy { $0.minX >= 1000 && $0.minY >= 800 && $0.maxX <= 1200 && $0.maxY <= 950 })
        try expectTheRenderersPixels(Scene(drawing: drawing, shapesInProgress: red), "a circle in progress")

        drawing.add(.ellipse(box: red[0].geometry.segment), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 16))
        let deleted = try #require(drawing.shapes.first { $0.bounds.intersects(viewport()) })
        drawing.remove(deleted.id)
        _ = try compositor.render(Scene(drawing: drawing), onto: context, origin: origin)
        try expectTheRenderersPixels(Scene(drawing: drawing), "a line finished, another deleted")

        #expect(compositor.holdsTheFrame(context))
        #expect(!compositor.holdsTheFrame(CairoContext(try CairoSurface(imageWidth: 200, height: 150))),
                "a new target (a resize's new buffer) holds nothing yet")
        // The screen, as the window holds it: what stays on screen moves there, then the strips come.
        let screen = try CairoSurface(imageWidth: 200, height: 150)
        let screenContext = CairoContext(screen)
        cairo_set_source_surface(screenContext.pointer, target.pointer, 0, 0)
        cairo_paint(screenContext.pointer)
        origin = PixelPoint(x: 1040, y: 830)  // the window moved: another part is on screen
        damage = try compositor.render(Scene(drawing: drawing), onto: context, origin: origin)
        #expect(compositor.lastShift.map { [$0.dx, $0.dy] } == [-40, -30], "what stays on screen moves")
        #expect(damage == [Rect(x: 1040, y: 950, width: 200, height: 30), Rect(x: 1200, y: 830, width: 40, height: 120)],
                "only the strips uncovered are painted")
        #expect(!compositor.holdsTheFrame(context), "the target holds the strips, not the frame: it was not moved")
        screen.shift(byX: -40, y: -30)
        for rect in damage {
            cairo_save(screenContext.pointer)
            cairo_rectangle(screenContext.pointer, rect.minX - 1040, rect.minY - 830, rect.width, rect.height)
            cairo_clip(screenContext.pointer)
            cairo_set_operator(screenContext.pointer, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(screenContext.pointer, target.pointer, 0, 0)
            cairo_paint(screenContext.pointer)
            cairo_restore(screenContext.pointer)
        }
        let expected = try CairoSurface(imageWidth: 200, height: 150)
        Renderer().draw(Scene(drawing: drawing), on: CairoContext(expected), origin: origin)
        expectSimilarPixels(screen, expected, tolerance: Self.panTolerance, "after the viewport moved")
        compositor.forgetTheTarget()
        damage = try compositor.render(Scene(drawing: drawing), onto: context, origin: origin)
        #expect(damage == [viewport()] && compositor.holdsTheFrame(context), "asked for, the target is painted whole")
        try expectTheRenderersPixels(Scene(drawing: drawing), "the target painted whole", tolerance: Self.panTolerance)
    }

    @Test func theFirstFrameIsPaintedWhole() throws {
        let window = try FakeWindow(width: 120, height: 80)
        let damage = try window.frame(Scene(drawing: Drawing()))
        #expect(damage == [Rect(x: 0, y: 0, width: 120, height: 80)])
    }

    @Test func aFrameWithNothingNewDamagesNothing() throws {
        let window = try FakeWindow(width: 400, height: 300)
        let scene = Scene(drawing: busyDrawing(200), shapesInProgress: inProgress([segment(10, 10, 50, 50)]))
        try window.frame(scene)
        #expect(try window.frame(scene) == [])
    }

    @Test func movingALineInProgressDamagesOnlyItsOldAndNewPlace() throws {
        let window = try FakeWindow(width: 400, height: 300)
        let drawing = busyDrawing(1000)
        let old = segment(100, 100, 140.5, 120.25), other = segment(300, 200, 350, 250)
        try window.frame(Scene(drawing: drawing, shapesInProgress: inProgress([old, other])))

        let near = segment(100, 100, 150, 130)
        let overlapping = try window.frame(Scene(drawing: drawing, shapesInProgress: inProgress([near, other])))
        #expect(overlapping == [wholePixels(coverage(old).union(coverage(near)))],
                "overlapping old and new places make one rectangle")

        let far = segment(100, 100, 20, 280)
        let apart = try window.frame(Scene(drawing: drawing, shapesInProgress: inProgress([far, other])))
        let expected = [coverage(near), coverage(far)].map(wholePixels)
        #expect(Set(apart) == Set(expected) || apart == [expected[0].union(expected[1])])
        #expect(apart.allSatisfy { $0.width <= 200 && $0.height <= 200 }, "the other line in progress is not repainted")
        #expect(window.compositor.statistics.rebuilds == 1)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, shapesInProgress: inProgress([far, other])), width: 400, height: 300))
    }

    @Test func aLineInProgressThatEndsDamagesItsPlaceWithoutRebuildingTheCache() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(1000)
        let stroke = segment(200, 20, 260, 90)
        try window.frame(Scene(drawing: drawing, shapesInProgress: inProgress([stroke])))
        let before = window.compositor.statistics

        drawing.add(.line(stroke))
        let damage = try window.frame(Scene(drawing: drawing))

        #expect(damage == [wholePixels(coverage(stroke))])
        let after = window.compositor.statistics
        #expect(after.rebuilds == before.rebuilds, "an appended line is stroked onto the cache, not rebuilt")
        #expect(after.appendedShapes == before.appendedShapes + 1)
        #expect(after.shapesRestroked == before.shapesRestroked, "no other line is stroked again")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    @Test func deletingOrMovingALineRepaintsOnlyItsAreaFromTheLinesThere() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = Drawing()
        let a = drawing.add(.line(segment(20, 20, 60, 20)))
        let b = drawing.add(.line(segment(20, 250, 60, 250)))
        drawing.add(.line(segment(300, 100, 380, 280)))
        try window.frame(Scene(drawing: drawing))

        drawing.remove(a)
        #expect(try window.frame(Scene(drawing: drawing)) == [wholePixels(coverage(segment(20, 20, 60, 20)))])
        #expect(window.compositor.statistics.shapesRestroked == 3 + 0, "nothing else reaches into the area")

        drawing.setGeometry(.line(segment(30, 240, 70, 260)), of: b)
        let damage = try window.frame(Scene(drawing: drawing))
        #expect(damage == [wholePixels(coverage(segment(20, 250, 60, 250)).union(coverage(segment(30, 240, 70, 260))))])
        #expect(window.compositor.statistics.shapesRestroked == 3 + 1, "only the moved line reaches into its area")
        #expect(window.compositor.statistics.rebuilds == 1)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    @Test func changingTheSelectionDamagesTheOldAndTheNewGreenLine() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(100)
        let first = drawing.add(.line(segment(10, 10, 50, 10)))
        let second = drawing.add(.line(segment(300, 250, 350, 290)))
        try window.frame(Scene(drawing: drawing, selection: [first]))

        let damage = try window.frame(Scene(drawing: drawing, selection: [second]))

        #expect(Set(damage) == Set([segment(10, 10, 50, 10), segment(300, 250, 350, 290)].map { wholePixels(coverage($0)) }))
        #expect(window.compositor.statistics.rebuilds == 1)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: [second]), width: 400, height: 300))
    }

    @Test func addingAShapeToTheSelectionDamagesOnlyThatShape() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(100)
        let first = drawing.add(.line(segment(10, 10, 50, 10)))
        let second = drawing.add(.line(segment(300, 250, 350, 290)))
        try window.frame(Scene(drawing: drawing, selection: [first]))

        let damage = try window.frame(Scene(drawing: drawing, selection: [first, second]))

        #expect(damage == [wholePixels(coverage(segment(300, 250, 350, 290)))])
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: [first, second]), width: 400, height: 300))
    }

    @Test func everyShapeSelectedCostsAFrameThatChangesNothingElseNoRepaint() throws {
        let window = try FakeWindow(width: 400, height: 300)
        let drawing = busyDrawing(2_000)
        let all = Set(drawing.shapes.map(\.id))
        try window.frame(Scene(drawing: drawing))
        try window.frame(Scene(drawing: drawing, selection: all))
        let before = window.compositor.statistics
        var inProgress = ShapeInProgress(geometry: .line(segment(10, 10, 20, 20)), width: 10)
        try window.frame(Scene(drawing: drawing, shapesInProgress: [inProgress], selection: all))
        inProgress.geometry = .line(segment(10, 10, 30, 25))
        let damage = try window.frame(Scene(drawing: drawing, shapesInProgress: [inProgress], selection: all))
        #expect(damage.count == 1 && damage[0].width < 40, "only the line in progress: \(damage)")
        #expect(window.compositor.statistics.rebuilds == before.rebuilds && window.compositor.statistics.repairs == before.repairs)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, shapesInProgress: [inProgress], selection: all),
                                                      width: 400, height: 300))
    }

    @Test func draggingManySelectedLinesTogetherLeavesTheCacheAlone() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(200)
        let dragged = Array(drawing.shapes.prefix(40))  // more than a drawing remembers changes
        let selection = Set(dragged.map(\.id))
        try window.frame(Scene(drawing: drawing, selection: selection))
        let before = window.compositor.statistics
        for step in 1...3 {
            drawing.setGeometries(dragged.map { ($0.id, $0.geometry.translated(by: Vector(dx: Double(step * 3), dy: 2))) })
            try window.frame(Scene(drawing: drawing, selection: selection))
        }
        let after = window.compositor.statistics
        #expect(after.rebuilds == before.rebuilds && after.repairs == before.repairs && after.shapesRestroked == before.shapesRestroked)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: selection), width: 400, height: 300))
    }

    @Test func draggingTheSelectedLineDamagesItsOldAndNewPlaceAndLeavesTheCacheAlone() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(1000)
        let dragged = drawing.add(.line(segment(100, 100, 160, 130)))
        try window.frame(Scene(drawing: drawing, selection: [dragged]))
        let before = window.compositor.statistics

        var place = segment(100, 100, 160, 130)
        for step in 1...5 {
            let next = place.translated(by: Vector(dx: 3, dy: 1.5))
            drawing.setGeometry(.line(next), of: dragged)
            let damage = try window.frame(Scene(drawing: drawing, selection: [dragged]))
            #expect(damage == [wholePixels(coverage(place).union(coverage(next)))], "step \(step)")
            place = next
        }

        #expect(window.compositor.statistics == before, "the selected line is not in the cache: no repair, no stroke")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: [dragged]), width: 400, height: 300))
    }

    @Test func selectingAShapeRepairsItsAreaOnceInsteadOfRebuilding() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = Drawing()
        let line = drawing.add(.line(segment(20, 20, 60, 20)))
        drawing.add(.line(segment(300, 100, 380, 280)))
        try window.frame(Scene(drawing: drawing))

        try window.frame(Scene(drawing: drawing, selection: [line]))
        try window.frame(Scene(drawing: drawing))

        let statistics = window.compositor.statistics
        #expect(statistics.rebuilds == 1 && statistics.repairs == 2)
        #expect(statistics.shapesRestroked == 2 + 0 + 1, "the first frame, then nothing, then the line back")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    @Test func anOverlayDamagesItsFrameWhenItAppearsAndWhenItGoes() throws {
        let window = try FakeWindow(width: 400, height: 300)
        let drawing = busyDrawing(100)
        try window.frame(Scene(drawing: drawing))
        let menu = Overlay(frame: Rect(x: 100.5, y: 50, width: 120, height: 28), rows: ["Delete"])

        #expect(try window.frame(Scene(drawing: drawing, overlays: [menu])) == [Rect(x: 100, y: 50, width: 121, height: 28)])
        #expect(try window.frame(Scene(drawing: drawing, overlays: [menu])) == [])
        #expect(try window.frame(Scene(drawing: drawing)) == [Rect(x: 100, y: 50, width: 121, height: 28)])
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    @Test func aResizeRepaintsEverythingFromARebuiltCache() throws {
        let window = try FakeWindow(width: 200, height: 100)
        let drawing = busyDrawing(300)
        try window.frame(Scene(drawing: drawing))
        try window.resize(width: 300, height: 250)
        #expect(try window.frame(Scene(drawing: drawing)) == [Rect(x: 0, y: 0, width: 300, height: 250)])
        #expect(window.compositor.statistics.rebuilds == 2)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 300, height: 250))
    }

    @Test func anotherDrawingIsPaintedFromScratch() throws {
        let window = try FakeWindow(width: 200, height: 150)
        try window.frame(Scene(drawing: busyDrawing(50)))
        let opened = Drawing(shapes: [Shape(id: ShapeID(3), geometry: .line(segment(10, 10, 100, 100)))])
        try window.frame(Scene(drawing: opened))
        #expect(window.compositor.statistics.rebuilds == 2)
        expectSamePixels(window.screen, try reference(Scene(drawing: opened), width: 200, height: 150))
    }

    @Test func theCachesHoldFourBytesAPixelEachAndAboutAByteAPixelForTheSolidCells() throws {
        let window = try FakeWindow(width: 800, height: 600)
        #expect(window.compositor.cacheBytes == 0, "no cache before the first frame")
        try window.frame(Scene(drawing: Drawing()))
        let images = 2 * 800 * 600 * 4
        #expect(window.compositor.cacheBytes > images && window.compositor.cacheBytes <= images + 800 * 600 * 17 / 16,
                "the line layer, the scratch image and the solid cells")
    }

    /// Deleting a line recounts the cells it topped, and the row of cells just past them: the shapes reaching
    /// that row must be counted too, or a black line's row turns solid over the orange edge below it.
    @Test func deletingALineRecountsTheCellsPastItsEdgeWithEveryShapeReachingThem() throws {
        let window = try FakeWindow(width: 100, height: 60)
        var document = IndexedDrawing()
        let blue = document.nextID
        document.restore(Shape(id: blue, geometry: .line(segment(0, 6, 100, 6)), style: ShapeStyle(colour: Colour(hex: 0x1E50DC))))
        document.restore(Shape(id: document.nextID, geometry: .line(segment(0, 10.5, 100, 10.5))))
        document.restore(Shape(id: document.nextID, geometry: .line(segment(0, 16.5, 100, 16.5)), style: ShapeStyle(colour: Colour(hex: 0xF08C00))))
        try window.frame(Scene(document: document))
        document.remove(blue)
        try window.frame(Scene(document: document))
        expectSamePixels(window.screen, try reference(Scene(drawing: document.drawing), width: 100, height: 60))
    }

    // MARK: - Lines buried under others

    /// `under` (drawn first), then parallel lines 4 px apart in `colour` covering the band y = 35...85 of
    /// a 200x120 canvas whole.
    func coveredBand(over under: [Shape] = [], colour: Colour = .black) -> IndexedDrawing {
        var document = IndexedDrawing()
        for line in under { document.restore(Shape(id: document.nextID, geometry: line.geometry, style: line.style)) }
        for y in stride(from: 40.0, through: 80, by: 4) {
            document.restore(Shape(id: document.nextID, geometry: .line(segment(20, y, 180, y)), style: ShapeStyle(colour: colour)))
        }
        return document
    }

    @Test(arguments: [Colour.black, Colour(hex: 0x336699)])
    func anEditUnderLinesThatCoverItWholeRepaintsNothingWhateverTheirColour(colour: Colour) throws {
        let window = try FakeWindow(width: 200, height: 120)
        let buried = Shape(id: ShapeID(1), geometry: .line(segment(80, 60, 120, 62)), style: ShapeStyle(colour: .red, width: 16))
        let circle = Shape(id: ShapeID(2), geometry: .ellipse(box: segment(60, 45, 140, 75)), style: ShapeStyle(colour: .green, width: 5))
        var document = coveredBand(over: [buried, circle], colour: colour)
        try window.frame(Scene(document: document))
        let before = window.compositor.statistics
        #expect(before.buriedShapes == 2 && before.shapesRestroked == 11, "only the band is stroked: \(before)")

        document.remove(buried.id)
        #expect(try window.frame(Scene(document: document)) == [], "deleted")
        document.restore(buried)
        #expect(try window.frame(Scene(document: document)) == [], "undeleted")
        document.setGeometry(.line(segment(70, 55, 130, 64)), of: buried.id)
        #expect(try window.frame(Scene(document: document)) == [], "moved")
        document.setStyle(ShapeStyle(colour: .black, width: 2), of: buried.id)
        #expect(try window.frame(Scene(document: document)) == [], "restyled")
        document.setGeometry(.line(segment(50, 50, 150, 70)), of: circle.id)
        #expect(try window.frame(Scene(document: document)) == [], "a circle moved")
        let after = window.compositor.statistics
        #expect(after.repairs == before.repairs && after.shapesRestroked == before.shapesRestroked && after.appendedShapes == 0,
                "no repair, no stroke: \(after)")
        expectSamePixels(window.screen, try reference(Scene(document: document), width: 200, height: 120))

        document.remove(ShapeID(3))  // the band's top line: its upper rim shows
        #expect(try window.frame(Scene(document: document)) != [])
        expectSamePixels(window.screen, try reference(Scene(document: document), width: 200, height: 120))
    }

    @Test func aShapeAddedOnTopIsStrokedEvenWhereLinesCoverEverythingAndBuriesWhatItCoversWhole() throws {
        let window = try FakeWindow(width: 200, height: 120)
        var document = coveredBand()
        try window.frame(Scene(document: document))
        let top = Shape(id: document.nextID, geometry: .line(segment(60, 60, 140, 60)), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 20))
        document.restore(top)
        #expect(try window.frame(Scene(document: document)) == [wholePixels(renderer.coverage(of: top))])
        #expect(window.compositor.statistics.appendedShapes == 1)
        expectSamePixels(window.screen, try reference(Scene(document: document), width: 200, height: 120))

        let before = window.compositor.statistics
        document.setStyle(ShapeStyle(colour: Colour(hex: 0x008C8C)), of: ShapeID(6))  // a band line under the new one, in its middle
        let damage = try window.frame(Scene(document: document))
        #expect(!damage.isEmpty, "its ends still show")
        #expect(!damage.contains { $0.minX <= 100 && $0.maxX >= 100 }, "its middle, under the new line, does not: \(damage)")
        expectSamePixels(window.screen, try reference(Scene(document: document), width: 200, height: 120))
        #expect(window.compositor.statistics.repairs == before.repairs + 1)
    }

    @Test func restylingAShapeRepaintsOnlyItsAreaBeforeAndAfter() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = Drawing()
        let line = drawing.add(.line(segment(20, 20, 60, 20)), style: ShapeStyle(colour: .black, width: 16))
        let circle = drawing.add(.ellipse(box: segment(200, 100, 300, 180)), style: ShapeStyle(colour: .black, width: 5))
        drawing.add(.line(segment(300, 250, 380, 280)))
        try window.frame(Scene(drawing: drawing))

        drawing.setStyle(ShapeStyle(colour: Colour(hex: 0xF08C00), width: 4), of: line)
        #expect(try window.frame(Scene(drawing: drawing)) == [wholePixels(renderer.coverage(of: Shape(id: line, geometry: .line(segment(20, 20, 60, 20)), style: ShapeStyle(width: 16))))],
                "where it was, wider")
        #expect(window.compositor.statistics.shapesRestroked == 3 + 1, "nothing else reaches into the area")
        drawing.setStyle(ShapeStyle(colour: Colour(hex: 0x8C28B4), width: 9), of: circle)
        #expect(try window.frame(Scene(drawing: drawing)) == [wholePixels(renderer.coverage(of: drawing.shape(circle)!))],
                "where it is, wider")
        #expect(window.compositor.statistics.shapesRestroked == 3 + 1 + 1)
        #expect(window.compositor.statistics.rebuilds == 1)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    @Test func theSelectedCircleIsGreenAndLeavesTheCacheWhileItIsDragged() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var drawing = busyDrawing(300)
        let circle = drawing.add(.ellipse(box: segment(100, 100, 220, 160)), style: ShapeStyle(colour: Colour(hex: 0x008C8C), width: 16))
        try window.frame(Scene(drawing: drawing, selection: [circle]))
        let before = window.compositor.statistics
        var place = segment(100, 100, 220, 160)
        for step in 1...4 {
            let next = place.translated(by: Vector(dx: 5, dy: 2.5))
            drawing.setGeometry(.line(next), of: circle)
            let damage = try window.frame(Scene(drawing: drawing, selection: [circle]))
            let moved = [place, next].map { Shape(id: circle, geometry: .ellipse(box: $0), style: ShapeStyle(width: 16)) }
            #expect(damage == [wholePixels(renderer.coverage(of: moved[0]).union(renderer.coverage(of: moved[1])))], "step \(step)")
            place = next
        }
        #expect(window.compositor.statistics == before)
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: [circle]), width: 400, height: 300))
    }

    @Test func theFirstFrameOfManyLinesStrokesOnlyTheLinesThatShow() throws {
        let window = try FakeWindow(width: 200, height: 150)
        var random = SeededGenerator(seed: 21)
        var drawing = Drawing()
        for _ in 0..<5_000 {
            let x = Double.random(in: 0...200, using: &random), y = Double.random(in: 0...150, using: &random)
            drawing.add(.line(segment(x, y, x + Double.random(in: -40...40, using: &random), y + Double.random(in: -40...40, using: &random))))
        }
        try window.frame(Scene(drawing: drawing))
        let statistics = window.compositor.statistics
        #expect(statistics.shapesRestroked + statistics.buriedShapes == 5_000)
        #expect(statistics.shapesRestroked < 500, "\(statistics)")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 200, height: 150))
    }

    @Test func aDrawingLargeEnoughToShareAmongTheCoresIsPaintedAsTheRendererPaintsIt() throws {
        let window = try FakeWindow(width: 240, height: 180)
        var random = SeededGenerator(seed: 23)
        var drawing = Drawing()
        // Mostly black lines 10 px wide, as drawings are; every fifth shape another colour or width, every
        // ninth a circle: the parts' counts of shapes of other colours must add up across the cores.
        let styles = [ShapeStyle(colour: Colour(hex: 0x1E50DC)), ShapeStyle(colour: .white, width: 16),
                      ShapeStyle(colour: Colour(hex: 0xF08C00), width: 2), ShapeStyle(width: 5)]
        for index in 0..<50_000 {
            let x = Double.random(in: -20...260, using: &random), y = Double.random(in: -20...200, using: &random)
            let style = index % 5 == 0 ? styles[index / 5 % styles.count] : ShapeStyle.standard
            let box = segment(x, y, x + Double.random(in: -60...60, using: &random), y + Double.random(in: -60...60, using: &random))
            drawing.add(index % 9 == 0 ? .ellipse(box: box) : .line(box), style: style)
        }
        let selected = drawing.shapes[777].id
        try window.frame(Scene(drawing: drawing, selection: [selected]))
        let statistics = window.compositor.statistics
        #expect(statistics.shapesRestroked + statistics.buriedShapes < 50_000, "lines off the canvas are not looked at")
        #expect(statistics.shapesRestroked >= 2 * ShapeLayer.shapesPerPart, "more shapes show than two cores' shares")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing, selection: [selected]), width: 240, height: 180))
    }

    @Test func aFirstFrameOfManyLinesThatShowIsStrokedInTwoHalvesAtOnceAsTheRendererPaintsIt() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var random = SeededGenerator(seed: 29)
        var drawing = Drawing()
        for _ in 0..<1_500 {
            let x = Double.random(in: -10...410, using: &random), y = Double.random(in: -10...310, using: &random)
            drawing.add(.line(segment(x, y, x + Double.random(in: -25...25, using: &random), y + Double.random(in: -60...60, using: &random))))
        }
        try window.frame(Scene(drawing: drawing))
        #expect(window.compositor.statistics.shapesRestroked >= ShapeLayer.strokesPerHalf, "enough lines show to share them")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    /// Each half is clipped to itself: strokes that cross the middle (ink of every width, circles) are
    /// rasterised on each side as on one image, wherever the view puts the layer's edge on the grid of cells
    /// (rings beginning or ending about the middle with it).
    @Test func aFirstFrameOfInkAndCirclesAcrossTheMiddleIsTheRenderersToo() throws {
        let window = try FakeWindow(width: 400, height: 300)
        var random = SeededGenerator(seed: 31)
        var drawing = Drawing()
        for index in 0..<600 {
            var p = Point(x: Double.random(in: -10...410, using: &random), y: Double.random(in: 100...200, using: &random))
            var points = [p]
            for _ in 0..<20 {
                p = Point(x: p.x + Double.random(in: -6...6, using: &random), y: p.y + Double.random(in: -8...8, using: &random))
                points.append(p)
            }
            let widths = index % 3 == 0 ? points.indices.map { 0.3 + 0.7 * Double($0 % 5) / 4 } : nil
            let style = ShapeStyle(colour: Colour(hex: UInt32(index % 7) * 0x203040), width: Double(1 + index % 16))
            drawing.add(index % 10 == 0 ? .ellipse(box: segment(p.x - 30, p.y - 40, p.x + 30, p.y + 40)) : .ink(Ink(points: points, widths: widths)),
                        style: style)
        }
        // Rings whose tops or bottoms are about the middle (y = 150).
        for index in 0..<160 {
            let edge = Double.random(in: 136...160, using: &random), x = Double(index / 2 * 5)
            let top = index % 2 == 0 ? edge : edge - 40
            drawing.add(.ellipse(box: segment(x, top, x + 50, top + 40)), style: ShapeStyle(colour: Colour(hex: UInt32(index) * 0x030507), width: 3))
        }
        try window.frame(Scene(drawing: drawing))
        #expect(window.compositor.statistics.shapesRestroked >= ShapeLayer.strokesPerHalf, "enough shapes show to share them")
        expectSamePixels(window.screen, try reference(Scene(drawing: drawing), width: 400, height: 300))
        for offset in [Vector(dx: 3, dy: 5), Vector(dx: -1, dy: -2)] {
            var panned = Scene(drawing: drawing)
            panned.view = ViewTransform(screenScale: 1).panned(by: offset)
            let other = try FakeWindow(width: 400, height: 300)
            try other.frame(panned)
            expectSamePixels(other.screen, try reference(panned, width: 400, height: 300), "panned by \(offset)")
        }
    }
}
