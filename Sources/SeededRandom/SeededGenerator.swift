// SeededRandom: one seeded pseudo-random generator for everything that must repeat exactly from a
// seed: the document fuzzer, the bench's workloads and the randomized tests. Standard library only.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014; the
/// variant Vigna publishes as `splitmix64.c`): the state advances by the golden-ratio increment
/// 0x9E3779B97F4A7C15 and each output is that state put through a 64-bit finalizer (xor-shift 30,
/// multiply, xor-shift 27, multiply, xor-shift 31).
///
/// The same seed always gives the same stream, on every platform and in every build; tests and
/// benches depend on that, so the algorithm must never change. Not for anything secret.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose stream is determined by `seed` alone (any value, zero included).
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits of the stream.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
