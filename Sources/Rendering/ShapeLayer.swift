import CCairo
import Canvas
import Shapes
import Storage

/// The finished shapes as pixels: an image of a part of the canvas (the drawing at one scale: the viewport,
/// and the margin painted ahead around it) holding the background and every finished shape but the selected ones, in drawing order — what
/// `Renderer` paints before the foreground. It follows a drawing through the drawing's remembered changes
/// (`Drawing.changes(since:)`), doing the least work they allow:
///
///   only shapes added on top       each is stroked on top (the same pixels a full repaint gives)
///   selected shapes moved          nothing: they are not in the layer (dragging costs no repair)
///   deletes, moves, restyles,      the cells those shapes reach, before and after, where they are not
///   undos, shapes (de)selected     buried (see below) are repainted: the background, then each shape
///                                  that shows there, in order (found by the drawing's index, on a
///                                  scratch image, unclipped; see `PixelImage`), copied back
///   a clear, no history, or more   everything is repainted
///   than `selectionsRepaired`
///   shapes (de)selected at once
///
/// and a move of the part it holds (`reframe(to:)`: a pan past its edge, or painting ahead) keeps the
/// pixels and cells of the part still held and paints only the strips uncovered, each from the shapes the
/// index finds there, the latest first, down to the earliest that shows there (the cells coming into
/// view are counted from the latest shapes until each has a top).
///
/// Where lines pile up, most shapes are buried under later lines (`SolidCells`): such a shape changes no
/// pixel, so it is neither stroked when the layer is painted nor repaired when it goes, moves or comes
/// back. An edit under many lines costs next to nothing, and painting the layer strokes about as many
/// shapes as can be seen, however many lie buried.
final class ShapeLayer {
    private(set) var pixels: PixelImage
    private var solid: SolidCells
    private let renderer: Renderer
    /// The drawing revision the pixels show; nil before the first update.
    private var revision: Drawing.Revision?
    /// The shapes left out (the selected ones).
    private var excluded: Set<ShapeID> = []
    /// At least the widest stroke of the drawing's shapes (not only those in view: a pan brings others in),
    /// in device pixels: how far a shape may paint from its bounds, to find the shapes in an area by their
    /// bounds.
    private var widest = 0.0
    private(set) var statistics = CompositorStatistics()

    /// Whether a first frame waits until every circle that shows is traced (see `CanvasCompositor`).
    private let waitsForTracedRings: Bool

    /// An empty layer of the drawing at `renderer`'s scale; `statistics` carries on the counts of the layer
    /// it replaces.
    init(width: Int, height: Int, origin: PixelPoint = .zero, renderer: Renderer,
         statistics: CompositorStatistics? = nil, waitsForTracedRings: Bool = false) throws(CairoError) {
        pixels = try PixelImage(width: width, height: height, origin: origin)
        solid = SolidCells(covering: pixels.bounds, scale: renderer.scale)
        self.renderer = renderer
        self.statistics = statistics ?? CompositorStatistics()
        self.waitsForTracedRings = waitsForTracedRings
    }

    var bounds: Rect { pixels.bounds }
    /// Where its first pixel is on the canvas.
    var origin: PixelPoint { pixels.origin }
    /// Device pixels per document px.
    var scale: Double { renderer.scale }
    /// The drawing revision the pixels show; nil before the first update.
    var shownRevision: Drawing.Revision? { revision }

    /// Bytes held: the pixels and the solid cells.
    var bytes: Int { pixels.bytes + solid.bytes }

    /// Whether the pixels show `scene`'s finished shapes but the selected ones already.
    func shows(_ scene: Scene) -> Bool { revision == scene.drawing.revision && excluded == scene.selection }

    /// Whether `update(to: scene)` would repaint everything (a clear, a drawing it cannot follow, many
    /// shapes selected or deselected at once).
    func repaintsWhole(for scene: Scene) -> Bool {
        guard let revision, let changes = scene.drawing.changes(since: revision), !changes.contains(.cleared) else { return true }
        return excluded != scene.selection && excluded.symmetricDifference(scene.selection).count > Self.selectionsRepaired
    }

