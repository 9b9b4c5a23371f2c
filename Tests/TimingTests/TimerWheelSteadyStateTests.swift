import SeededRandom
import Testing
@testable import Timing

// T6, no allocation per timer in steady state. The wheel allocates only when its storage grows
// (a new `TimerStorage` with twice the nodes), so "no allocation" is asserted here as "no growth":
// the node count stays at its warm-up peak. Counting mallocs directly (a glibc `mallinfo2()`
// delta, or the runtime's `_swift_allocObject` hook) is process-wide, and Swift Testing runs
// suites in parallel threads of one process, so such a count would see other tests' allocations
// (and the runtime hook's instrumentation mode is not safe while other threads run). The bench,
// single-threaded, reports Swift heap allocations per operation instead: 0 for the wheel.

@Suite struct TimerWheelSteadyState {
    @Test func schedulingCancellingAndFiringDoNotGrowStorageOnceWarm() {
        var wheel = TimerWheel<Int>(now: .zero)
        var random = SeededGenerator(seed: 9)
        var handles = (0..<1_000).map { wheel.schedule(at: ns(UInt64.random(in: 1...10 * second, using: &random)), $0) }
        var now = Deadline.zero
        var fired = 0
        func churn(_ rounds: Int) {
            for round in 0..<rounds {  // payloads are slot numbers in `handles`
                let slot = Int(random.next() % 1_000)
                wheel.cancel(handles[slot])
                handles[slot] = wheel.schedule(at: now + .nanoseconds(Int64(random.next() % (10 * second))), slot)
                if round % 64 == 0 {
                    now = now + .milliseconds(5)
                    while let timer = wheel.popExpired(now: now) {
                        fired += 1
                        handles[timer.payload] = wheel.schedule(at: now + .seconds(1), timer.payload)
                    }
                }
            }
        }
        churn(20_000)  // warm-up: storage reaches its peak
        let peak = wheel.storageCapacity
        let firedBefore = fired
        churn(100_000)
        #expect(fired - firedBefore > 500)
        #expect(wheel.count == 1_000)
        #expect(wheel.storageCapacity == peak)
        expectSound(wheel)
    }
}
