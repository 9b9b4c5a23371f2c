/// A length of time in nanoseconds (signed). Distinct from `Deadline`, a point in time.
public struct TimeAmount: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func nanoseconds(_ n: Int64) -> TimeAmount { TimeAmount(nanoseconds: n) }
    public static func microseconds(_ n: Int64) -> TimeAmount { TimeAmount(nanoseconds: n.multipliedReportingOverflow(by: 1_000).partialValue) }
    public static func milliseconds(_ n: Int64) -> TimeAmount { TimeAmount(nanoseconds: n.multipliedReportingOverflow(by: 1_000_000).partialValue) }
    public static func seconds(_ n: Int64) -> TimeAmount { TimeAmount(nanoseconds: n.multipliedReportingOverflow(by: 1_000_000_000).partialValue) }

    public static let zero = TimeAmount(nanoseconds: 0)

    public static func < (a: TimeAmount, b: TimeAmount) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: TimeAmount, b: TimeAmount) -> TimeAmount { .nanoseconds(a.nanoseconds &+ b.nanoseconds) }
    public static func - (a: TimeAmount, b: TimeAmount) -> TimeAmount { .nanoseconds(a.nanoseconds &- b.nanoseconds) }
    public static func * (a: TimeAmount, n: Int64) -> TimeAmount { .nanoseconds(a.nanoseconds &* n) }

    /// Whole milliseconds, rounded up: a wait computed from this is never short.
    public var millisecondsRoundedUp: Int64 {
        nanoseconds <= 0 ? nanoseconds / 1_000_000 : (nanoseconds - 1) / 1_000_000 + 1
    }

    /// Milliseconds as a fraction (for logs and traces).
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public var description: String { "\(milliseconds)ms" }
}
