#if canImport(Glibc)
import Glibc
#endif
import Timing

/// The monotonic clock. Only the shell reads it, and passes it down as `now`: no other module reads a clock.
enum MonotonicClock {
    static func now() -> Deadline {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Deadline(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }
}

enum Environment {
    static func value(of name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// Unbuffered writes to stderr (fd 2), whole even when the kernel takes them in parts.
public enum StandardError {
    /// Writes one line (a newline is added).
    public static func write(_ line: String) { writeText(line + "\n") }

    /// Writes `text` as it is.
    public static func writeText(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}

extension String {
    /// Decodes a NUL-terminated C character buffer as UTF-8.
    init(cStringBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
