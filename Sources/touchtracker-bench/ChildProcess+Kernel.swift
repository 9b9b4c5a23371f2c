#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

/// What the kernel counts for a child of the bench (the app, Xvfb), from /proc.
extension ChildProcess {
    /// CPU time the child's threads have run, in nanoseconds (the first field of each thread's schedstat).
    var cpuNanoseconds: UInt64 {
        guard let directory = opendir("/proc/\(pid)/task") else { return 0 }
        defer { closedir(directory) }
        var total: UInt64 = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true,
                  let text = readSmallFile("/proc/\(pid)/task/\(name)/schedstat"),
                  let field = text.split(separator: " ").first, let value = UInt64(field) else { continue }
            total += value
        }
        return total
    }

    /// The child's resident set size in bytes (VmRSS in /proc/PID/status).
    var residentBytes: Int? { statusBytes("VmRSS:") }

    /// The most the child's resident set size has been, in bytes (VmHWM).
    var peakResidentBytes: Int? { statusBytes("VmHWM:") }

    /// A "NAME:   N kB" field of /proc/PID/status, in bytes.
    private func statusBytes(_ field: String) -> Int? {
        guard let status = readSmallFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }
}

/// The text of a small file (a /proc entry), or nil when it cannot be read.
func readSmallFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
