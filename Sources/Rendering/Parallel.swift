import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work split over the machine's cores, for the first frame of a large drawing: `map` cuts a range into
/// one part per core, runs `work` on each part at once, and returns when all are done, their results in
/// order. The parts share nothing but what `work` captures (Sendable); the caller's thread waits, so the
/// event loop around it stays single-threaded.
enum Parallel {
    /// The cores to use: those online, at most 8.
    static let cores = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `work` on `0..<count` cut into parts of at least `minimum` (fewer parts when `count` is small).
    static func map<Result: Sendable>(_ count: Int, minimum: Int, _ work: @Sendable (Range<Int>) -> Result) -> [Result] {
        let parts = max(1, min(cores, count / max(1, minimum)))
        let bounds = (0...parts).map { count * $0 / parts }
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        guard parts > 1 else { return ranges.map(work) }
        let results = Mutex([Result?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let result = work(ranges[part])
            results.withLock { $0[part] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
