#if canImport(Glibc)
import Glibc
#endif

/// A child process of the bench (Xvfb, the app), started with posix_spawn with an empty signal mask
/// and default signal actions, so it does not inherit whatever the bench blocks. Its stdout is kept
/// in a pipe only when asked (Xvfb's `-displayfd`); otherwise stdout and stderr go to /dev/null,
/// so a chatty child can never block on a full pipe. Stopped (SIGTERM, then SIGKILL) when released.
final class BenchProcess {
    struct SpawnFailed: Error, CustomStringConvertible { let description: String }

    let pid: pid_t
    private let outputDescriptor: Int32?
    private var exited = false

    init(path: String, arguments: [String], environment extra: [String: String] = [:], readsStandardOutput: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var outPipe: [Int32] = [-1, -1]
        if readsStandardOutput {
            guard pipe(&outPipe) == 0 else { throw SpawnFailed(description: "pipe: \(String(cString: strerror(errno)))") }
            _ = fcntl(outPipe[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(outPipe[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = Self.environment(overriding: extra).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if readsStandardOutput { close(outPipe[1]) }
        guard result == 0 else {
            if readsStandardOutput { close(outPipe[0]) }
            throw SpawnFailed(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        outputDescriptor = readsStandardOutput ? outPipe[0] : nil
    }

    deinit {
        stop()
        if let outputDescriptor { close(outputDescriptor) }
    }

    /// The bench's own environment with `extra` set on top, as `KEY=VALUE` strings.
    private static func environment(overriding extra: [String: String]) -> [String] {
        var inherited: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let key = text.prefix { $0 != "=" }
            if extra[String(key)] == nil { inherited.append(text) }
            entry += 1
        }
        return inherited + extra.map { "\($0.key)=\($0.value)" }
    }

    /// The first line the child writes on stdout (for `-displayfd`), or nil after `timeoutMilliseconds`.
    func readLine(timeoutMilliseconds: Int32) -> String? {
        guard let outputDescriptor else { return nil }
        var bytes: [UInt8] = []
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        var chunk = [UInt8](repeating: 0, count: 256)
        while !bytes.contains(UInt8(ascii: "\n")) {
            let now = monotonicNanoseconds()
            guard now < deadline else { return nil }
            var ready = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { continue }
            let count = read(outputDescriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    var isRunning: Bool { !reap(blocking: false) }

    /// Stops the child: SIGTERM, then SIGKILL when it has not exited after three seconds.
    func stop() {
        guard !exited else { return }
        kill(pid, SIGTERM)
        let deadline = monotonicNanoseconds() + 3_000_000_000
        while !reap(blocking: false), monotonicNanoseconds() < deadline { usleep(2_000) }
        if !exited {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// Whether the child has exited (and been reaped).
    private func reap(blocking: Bool) -> Bool {
        if exited { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, blocking ? 0 : WNOHANG) == pid { exited = true }
        return exited
    }

    // MARK: what the kernel counts for the child

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

/// The path of an executable called `name` on PATH (or in /usr/bin), if any.
func executableOnPath(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).map { "\($0)/\(name)" }
        .first { access($0, X_OK) == 0 }
}