    /// Brings the pixels to `scene`'s finished shapes but the selected ones and adds the areas that
    /// changed to `damage`; `scratch` (the viewport's size) is scribbled on.
    func update(to scene: Scene, damage: inout DamageRegion, scratch: PixelImage) {
        let drawing = scene.drawing, selection = scene.selection
        let wasExcluded = excluded
        defer { (revision, excluded) = (drawing.revision, selection) }
        let sameSelection = wasExcluded == selection
        guard !repaintsWhole(for: scene), let revision, let changes = drawing.changes(since: revision) else {
            rebuild(drawing, excluding: selection, scratch: scratch)
            damage.addEverything()
            return
        }
        // Changes to the shapes that were left out do not show in the pixels (should one be let in now,
        // it comes in below, as it is now).
        let visible = wasExcluded.isEmpty ? changes : changes.compactMap { $0.leavingOut(wasExcluded) }
        var appended: [Shape] = []
        for case .appended(let shape) in visible { appended.append(shape) }
        if sameSelection, appended.count == visible.count {
            for shape in appended { strokeOnTop(shape, damage: &damage) }
            return
        }
        // Every shape coming into the layer or leaving it, as it was and as it is.
        var comings = Self.comings(visible, endingIn: drawing)
        if !sameSelection {
            for id in wasExcluded.subtracting(selection) { if let shape = drawing.shape(id) { comings.append((nil, shape)) } }
            for id in selection.subtracting(wasExcluded) { if let shape = drawing.shape(id) { comings.append((shape, nil)) } }
        }
        let areas = repaintedAreas(for: comings, of: scene)
        guard !areas.isEmpty else { return }
        repair(areas.rects, of: scene, using: scratch)
        for area in areas.rects { damage.add(area) }
    }

    /// The shapes `changes` (oldest first) took out and brought in, each as it was then: read back from
    /// `drawing`, where they ended.
    private static func comings(_ changes: [DrawingChange], endingIn drawing: Drawing) -> [(from: Shape?, to: Shape?)] {
        // Each shape as it was after the change being read (nil: not in the drawing), from the last change back.
        var after: [ShapeID: Shape?] = [:]
        func state(_ id: ShapeID) -> Shape? { after[id] ?? drawing.shape(id) }
        var comings: [(from: Shape?, to: Shape?)] = []
        for change in changes.reversed() {
            switch change {
            case .appended(let shape), .inserted(let shape):
                comings.append((nil, shape))
                after[shape.id] = .some(nil)
            case .removed(let shape):
                comings.append((shape, nil))
                after[shape.id] = shape
            case .moved(let changes):
                for change in changes {
                    guard var shape = state(change.id) else { continue }
                    shape.geometry = change.to
                    var before = shape
                    before.geometry = change.from
                    comings.append((before, shape))
                    after[change.id] = before
                }
            case .restyled(let before):
                comings.append((before, state(before.id)))
                after[before.id] = before
            case .cleared:
                continue
            }
        }
        return comings.reversed()
    }

    /// A shape added on top: stroked over the others, unless it only reaches cells solid in its colour.
    /// (On top of every other, it leaves such a cell as it was, and changes every other cell it reaches:
    /// it shows exactly where a cell was not solid in its colour before it came.)
    private func strokeOnTop(_ shape: Shape, damage: inout DamageRegion) {
        let stroke = self.stroke(shape)
        var shows = false
        solid.forEachReachedRow(of: stroke.outline) { row, columns in
            shows = columns.contains { solid.solidColour(row: row, column: $0) != stroke.colour }
            return !shows
        }
        solid.cover(stroke)
        solid.count(stroke, by: 1)
        widest = max(widest, stroke.outline.width)
        guard shows else {
            statistics.buriedShapes += 1
            return
        }
        renderer.strokeFinished(CollectionOfOne(shape), pixels.context.pointer)
        statistics.appendedShapes += 1
        damage.add(stroke.outline.coverage)
    }

    /// `shape` as the solid cells see it.
    private func stroke(_ shape: Shape) -> SolidCells.Stroke {
        (renderer.outline(of: shape), shape.id.rawValue, shape.style.colour.hex)
    }

