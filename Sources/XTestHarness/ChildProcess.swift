import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, with an empty signal mask and default signal actions
/// (the test runner's worker threads block most signals, and a child would inherit that). Each of its
/// stdout and stderr is either captured through a pipe this object drains, or sent to /dev/null.
/// Stopped (SIGTERM, then SIGKILL) when released.
public final class ChildProcess {
    public struct SpawnFailed: Error, CustomStringConvertible { public let description: String }

    /// Where one of the child's output streams goes.
    public enum Output: Sendable {
        /// Into a pipe this object drains: `standardOutput` / `standardError` return it.
        case captured
        /// To /dev/null, for output nobody reads after start (a full pipe would block the child).
        case discarded
    }

    /// Held from creating the pipes until the child has been spawned and the parent has closed the write
    /// ends. Suites run in parallel: without it, a spawn on another thread between `pipe` and
    /// `fcntl(FD_CLOEXEC)` leaks our write ends into that child, and our reads never see end of file.
    private static let spawning = Mutex(())

    public let pid: pid_t
    private var output = Captured()
    private var errors = Captured()
    private var status: Int32?

    /// Starts `path` with `arguments` and exactly `environment` (see `inheritedEnvironment`).
    public convenience init(path: String, arguments: [String], environment: [String: String],
                            standardOutput: Output = .captured, standardError: Output = .captured) throws {
        try self.init(path: path, argumentBytes: arguments.map { Array($0.utf8) }, environment: environment,
                      standardOutput: standardOutput, standardError: standardError)
    }

    /// Starts `path` with arguments given as bytes, as the kernel passes them (a file name need not be
    /// UTF-8), and exactly `environment`.
    public init(path: String, argumentBytes arguments: [[UInt8]], environment: [String: String],
                standardOutput: Output = .captured, standardError: Output = .captured) throws {
        let argv = [strdup(path)] + arguments.map(Self.cString) + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let started = try Self.spawning.withLock { _ throws(SpawnFailed) in
            try Self.spawn(path: path, argv: argv, envp: envp, standardOutput: standardOutput, standardError: standardError)
        }
        pid = started.pid
        output.descriptor = started.output
        errors.descriptor = started.errors
    }

    /// A copy of `bytes` with a NUL after them, to free with `free`.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }

    /// This process's own environment, to hand on to a child (with changes on top).
    public static var inheritedEnvironment: [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }

    /// Creates the pipes, spawns the child, closes the parent's copies of the write ends; the caller
    /// holds `spawning`. Returns the read ends (-1 for a stream that is discarded).
    private static func spawn(path: String, argv: [UnsafeMutablePointer<CChar>?], envp: [UnsafeMutablePointer<CChar>?],
                              standardOutput: Output, standardError: Output)
        throws(SpawnFailed) -> (pid: pid_t, output: Int32, errors: Int32) {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        if standardOutput == .captured, pipe(&outPipe) != 0 {
            throw SpawnFailed(description: "pipe: \(String(cString: strerror(errno)))")
        }
        if standardError == .captured, pipe(&errPipe) != 0 {
            let reason = String(cString: strerror(errno))
            for descriptor in outPipe where descriptor >= 0 { close(descriptor) }
            throw SpawnFailed(description: "pipe: \(reason)")
        }
        let pipes = (outPipe + errPipe).filter { $0 >= 0 }
        for descriptor in pipes { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, writeEnd) in [(Int32(1), outPipe[1]), (Int32(2), errPipe[1])] {
            if writeEnd >= 0 {
                posix_spawn_file_actions_adddup2(&actions, writeEnd, stream)
            } else {
                posix_spawn_file_actions_addopen(&actions, stream, "/dev/null", O_WRONLY, 0)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        for writeEnd in [outPipe[1], errPipe[1]] where writeEnd >= 0 { close(writeEnd) }
        guard result == 0 else {
            for readEnd in [outPipe[0], errPipe[0]] where readEnd >= 0 { close(readEnd) }
            throw SpawnFailed(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        return (pid, outPipe[0], errPipe[0])
    }

    deinit {
        stop()
        if output.descriptor >= 0 { close(output.descriptor) }
        if errors.descriptor >= 0 { close(errors.descriptor) }
    }

    /// Sends signal `number`, unless the child has exited.
    public func signal(_ number: Int32) { if status == nil { kill(pid, number) } }

    public var isRunning: Bool { exitStatus(blocking: false) == nil }

    /// Waits up to `timeout` seconds; the exit status (128 + N when killed by signal N), or nil if still running.
    public func waitForExit(timeout: Double) -> Int32? {
        waitForValue(timeout: timeout, interval: 0.005) {
            drain()  // A child blocked on a full pipe would never exit.
            return exitStatus(blocking: false)
        }
    }

    /// Stops the process: SIGTERM, then SIGKILL after `grace` seconds.
    public func stop(grace: Double = 3) {
        signal(SIGTERM)
        if waitForExit(timeout: grace) == nil {
            signal(SIGKILL)
            _ = waitForExit(timeout: 5)
        }
    }

    /// Everything the child wrote on stdout / stderr so far (empty when discarded).
    public var standardOutput: String { drain(); return String(decoding: output.bytes, as: UTF8.self) }
    public var standardError: String { drain(); return String(decoding: errors.bytes, as: UTF8.self) }
    /// Everything the child wrote on stdout so far, as bytes (a picture, say).
    public var standardOutputBytes: [UInt8] { drain(); return output.bytes }

    /// Reads stdout until it holds a newline or the child closes it (for `-displayfd`); the text before
    /// the newline, or nil after `timeout` seconds or when the child exits first.
    public func readLine(timeout: Double) -> String? {
        var line: String?
        waitUntil(timeout: timeout, interval: 0.005) {
            drain()
            if let newline = output.bytes.firstIndex(of: UInt8(ascii: "\n")) {
                line = String(decoding: output.bytes[..<newline], as: UTF8.self)
                return true
            }
            return exitStatus(blocking: false) != nil
        }
        return line
    }

    private func exitStatus(blocking: Bool) -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, blocking ? 0 : WNOHANG) == pid else { return nil }
        let signalNumber = raw & 0x7F
        status = signalNumber == 0 ? (raw >> 8) & 0xFF : 128 + signalNumber
        drain()
        return status
    }

    private func drain() {
        output.drain()
        errors.drain()
    }

    private struct Captured {
        var descriptor: Int32 = -1
        var bytes: [UInt8] = []

        mutating func drain() {
            guard descriptor >= 0 else { return }
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 0) > 0 else { return }
                let count = read(descriptor, &chunk, chunk.count)
                guard count > 0 else { return }
                bytes += chunk[..<count]
            }
        }
    }
}
