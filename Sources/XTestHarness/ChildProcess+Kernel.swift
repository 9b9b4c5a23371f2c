#if canImport(Glibc)
import Glibc
#endif

/// What the kernel counts for a child (the app, Xvfb), from /proc: for the bench's figures and the
/// end-to-end tests that count.
extension ChildProcess {
    /// CPU time the child's threads have run, in nanoseconds (the first field of each thread's schedstat).
    public var cpuNanoseconds: UInt64 {
        threads.reduce(0) { total, thread in
            guard let text = readSmallFile("/proc/\(pid)/task/\(thread)/schedstat"),
                  let field = text.split(separator: " ").first, let value = UInt64(field) else { return total }
            return total + value
        }
    }

    /// How often each of the child's threads has stopped running so far, by thread id: its voluntary
    /// context switches (it waited: for input, a timer, a lock) and involuntary ones (preempted), from
    /// /proc/PID/task/TID/status. A thread that does not run does not switch: an idle process's counts
    /// stay as they are.
    public var contextSwitches: [Int32: Int] {
        var switches: [Int32: Int] = [:]
        for thread in threads {
            guard let status = readSmallFile("/proc/\(pid)/task/\(thread)/status") else { continue }
            switches[thread] = status.split(separator: "\n").reduce(0) { total, line in
                guard line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:"),
                      let count = line.split(separator: "\t").last.flatMap({ Int($0) }) else { return total }
                return total + count
            }
        }
        return switches
    }

    /// The name of thread `thread` of the child (its comm), or nil when it has gone.
    public func threadName(_ thread: Int32) -> String? {
        readSmallFile("/proc/\(pid)/task/\(thread)/comm").map { String($0.prefix { $0 != "\n" }) }
    }

    /// The ids of the child's threads now.
    private var threads: [Int32] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(directory) }
        var threads: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let thread = Int32(name) { threads.append(thread) }
        }
        return threads
    }

    /// The child's resident set size in bytes (VmRSS in /proc/PID/status).
    public var residentBytes: Int? { statusBytes("VmRSS:") }

    /// The most the child's resident set size has been, in bytes (VmHWM).
    public var peakResidentBytes: Int? { statusBytes("VmHWM:") }

    /// A "NAME:   N kB" field of /proc/PID/status, in bytes.
    private func statusBytes(_ field: String) -> Int? {
        guard let status = readSmallFile("/proc/\(pid)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }
}

/// The text of a small file (a /proc entry), or nil when it cannot be read.
public func readSmallFile(_ path: String) -> String? {
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
