import Testing
import Timing

@Suite struct PollTimeoutConversion {
    @Test func noDeadlineBlocksIndefinitely() {
        #expect(pollTimeout(until: nil, now: ns(5)) == -1)
    }

    @Test func aDeadlineAtNowOrInThePastDoesNotWait() {
        #expect(pollTimeout(until: ns(5 * millisecond), now: ns(5 * millisecond)) == 0)
        #expect(pollTimeout(until: ns(1), now: ns(5 * millisecond)) == 0)
    }

    @Test func oneNanosecondAheadWaitsAWholeMillisecondNeverZero() {
        #expect(pollTimeout(until: ns(5 * millisecond + 1), now: ns(5 * millisecond)) == 1)
    }

    @Test func partialMillisecondsRoundUp() {
        let now = ns(7)
        #expect(pollTimeout(until: now + .milliseconds(1), now: now) == 1)
        #expect(pollTimeout(until: now + .nanoseconds(1_000_001), now: now) == 2)
        #expect(pollTimeout(until: now + .milliseconds(300), now: now) == 300)
    }

    @Test func farDeadlinesClampToTheLongestPollTimeout() {
        #expect(pollTimeout(until: .distantFuture, now: .zero) == Int32.max)
        #expect(pollTimeout(until: ns(UInt64(Int32.max) * millisecond + 1), now: .zero) == Int32.max)
    }

    @Test func theWheelReportsTheTimeoutForItsNextDeadline() {
        var wheel = TimerWheel<Int>(now: .zero)
        #expect(wheel.pollTimeout(now: .zero) == -1)
        wheel.schedule(at: ns(2 * millisecond + 1), 1)
        #expect(wheel.pollTimeout(now: .zero) == 3)
        #expect(wheel.pollTimeout(now: ns(2 * millisecond)) == 1)
        #expect(wheel.pollTimeout(now: ns(2 * millisecond + 1)) == 0)
    }
}
