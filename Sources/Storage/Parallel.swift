import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work split over the machine's cores, for opening a large drawing (DrawingDecoder+Parallel) and its first
/// frame (Rendering's ShapeLayer): `map` cuts a range into
/// one part per core, runs `work` on each part at once, and returns when all are done, their results in
/// order. The parts share nothing but what `work` captures (Sendable); the caller's thread waits, so the
/// event loop around it stays single-threaded.
///
/// The caller's thread works on the first part and a thread of its own on each of the others, started
/// for this call and joined before it returns: no thread outlives the call, so an idle window has no
/// thread left to wake (a shared pool such as libdispatch's keeps a manager thread waking every second
/// forever). Starting a thread costs tens of microseconds; a part is thousands of shapes.
public enum Parallel {
    /// The cores to use: those online, at most 8.
    public static let cores = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `work` on `0..<count` cut into parts of at least `minimum` (fewer parts when `count` is small).
    public static func map<Result: Sendable>(_ count: Int, minimum: Int, _ work: @Sendable (Range<Int>) -> Result) -> [Result] {
        let parts = max(1, min(cores, count / max(1, minimum)))
        let bounds = (0...parts).map { count * $0 / parts }
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        guard parts > 1 else { return ranges.map(work) }
        // `work` escapes only into threads joined below, before it returns.
        return withoutActuallyEscaping(work) { work in
            let results = Results<Result>(count: parts)
            let threads = ranges.indices.dropFirst().map { part in
                JoinedThread { results.store(work(ranges[part]), at: part) }
            }
            results.store(work(ranges[0]), at: 0)
            for thread in threads { thread.join() }
            return results.all
        }
    }
}

/// The parts' results, each stored by the thread that worked on it.
private final class Results<Result: Sendable>: Sendable {
    private let slots: Mutex<[Result?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func store(_ result: Result, at part: Int) { slots.withLock { $0[part] = result } }

    /// Every result, in order; call once every part is stored.
    var all: [Result] { slots.withLock { $0.map { $0! } } }
}
