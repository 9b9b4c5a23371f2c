import CCairo
import Document

/// The finished lines as pixels: an image of the viewport holding the background and every finished
/// line but the selected one, in drawing order — what `Renderer` paints before the foreground. It
/// follows a drawing through the drawing's remembered changes (`Drawing.changes(since:)`), doing the
/// least work they allow:
///
///   only lines added on top        each is stroked on top (the same pixels a full repaint gives)
///   the selected line moved        nothing: it is not in the layer (dragging costs no repair)
///   deletes, moves, undos,         the cells those lines reach, before and after, that are not solid
///   another line selected          (see below) are repainted: the background, then each line that
///                                  reaches into them, in order (found by the drawing's index, on a
///                                  scratch image, unclipped; see `PixelImage`), copied back
///   a clear, or no history         everything is repainted
///
/// Where lines pile up, most of the layer is solid (`SolidCells`): there a line changes no pixel, so it
/// is neither stroked when the layer is painted nor repaired when it goes, moves or comes back. An edit
/// under many lines costs next to nothing, and painting the layer strokes about as many lines as can
/// be seen, however many lie buried.
final class LineLayer {
    let pixels: PixelImage
    private var solid: SolidCells
    private let renderer: Renderer
    /// The drawing revision the pixels show; nil before the first update.
    private var revision: Drawing.Revision?
    /// The line left out (the selected one).
    private var excluded: LineID?
    private(set) var statistics = CompositorStatistics()

    /// An empty layer; `statistics` carries on the counts of the layer it replaces.
    init(width: Int, height: Int, origin: PixelPoint = .zero, renderer: Renderer,
         statistics: CompositorStatistics? = nil) throws(CairoError) {
        pixels = try PixelImage(width: width, height: height, origin: origin)
        solid = SolidCells(bounds: pixels.bounds, lineWidth: renderer.style.lineWidth, finished: renderer.style.finished)
        self.renderer = renderer
        self.statistics = statistics ?? CompositorStatistics()
    }

    var bounds: Rect { pixels.bounds }

    /// Bytes held: the pixels and the solid cells.
    var bytes: Int { pixels.bytes + solid.bytes }

    /// Brings the pixels to `scene`'s finished lines but the selected one and adds the areas that
    /// changed to `damage`; `scratch` (the same size) is scribbled on.
    func update(to scene: Scene, damage: inout DamageRegion, scratch: PixelImage) {
        let drawing = scene.drawing, selection = scene.selection
        let wasExcluded = excluded
        defer { (revision, excluded) = (drawing.revision, selection) }
        guard let revision, let changes = drawing.changes(since: revision), !changes.contains(.cleared) else {
            rebuild(drawing, excluding: selection, scratch: scratch)
            damage.addEverything()
            return
        }
        // Changes to the line that was left out do not show in the pixels (should it be let in now,
        // it comes in below, where it is now).
        let visible = wasExcluded.map { left in changes.filter { $0.lineID != left } } ?? changes
        var appended: [Line] = []
        for case .appended(let line) in visible { appended.append(line) }
        if wasExcluded == selection, appended.count == visible.count {
            for line in appended { strokeOnTop(line.segment, damage: &damage) }
            return
        }
        // Every line coming into the layer or leaving it, where it was and where it is.
        var comings: [(from: Segment?, to: Segment?)] = visible.map { ($0.removedSegment, $0.addedSegment) }
        if wasExcluded != selection {
            if let left = wasExcluded, let line = drawing.line(left) { comings.append((nil, line.segment)) }
            if let selection, let line = drawing.line(selection) { comings.append((line.segment, nil)) }
        }
        let areas = repaintedAreas(for: comings)
        guard !areas.isEmpty else { return }
        repair(areas.rects, of: scene, using: scratch)
        for area in areas.rects { damage.add(area) }
    }

