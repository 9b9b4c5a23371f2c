import Foundation

/// A private Xvfb on a display it picks itself (`-displayfd`), stopped when this is released.
/// When Xvfb is missing the tests fail with a message saying how to get it; they never skip.
final class XvfbServer {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "Xvfb is not installed (no Xvfb on PATH). The end-to-end tests need it: run `make test`, which installs "
                + "the Debian package xvfb, or `apt-get install xvfb`."
        }
    }
    struct StartFailed: Error, CustomStringConvertible { let description: String }

    let process: ChildProcess
    let displayNumber: Int
    var name: String { ":\(displayNumber)" }

    init(screen: String = "1024x768x24") throws {
        guard let path = Self.executable("Xvfb") else { throw Missing() }
        process = try ChildProcess(
            path: path, arguments: ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
            environment: ProcessInfo.processInfo.environment,
            // Nobody reads Xvfb's stderr after start, and its xkbcomp warnings could fill a pipe and block it.
            standardError: .discarded)
        guard let line = process.readLine(timeout: 20), let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
            let outcome = process.isRunning ? "it is still running" : "it exited with status \(process.waitForExit(timeout: 0) ?? -1)"
            throw StartFailed(description: "Xvfb (\(path)) did not report a display number within 20 s; \(outcome). "
                + "Run it by hand to see its messages: \(path) -displayfd 1 -screen 0 \(screen)")
        }
        displayNumber = number
    }

    deinit { process.stop() }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":") + ["/usr/bin"]).map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
