/// An X server timestamp: milliseconds since an arbitrary origin, in 32 bits, wrapping about every
/// 49.7 days. Only differences are meaningful; they are computed wrap-safe, so two stamps up to
/// 24.8 days apart compare correctly across the wrap.
public struct ServerTime: Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: UInt32

    public init(milliseconds: UInt32) { self.milliseconds = milliseconds }

    /// Signed milliseconds from `earlier` to `self` (negative when `earlier` is in fact later).
    public func milliseconds(since earlier: ServerTime) -> Int64 {
        Int64(Int32(bitPattern: milliseconds &- earlier.milliseconds))
    }

    /// This stamp moved by `delta` milliseconds, wrapping like the server's clock.
    public func advanced(byMilliseconds delta: Int64) -> ServerTime {
        ServerTime(milliseconds: milliseconds &+ UInt32(truncatingIfNeeded: delta))
    }

    public var description: String { "\(milliseconds)ms" }
}
