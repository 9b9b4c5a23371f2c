import Testing
import Timing

@Suite struct DeadlineArithmetic {
    @Test func addingAPositiveAmountMovesTheDeadlineLater() {
        #expect(ns(100) + .nanoseconds(5) == ns(105))
        #expect(ns(0) + .milliseconds(2) == ns(2_000_000))
    }

    @Test func addingPastTheEndOfTimeSaturatesAtDistantFuture() {
        #expect(Deadline.distantFuture + .nanoseconds(1) == .distantFuture)
        #expect(ns(.max - 10) + .seconds(1) == .distantFuture)
    }

    @Test func subtractingPastZeroSaturatesAtZero() {
        #expect(ns(5) - .nanoseconds(10) == .zero)
        #expect(ns(5) + .nanoseconds(-10) == .zero)
        #expect(ns(15) - .nanoseconds(10) == ns(5))
    }

    @Test func theDifferenceOfTwoDeadlinesIsSignedAndSaturates() {
        #expect(ns(30) - ns(10) == .nanoseconds(20))
        #expect(ns(10) - ns(30) == .nanoseconds(-20))
        #expect(Deadline.distantFuture - Deadline.zero == .nanoseconds(.max))
        #expect(Deadline.zero - Deadline.distantFuture == .nanoseconds(.min))
    }

    @Test func deadlinesOrderByTheirNanoseconds() {
        #expect(ns(1) < ns(2))
        #expect(!(ns(2) < ns(2)))
        #expect(Deadline.zero < .distantFuture)
    }
}

@Suite struct TimeAmountArithmetic {
    @Test func unitConstructorsScaleToNanoseconds() {
        #expect(TimeAmount.microseconds(3).nanoseconds == 3_000)
        #expect(TimeAmount.milliseconds(-3).nanoseconds == -3_000_000)
        #expect(TimeAmount.seconds(2).nanoseconds == 2_000_000_000)
    }

    @Test func unitConstructorsSaturateInsteadOfWrapping() {
        #expect(TimeAmount.seconds(.max).nanoseconds == .max)
        #expect(TimeAmount.milliseconds(.min).nanoseconds == .min)
        #expect(TimeAmount.microseconds(Int64.max / 999).nanoseconds == .max)
    }

    @Test func additionAndSubtractionSaturate() {
        #expect(TimeAmount.nanoseconds(.max) + .nanoseconds(1) == .nanoseconds(.max))
        #expect(TimeAmount.nanoseconds(.min) + .nanoseconds(-1) == .nanoseconds(.min))
        #expect(TimeAmount.nanoseconds(.min) - .nanoseconds(1) == .nanoseconds(.min))
        #expect(TimeAmount.nanoseconds(.max) - .nanoseconds(-1) == .nanoseconds(.max))
        #expect(TimeAmount.nanoseconds(7) - .nanoseconds(9) == .nanoseconds(-2))
    }

    @Test func multiplicationSaturatesWithTheRightSign() {
        #expect(TimeAmount.seconds(1) * 3 == .seconds(3))
        #expect(TimeAmount.nanoseconds(.max / 2) * 3 == .nanoseconds(.max))
        #expect(TimeAmount.nanoseconds(.max / 2) * -3 == .nanoseconds(.min))
        #expect(TimeAmount.nanoseconds(-(.max / 2)) * -3 == .nanoseconds(.max))
    }

    @Test func millisecondsRoundUpSoAWaitIsNeverShort() {
        #expect(TimeAmount.nanoseconds(1).millisecondsRoundedUp == 1)
        #expect(TimeAmount.nanoseconds(999_999).millisecondsRoundedUp == 1)
        #expect(TimeAmount.nanoseconds(1_000_000).millisecondsRoundedUp == 1)
        #expect(TimeAmount.nanoseconds(1_000_001).millisecondsRoundedUp == 2)
        #expect(TimeAmount.zero.millisecondsRoundedUp == 0)
        #expect(TimeAmount.nanoseconds(-1_500_000).millisecondsRoundedUp == -1)
        #expect(TimeAmount.nanoseconds(.max).millisecondsRoundedUp == Int64.max / 1_000_000 + 1)
    }
}
