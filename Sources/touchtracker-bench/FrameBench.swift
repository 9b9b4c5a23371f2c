import Document
import Rendering
import SeededRandom
#if canImport(Glibc)
import Glibc
#endif

// Frames (rendering): what one pointer motion costs the window with 10, 1k and 100k finished
// lines on an 800x600 canvas, side by side:
//
//   ours   CanvasCompositor: the finished lines are a cached image; a frame copies the damage (old and
//          new place of the red line) from it and strokes the red line over it.
//   seed   the book's drawRect: re-stroke every finished line, then the red one, over the whole canvas.
//
// The red line is anchored in the middle and its end swings around a circle a few pixels per event,
// so every frame has the same damage at every size. Also for ours: the first frame (the cache built
// from a loaded drawing), finishing a line (stroked onto the cache), dragging the selected line (not in
// the cache, so like a line in progress), and deleting a line (its area repaired from the lines that
// reach into it: a bounds test per line, a stroke per line found). Back-buffer work only: copying the damage to the X server
// is the shell's and is measured through the real X path separately.
//
// Each figure is the median frame of a round; rounds alternate between ours and the seed, and each
// keeps its best round, so outside load on a shared machine inflates the figures less.

func frameSection(_ report: inout BenchReport) {
    let sizes: [(label: String, count: Int)] = [("10", 10), ("1k", 1_000), ("100k", 100_000)]
    let budget: UInt64 = report.long ? 400_000_000 : 60_000_000
    report.row("one motion of a line in progress, ns per frame (median frame, best of \(frameRounds) interleaved rounds), 800x600:")
    report.row(pad("lines", 8) + pad("ours", 14) + pad("seed (full redraw)", 20) + "seed/ours")
    var ours: [String: Double] = [:]
    for (label, count) in sizes {
        let drawing = benchDrawing(lines: count)
        let compositorFrames = try! MotionFrames(drawing: drawing, compositor: CanvasCompositor())
        let redrawFrames = try! MotionFrames(drawing: drawing, compositor: nil)
        var best = (ours: Double.infinity, seed: Double.infinity)
        for _ in 0..<frameRounds {
            best.ours = min(best.ours, medianFrame(budget: budget) { compositorFrames.next() })
            best.seed = min(best.seed, medianFrame(budget: budget) { redrawFrames.next() })
        }
        ours[label] = best.ours
        report.row(pad(label, 8) + pad(String(Int(best.ours)), 14) + pad(String(Int(best.seed)), 20)
            + String((best.seed / best.ours).rounded(toPlaces: 1)) + "x")
        report.record("frame_ns_ours_\(label)", best.ours.rounded(), unit: "ns")
        report.record("frame_ns_seed_\(label)", best.seed.rounded(), unit: "ns")
        if count == 100_000 {
            report.record("frame_speedup_vs_seed_100k", (best.seed / best.ours).rounded(toPlaces: 1), unit: "x")
            report.record("frame_cache_bytes", Double(compositorFrames.compositor!.cacheBytes), unit: "bytes (line layer + scratch, any number of lines)")
        }
    }
    report.record("frame_ratio_100k_vs_10", (ours["100k"]! / ours["10"]!).rounded(toPlaces: 2), unit: "x (goal <= 1.5)")

    report.row("other frames of ours, ns per frame (median frame, best of \(frameRounds) rounds):")
    for (label, count) in sizes {
        let drawing = benchDrawing(lines: count)
        var first = Double.infinity, append = Double.infinity, drag = Double.infinity, delete = Double.infinity
        for _ in 0..<frameRounds {
            let starting = FirstFrames(drawing: drawing)
            first = min(first, medianFrame(budget: budget) { starting.next() })
            let appending = try! AppendFrames(drawing: drawing)
            append = min(append, medianFrame(budget: budget) { appending.next() })
            let dragging = try! DragFrames(drawing: drawing)
            drag = min(drag, medianFrame(budget: budget) { dragging.next() })
            let deleting = try! DeleteFrames(drawing: drawing)
            delete = min(delete, medianFrame(budget: budget) { deleting.next() })
        }
        report.record("frame_first_ns_\(label)", first.rounded(), unit: "ns (cache built from the drawing)")
        report.record("frame_append_ns_\(label)", append.rounded(), unit: "ns (a line finished)")
        report.record("frame_drag_ns_\(label)", drag.rounded(), unit: "ns (the selected line dragged)")
        report.record("frame_delete_ns_\(label)", delete.rounded(), unit: "ns (a line deleted or undeleted: its area repaired)")
    }
}

private let frameRounds = 5
private let canvas = (width: 800, height: 600)

/// `count` lines of up to 80 px anywhere on the canvas (some reaching past its edges), always the same.
private func benchDrawing(lines count: Int) -> Drawing {
    var random = SeededGenerator(seed: 42)
    var lines: [Line] = []
    lines.reserveCapacity(count)
    for index in 0..<count {
        let begin = Point(x: random.unit() * Double(canvas.width), y: random.unit() * Double(canvas.height))
        let end = begin + Vector(dx: (random.unit() - 0.5) * 160, dy: (random.unit() - 0.5) * 160)
        lines.append(Line(id: LineID(UInt64(index + 1)), segment: Segment(begin: begin, end: end)))
    }
    return Drawing(lines: lines)
}