    /// Brings the solid cells up to date with shapes coming and going and returns the areas to repaint:
    /// the cells they reach where they show, before or after, or whose solid colour changed (elsewhere
    /// the cells keep their pixels), each cut to the coverage of the shape reaching it.
    private func repaintedAreas(for comings: [(from: Shape?, to: Shape?)], of scene: Scene) -> DamageRegion {
        struct Reach {
            var row: Int, columns: Range<Int>, coverage: Rect, id: UInt64
            var before: [(shown: Bool, solid: UInt32?)]
        }
        var reaches: [Reach] = []
        for shape in comings.flatMap({ [$0.from, $0.to] }).compactMap({ $0 }) {
            let outline = renderer.outline(of: shape), id = shape.id.rawValue
            solid.forEachReachedRow(of: outline) { row, columns in
                let before = columns.map { (solid.threshold(row: row, column: $0) <= id, solid.solidColour(row: row, column: $0)) }
                reaches.append(Reach(row: row, columns: columns, coverage: outline.coverage, id: id, before: before))
                return true
            }
        }
        // Cells whose top changes are counted again, from the shapes there now; elsewhere the tops stay.
        var retopped = DamageRegion(bounds: bounds)
        for coming in comings {
            if let from = coming.from.map(stroke) {
                if let cells = solid.retopped(by: from, coming: false) { retopped.add(cells) }
                solid.count(from, by: UInt32.max)
            }
            if let to = coming.to.map(stroke) {
                if let cells = solid.retopped(by: to, coming: true) { retopped.add(cells) }
                solid.count(to, by: 1)
                widest = max(widest, to.outline.width)
            }
        }
        for area in retopped.rects {
            // `recount` counts every cell meeting the area, and a cell past its edge where the edge falls on
            // one: the shapes are looked for a cell further out, so none reaching those cells is missed.
            let reaching = shapes(reaching: area.insetBy(-Double(solid.cellSize)), of: scene)
            solid.recount(area, from: reaching.filter { !scene.selection.contains($0.id) }.map(stroke))
        }
        var areas = DamageRegion(bounds: bounds)
        for reach in reaches {
            var column = reach.columns.lowerBound
            func repainted(_ column: Int) -> Bool {
                let before = reach.before[column - reach.columns.lowerBound]
                return before.shown || solid.threshold(row: reach.row, column: column) <= reach.id
                    || before.solid != solid.solidColour(row: reach.row, column: column)
            }
            while column < reach.columns.upperBound {
                guard repainted(column) else { column += 1; continue }
                let start = column
                while column < reach.columns.upperBound, repainted(column) { column += 1 }
                areas.add(solid.rect(row: reach.row, columns: start..<column).intersection(reach.coverage))
            }
        }
        return areas
    }

    /// The finished shapes of `scene` that may paint into `area` of the canvas (and some that do not), in
    /// drawing order.
    private func shapes(reaching area: Rect, of scene: Scene) -> ArraySlice<Shape> {
        // Shapes painting there have bounds within half the widest stroke and a pixel of it; the index
        // holds them in document px.
        let around = area.insetBy(-(widest / 2 + 1))
        let documentArea = Rect(minX: around.minX / scale, minY: around.minY / scale, maxX: around.maxX / scale, maxY: around.maxY / scale)
        return scene.indexOfDrawing.map { $0.shapes(meeting: documentArea, in: scene.drawing)[...] } ?? scene.drawing.shapes[...]
    }

    /// Calls `body` with the finished shapes of `scene` that may paint into `area` of the canvas (and some
    /// that do not), the latest first, until it returns false.
    private func forEachShapeLatestFirst(reaching area: Rect, of scene: Scene, _ body: (Shape) -> Bool) {
        let around = area.insetBy(-(widest / 2 + 1))
        let documentArea = Rect(minX: around.minX / scale, minY: around.minY / scale, maxX: around.maxX / scale, maxY: around.maxY / scale)
        if let index = scene.indexOfDrawing {
            index.forEachShapeLatestFirst(meeting: documentArea, in: scene.drawing, body)
        } else {
            for shape in scene.drawing.shapes.reversed() {
                let bounds = shape.bounds
                guard bounds.minX <= documentArea.maxX, documentArea.minX <= bounds.maxX, bounds.minY <= documentArea.maxY,
                      documentArea.minY <= bounds.maxY else { continue }
                if !body(shape) { return }
            }
        }
    }

