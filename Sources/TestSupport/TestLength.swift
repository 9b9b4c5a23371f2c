import Foundation

/// How much random input the tests that sample it take: under `make test` a sample sized so that the
/// whole suite stays within a few minutes on two cores (each test still reaching every case it checks),
/// under `make test-long` (TOUCHTRACKER_LONG_TESTS=1) the long runs. One switch for all of them; the
/// docs/tests.md says what each takes in either mode.
public enum TestLength {
    /// Whether this is the long run.
    public static let isLong = ProcessInfo.processInfo.environment["TOUCHTRACKER_LONG_TESTS"] == "1"

    /// `short` under `make test`, `long` under `make test-long`.
    public static func pick<Value>(_ short: Value, long: Value) -> Value { isLong ? long : short }
}