/// A back buffer the size of the canvas.
private final class BackBuffer {
    let surface: CairoSurface
    let context: CairoContext
    init() throws(CairoError) {
        surface = try CairoSurface(imageWidth: canvas.width, height: canvas.height)
        context = CairoContext(surface)
    }
}

/// A red line swinging around the middle of the canvas, one motion event per frame, painted by the
/// compositor or (nil) by a full redraw.
private final class MotionFrames {
    private var drawing: Drawing
    let compositor: CanvasCompositor?
    private let buffer = try! BackBuffer()
    private let renderer = Renderer()
    private var angle = 0.0
    private static let centre = Point(x: 400, y: 300)

    init(drawing: Drawing, compositor: CanvasCompositor?) throws(CairoError) {
        self.drawing = drawing
        self.compositor = compositor
        next()  // the first frame builds the cache
    }

    func next() {
        angle += 0.03  // about 4 px at the end of the 150 px line
        let end = Self.centre + Vector(dx: 150 * cos(angle), dy: 150 * sin(angle))
        let scene = Scene(drawing: drawing, linesInProgress: [Segment(begin: Self.centre, end: end)])
        if let compositor { blackHole(try! compositor.render(scene, onto: buffer.context)) } else { renderer.draw(scene, on: buffer.context) }
    }
}

/// The first frame of a new compositor: the cache built from a drawing just loaded.
private final class FirstFrames {
    private let drawing: Drawing
    private let buffer = try! BackBuffer()

    init(drawing: Drawing) { self.drawing = drawing }

    func next() { blackHole(try! CanvasCompositor().render(Scene(drawing: drawing), onto: buffer.context)) }
}

/// A short line finished (added on top) per frame.
private final class AppendFrames {
    private var drawing: Drawing
    private let compositor = CanvasCompositor()
    private let buffer = try! BackBuffer()
    private var random = SeededGenerator(seed: 7)

    init(drawing: Drawing) throws(CairoError) {
        self.drawing = drawing
        _ = try compositor.render(Scene(drawing: drawing), onto: buffer.context)
    }

    func next() {
        let begin = Point(x: random.unit() * 800, y: random.unit() * 600)
        drawing.add(Segment(begin: begin, end: begin + Vector(dx: 40, dy: 25)))
        blackHole(try! compositor.render(Scene(drawing: drawing), onto: buffer.context))
    }
}

/// The selected line dragged a few pixels per frame.
private final class DragFrames {
    private var drawing: Drawing
    private let compositor = CanvasCompositor()
    private let buffer = try! BackBuffer()
    private let dragged: LineID
    private var step = 0

    init(drawing: Drawing) throws(CairoError) {
        var drawing = drawing
        dragged = drawing.add(Segment(begin: Point(x: 300, y: 300), end: Point(x: 420, y: 340)))
        self.drawing = drawing
        _ = try compositor.render(Scene(drawing: drawing, selection: dragged), onto: buffer.context)
    }

    func next() {
        step += 1
        let offset = Double(step % 100) * 3
        drawing.setSegment(Segment(begin: Point(x: 200 + offset, y: 300), end: Point(x: 320 + offset, y: 340)), of: dragged)
        blackHole(try! compositor.render(Scene(drawing: drawing, selection: dragged), onto: buffer.context))
    }
}

/// A line deleted somewhere in the drawing, then put back by undo, a frame each.
private final class DeleteFrames {
    private var drawing: Drawing
    private let compositor = CanvasCompositor()
    private let buffer = try! BackBuffer()
    private var random = SeededGenerator(seed: 9)
    private var deleted: Line?

    init(drawing: Drawing) throws(CairoError) {
        self.drawing = drawing
        _ = try compositor.render(Scene(drawing: drawing), onto: buffer.context)
    }

    func next() {
        if let line = deleted {
            drawing.restore(line)
            deleted = nil
        } else {
            deleted = drawing.remove(drawing.lines[Int(random.next() % UInt64(drawing.lines.count))].id)
        }
        blackHole(try! compositor.render(Scene(drawing: drawing), onto: buffer.context))
    }
}

/// Runs `frame` repeatedly for about `budget` ns (at least once) and returns the median frame's ns.
private func medianFrame(budget: UInt64, _ frame: () -> Void) -> Double {
    var times: [UInt64] = []
    let start = monotonicNanoseconds()
    repeat {
        let before = monotonicNanoseconds()
        frame()
        times.append(monotonicNanoseconds() - before)
    } while monotonicNanoseconds() - start < budget
    return Double(median(times))
}

private extension SeededGenerator {
    /// Uniform in [0, 1), from the top 53 bits of `next()`. (`Double.random(in:using:)` takes the
    /// low bits, so it would draw different lines from the same seed.)
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
