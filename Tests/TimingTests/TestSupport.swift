import Testing
@testable import Timing

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
