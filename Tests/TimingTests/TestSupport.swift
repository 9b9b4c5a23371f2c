import Testing
@testable import Timing

/// A small deterministic generator (SplitMix64) so random tests replay exactly from their seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func ns(_ n: UInt64) -> Deadline { Deadline(nanoseconds: n) }

let millisecond: UInt64 = 1_000_000
let second: UInt64 = 1_000_000_000

extension TimerWheel {
    /// Pops everything due at `now`, returning the payloads in firing order.
    mutating func drain(now: Deadline) -> [Payload] {
        var fired: [Payload] = []
        while let timer = popExpired(now: now) { fired.append(timer.payload) }
        return fired
    }
}

/// Fails the calling test if the wheel's structure is unsound.
func expectSound<P>(_ wheel: TimerWheel<P>, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = wheel.invariantViolations()
    #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
}
