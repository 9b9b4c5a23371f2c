/// A length of time in nanoseconds (signed). Distinct from `Deadline`, a point in time.
///
/// Construction and arithmetic saturate at `Int64.min` / `Int64.max` (about ±292 years) instead of
/// wrapping or trapping, so an absurd timeout becomes "forever", never a negative one.
public struct TimeAmount: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func nanoseconds(_ n: Int64) -> TimeAmount { TimeAmount(nanoseconds: n) }
    public static func microseconds(_ n: Int64) -> TimeAmount { .nanoseconds(saturating(n, times: 1_000)) }
    public static func milliseconds(_ n: Int64) -> TimeAmount { .nanoseconds(saturating(n, times: 1_000_000)) }
    public static func seconds(_ n: Int64) -> TimeAmount { .nanoseconds(saturating(n, times: 1_000_000_000)) }

    public static let zero = TimeAmount(nanoseconds: 0)

    public static func < (a: TimeAmount, b: TimeAmount) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: TimeAmount, b: TimeAmount) -> TimeAmount {
        let (sum, overflow) = a.nanoseconds.addingReportingOverflow(b.nanoseconds)
        return .nanoseconds(overflow ? (b.nanoseconds > 0 ? .max : .min) : sum)
    }

    public static func - (a: TimeAmount, b: TimeAmount) -> TimeAmount {
        let (difference, overflow) = a.nanoseconds.subtractingReportingOverflow(b.nanoseconds)
        return .nanoseconds(overflow ? (b.nanoseconds < 0 ? .max : .min) : difference)
    }

    public static func * (a: TimeAmount, n: Int64) -> TimeAmount { .nanoseconds(saturating(a.nanoseconds, times: n)) }

    /// Whole milliseconds, rounded up (towards +infinity): a wait computed from this is never short.
    public var millisecondsRoundedUp: Int64 {
        nanoseconds <= 0 ? nanoseconds / 1_000_000 : (nanoseconds - 1) / 1_000_000 + 1
    }

    /// Milliseconds as a fraction (for logs and traces).
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public var description: String { "\(milliseconds)ms" }

    private static func saturating(_ a: Int64, times b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return product }
        return (a < 0) == (b < 0) ? .max : .min
    }
}
