#if canImport(Glibc)
import Glibc
#endif

// Measuring: the clock, a sink for measured results, and the reductions the sections share.

/// Monotonic nanoseconds for measurements.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps the optimizer from deleting measured work.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The median of `times` (the upper one of an even count); `times` must not be empty.
func median(_ times: [UInt64]) -> UInt64 {
    times.sorted()[times.count / 2]
}
