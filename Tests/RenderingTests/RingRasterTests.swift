import CCairo
import Canvas
@testable import Rendering
import SeededRandom
import Shapes
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Circles painted into an image's pixels (`RingRaster`) against the same circles stroked by Cairo.
@Suite("Rings painted into pixels")
struct RingRasterTests {
    /// The most a channel of a pixel may differ from Cairo's stroke of the same circle on its own: where
    /// the ring's edge crosses it (Cairo's curves and coverage are approximations).
    static let tolerance: UInt32 = 40
    /// On a drawing of many overlapping circles, where the differences of a few edges in one pixel add up.
    static let drawingTolerance: UInt32 = 48

    /// A white image (`size`) showing the canvas from `origin`, `shapes` stroked on it by Cairo, one at a
    /// time (the renderer's steps before rings were painted into pixels).
    func strokedByCairo(_ shapes: [Shape], background: Colour = .white, scale: Double = 1, size: (Int, Int),
                        origin: PixelPoint = .zero) throws -> CairoSurface {
        try image(size: size, origin: origin) { cr in
            cairo_set_source_rgb(cr, Double(background.red) / 255, Double(background.green) / 255, Double(background.blue) / 255)
            cairo_paint(cr)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            for shape in shapes {
                let colour = shape.style.colour
                cairo_set_source_rgb(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
                Outline(shape, scale: scale).stroke(cr, within: Outline.reach(of: cr))
            }
        }
    }

    /// The same through the renderer's step for finished shapes (which paints rings into the pixels).
    func paintedByRenderer(_ shapes: [Shape], background: Colour = .white, scale: Double = 1, size: (Int, Int),
                           origin: PixelPoint = .zero) throws -> CairoSurface {
        var style = RenderStyle()
        style.background = background
        let renderer = Renderer(style: style).scaled(to: scale)
        return try image(size: size, origin: origin) { cr in
            renderer.paintBackground(cr)
            renderer.strokeFinished(shapes, cr)
        }
    }

    /// An image (`size`) showing the canvas from `origin`, drawn on by `draw`.
    private func image(size: (Int, Int), origin: PixelPoint, _ draw: (OpaquePointer) -> Void) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: size.0, height: size.1)
        let context = CairoContext(surface)
        withExtendedLifetime(context) {
            cairo_translate(context.pointer, -Double(origin.x), -Double(origin.y))
            draw(context.pointer)
        }
        return surface
    }

    /// 3,000 shapes about a canvas of 400 × 300, every tenth a line and the rest circles, in the palette's
    /// colours and the four widths; `foldingNone`, any ring wider than its ellipse's tightest curve is
    /// replaced by a small one.
    func drawingOfCircles(seed: UInt64, foldingNone: Bool = false) -> Drawing {
        var random = SeededGenerator(seed: seed)
        let palette = [0x000000, 0x1E50DC, 0xF08C00, 0x8C28B4, 0x8C5A28, 0x008C8C, 0xDC288C, 0x787878].map { Colour(hex: $0) }
        var drawing = Drawing()
        for index in 0..<3_000 {
            let begin = Point(x: Double.random(in: -20...420, using: &random), y: Double.random(in: -20...320, using: &random))
            var box = Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -80...80, using: &random), dy: Double.random(in: -80...80, using: &random)))
            let width = [2, 5, 10, 16][index / palette.count % 4]
            if foldingNone, folds(box, width: Double(width)) { box = Segment(begin: begin, end: begin + Vector(dx: 30, dy: 25)) }
            drawing.add(index % 10 == 0 ? .line(box) : .ellipse(box: box), style: ShapeStyle(colour: palette[index % palette.count], width: Double(width)))
        }
        return drawing
    }

    /// A trial's ring over an image 120 × 100: where the image lies, a circle about it in a random colour and
    /// the width of the trial, and the first corner of a grid of cells `cellSize` a side laid from the
    /// canvas's origin over the image.
    func ringOverImage(trial: Int, cellSize: Int, using random: inout SeededGenerator)
        -> (origin: PixelPoint, shape: Shape, corner: (x: Double, y: Double)) {
        let origin = PixelPoint(x: Int.random(in: -40...40, using: &random), y: Int.random(in: -40...40, using: &random))
        let begin = Point(x: Double(origin.x) + Double.random(in: -20...100, using: &random),
                          y: Double(origin.y) + Double.random(in: -20...80, using: &random))
        let box = Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -90...90, using: &random), dy: Double.random(in: -90...90, using: &random)))
        let colour = Colour(hex: UInt32.random(in: 0...0xFFFFFF, using: &random))
        let shape = Shape(id: ShapeID(1), geometry: .ellipse(box: box), style: ShapeStyle(colour: colour, width: [2, 5, 10, 16][trial % 4]))
        return (origin, shape, (x: Double(origin.x - origin.x.mod(cellSize)), y: Double(origin.y - origin.y.mod(cellSize))))
    }

    /// Whether a stroke `width` wide of the ellipse in `box` is wider than the ellipse's tightest curve.
    func folds(_ box: Segment, width: Double) -> Bool {
        let bounds = box.bounds
        let a = max(bounds.width, bounds.height) / 2, b = min(bounds.width, bounds.height) / 2
        return width / 2 > b * b / a
    }

    /// Expects the pixels of `surface` (showing the canvas from `origin`) whose centres lie within half
    /// `width` less a pixel of the ellipse in `box` to be `colour`, and those further than half `width`
    /// and a pixel to be `background`.
    func expectTheRing(_ surface: CairoSurface, of box: Segment, width: Double, colour: Colour, background: Colour,
                       origin: PixelPoint, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bounds = box.bounds, a = bounds.width / 2, b = bounds.height / 2
        let centre = (x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        // Points of the ellipse no more than 0.25 px apart (the nearest strays less than 0.01 px from the ellipse).
        let count = max(64, Int(2 * Double.pi * max(a, b) / 0.25))
        let points = (0..<count).map { step in
            let t = 2 * Double.pi * Double(step) / Double(count)
            return (x: centre.x + a * cos(t), y: centre.y + b * sin(t))
        }
        let values = pixels(of: surface)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = (x: Double(origin.x + x) + 0.5, y: Double(origin.y + y) + 0.5)
                guard p.x > bounds.minX - width, p.x < bounds.maxX + width, p.y > bounds.minY - width, p.y < bounds.maxY + width else { continue }
                let distance = points.reduce(Double.infinity) { min($0, ((p.x - $1.x) * (p.x - $1.x) + (p.y - $1.y) * (p.y - $1.y)).squareRoot()) }
                let value = values[y * surface.width + x]
                if distance < width / 2 - 1, value != colour.hex {
                    Issue.record("\(comment): (\(x), \(y)), \(distance) px from the ellipse, is \(String(value, radix: 16))", sourceLocation: sourceLocation)
                    return
                }
                if distance > width / 2 + 1, value != background.hex {
                    Issue.record("\(comment): (\(x), \(y)), \(distance) px from the ellipse, is painted", sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRingIsPaintedWithinTheToleranceOfCairosStroke(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var folded = 0, compared = 0
        for trial in 0..<100 {
            let scale = [1, 1, 1.5, 2][trial % 4]
            let width = [2, 5, 10, 16, Double.random(in: 0.5...30, using: &random)][trial % 5]
            let colour = Colour(hex: UInt32.random(in: 0...0xFFFFFF, using: &random))
            let background = trial % 3 == 0 ? Colour.white : Colour(hex: UInt32.random(in: 0...0xFFFFFF, using: &random))
            let origin = PixelPoint(x: Int.random(in: -40...40, using: &random), y: Int.random(in: -40...40, using: &random))
            let begin = Point(x: Double(origin.x) + Double.random(in: -20...100, using: &random),
                              y: Double(origin.y) + Double.random(in: -20...80, using: &random))
            // Round, flat and in between; some reaching past the image's edges.
            let flatness = [1, 1, 0.1][trial % 3]
            let box = Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -90...90, using: &random),
                                                                dy: Double.random(in: -90...90, using: &random) * flatness))
            let shape = Shape(id: ShapeID(1), geometry: .ellipse(box: box.scaled(by: 1 / scale)), style: ShapeStyle(colour: colour, width: width / scale))
            let size = (120, 100)
            let cairo = try strokedByCairo([shape], background: background, scale: scale, size: size, origin: origin)
            let ours = try paintedByRenderer([shape], background: background, scale: scale, size: size, origin: origin)
            if folds(box, width: width) {
                // Cairo's stroke of such a ring is wrong (it leaves holes in it, and across a flat one bands
                // offset from the ellipse): the ring is checked against the ellipse instead.
                folded += 1
                expectTheRing(ours, of: box, width: width, colour: colour, background: background, origin: origin, "trial \(trial)")
            } else {
                compared += 1
                expectSimilarPixels(ours, cairo, tolerance: Self.tolerance, "trial \(trial), \(shape), scale \(scale)")
            }
        }
        #expect(folded > 10 && compared > 40, "both kinds of rings were tried (\(folded) folded, \(compared) not)")
    }

    @Test func aRingIsPaintedOnlyInsideTheClipAndThroughTheContextsTranslation() throws {
        let shape = Shape(id: ShapeID(1), geometry: .ellipse(box: Segment(begin: Point(x: 110, y: 70), end: Point(x: 190, y: 130))),
                          style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 10))
        let whole = try paintedByRenderer([shape], size: (200, 150), origin: PixelPoint(x: 60, y: 40))
        let surface = try CairoSurface(imageWidth: 200, height: 150)
        let context = CairoContext(surface), cr = context.pointer
        defer { withExtendedLifetime(context) {} }
        cairo_translate(cr, -60, -40)
        let renderer = Renderer()
        renderer.paintBackground(cr)
        cairo_rectangle(cr, 60, 40, 100, 150)  // the left half of the image
        cairo_clip(cr)
        renderer.strokeFinished([shape], cr)
        let clipped = pixels(of: surface), expected = pixels(of: whole)
        for y in 0..<150 {
            for x in 0..<200 where clipped[y * 200 + x] != (x < 100 ? expected[y * 200 + x] : 0xFFFFFF) {
                Issue.record("(\(x), \(y)) is \(String(clipped[y * 200 + x], radix: 16))")
                return
            }
        }
        #expect(expected[30 * 200 + 90] == 0x1E50DC, "the ring's top at the image's (90, 30)")
        #expect(expected.contains { $0 != 0xFFFFFF && $0 != 0x1E50DC }, "with antialiased edges")
    }

    /// The compositor's images are drawn on plainly wherever they lie on the canvas, new, placed, scrolled or
    /// clipped to a rectangle: their rings are painted here, never stroked by Cairo, which the margin of
    /// `EllipseOutline.Ring.covered` counts on.
    @Test func theCompositorsImagesAreDrawnOnPlainlyWhereverTheyLie() throws {
        let image = try PixelImage(width: 120, height: 90, origin: PixelPoint(x: -37, y: 53))
        #expect(ImagePixels(image.context.pointer) != nil, "new")
        image.place(at: PixelPoint(x: 1_000_003, y: -999_999))
        #expect(ImagePixels(image.context.pointer) != nil, "placed far out")
        image.scroll(to: PixelPoint(x: 5, y: 7))
        #expect(ImagePixels(image.context.pointer) != nil, "scrolled")
        image.clipped(to: [Rect(x: 10, y: 20, width: 30, height: 40)]) { cr in
            #expect(ImagePixels(cr) != nil, "clipped to a rectangle")
        }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func theFirstFrameOfADrawingOfCirclesIsWithinTheToleranceOfCairosStrokes(seed: UInt64) throws {
        // Rings Cairo strokes right: none wider than its ellipse's tightest curve (those are compared with the
        // ellipse above).
        let drawing = drawingOfCircles(seed: seed, foldingNone: true)
        let compositor = CanvasCompositor()
        let window = try CairoSurface(imageWidth: 400, height: 300)
        _ = try compositor.render(Scene(drawing: drawing), onto: CairoContext(window))
        let cairo = try strokedByCairo(drawing.shapes, size: (400, 300))
        expectSimilarPixels(window, cairo, tolerance: Self.drawingTolerance, "the first frame")
        // And the renderer's full repaint is the compositor's, exactly.
        expectSamePixels(window, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    /// A first frame whose circles are all painted from their rings traced ahead, on the other core
    /// (`RingTracer`, waited for here, where a frame takes it as far as that core gets), is the renderer's
    /// full repaint, exactly.
    @Test func aFirstFramePaintedFromRingsTracedAheadIsTheRenderersExactly() throws {
        let drawing = drawingOfCircles(seed: 7)
        let compositor = CanvasCompositor()
        compositor.waitsForTracedRings = true
        let window = try CairoSurface(imageWidth: 400, height: 300)
        _ = try compositor.render(Scene(drawing: drawing), onto: CairoContext(window))
        #expect(compositor.statistics.ringsTracedAhead > 300, "painted from traced rings: \(compositor.statistics.ringsTracedAhead)")
        expectSamePixels(window, try reference(Scene(drawing: drawing), width: 400, height: 300))
    }

    /// A ring painted only within some cells (`ShownCells`, where it shows in a first frame) paints there
    /// exactly the pixels the whole ring paints, and nothing elsewhere.
    @Test func aRingPaintedWithinSomeCellsIsTheWholeRingThereAndNothingElsewhere() throws {
        var random = SeededGenerator(seed: 9)
        let size = (width: 120, height: 100), cellSize = 4
        var inside = 0, outside = 0
        for trial in 0..<60 {
            let (origin, shape, corner) = ringOverImage(trial: trial, cellSize: cellSize, using: &random)
            // A few runs of cells a row.
            var runs: [(row: Int, columns: Range<Int>)] = []
            for row in 0...(size.height / cellSize + 1) where Bool.random(using: &random) {
                var column = Int.random(in: 0...8, using: &random)
                while column < size.width / cellSize {
                    let end = column + Int.random(in: 1...6, using: &random)
                    runs.append((row, column..<end))
                    column = end + Int.random(in: 1...8, using: &random)
                }
            }
            let whole = pixels(of: try paintedByRenderer([shape], size: size, origin: origin))
            let renderer = Renderer()
            let painted = pixels(of: try image(size: size, origin: origin) { cr in
                renderer.paintBackground(cr)
                renderer.strokeFinished([(shape: shape, cells: ShownCells(corner: corner, cellSize: cellSize, runs: runs[...]))], cr)
            })
            for y in 0..<size.height {
                let row = (origin.y + y - Int(corner.y)) / cellSize
                for x in 0..<size.width {
                    let column = (origin.x + x - Int(corner.x)) / cellSize
                    let within = runs.contains { $0.row == row && $0.columns.contains(column) }
                    let expected = within ? whole[y * size.width + x] : Colour.white.hex
                    if within, expected != Colour.white.hex { inside += 1 }
                    if !within, whole[y * size.width + x] != Colour.white.hex { outside += 1 }
                    guard painted[y * size.width + x] == expected else {
                        Issue.record("trial \(trial): (\(x), \(y)) is \(String(painted[y * size.width + x], radix: 16)), not \(String(expected, radix: 16))")
                        return
                    }
                }
            }
        }
        #expect(inside > 5_000 && outside > 10_000, "the rings were painted in some cells and left out of others (\(inside), \(outside) pixels)")
    }

    /// A ring traced ahead (`RingTracer`) and painted within some cells from there lays exactly the pixels
    /// the ring painted within them lays, whatever rows of the image are drawn on (a half of it, say) and
    /// wherever the image lies; traced for an image lying elsewhere, it is traced again as it is painted.
    @Test func aRingTracedAheadPaintsTheSamePixels() throws {
        var random = SeededGenerator(seed: 11)
        let size = (width: 120, height: 100), cellSize = 4
        var compared = 0
        for trial in 0..<80 {
            let (origin, shape, corner) = ringOverImage(trial: trial, cellSize: cellSize, using: &random)
            var runs: [(row: Int, columns: Range<Int>)] = []
            for row in 0...(size.height / cellSize + 1) where Bool.random(using: &random) {
                let start = Int.random(in: 0...8, using: &random)
                runs.append((row, start..<(start + Int.random(in: 1...24, using: &random))))
            }
            let renderer = Renderer()
            guard case .ellipse(let ellipse) = renderer.outline(of: shape).path else { continue }
            // Traced for the image as it lies, or (every fifth trial) for one a pixel to the right.
            let elsewhere = trial % 5 == 4
            let rings = TracedRings(offset: (x: -Double(origin.x) - (elsewhere ? 1 : 0), y: -Double(origin.y)))
            var raster = RingRaster()
            guard raster.trace(ellipse, halfWidth: shape.style.width / 2, rows: 0..<size.height, into: rings) else { continue }
            // On the whole image, or on its top or bottom part.
            let middle = Int.random(in: 20...80, using: &random)
            let clip = [nil, Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(middle)),
                        Rect(x: Double(origin.x), y: Double(origin.y + middle), width: Double(size.width), height: Double(size.height - middle))][trial % 3]
            func painted(_ cells: ShownCells) throws -> [UInt32] {
                pixels(of: try image(size: size, origin: origin) { cr in
                    renderer.paintBackground(cr)
                    if let clip {
                        cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
                        cairo_clip(cr)
                    }
                    renderer.strokeFinished([(shape: shape, cells: cells)], cr)
                })
            }
            let plain = ShownCells(corner: corner, cellSize: cellSize, runs: runs[...])
            var traced = plain
            traced.traced = TracedRing(rings, 0)
            let expected = try painted(plain), found = try withExtendedLifetime(rings) { try painted(traced) }
            guard found == expected else {
                let first = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }!.offset
                Issue.record("trial \(trial): (\(first % size.width), \(first / size.width)) is \(String(found[first], radix: 16)), not \(String(expected[first], radix: 16))")
                return
            }
            if expected.contains(where: { $0 != Colour.white.hex }) { compared += 1 }
        }
        #expect(compared > 40, "rings were painted (\(compared) trials)")
    }
}

