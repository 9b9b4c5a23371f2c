import Foundation
import TestSupport
import XTestHarness

/// The real `touchtracker` binary (built beside the test bundle), run as a child process.
final class AppProcess {
    let child: ChildProcess
    /// The app's own state folder (`XDG_STATE_HOME`, where it remembers the pen), unless the test gives
    /// one: a test never reads or changes the pen of the user running it, nor of another test.
    private let state: TemporaryFolder?

    /// The binary built by `swift build` next to this test bundle.
    static var binaryPath: String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("touchtracker").path
    }

    convenience init(arguments: [String], display: String?, environment extra: [String: String] = [:],
                     toolbar: Bool = false) throws {
        try self.init(argumentBytes: arguments.map { Array($0.utf8) }, display: display, environment: extra, toolbar: toolbar)
    }

    /// The arguments as bytes: a file name need not be UTF-8. In a state folder of its own the app starts with
    /// the toolbar hidden (a pen file of a new pen with `toolbar off`, as F9 leaves it) unless `toolbar`: the
    /// tests that do not test the toolbar draw anywhere in the window.
    init(argumentBytes arguments: [[UInt8]], display: String?, environment extra: [String: String] = [:],
         toolbar: Bool = false) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        state = extra["XDG_STATE_HOME"] == nil ? try TemporaryFolder("state") : nil
        if let state, !toolbar {
            let folder = state.path + "/touchtracker"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(Self.penWithoutToolbar.utf8).write(to: URL(fileURLWithPath: folder + "/pen"))
        }
        environment["XDG_STATE_HOME"] = state?.path
        for (key, value) in extra { environment[key] = value }
        child = try ChildProcess(path: Self.binaryPath, argumentBytes: arguments, environment: environment)
    }

    deinit { child.stop() }

    /// The pen file of a new pen with the toolbar hidden.
    static let penWithoutToolbar = "colour #000000\nwidth 10\nspeed off\ntoolbar off\n"

    var pid: Int32 { child.pid }

    /// Waits up to `timeout` seconds for the process to exit; nil if it is still running.
    func waitForExit(timeout: Double = 10) -> Int32? { child.waitForExit(timeout: timeout) }

    var standardError: String { child.standardError }
    var standardOutput: String { child.standardOutput }

    /// How many System V shared memory segments the process has mapped (MIT-SHM's), from /proc.
    var sharedSegments: Int {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").filter { $0.contains("/SYSV") }.count
    }

    /// CPU time (user + system) the process has used, in clock ticks, from /proc.
    func cpuTicks() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state(0) ppid(1) ... utime(11) stime(12).
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
