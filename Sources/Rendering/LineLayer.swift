import CCairo
import Document

/// The finished lines as pixels: an image the size of the canvas holding the background and every
/// finished line but the selected one, black, in drawing order — what `Renderer` paints before the
/// foreground. It follows a drawing through the drawing's remembered changes (`Drawing.changes(since:)`),
/// doing the least work they allow:
///
///   only lines added on top        each is stroked on top (the same pixels a full repaint gives)
///   the selected line moved        nothing: it is not in the layer (dragging costs no repair)
///   deletes, moves, undos,         the areas those lines cover, before and after, are repainted: the
///   another line selected          background, then each line that reaches into them, in order (on a
///                                  scratch image, unclipped; see `PixelImage`), copied back
///   a clear, or no history         everything is repainted
final class LineLayer {
    let pixels: PixelImage
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
        self.renderer = renderer
        self.statistics = statistics ?? CompositorStatistics()
    }

    var bounds: Rect { pixels.bounds }

    /// Brings the pixels to `drawing`'s finished lines but `selection` and adds the areas that changed
    /// to `damage`; `scratch` (the same size) is scribbled on.
    func update(to drawing: Drawing, excluding selection: LineID?, damage: inout DamageRegion, scratch: PixelImage) {
        let wasExcluded = excluded
        defer { (revision, excluded) = (drawing.revision, selection) }
        guard let revision, let changes = drawing.changes(since: revision), !changes.contains(.cleared) else {
            rebuild(drawing, excluding: selection)
            damage.addEverything()
            return
        }
        // Changes to the line that was left out do not show in the pixels (should it be let in now,
        // its area is repaired below, where it is now).
        let visible = wasExcluded.map { left in changes.filter { $0.lineID != left } } ?? changes
        var appended: [Line] = []
        for case .appended(let line) in visible { appended.append(line) }
        if wasExcluded == selection, appended.count == visible.count {
            renderer.strokeFinished(appended, pixels.context.pointer)
            statistics.appendedLines += appended.count
            for line in appended { damage.add(renderer.coverage(of: line.segment)) }
            return
        }
        var areas = DamageRegion(bounds: bounds)
        for change in visible {
            for segment in change.segments { areas.add(renderer.coverage(of: segment)) }
        }
        if wasExcluded != selection {
            for id in [wasExcluded, selection].compactMap({ $0 }) {
                if let line = drawing.line(id) { areas.add(renderer.coverage(of: line.segment)) }
            }
        }
        repair(areas.rects, of: drawing, excluding: selection, using: scratch)
        for area in areas.rects { damage.add(area) }
    }

    /// Repaints everything.
    private func rebuild(_ drawing: Drawing, excluding selection: LineID?) {
        let cr = pixels.context.pointer
        renderer.paintBackground(cr)
        let visible = drawing.lines.lazy.filter {
            $0.id != selection && self.renderer.coverage(of: $0.segment).intersects(self.bounds)
        }
        statistics.rebuilds += 1
        statistics.linesRestroked += renderer.strokeFinished(visible, cr)
    }

    /// Repaints `areas` (whole pixels) from the lines that reach into them.
    private func repair(_ areas: [Rect], of drawing: Drawing, excluding selection: LineID?, using scratch: PixelImage) {
        guard let first = areas.first else { return }
        let outline = areas.dropFirst().reduce(first) { $0.union($1) }
        let reaching = drawing.lines.lazy.filter { line in
            guard line.id != selection else { return false }
            let covered = self.renderer.coverage(of: line.segment)
            return covered.intersects(outline) && areas.contains { covered.intersects($0) }
        }
        scratch.clipped(to: areas) { renderer.paintBackground($0) }
        statistics.repairs += 1
        statistics.linesRestroked += renderer.strokeFinished(reaching, scratch.context.pointer)
        pixels.copy(areas, from: scratch)
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

    /// Where the change's lines were and are.
    var segments: [Segment] {
        switch self {
        case .appended(let line), .inserted(let line), .removed(let line), .restyled(let line): [line.segment]
        case .moved(_, let from, let to): [from, to]
        case .cleared: []
        }
    }
}
