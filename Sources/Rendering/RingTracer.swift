import Storage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Traces rings on a thread of its own while a first frame's latest-first pass runs on the caller's
/// (`ShapeLayer.rebuild`), which leaves the other core idle: the pass hands over each circle it finds
/// showing, and the thread traces its whole ring into `TracedRings` (`RingRaster.trace`), so that painting
/// it later only lays the opacities. The thread works on until `finish`, which it answers between two
/// rings: what it has traced by then is kept, the rest is traced as it is painted.
final class RingTracer: Sendable {
    /// A ring to trace: the circle's outline and half width, and where it lies among those handed over.
    private struct Job: Sendable {
        let ellipse: EllipseOutline, halfWidth: Double, index: Int
    }

    private struct State {
        /// Handed over and not yet taken.
        var jobs: [Job] = []
        var started = false
        /// Set by the thread as it ends: what it traced, and for each ring the index of its job.
        var traced: (rings: TracedRings, indices: [Int])?
    }

    private let state = Mutex(State())
    /// How many rings were handed over: the thread reads it without the state's lock, which it takes only
    /// when there are rings to take (the pass takes it at each ring).
    private let handedOver = Atomic(0)
    /// Whether to stop, and whether to trace every ring handed over first: `draining` is stored first.
    private let finishing = Atomic(false), draining = Atomic(false)
    private let thread = Mutex<JoinedThread?>(nil)
    /// The image's: where its device pixels lie from the canvas, and its rows.
    private let offset: (x: Double, y: Double)
    private let rows: Range<Int>

    /// A tracer for an image whose device pixels lie `offset` from the canvas, tracing the rings over its
    /// `rows` (device rows); its thread starts with the first ring handed over.
    init(offset: (x: Double, y: Double), rows: Range<Int>) {
        self.offset = offset
        self.rows = rows
    }

    /// Hands over the ring a stroke `halfWidth` each side of `ellipse` makes, the `index`th handed over.
    func trace(_ ellipse: EllipseOutline, halfWidth: Double, index: Int) {
        let first = state.withLock { state in
            state.jobs.append(Job(ellipse: ellipse, halfWidth: halfWidth, index: index))
            defer { state.started = true }
            return !state.started
        }
        handedOver.add(1, ordering: .releasing)
        if first { thread.withLock { $0 = JoinedThread { [self] in run() } } }
    }

    /// Stops the thread between two rings (or, `draining`, once every ring handed over is traced) and waits
    /// for it: what it traced, and for each of `count` rings handed over its traced ring there, or nil where
    /// it was not traced. (Hold the rings while the traced ones are used.)
    func finish(count: Int, draining: Bool = false) -> (rings: TracedRings?, traced: [TracedRing?]) {
        self.draining.store(draining, ordering: .relaxed)
        finishing.store(true, ordering: .releasing)
        thread.withLock { $0?.join() }
        var found = [TracedRing?](repeating: nil, count: count)
        guard let traced = state.withLock({ $0.traced }) else { return (nil, found) }
        for (ring, index) in traced.indices.enumerated() where index < count { found[index] = TracedRing(traced.rings, ring) }
        return (traced.rings, found)
    }

    private func run() {
        var raster = RingRaster(), indices: [Int] = [], jobs: [Job] = [], taken = 0
        let rings = TracedRings(offset: offset)
        defer {
            let traced = (rings, indices)
            state.withLock { $0.traced = traced }
        }
        /// Whether to stop before the next ring.
        func stopping() -> Bool { finishing.load(ordering: .acquiring) && !draining.load(ordering: .relaxed) }
        while true {
            // (Whether it is finishing is read first: rings handed over after it are all there are.)
            let finished = finishing.load(ordering: .acquiring)
            if handedOver.load(ordering: .acquiring) == taken {
                if finished { return }
                sched_yield()
                continue
            }
            // The rings handed over since, the lists swapped (neither allocates under the lock).
            jobs.removeAll(keepingCapacity: true)
            state.withLock { swap(&$0.jobs, &jobs) }
            taken += jobs.count
            for job in jobs {
                if stopping() { return }
                if raster.trace(job.ellipse, halfWidth: job.halfWidth, rows: rows, into: rings) { indices.append(job.index) }
            }
        }
    }
}