    /// The finished shapes of `scene` that may show in one of `areas` (not before the earliest threshold
    /// of the cells there), in drawing order, each once: found area by area, as the box around them (around
    /// the two strips of a diagonal pan: the whole layer) may hold far more, and the latest first, down to
    /// the threshold.
    private func shapes(showingIn areas: [Rect], of scene: Scene) -> [Shape] {
        var found: [Shape] = []
        for area in areas {
            let earliest = solid.earliestThreshold(meeting: [area])
            forEachShapeLatestFirst(reaching: area, of: scene) { shape in
                guard shape.id.rawValue >= earliest else { return false }
                found.append(shape)
                return true
            }
        }
        found.sort { $0.id < $1.id }
        var unique: [Shape] = []
        unique.reserveCapacity(found.count)
        for shape in found where unique.last?.id != shape.id { unique.append(shape) }
        return unique
    }

    /// Holds the part of the canvas `newBounds` (whole pixels, at least the size of `scratch`, which is
    /// scribbled on; the layer showing `scene`'s drawing already): the pixels and the solid cells of
    /// the part it held already are kept (moved, or copied into a new image when the size changes), and
    /// the rest is painted from the shapes that reach it, as a repair. A pan moves it (same size); painting
    /// ahead (`ahead`) grows it or moves it a band at a time. Returns the areas painted. Throws when a new
    /// image cannot be made (the layer is left as it was).
    @discardableResult
    func reframe(to newBounds: Rect, of scene: Scene, scratch: PixelImage, ahead: Bool = false) throws(CairoError) -> [Rect] {
        let old = bounds
        let origin = PixelPoint(x: Int(newBounds.minX), y: Int(newBounds.minY))
        if Int(newBounds.width) == pixels.width, Int(newBounds.height) == pixels.height {
            pixels.scroll(to: origin)
        } else {
            let grown = try PixelImage(width: Int(newBounds.width), height: Int(newBounds.height), origin: origin)
            grown.copy([old.intersection(newBounds)].filter { !$0.isEmpty }, from: pixels)
            pixels = grown
        }
        let new = bounds
        let (cells, stale) = solid.scrolled(to: new)
        solid = cells
        for area in stale {
            // Shapes are looked for a cell further out (see `recount`).
            let around = area.insetBy(-Double(solid.cellSize))
            solid.recount(area) { body in
                forEachShapeLatestFirst(reaching: around, of: scene) { shape in
                    scene.selection.contains(shape.id) || body(stroke(shape))
                }
            }
        }
        let uncovered = new.subtracting(old)
        repair(uncovered, of: scene, using: scratch)
        if ahead { statistics.bandsPaintedAhead += 1 } else { statistics.scrolls += 1 }
        return uncovered
    }