private extension Int {
    /// The remainder of a division by `divisor` (> 0), from 0 to `divisor` − 1 whatever the sign.
    func mod(_ divisor: Int) -> Int { ((self % divisor) + divisor) % divisor }
}

/// The thread that traces rings beside a first frame's latest-first pass.
@Suite("Rings traced ahead")
struct RingTracerTests {
    /// Each ring handed over comes back traced as `RingRaster` traces it, by the order it was handed over
    /// in; a ring too large to trace comes back nil, and so does every ring when none was handed over.
    @Test func eachRingHandedOverComesBackTracedInItsPlace() throws {
        var random = SeededGenerator(seed: 5)
        let offset = (x: 13.0, y: -7.0), rows = 0..<200
        let tracer = RingTracer(offset: offset, rows: rows)
        var rings: [(ellipse: EllipseOutline, halfWidth: Double)] = []
        for index in 0..<60 {
            let begin = Point(x: Double.random(in: -50...250, using: &random), y: Double.random(in: -50...250, using: &random))
            let end = index == 17 ? begin + Vector(dx: 3_000, dy: 40) : begin + Vector(dx: Double.random(in: -90...90, using: &random), dy: Double.random(in: 3...90, using: &random))
            let ellipse = try #require(EllipseOutline(box: Segment(begin: begin, end: end)))
            rings.append((ellipse, [1, 2.5, 5, 8][index % 4]))
            tracer.trace(ellipse, halfWidth: rings[index].halfWidth, index: index)
        }
        let (held, traced) = tracer.finish(count: rings.count, draining: true)
        defer { withExtendedLifetime(held) {} }
        #expect(traced.count == rings.count)
        for (index, ring) in rings.enumerated() {
            let expected = TracedRings(offset: offset)
            var raster = RingRaster()
            guard raster.trace(ring.ellipse, halfWidth: ring.halfWidth, rows: rows, into: expected) else {
                #expect(traced[index] == nil, "ring \(index) is not traced")
                continue
            }
            let found = try #require(traced[index], "ring \(index) is traced")
            let b = expected.rings[0]
            #expect((found.left, found.top, found.rows) == (b.left, b.top, b.rows) && found.offset == offset, "ring \(index)")
            let headers = (0..<(b.rows * TracedRings.Header.count)).map { expected.headers[$0] }
            #expect(headers == (0..<headers.count).map { found.headers[$0] }, "ring \(index)'s rows")
            let opacities = (0..<expected.opacities.count).map { expected.opacities[$0] }
            #expect(opacities == (0..<opacities.count).map { found.opacities[$0] }, "ring \(index)'s opacities")
        }
        #expect(traced[17] == nil, "the ring too large for RingRaster")
        #expect(RingTracer(offset: offset, rows: rows).finish(count: 3).traced.allSatisfy { $0 == nil })
    }
}
