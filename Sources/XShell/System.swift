#if canImport(Glibc)
import Glibc
#endif
import Timing

/// The monotonic clock, read once per loop iteration and passed down as `now`.
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

public enum FileDescriptorOutput {
    /// Writes `text` as it is to stderr.
    public static func standardError(_ text: String) { writeAll(text, to: 2) }

    static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}

public enum StandardError {
    /// Writes one line (a newline is added) to stderr, unbuffered.
    public static func write(_ line: String) { FileDescriptorOutput.writeAll(line + "\n", to: 2) }
}

extension String {
    /// Decodes a NUL-terminated C character buffer as UTF-8.
    init(cStringBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