    /// Repaints everything: the shapes the latest first find the cells' tops and the shapes after them
    /// (`LatestFirstTops`, passing over the buried ones in a few reads each), while the other core traces the
    /// rings of the circles among those (`RingTracer`); then, with many shapes, the cores share the rest, a
    /// part of those shapes each: counting them where a top has another colour, finding which show once solid
    /// cells bury too, and stroking those, a half of the layer each (`strokeInHalves`).
    private func rebuild(_ drawing: Drawing, excluding selection: Set<ShapeID>, scratch: PixelImage) {
        let shapes = drawing.shapes, renderer = self.renderer, bounds = self.bounds
        let stroke: @Sendable (Shape) -> SolidCells.Stroke? = { shape in
            let outline = renderer.outline(of: shape)
            return !selection.contains(shape.id) && outline.coverage.intersects(bounds) ? (outline, shape.id.rawValue, shape.style.colour.hex) : nil
        }
        // Every cell's top, the latest shape covering it whole, and the shapes that show where only tops bury
        // (`LatestFirstTops`): the shapes the latest first, on this thread. Meanwhile, where many shapes may be
        // stroked in halves, the other core traces the rings of the circles that show so far (`RingTracer`),
        // until the pass ends (after it, the cores count faster than one traces).
        var latestFirst = LatestFirstTops(covering: bounds, scale: renderer.scale)
        var showing: [(shape: Shape, stroke: SolidCells.Stroke)] = [], widest = 0.0, buried = 0
        let inHalves = Parallel.cores > 1 && scratch.width == pixels.width && scratch.height == pixels.height
        let tracer = inHalves && shapes.count >= Self.strokesPerHalf
            ? ImagePixels(pixels.context.pointer).map { RingTracer(offset: $0.offset, rows: 0..<pixels.height) } : nil
        for shape in shapes.reversed() {
            // Every shape's width counts: a pan may bring any of them into the layer.
            widest = max(widest, shape.style.width)
            guard let stroke = stroke(shape) else { continue }
            guard latestFirst.take(stroke) else {
                buried += 1
                continue
            }
            if let tracer, case .ellipse(let ellipse) = stroke.outline.path {
                tracer.trace(ellipse, halfWidth: stroke.outline.width / 2, index: showing.count)
            }
            showing.append((shape, stroke))
        }
        let after = Array(showing.reversed())
        // (The rings are held to the end: the traced ones do not hold them.)
        let (tracedRings, tracedFirst) = tracer?.finish(count: showing.count, draining: waitsForTracedRings) ?? (nil, [])
        let traced = Array(tracedFirst.reversed())
        defer { withExtendedLifetime(tracedRings) {} }
        self.widest = widest * renderer.scale
        // The shapes after a cell's top in another colour, counted where they reach it: the cores share them.
        // A circle's cells whose top is not later than it are kept: where it shows but for solid cells.
        var solid = latestFirst.cells
        let soleColour = solid.soleTopColour
        let later = Parallel.map(after.count, minimum: Self.shapesPerPart) { [solid, latestFirst] part in
            var cells = solid, shapes: [(index: Int, stroke: SolidCells.Stroke, runs: Range<Int>?)] = []
            var runs: [(row: Int, columns: Range<Int>)] = []
            for index in part {
                let stroke = after[index].stroke
                // Where every top has its colour (a drawing in one colour), or no cell around has a top (ink, say),
                // there is nothing to count.
                let counting = stroke.colour != soleColour && latestFirst.anyTop(around: stroke.outline)
                guard case .ellipse = stroke.outline.path else {
                    if counting { cells.count(stroke, by: 1) }
                    shapes.append((index, stroke, nil))
                    continue
                }
                let start = runs.count
                cells.count(stroke, counting: counting, appendingRunsTo: &runs)
                shapes.append((index, stroke, start..<runs.count))
            }
            return (cells: cells, shapes: shapes, runs: runs)
        }
        for part in later { solid.merge(part.cells) }
        self.solid = solid
        let counted = solid, thresholds = solid.thresholds(inside: [bounds])
        // Which show once solid cells bury too; a circle with the cells where it shows (`ShownCells`).
        let corner = (x: counted.bounds.minX, y: counted.bounds.minY), cellSize = counted.cellSize
        let judged = Parallel.map(later.count, minimum: 1) { parts in
            var shown: [Shown] = []
            shown.reserveCapacity(later[parts].reduce(0) { $0 + $1.shapes.count })
            for part in later[parts] {
                for (index, stroke, runs) in part.shapes {
                    guard let runs else {
                        if counted.shows(stroke.outline, id: stroke.id, in: thresholds) { shown.append(Shown(index: index, stroke: stroke)) }
                        continue
                    }
                    let cells = counted.withoutSolid(part.runs[runs])
                    if !cells.isEmpty {
                        // A circle traced meanwhile is painted from its traced ring.
                        var cells = ShownCells(corner: corner, cellSize: cellSize, runs: cells)
                        if !traced.isEmpty { cells.traced = traced[index] }
                        shown.append(Shown(index: index, stroke: stroke, cells: cells))
                    }
                }
            }
            return shown
        }
        let shown = judged.joined(), count = judged.reduce(0) { $0 + $1.count }
        statistics.rebuilds += 1
        statistics.buriedShapes += buried + after.count - count
        if count >= Self.strokesPerHalf, inHalves {
            scratch.place(at: origin)
            strokeInHalves(shown, scratch: scratch)
            statistics.shapesRestroked += count
            statistics.ringsTracedAhead += shown.lazy.filter { $0.cells?.traced != nil }.count
            pixels.clipped(to: [bounds]) { renderer.fillSolid(counted.solidRuns(meeting: bounds), $0) }
        } else {
            paint([bounds], showing: shown.lazy.map { after[$0.index].shape }, on: pixels)
        }
    }

