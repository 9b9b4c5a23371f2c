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
            environment: ProcessInfo.processInfo.environment)
        guard let line = process.readLine(timeout: 20), let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
            throw StartFailed(description: "Xvfb did not report a display number: \(process.standardError)")
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
