#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// The X path at rest: a window nobody touches must not run. The app starts on a drawing large enough
// that its first frame shares the work between the cores, a line is drawn (a short drag) and saved;
// from a second after that, every thread of the app is watched for 5 s: each time one runs, it wakes
// from a wait and its context switches count up (/proc/PID/task/TID/status). Goal: none.
extension XPathBench {
    /// The rest watched, after the second of grace.
    static let idleSeconds: UInt32 = 5

    func measureIdleWakeups(_ report: inout BenchReport) {
        let key = "idle_wakeups_per_second"
        let (count, label) = (100_000, "100k")
        guard let app = launchShowing(count: count, label: label, &report) else { return report.record(key, .nan) }
        let document = folder + "/lines-\(label).json"
        let unsaved = fileIdentity(document)
        let from = Self.point(0, 0), to = Self.point(2, 1)
        client.move(to: from.x, from.y)
        client.press()
        client.move(to: (from.x + to.x) / 2, (from.y + to.y) / 2)
        client.move(to: to.x, to.y)
        client.release()
        client.sync()
        // The autosave (half a second after the edit) replaces the file: wait for it, then the second of grace.
        let start = monotonicNanoseconds()
        while fileIdentity(document) == unsaved, monotonicNanoseconds() - start < Self.patience, app.process.isRunning {
            usleep(10_000)
        }
        guard fileIdentity(document) != unsaved else {
            report.row("  idle: the drawn line was never saved")
            return report.record(key, .nan)
        }
        usleep(1_000_000)
        let before = app.process.contextSwitches
        usleep(Self.idleSeconds * 1_000_000)
        let after = app.process.contextSwitches
        let woken = after.map { (thread: $0.key, switches: $0.value - (before[$0.key] ?? 0)) }.filter { $0.switches > 0 }
        let total = woken.reduce(0) { $0 + $1.switches }
        report.row("  idle: \(label) lines on screen, a line drawn and saved, then \(Self.idleSeconds) s watched: "
                   + "\(after.count) threads, \(total) wake-ups"
                   + woken.map { " (\(app.process.threadName($0.thread) ?? "thread \($0.thread)"): \($0.switches))" }.joined())
        report.record(key, Double(total) / Double(Self.idleSeconds), unit: "wake-ups a second, every thread of the app (goal 0)")
    }

    /// The file's device and inode (an atomic save gives it a new one), or nil when there is none.
    private func fileIdentity(_ path: String) -> [UInt64]? {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        return [UInt64(information.st_dev), UInt64(information.st_ino)]
    }
}
