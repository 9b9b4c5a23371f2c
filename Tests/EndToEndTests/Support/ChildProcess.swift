import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, with an empty signal mask and default signal actions
/// (the test runner's worker threads block most signals, and a child would inherit that), and its
/// stdout (and stderr unless discarded) captured through pipes.
final class ChildProcess {
    struct SpawnFailed: Error, CustomStringConvertible { let description: String }

    /// Where the child's stderr goes.
    enum StandardError {
        /// Into a pipe this object drains: `standardError` returns it.
        case captured
        /// To /dev/null, for children whose stderr nobody reads after start (a full pipe would block them).
        case discarded
    }

    /// Held from creating the pipes until the child has been spawned and the parent has closed the write
    /// ends. Suites run in parallel: without it, a spawn on another thread between `pipe` and
    /// `fcntl(FD_CLOEXEC)` leaks our write ends into that child, and our reads never see end of file.
    private static let spawning = Mutex(())

    let pid: pid_t
    private var output = Captured()
    private var errors = Captured()
    private var status: Int32?

    init(path: String, arguments: [String], environment: [String: String],
         standardError: StandardError = .captured) throws {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let started = try Self.spawning.withLock { _ throws(SpawnFailed) in
            try Self.spawn(path: path, argv: argv, envp: envp, standardError: standardError)
        }
        pid = started.pid
        output.descriptor = started.output
        errors.descriptor = started.errors ?? -1
    }

    /// Creates the pipes, spawns the child, closes the parent's copies of the write ends; the caller
    /// holds `spawning`. Returns the read ends (no stderr pipe when it is discarded).
    private static func spawn(path: String, argv: [UnsafeMutablePointer<CChar>?], envp: [UnsafeMutablePointer<CChar>?],
                              standardError: StandardError) throws(SpawnFailed) -> (pid: pid_t, output: Int32, errors: Int32?) {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw SpawnFailed(description: "pipe: \(String(cString: strerror(errno)))") }
        if standardError == .captured, pipe(&errPipe) != 0 {
            let reason = String(cString: strerror(errno))
            close(outPipe[0]); close(outPipe[1])
            throw SpawnFailed(description: "pipe: \(reason)")
        }
        let pipes = (outPipe + errPipe).filter { $0 >= 0 }
        for descriptor in pipes { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        switch standardError {
        case .captured: posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
        close(outPipe[1])
        if errPipe[1] >= 0 { close(errPipe[1]) }
        guard result == 0 else {
            close(outPipe[0])
            if errPipe[0] >= 0 { close(errPipe[0]) }
            throw SpawnFailed(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        return (pid, outPipe[0], errPipe[0] >= 0 ? errPipe[0] : nil)
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
        close(output.descriptor)
        if errors.descriptor >= 0 { close(errors.descriptor) }
    }

    func signal(_ number: Int32) { if status == nil { kill(pid, number) } }

    var isRunning: Bool { exitStatus(blocking: false) == nil }

    /// Waits up to `timeout` seconds; the exit status (128 + N when killed by signal N), or nil if still running.
    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = exitStatus(blocking: false) { return status }
            if Date() >= deadline { return nil }
            drain()
            usleep(5_000)
        }
    }

    /// Stops the process: SIGTERM, then SIGKILL after `grace` seconds.
    func stop(grace: Double = 3) {
        signal(SIGTERM)
        if waitForExit(timeout: grace) == nil {
            signal(SIGKILL)
            _ = waitForExit(timeout: 5)
        }
    }

    /// Everything the child wrote on stdout / stderr so far (stderr is empty when discarded).
    var standardOutput: String { drain(); return String(decoding: output.bytes, as: UTF8.self) }
    var standardError: String { drain(); return String(decoding: errors.bytes, as: UTF8.self) }

    /// Reads stdout until it holds a newline or the child closes it (for `-displayfd`).
    func readLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            let text = String(decoding: output.bytes, as: UTF8.self)
            if let newline = text.firstIndex(of: "\n") { return String(text[..<newline]) }
            if exitStatus(blocking: false) != nil { return nil }
            usleep(5_000)
        }
        return nil
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