    /// More shapes than this selected or deselected at once (Ctrl+A) repaint the layer whole: cheaper
    /// than repairing each one's cells.
    static let selectionsRepaired = 1_000
    /// A shape a first frame strokes: where it lies among those after the tops, its outline and colour, and
    /// a circle's cells (see `strokeInHalves`).
    private struct Shown: Sendable {
        let index: Int
        let stroke: SolidCells.Stroke
        var cells: ShownCells? = nil
    }

    /// Below this many shapes to count or judge a core is not worth waking.
    static let shapesPerPart = 500
    /// Below this many shapes to stroke, neither.
    static let strokesPerHalf = 256

    /// Paints the background and strokes `shown` (in drawing order) on the layer, the top and the bottom
    /// half at once: each half on an image of the whole layer (the pixels, the scratch image) with the
    /// shapes that reach into it, clipped to the half (a stroke crossing the middle is rasterised on each
    /// side only where it shows there). Every shape that may change a pixel is stroked on its half's image,
    /// in order, as on one image (Cairo rasterises a stroke the same on images of the same size, and a clip
    /// to whole pixels leaves the pixels inside it as they were), so the bottom half copied from the scratch
    /// image makes the same pixels. A circle with cells (`ShownCells`) is stroked only in the halves its
    /// cells meet: elsewhere each cell it reaches has a later top, which covers it whole, or is solid,
    /// filled after.
    private func strokeInHalves(_ shown: FlattenSequence<[[Shown]]>, scratch: PixelImage) {
        let middle = bounds.minY + Double(solid.rows / 2 * solid.cellSize)
        let halves = [Rect(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: middle),
                      Rect(minX: bounds.minX, minY: middle, maxX: bounds.maxX, maxY: bounds.maxY)]
        let renderer = self.renderer, cells = (top: solid.bounds.minY, size: Double(solid.cellSize))
        // A shape with cells (their runs top to bottom) is stroked in the halves they meet: a circle whose box
        // crosses the middle may show on one side only. Any other, in those its coverage meets. (Each half
        // picks its own, on its own thread.)
        let images = Lent([pixels, scratch])
        _ = Parallel.map(2, minimum: 1) { part in
            let cr = images.value[part.lowerBound].context.pointer, half = halves[part.lowerBound]
            let meeting = shown.lazy.filter { shown in
                guard let runs = shown.cells?.runs, let first = runs.first, let last = runs.last else {
                    return shown.stroke.outline.coverage.intersects(half)
                }
                return cells.top + Double(first.row) * cells.size < half.maxY && cells.top + Double(last.row + 1) * cells.size > half.minY
            }
            cairo_save(cr)
            cairo_rectangle(cr, half.minX, half.minY, half.width, half.height)
            cairo_clip(cr)
            renderer.paintBackground(cr)
            renderer.strokeFinished(meeting.map { ($0.stroke.outline, $0.stroke.colour, $0.cells) }, cr)
            cairo_restore(cr)
        }
        pixels.copy([halves[1]], from: scratch)
    }

