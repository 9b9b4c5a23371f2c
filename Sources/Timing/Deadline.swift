/// A point on the monotonic clock (CLOCK_MONOTONIC), in nanoseconds since an arbitrary origin.
/// Never a wall-clock time: it cannot jump backwards.
public struct Deadline: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static let zero = Deadline(nanoseconds: 0)
    public static let distantFuture = Deadline(nanoseconds: .max)

    public static func < (a: Deadline, b: Deadline) -> Bool { a.nanoseconds < b.nanoseconds }

    /// Saturates at `distantFuture` and at zero instead of trapping.
    public static func + (d: Deadline, t: TimeAmount) -> Deadline {
        if t.nanoseconds >= 0 {
            let (sum, overflow) = d.nanoseconds.addingReportingOverflow(UInt64(t.nanoseconds))
            return Deadline(nanoseconds: overflow ? .max : sum)
        }
        let magnitude = t.nanoseconds.magnitude
        return Deadline(nanoseconds: d.nanoseconds >= magnitude ? d.nanoseconds - magnitude : 0)
    }

    public static func - (d: Deadline, t: TimeAmount) -> Deadline { d + .nanoseconds(-t.nanoseconds) }

    /// The signed time from `b` to `a`, saturating at the range of `TimeAmount`.
    public static func - (a: Deadline, b: Deadline) -> TimeAmount {
        if a >= b {
            let difference = a.nanoseconds - b.nanoseconds
            return .nanoseconds(difference > UInt64(Int64.max) ? .max : Int64(difference))
        }
        let difference = b.nanoseconds - a.nanoseconds
        return .nanoseconds(difference > UInt64(Int64.max) ? .min : -Int64(difference))
    }

    public var description: String { "Deadline(\(nanoseconds)ns)" }
}
