#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb on a display it picks itself (`-displayfd`), stopped when this is released.
/// When Xvfb is missing it throws `Missing`, whose message says how to get it.
public final class XvfbServer: XServer {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "Xvfb is not installed (no Xvfb on PATH). The end-to-end tests and the bench's X path need it: run "
                + "`make test` or `make bench`, which install the Debian package xvfb, or `apt-get install xvfb`."
        }
    }
    public struct StartFailed: Error, CustomStringConvertible { public let description: String }

    public let process: ChildProcess
    public let displayNumber: Int
    /// The display name to connect to, ":N".
    public var name: String { ":\(displayNumber)" }

    /// Starts Xvfb with one screen of `screen` (WIDTHxHEIGHTxDEPTH) and `extraArguments` (the bench's
    /// `-br` black root, say), and waits up to 20 s for it to report its display number.
    public init(screen: String = "1024x768x24", extraArguments: [String] = []) throws {
        guard let path = Self.executable("Xvfb") else { throw Missing() }
        process = try ChildProcess(
            path: path, arguments: ["-displayfd", "1", "-screen", "0", screen] + extraArguments + ["-nolisten", "tcp", "-noreset"],
            environment: ChildProcess.inheritedEnvironment,
            // Nobody reads Xvfb's stderr after start, and its xkbcomp warnings could fill a pipe and block it.
            standardError: .discarded)
        guard let line = process.readLine(timeout: 20), let number = Int(line.filter { $0 != " " && $0 != "\t" }) else {
            let outcome = process.isRunning ? "it is still running" : "it exited with status \(process.waitForExit(timeout: 0) ?? -1)"
            throw StartFailed(description: "Xvfb (\(path)) did not report a display number within 20 s; \(outcome). "
                + "Run it by hand to see its messages: \(path) -displayfd 1 -screen 0 \(screen)")
        }
        displayNumber = number
    }

    deinit { process.stop() }

    /// The path of an executable called `name` on PATH (or in /usr/bin), if any.
    public static func executable(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"]).map { "\($0)/\(name)" }
            .first { access($0, X_OK) == 0 }
    }
}