    /// Repaints `areas` (whole pixels) from the shapes that show there.
    ///
    /// `scratch` (the viewport's size) may be smaller than the layer once it holds a margin painted ahead:
    /// the areas are then cut along a grid of scratch-sized pieces laid from the layer's corner and each
    /// piece is painted with the scratch image placed on it. (When the layer is the scratch's size there is
    /// one piece, the layer, and the scratch lies where the window does: the pixels are the renderer's.)
    private func repair(_ areas: [Rect], of scene: Scene, using scratch: PixelImage) {
        let (width, height) = (Double(scratch.width), Double(scratch.height))
        if scratch.width >= pixels.width, scratch.height >= pixels.height {
            scratch.place(at: origin)
            return repairPiece(areas, of: scene, using: scratch)
        }
        var pieces: [PixelPoint: [Rect]] = [:]
        for area in areas {
            let columns = Int(((area.minX - bounds.minX) / width).rounded(.down))...Int(((area.maxX - bounds.minX) / width).rounded(.up)) - 1
            let rows = Int(((area.minY - bounds.minY) / height).rounded(.down))...Int(((area.maxY - bounds.minY) / height).rounded(.up)) - 1
            for row in rows {
                for column in columns {
                    let corner = PixelPoint(x: origin.x + column * scratch.width, y: origin.y + row * scratch.height)
                    let piece = area.intersection(Rect(x: Double(corner.x), y: Double(corner.y), width: width, height: height))
                    if !piece.isEmpty { pieces[corner, default: []].append(piece) }
                }
            }
        }
        for corner in pieces.keys.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            scratch.place(at: corner)
            repairPiece(pieces[corner]!, of: scene, using: scratch)
        }
    }

    /// Repairs `areas`, all inside `scratch` as it is placed.
    private func repairPiece(_ areas: [Rect], of scene: Scene, using scratch: PixelImage) {
        guard let first = areas.first else { return }
        let extent = areas.dropFirst().reduce(first) { $0.union($1) }
        let selection = scene.selection
        let thresholds = solid.thresholds(inside: areas)
        var shown: [Shape] = []
        for shape in shapes(showingIn: areas, of: scene) where !selection.contains(shape.id) {
            let outline = renderer.outline(of: shape)
            let covered = outline.coverage
            guard covered.intersects(extent), areas.contains(where: { covered.intersects($0) }) else { continue }
            if solid.shows(outline, id: shape.id.rawValue, in: thresholds) { shown.append(shape) } else { statistics.buriedShapes += 1 }
        }
        statistics.repairs += 1
        paint(areas, showing: shown, on: scratch)
        pixels.copy(areas, from: scratch)
    }

    /// Paints `areas` of `image` as the layer shows them: the background, the shapes `shown` there (in
    /// drawing order: those not buried there), and the solid cells there in their colours.
    private func paint<Shapes: Sequence<Shape>>(_ areas: [Rect], showing shown: Shapes, on image: PixelImage) {
        image.clipped(to: areas) { renderer.paintBackground($0) }
        statistics.shapesRestroked += renderer.strokeFinished(shown, image.context.pointer)
        image.clipped(to: areas) { cr in
            renderer.fillSolid(areas.flatMap { solid.solidRuns(meeting: $0) }, cr)
        }
    }
}

extension DrawingChange {
    /// The change without what it did to the shapes `excluded` (nil when it did nothing else).
    func leavingOut(_ excluded: Set<ShapeID>) -> DrawingChange? {
        switch self {
        case .appended(let shape), .inserted(let shape), .removed(let shape), .restyled(let shape):
            return excluded.contains(shape.id) ? nil : self
        case .moved(let changes):
            if !changes.contains(where: { excluded.contains($0.id) }) { return self }
            let kept = changes.filter { !excluded.contains($0.id) }
            return kept.isEmpty ? nil : .moved(kept)
        case .cleared:
            return self
        }
    }
}

extension Rect {
    /// The part of this rectangle inside `other` (empty when they do not meet).
    func intersection(_ other: Rect) -> Rect {
        Rect(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
             maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// The part of this rectangle outside `other`, as up to four disjoint rectangles: the bands above and
    /// below `other`, and beside it.
    func subtracting(_ other: Rect) -> [Rect] {
        let inner = intersection(other)
        guard !inner.isEmpty else { return isEmpty ? [] : [self] }
        return [Rect(minX: minX, minY: minY, maxX: maxX, maxY: inner.minY),
                Rect(minX: minX, minY: inner.maxY, maxX: maxX, maxY: maxY),
                Rect(minX: minX, minY: inner.minY, maxX: inner.minX, maxY: inner.maxY),
                Rect(minX: inner.maxX, minY: inner.minY, maxX: maxX, maxY: inner.maxY)].filter { !$0.isEmpty }
    }
}

/// Something not Sendable lent to other threads for the span of one `Parallel.map`, the lender waiting:
/// each part uses what it is lent alone (the halves' images in `strokeInHalves`).
private struct Lent<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
