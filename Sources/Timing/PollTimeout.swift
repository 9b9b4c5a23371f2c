/// The `poll()` timeout in milliseconds for waiting until `deadline`: -1 (block indefinitely) when
/// there is none, 0 only when it is already due, otherwise rounded up so the wait never ends early
/// (1 ns ahead gives 1 ms), capped at `Int32.max` (T5).
@inlinable
public func pollTimeout(until deadline: Deadline?, now: Deadline) -> Int32 {
    guard let deadline else { return -1 }
    if deadline <= now { return 0 }
    let milliseconds = (deadline - now).millisecondsRoundedUp
    return milliseconds > Int64(Int32.max) ? Int32.max : Int32(milliseconds)
}
