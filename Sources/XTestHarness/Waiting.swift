#if canImport(Glibc)
import Glibc
#endif

// Waiting for something outside this process (a pixel, a window, a file, an exit) the one way the
// end-to-end tests and the harness wait: a condition checked every few milliseconds until a deadline,
// never a fixed sleep that is too short on a loaded machine and too long on an idle one.

/// Checks `condition` every `interval` seconds until it holds (true) or `timeout` seconds pass (false).
/// The condition is always checked once more at the deadline.
@discardableResult
public func waitUntil(timeout: Double, interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
    try waitForValue(timeout: timeout, interval: interval) { try condition() ? () : nil } != nil
}

/// Calls `attempt` every `interval` seconds until it returns a value, or `timeout` seconds pass (nil).
public func waitForValue<Value>(timeout: Double, interval: Double = 0.01, _ attempt: () throws -> Value?) rethrows -> Value? {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while true {
        let expired = ContinuousClock.now >= deadline
        if let value = try attempt() { return value }
        if expired { return nil }
        usleep(UInt32(interval * 1_000_000))
    }
}
