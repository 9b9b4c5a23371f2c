import CCairo
import Canvas
import DrawingTesting
@testable import Rendering
import SeededRandom
import Shapes
import Testing

@Suite("Solid cells")
struct SolidCellsTests {
    /// One shape stroked alone, as the renderer strokes finished shapes, on a white surface showing the
    /// canvas of the drawing at `scale` from `origin`.
    func strokeAlone(_ line: Shape, scale: Double, width: Int, height: Int, origin: PixelPoint) throws -> CairoSurface {
        let surface = try CairoSurface(imageWidth: width, height: height)
        var scene = Scene(drawing: Drawing(shapes: [line]))
        scene.view = ViewTransform(screenScale: scale)
        Renderer().draw(scene, on: CairoContext(surface), origin: origin)
        return surface
    }

    /// Covers `cells` with `outline` (id 7, `colour`) and checks it against `surface`, where it was stroked alone
    /// (`strokeAlone`) showing the canvas from `origin`: every pixel of a cell it tops is its colour, it paints
    /// no pixel outside the cells it reaches, and every cell it reaches meets its reach. Returns how many pixels
    /// lie in the cells it tops; nil once an issue is recorded.
    func checkTopsAndReach(of outline: Outline, colour: Colour, on surface: CairoSurface, from origin: PixelPoint,
                           cells: inout SolidCells, _ trial: String) -> Int? {
        cells.cover((outline, 7, colour.hex))
        var reached = Set<Int>()
        cells.forEachReachedRow(of: outline) { [cells] row, columns in
            for column in columns {
                reached.insert(row * cells.columns + column)
                #expect(cells.rect(row: row, columns: column..<(column + 1)).intersects(outline.reach), "\(trial): a cell reached outside the reach")
            }
            return true
        }
        var topped = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                // The grid is laid from the canvas's origin.
                let row = (origin.y + y - Int(cells.bounds.minY)) / cells.cellSize
                let column = (origin.x + x - Int(cells.bounds.minX)) / cells.cellSize
                let pixel = surface.pixel(x: x, y: y)
                if cells.top(row: row, column: column) == 7 {
                    topped += 1
                    guard pixel == colour.hex else {
                        Issue.record("\(trial): (\(x), \(y)) in a topped cell is \(String(pixel, radix: 16))")
                        return nil
                    }
                }
                if pixel != 0xFFFFFF, !reached.contains(row * cells.columns + column) {
                    Issue.record("\(trial): (\(x), \(y)) is painted outside the cells reached")
                    return nil
                }
            }
        }
        return topped
    }

    func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
        Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    func outline(_ segment: Segment, width: Double = 10, kind: ShapeKind = .line) -> Outline {
        Outline(.of(kind, segment), width: width)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aCellAShapeTopsIsItsColourAndAShapeNeverPaintsOutsideTheCellsItReaches(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let size = (width: 90, height: 70)
        var solidCellsSeen = 0, circlesToppingCells = 0
        for trial in 0..<400 {
            let scale = [1, 1, 1.5, 2, 1.25][trial % 5]
            let width = [10, 12.5, 20, 7, 2, 16, Double.random(in: 0.5...40, using: &random)][trial % 7]
            let colour = [Colour.black, Colour(hex: 0x336699), Colour(hex: 0x787878), Colour(hex: UInt32.random(in: 0...0xFEFEFE, using: &random))][trial % 4]
            let origin = PixelPoint(x: Int.random(in: -50...50, using: &random), y: Int.random(in: -50...50, using: &random))
            func point() -> Point {
                Point(x: Double(origin.x) + Double.random(in: -30...120, using: &random),
                      y: Double(origin.y) + Double.random(in: -30...100, using: &random))
            }
            let begin = point()
            let drawn = switch trial % 4 {
            case 0: Segment(begin: begin, end: begin)  // a dot
            case 1: Segment(begin: begin, end: Point(x: begin.x + Double.random(in: -80...80, using: &random), y: begin.y))
            case 2: Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -3...3, using: &random), dy: Double.random(in: -3...3, using: &random)))
            default: Segment(begin: begin, end: point())
            }
            let kind: ShapeKind = trial % 3 == 0 ? .ellipse : .line
            // Half the circles round or nearly so, wide enough for their rings to cover cells.
            let roundBox = Segment(begin: begin, end: begin + Vector(dx: Double.random(in: 10...100, using: &random),
                                                                     dy: Double.random(in: 10...100, using: &random)))
            let segment = kind == .ellipse && trial % 2 == 0 ? roundBox : drawn
            // Placed on the canvas: in the document, where the scale puts it there.
            let line = Shape(id: ShapeID(7), geometry: .of(kind, segment.scaled(by: 1 / scale)), style: ShapeStyle(colour: colour, width: width))
            let surface = try strokeAlone(line, scale: scale, width: size.width, height: size.height, origin: origin)
            let bounds = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
            var cells = SolidCells(covering: bounds, scale: scale)
            let shape = Outline(line, scale: scale)
            guard let topped = checkTopsAndReach(of: shape, colour: colour, on: surface, from: origin, cells: &cells,
                                                 "trial \(trial), \(line), scale \(scale)") else { return }
            solidCellsSeen += topped
            if case .ellipse = shape.path, cells.retopped(by: (shape, 7, colour.hex), coming: false) != nil { circlesToppingCells += 1 }
        }
        #expect(solidCellsSeen > 10_000, "the trials covered many solid cells")
        #expect(circlesToppingCells > 20, "wide circles top cells along their rings")
    }

    /// A ring painted into pixels (`RingRaster`) is exact within a tenth of a pixel of the true one, so its
    /// cells are found covered whole with that margin, not Cairo's (`EllipseOutline.Ring.covered`): rings of any
    /// shape, flat, tight or round, thin or wider than their curve is tight, at several scales and places,
    /// leave every pixel of the cells they top exactly their colour, and paint none outside the cells they
    /// reach; so do rings too large for `RingRaster`, stroked by Cairo (and found covered with its margins).
    @Test(arguments: [1, 2] as [UInt64])
    func aRingTopsCellsWithinATenthOfAPixelOfItsTrueEdgesAndTheyAreItsColour(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let size = (width: 120, height: 100)
        var toppedPixels = 0, toppedByTightRings = 0, toppedByLarge = 0
        for trial in 0..<240 {
            let scale = [1, 1.5, 2, 1.25][trial % 4]
            let width = [2, 5, 10, 16, 3.5, Double.random(in: 1...30, using: &random)][trial % 6]
            let origin = PixelPoint(x: Int.random(in: -40...40, using: &random), y: Int.random(in: -40...40, using: &random))
            let centre = Point(x: Double(origin.x) + Double.random(in: 20...100, using: &random),
                               y: Double(origin.y) + Double.random(in: 20...80, using: &random))
            // Round, flat, tiny, long and flat (its flat sides across the surface, its curve tightest far off,
            // lying or standing), or (one in twenty) far larger than the surface, its ring crossing it.
            let large = trial % 20 == 19, long = trial % 5 == 2
            let across = (long: Double.random(in: 60...600, using: &random), short: Double.random(in: 1...10, using: &random))
            let half = large ? Vector(dx: Double.random(in: 1_100...1_300, using: &random), dy: Double.random(in: 1_100...1_300, using: &random))
                : long ? (trial % 10 == 2 ? Vector(dx: across.long, dy: across.short) : Vector(dx: across.short, dy: across.long))
                : Vector(dx: Double.random(in: 0.5...50, using: &random), dy: trial % 3 == 0 ? Double.random(in: 0.5...6, using: &random) : Double.random(in: 0.5...50, using: &random))
            let at = large ? centre + Vector(dx: half.dx - 30, dy: 0) : centre
            let box = Segment(begin: at + Vector(dx: -half.dx, dy: -half.dy), end: at + half)
            let colour = Colour(hex: UInt32.random(in: 0...0xFEFEFE, using: &random))
            // Wider than its curve is tight: Cairo's stroke would leave specks in its ring.
            let tight = width * scale / 2 + 1 > min(half.dx, half.dy) * min(half.dx, half.dy) / max(half.dx, half.dy)
            let ring = Shape(id: ShapeID(7), geometry: .ellipse(box: box.scaled(by: 1 / scale)), style: ShapeStyle(colour: colour, width: width))
            let surface = try strokeAlone(ring, scale: scale, width: size.width, height: size.height, origin: origin)
            let bounds = Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
            var cells = SolidCells(covering: bounds, scale: scale)
            guard let topped = checkTopsAndReach(of: Outline(ring, scale: scale), colour: colour, on: surface, from: origin,
                                                 cells: &cells, "trial \(trial), \(ring), scale \(scale)") else { return }
            toppedPixels += topped
            if tight { toppedByTightRings += topped }
            if large { toppedByLarge += topped }
        }
        #expect(toppedPixels > 50_000 && toppedByTightRings > 1_000 && toppedByLarge > 1_000,
                "\(toppedPixels) pixels topped, \(toppedByTightRings) by rings wider than their curve is tight, \(toppedByLarge) by large rings")
    }

    /// The first frame takes the shapes the latest first (`LatestFirstTops`): the tops it finds are those of
    /// every shape covering its cells in drawing order, a shape shows, as it comes, exactly where it reaches a
    /// cell whose top is not later than it, and a shape reaching a cell with a top is found to have one around.
    @Test(arguments: [1, 2] as [UInt64])
    func shapesTakenTheLatestFirstFindTheTopsAndTheShapesThatShow(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var shown = 0, buried = 0
        for round in 0..<6 {
            let scale = [1, 1.5, 2][round % 3], area = Rect(x: 0, y: 0, width: 120, height: 90)
            func point() -> Point { Point(x: Double.random(in: -20...140, using: &random), y: Double.random(in: -20...110, using: &random)) }
            var shapes: [SolidCells.Stroke] = []
            for id in 1...(40 * (round + 1)) {
                let kind: ShapeKind = id % 3 == 0 ? .ellipse : .line
                let begin = point()
                let end = id % 2 == 0 ? begin + Vector(dx: Double.random(in: -40...40, using: &random), dy: Double.random(in: -40...40, using: &random)) : point()
                let width = [10, 4, 30, 16][id % 4] * scale
                guard id % 5 == 0 else {
                    shapes.append(shape(Segment(begin: begin, end: end), UInt64(id), width: width, kind: kind))
                    continue
                }
                // Ink, wandering: read a piece at a time.
                var points = [begin]
                for _ in 0..<12 { points.append(points.last! + Vector(dx: Double.random(in: -15...15, using: &random), dy: Double.random(in: -15...15, using: &random))) }
                let ink = Shape(id: ShapeID(UInt64(id)), geometry: .ink(Ink(points: points)), style: ShapeStyle(width: width / scale))
                shapes.append((Outline(ink, scale: scale), UInt64(id), Colour.black.hex))
            }
            var inOrder = SolidCells(covering: area, scale: scale)
            for shape in shapes { inOrder.cover(shape) }
            var latestFirst = LatestFirstTops(covering: area, scale: scale)
            for shape in shapes.reversed() {
                var shows = false
                inOrder.forEachReachedRow(of: shape.outline) { row, columns in
                    shows = columns.contains { inOrder.top(row: row, column: $0) <= shape.id }
                    return !shows
                }
                #expect(latestFirst.take(shape) == shows, "round \(round), shape \(shape.id): \(shape.outline)")
                if shows { shown += 1 } else { buried += 1 }
            }
            for row in 0..<inOrder.rows {
                for column in 0..<inOrder.columns {
                    #expect(latestFirst.cells.top(row: row, column: column) == inOrder.top(row: row, column: column), "round \(round)")
                }
            }
            for shape in shapes {
                var reachesATop = false
                inOrder.forEachReachedRow(of: shape.outline) { row, columns in
                    reachesATop = columns.contains { inOrder.top(row: row, column: $0) != SolidCells.none }
                    return !reachesATop
                }
                #expect(!reachesATop || latestFirst.anyTop(around: shape.outline), "round \(round), shape \(shape.id)")
            }
        }
        #expect(shown > 100 && buried > 100, "\(shown) shown, \(buried) buried")
    }

    /// A first frame counts a circle and keeps the cells where it shows while only tops bury in one pass over
    /// its cells: the counts are `count`'s, and the cells those whose top is not later than it.
    @Test func countingACircleKeepsTheCellsWhoseTopIsNotLaterThanIt() {
        var random = SeededGenerator(seed: 4)
        var kept = 0, passedOver = 0
        for round in 0..<20 {
            var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 120, height: 90), scale: 1)
            func point() -> Point { Point(x: Double.random(in: -20...140, using: &random), y: Double.random(in: -20...110, using: &random)) }
            let colours = [Colour.black, Colour(hex: 0x1E50DC)]
            for id in 1...30 { cells.cover(shape(Segment(begin: point(), end: point()), UInt64(2 * id), colours[id % 2], width: 12)) }
            let circle = shape(Segment(begin: point(), end: point()), UInt64(2 * Int.random(in: 1...30, using: &random) + 1), colours[round % 2],
                               width: 16, kind: .ellipse)
            var counted = cells, runs: [(row: Int, columns: Range<Int>)] = []
            counted.count(circle, counting: true, appendingRunsTo: &runs)
            var expected = cells
            expected.count(circle, by: 1)
            var found: Set<Int> = []
            cells.forEachReachedRow(of: circle.outline) { row, columns in
                for column in columns {
                    #expect(counted.solidColour(row: row, column: column) == expected.solidColour(row: row, column: column), "round \(round)")
                    if cells.top(row: row, column: column) <= circle.id { found.insert(row * cells.columns + column) } else { passedOver += 1 }
                }
                return true
            }
            let listed = runs.flatMap { run in run.columns.map { run.row * cells.columns + $0 } }
            #expect(Set(listed) == found && listed.count == found.count, "round \(round): each such cell once")
            #expect(zip(runs, runs.dropFirst()).allSatisfy { ($0.row, $0.columns.upperBound) < ($1.row, $1.columns.lowerBound + 1) }, "in order")
            kept += found.count
        }
        #expect(kept > 500 && passedOver > 500, "\(kept) kept, \(passedOver) passed over")
    }

    /// A first frame drops the solid cells from those a circle was kept for: every other cell stays, in order,
    /// and runs without a solid cell are kept as they are.
    @Test func aCirclesCellsLoseTheSolidOnesAndOnlyThem() {
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 80), scale: 1)
        cells.cover(shape(segment(0, 20, 100, 20), 1))
        cells.cover(shape(segment(0, 50, 100, 50), 2, Colour(hex: 0x1E50DC)))
        let solidRows = (0..<cells.rows).filter { cells.solidColour(row: $0, column: 10) != nil }
        #expect(!solidRows.isEmpty, "the black line made solid cells")
        let runs = (0..<cells.rows).map { (row: $0, columns: 3..<17) }[...]
        let kept = cells.withoutSolid(runs)
        let expected = runs.flatMap { run in run.columns.filter { cells.solidColour(row: run.row, column: $0) == nil }.map { (run.row, $0) } }
        #expect(kept.flatMap { run in run.columns.map { (run.row, $0) } }.elementsEqual(expected, by: ==))
        let clear = runs.filter { !solidRows.contains($0.row) }[...]
        #expect(cells.withoutSolid(clear).elementsEqual(clear, by: ==), "no solid cell: the same runs")
    }

    /// A first frame counts a shape in the cells it reaches only where a top has another colour: with every top
    /// of one colour (a drawing in black), counting a black shape would change nothing.
    @Test func theTopsSoleColourIsKnownUntilATopOfAnotherColourComes() {
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 80), scale: 1)
        #expect(cells.soleTopColour == nil, "no top yet")
        cells.cover(shape(segment(0, 20, 100, 20), 1))
        cells.cover(shape(segment(0, 50, 100, 50), 2))
        #expect(cells.soleTopColour == Colour.black.hex)
        let blue = Colour(hex: 0x1E50DC)
        var black = cells
        black.count(shape(segment(50, 0, 50, 80), 3), by: 1)
        #expect(black.solidColour(row: 5, column: 12) == Colour.black.hex, "a black shape over black tops is not counted")
        cells.cover(shape(segment(0, 70, 100, 70), 4, blue))
        #expect(cells.soleTopColour == nil)
    }

    func shape(_ segment: Segment, _ id: UInt64, _ colour: Colour = .black, width: Double = 10, kind: ShapeKind = .line) -> SolidCells.Stroke {
        (outline(segment, width: width, kind: kind), id, colour.hex)
    }

    @Test func theLatestLineCoveringACellIsItsTopAndAnotherIsFoundWhenItGoes() {
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        let a = shape(segment(10, 50, 90, 50), 1), b = shape(segment(10, 51, 90, 49), 2)
        let circle = shape(segment(20, 20, 80, 80), 3, kind: .ellipse)
        for shape in [a, b, circle] {
            cells.cover(shape)
            cells.count(shape, by: 1)
        }
        #expect(cells.top(row: 12, column: 12) == 2, "the later line, not the circle")
        #expect(cells.retopped(by: a, coming: false) == nil, "a tops nothing b covers")
        #expect(cells.retopped(by: a, coming: true) == nil, "nor would it coming back")
        let topped = cells.retopped(by: b, coming: false)
        #expect(topped.map { $0.minY <= 48 && $0.maxY >= 52 && $0.minX <= 16 && $0.maxX >= 84 } == true)

        cells.recount(topped!, from: [a, circle])  // b left
        #expect(cells.top(row: 12, column: 12) == 1, "a covers the middle")
        cells.recount(topped!, from: [circle])  // a left too
        #expect(cells.top(row: 12, column: 12) == SolidCells.none)
    }

    @Test func aCellIsSolidWhileItsTopAndEveryLaterShapeReachingItHaveOneColourOfZerosAndOnes() {
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        let black = shape(segment(10, 50, 90, 50), 1)
        cells.cover(black)
        #expect(cells.solidColour(row: 12, column: 12) == 0x000000)
        #expect(cells.threshold(row: 12, column: 12) == Thresholds.never, "nothing shows there")
        let ring = shape(segment(30, 30, 70, 70), 2, .black, width: 2, kind: .ellipse)
        cells.count(ring, by: 1)
        #expect(cells.solidColour(row: 12, column: 7) == 0x000000, "a black ring over it leaves it black")
        let blue = shape(segment(30, 30, 70, 70), 3, Colour(hex: 0x1E50DC), width: 2, kind: .ellipse)
        cells.count(blue, by: 1)
        #expect(cells.solidColour(row: 12, column: 7) == nil, "a blue one does not")
        #expect(cells.threshold(row: 12, column: 7) == 1, "the black line shows there, and all after it")
        #expect(cells.solidColour(row: 12, column: 12) == 0x000000, "the ring does not reach the middle")
        cells.count(blue, by: UInt32.max)
        #expect(cells.solidColour(row: 12, column: 7) == 0x000000, "the blue ring gone, it is black again")

        let grey = shape(segment(10, 50, 90, 50), 4, Colour(hex: 0x787878))
        cells.cover(grey)
        #expect(cells.top(row: 12, column: 12) == 4)
        #expect(cells.solidColour(row: 12, column: 12) == nil, "grey over grey is not exactly grey")
        #expect(cells.threshold(row: 12, column: 12) == 4)
        cells.cover(shape(segment(10, 50, 90, 50), 5, .white))
        #expect(cells.solidColour(row: 12, column: 12) == 0xFFFFFF)
        #expect(cells.solidRuns(meeting: cells.rect(row: 12, columns: 0..<25)).map(\.colour) == [0xFFFFFF])
    }

    @Test func aShapeShowsUnlessLaterLinesCoverEveryCellItReaches() {
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        let short = outline(segment(45, 50, 55, 50)), ring = outline(segment(40, 42, 60, 58), width: 2, kind: .ellipse)
        // Ids 10, 20, … 110 at y = 30, 34, … 70, in a colour that blends.
        for (index, y) in stride(from: 30.0, through: 70, by: 4).enumerated() {
            cells.cover(shape(segment(10, y, 90, y), UInt64(10 * index + 10), Colour(hex: 0x336699)))
        }
        let everywhere = cells.thresholds(inside: [cells.bounds])
        #expect(!cells.shows(short, id: 1, in: everywhere))
        #expect(!cells.shows(ring, id: 2, in: everywhere))
        #expect(cells.shows(short, id: 200, in: everywhere), "drawn after the lines")
        #expect(cells.shows(short, id: 55, in: everywhere), "drawn among them: the later ones do not cover all it reaches")
        #expect(cells.shows(short, id: 1, in: SolidCells(covering: cells.bounds, scale: 1).thresholds(inside: [cells.bounds])))
        let above = outline(segment(45, 20, 55, 20))
        #expect(cells.shows(above, id: 1, in: everywhere), "above the covered band")
        #expect(!cells.shows(above, id: 1, in: cells.thresholds(inside: [Rect(x: 0, y: 50, width: 100, height: 50)])),
                "it shows only outside the areas asked about")
    }

    @Test(arguments: [1, 2] as [UInt64])
    func aShapeShowsWhenItReachesACellWhoseThresholdIsNotLaterThanItAndOnlyThen(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let bounds = Rect(x: 0, y: 0, width: 200, height: 160)
        func point() -> Point { Point(x: Double.random(in: -20...220, using: &random), y: Double.random(in: -20...180, using: &random)) }
        for trial in 0..<60 {
            // Lines covering cells in one corner only, so that many shapes have nothing later around them.
            var cells = SolidCells(covering: bounds, scale: 1)
            for id in stride(from: UInt64(10), through: 200, by: 10) {
                let begin = Point(x: Double.random(in: 0...90, using: &random), y: Double.random(in: 0...70, using: &random))
                cells.cover(shape(Segment(begin: begin, end: begin + Vector(dx: 30, dy: Double.random(in: -20...20, using: &random))), id,
                                  [Colour.black, Colour(hex: 0x336699)][trial % 2]))
            }
            let areas = trial % 3 == 0 ? [Rect(x: 40, y: 30, width: 120, height: 100)] : [bounds]
            let thresholds = cells.thresholds(inside: areas)
            for _ in 0..<40 {
                let begin = point()
                let kind: ShapeKind = Bool.random(using: &random) ? .ellipse : .line
                let outline = outline(Segment(begin: begin, end: begin + Vector(dx: Double.random(in: -60...60, using: &random),
                                                                               dy: Double.random(in: -60...60, using: &random))),
                                      width: [2, 5, 10, 16][Int.random(in: 0..<4, using: &random)], kind: kind)
                // Half of them a line's own id: a cell's threshold.
                let id = Bool.random(using: &random) ? 10 * UInt64.random(in: 1...20, using: &random) : UInt64.random(in: 1...210, using: &random)
                var traced = false, reachesACell = false
                cells.forEachReachedRow(of: outline) { row, columns in
                    reachesACell = true
                    traced = traced || columns.contains { thresholds.cells.lowest(row: row, columns: $0..<($0 + 1)) <= id }
                    return !traced
                }
                // (One that reaches no cell, just off the grid, may be said to show: it paints no pixel there.)
                #expect(cells.shows(outline, id: id, in: thresholds) == traced || !reachesACell, "trial \(trial): \(outline), id \(id)")
                // What `shows` relies on to skip tracing: `latest` is at least the threshold of every cell reached,
                // `earliest` at most.
                let latest = cells.latest(around: outline, in: thresholds), earliest = cells.earliest(around: outline, in: thresholds)
                cells.forEachReachedRow(of: outline) { row, columns in
                    for column in columns {
                        let threshold = thresholds.cells.lowest(row: row, columns: column..<(column + 1))
                        #expect(threshold == Thresholds.never || threshold <= latest, "trial \(trial): \(outline), cell (\(row), \(column))")
                        #expect(threshold >= earliest, "trial \(trial): \(outline), cell (\(row), \(column))")
                    }
                    return true
                }
            }
        }
    }

    @Test func aCircleWhoseBoxHasNoWidthOrHeightIsTheSegmentItCollapsesTo() {
        #expect(outline(segment(10, 10, 10, 90), kind: .ellipse).path == .line(segment(10, 10, 10, 90)))
        #expect(outline(segment(10, 10, 90, 10), kind: .ellipse).path == .line(segment(10, 10, 90, 10)))
        #expect(outline(segment(10, 10, 10.5, 90), kind: .ellipse).path != .line(segment(10, 10, 10.5, 90)))
        var cells = SolidCells(covering: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        cells.cover((outline(segment(50, 10, 50, 90), kind: .ellipse), 1, 0))
        #expect(cells.top(row: 12, column: 12) == 1, "covers cells like a line")
    }
}