    /// A line added on top: stroked over the others, unless it only reaches solid cells.
    private func strokeOnTop(_ segment: Segment, damage: inout DamageRegion) {
        let shows = solid.reachesOpenCell(segment)
        solid.add(segment)
        guard shows else {
            statistics.buriedLines += 1
            return
        }
        renderer.strokeFinished(CollectionOfOne(segment), pixels.context.pointer)
        statistics.appendedLines += 1
        damage.add(renderer.coverage(of: segment))
    }

    /// Brings the solid cells up to date with lines coming and going and returns the areas to repaint:
    /// the cells they reach that are not solid before or after (a cell solid both times keeps its pixels),
    /// each cut to the coverage of the line reaching it.
    private func repaintedAreas(for comings: [(from: Segment?, to: Segment?)]) -> DamageRegion {
        struct Reach { var row: Int; var columns: Range<Int>; var coverage: Rect; var wasOpen: [Bool] }
        var reaches: [Reach] = []
        for segment in comings.flatMap({ [$0.from, $0.to] }).compactMap({ $0 }) {
            let coverage = renderer.coverage(of: segment)
            solid.forEachReachedRow(of: segment) { row, columns in
                reaches.append(Reach(row: row, columns: columns, coverage: coverage,
                                     wasOpen: columns.map { !solid.isSolid(row: row, column: $0) }))
                return true
            }
        }
        for coming in comings {
            if let from = coming.from { solid.remove(from) }
            if let to = coming.to { solid.add(to) }
        }
        var areas = DamageRegion(bounds: bounds)
        for reach in reaches {
            var column = reach.columns.lowerBound
            func repainted(_ column: Int) -> Bool {
                reach.wasOpen[column - reach.columns.lowerBound] || !solid.isSolid(row: reach.row, column: column)
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

    /// Repaints everything. With many lines, the cores share the work: counting the solid cells and
    /// finding the lines that show, a part of the lines each; then stroking them, a half of the layer
    /// each (`strokeInHalves`).
    private func rebuild(_ drawing: Drawing, excluding selection: LineID?, scratch: PixelImage) {
        let lines = drawing.lines, renderer = self.renderer, bounds = self.bounds
        let onScreen: @Sendable (Line) -> Bool = { $0.id != selection && renderer.coverage(of: $0.segment).intersects(bounds) }
        let empty = SolidCells(bounds: bounds, lineWidth: renderer.style.lineWidth, finished: renderer.style.finished)
        let counted = Parallel.map(lines.count, minimum: Self.linesPerPart) { part in
            var cells = empty
            for line in lines[part] where onScreen(line) { cells.add(line.segment) }
            return cells
        }
        solid = counted.dropFirst().reduce(into: counted[0]) { $0.merge($1) }
        let solid = self.solid, open = solid.openCells(inside: [bounds])
        let judged = Parallel.map(lines.count, minimum: Self.linesPerPart) { part in
            var shown: [Segment] = [], buried = 0
            for line in lines[part] where onScreen(line) {
                if solid.reaches(line.segment, open) { shown.append(line.segment) } else { buried += 1 }
            }
            return (shown: shown, buried: buried)
        }
        let shown = judged.flatMap(\.shown)
        statistics.rebuilds += 1
        statistics.buriedLines += judged.reduce(0) { $0 + $1.buried }
        if shown.count >= Self.strokesPerHalf, Parallel.cores > 1 {
            strokeInHalves(shown, scratch: scratch)
            statistics.linesRestroked += shown.count
            pixels.clipped(to: [bounds]) { renderer.fillFinished(solid.solidRects(meeting: bounds), $0) }
        } else {
            paint([bounds], showing: shown, on: pixels)
        }
    }

    /// Below this many lines a core is not worth waking.
    static let linesPerPart = 20_000
    /// Below this many lines to stroke, neither.
    static let strokesPerHalf = 256

    /// Paints the background and strokes `shown` (in drawing order) on the layer, the top and the bottom
    /// half at once: each half on an image of the whole layer (the pixels, the scratch image) with the
    /// lines that reach into it. Every line that reaches a pixel is stroked on its half's image, in order,
    /// as on one image (Cairo rasterises a stroke the same on images of the same size), so the bottom
    /// half copied from the scratch image makes the same pixels.
    private func strokeInHalves(_ shown: [Segment], scratch: PixelImage) {
        let middle = bounds.minY + Double(solid.rows / 2 * solid.cellSize)
        let halves = [Rect(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: middle),
                      Rect(minX: bounds.minX, minY: middle, maxX: bounds.maxX, maxY: bounds.maxY)]
        let renderer = self.renderer
        let parts = halves.map { half in shown.filter { renderer.coverage(of: $0).intersects(half) } }
        let images = Lent([pixels, scratch])
        _ = Parallel.map(2, minimum: 1) { part in
            let cr = images.value[part.lowerBound].context.pointer
            renderer.paintBackground(cr)
            renderer.strokeFinished(parts[part.lowerBound], cr)
        }
        pixels.copy([halves[1]], from: scratch)
    }

    /// Repaints `areas` (whole pixels) from the lines that reach into them.
    private func repair(_ areas: [Rect], of scene: Scene, using scratch: PixelImage) {
        guard let first = areas.first else { return }
        let outline = areas.dropFirst().reduce(first) { $0.union($1) }
        let selection = scene.selection
        let candidates = scene.indexOfDrawing.map { index in
            // Lines whose stroke reaches the outline have bounds within half a stroke and a pixel of it.
            index.lines(meeting: outline.insetBy(-(renderer.style.lineWidth / 2 + 1)), in: scene.drawing)[...]
        } ?? scene.drawing.lines[...]
        let open = solid.openCells(inside: areas)
        var shown: [Segment] = []
        for line in candidates where line.id != selection {
            let covered = renderer.coverage(of: line.segment)
            guard covered.intersects(outline), areas.contains(where: { covered.intersects($0) }) else { continue }
            if solid.reaches(line.segment, open) { shown.append(line.segment) } else { statistics.buriedLines += 1 }
        }
        statistics.repairs += 1
        paint(areas, showing: shown, on: scratch)
        pixels.copy(areas, from: scratch)
    }

    /// Paints `areas` of `image` as the layer shows them: the background, the lines `shown` there (in
    /// drawing order: those that reach a cell there that is not solid), and the solid cells there in the
    /// finished colour.
    private func paint<Segments: Sequence<Segment>>(_ areas: [Rect], showing shown: Segments, on image: PixelImage) {
        image.clipped(to: areas) { renderer.paintBackground($0) }
        statistics.linesRestroked += renderer.strokeFinished(shown, image.context.pointer)
        image.clipped(to: areas) { cr in
            renderer.fillFinished(areas.flatMap { solid.solidRects(meeting: $0) }, cr)
        }
    }
}

extension DrawingChange {
    /// The line changed, if one.
    var lineID: LineID? {
        switch self {
        case .appended(let line), .inserted(let line), .removed(let line), .restyled(let line): line.id
        case .moved(let id, _, _): id
        case .cleared: nil
        }
    }

    /// Where a line was that the change took away (a removed line, a moved one's old place).
    var removedSegment: Segment? {
        switch self {
        case .removed(let line), .restyled(let line): line.segment
        case .moved(_, let from, _): from
        case .appended, .inserted, .cleared: nil
        }
    }

    /// Where a line is that the change brought (a new or restored line, a moved one's new place).
    var addedSegment: Segment? {
        switch self {
        case .appended(let line), .inserted(let line), .restyled(let line): line.segment
        case .moved(_, _, let to): to
        case .removed, .cleared: nil
        }
    }
}

extension Rect {
    /// The part of this rectangle inside `other` (empty when they do not meet).
    func intersection(_ other: Rect) -> Rect {
        Rect(minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
             maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }
}

/// Something not Sendable lent to other threads for the span of one `Parallel.map`, the lender waiting:
/// each part uses what it is lent alone (the halves' images in `strokeInHalves`).
private struct Lent<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
