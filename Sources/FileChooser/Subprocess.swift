#if canImport(Glibc)
import Glibc
#endif

/// A program started without a shell (posix_spawn): argument bytes as given, the signal mask emptied and
/// every signal's action reset (the caller blocks the termination signals and ignores SIGPIPE; a child must
/// not inherit that), stdin from /dev/null, stdout into a pipe we read or inherited, stderr discarded or
/// inherited. Descriptors of ours are not inherited: they are all close-on-exec.
public final class Subprocess {
    public let pid: pid_t
    /// The read end of the child's stdout, non-blocking; -1 when not captured (or once it reached its end).
    public private(set) var output: Int32
    /// What the child wrote on stdout so far.
    public private(set) var bytes: [UInt8] = []
    /// The exit status once reaped (128 + N when killed by signal N).
    public private(set) var status: Int32?

    /// Why a program could not be started.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Starts `executable` with `arguments` (the first is the program's name as it sees it). `capturesOutput`:
    /// stdout into a pipe (else inherited); `keepsErrors`: stderr inherited (else discarded); `newSession`:
    /// the child leads a session of its own (it outlives a terminal's Ctrl+C to us, as a window should).
    public init(executable: [UInt8], arguments: [[UInt8]], capturesOutput: Bool, keepsErrors: Bool,
                newSession: Bool = false) throws(SpawnError) {
        var pipeEnds: [Int32] = [-1, -1]
        if capturesOutput {
            guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturesOutput { posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1) }
        if !keepsErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID is glibc's 0x80 (since 2.26), which Swift's Glibc module does not export.
        let setSession: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSession : 0)))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map(Self.cString) + [nil]
        defer { argv.forEach { free($0) } }
        let path = Self.cString(executable)
        defer { free(path) }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        if capturesOutput { close(pipeEnds[1]) }
        guard result == 0 else {
            if capturesOutput { close(pipeEnds[0]) }
            throw SpawnError(description: "cannot start \(String(decoding: executable, as: UTF8.self)): \(String(cString: strerror(result)))")
        }
        pid = child
        output = pipeEnds[0]
        if output >= 0 { _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if output >= 0 { close(output) }
    }

    /// Reads what stdout holds now; at its end the pipe is closed (`output` is -1 then).
    public func readOutput() {
        guard output >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                close(output)
                output = -1
                return
            } else if errno == EAGAIN {
                return
            }
        }
    }

    /// The exit status if the child has exited (reaping it), else nil; never waits.
    @discardableResult
    public func reap() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return status
    }

    /// Asks the child to end (SIGTERM); it is reaped by a later `reap`.
    public func terminate() {
        if status == nil { kill(pid, SIGTERM) }
    }

    /// The executable `name` would run as from `PATH` (a colon-separated list of folders; an empty entry is the
    /// current folder), or nil when no folder has it.
    public static func find(_ name: String, in searchPath: [UInt8]) -> [UInt8]? {
        for folder in searchPath.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? Array(".".utf8) : Array(folder)) + [UInt8(ascii: "/")] + Array(name.utf8)
            let path = cString(candidate)
            defer { free(path) }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A NUL-ended copy of `bytes`, to free with `free`.
    static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
    }
}
