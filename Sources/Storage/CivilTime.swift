#if canImport(Glibc)
import Glibc
#endif

/// A wall-clock date and time of day, local time: only for naming files people read (the names of
/// damaged files kept aside). Never used for timing, which is monotonic (`Deadline`).
public struct CivilTime: Hashable, Sendable {
    /// The date: year (e.g. 2026), month 1-12, day 1-31.
    public var year: Int, month: Int, day: Int
    /// The time of day: hour 0-23, minute 0-59, second 0-60.
    public var hour: Int, minute: Int, second: Int

    /// The given date and time of day.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
    }

    /// The local time now (reads the real clock: for the app, not for tests).
    public static func now() -> CivilTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CivilTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                         hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// "YYYYMMDD-HHMMSS".
    public var stamp: String {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(year, 4) + digits(month, 2) + digits(day, 2) + "-" + digits(hour, 2) + digits(minute, 2) + digits(second, 2)
    }
}
