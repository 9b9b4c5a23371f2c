#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// A drag while the drawing of 100,000 lines is being saved: the save runs on a worker (XShell's
// BackgroundSave), so no motion event waits for it. Each round makes an edit (a short line in the empty
// corner), starts a drag 0.4 s later and times isolated motion events (a refresh and 3 ms apart, each to
// its pixel, as the drag rows do) until 1 s after the edit, across the autosave that falls due at 0.5 s.
// The worst event is the key; a round counts only if the file was written during it.
extension XPathBench {
    func measureDuringAutosave(_ report: inout BenchReport) {
        let key = "input_to_pixel_ms_max_during_autosave_100k"
        guard let app = launchShowing(count: 100_000, label: "100k", &report) else { return report.record(key, .nan) }
        defer { app.process.stop() }
        let path = folder + "/lines-100k.json"
        let corner = BenchDrawing.emptyCorner
        var worst: UInt64 = 0, timed = 0, rounds = 0, roundsWithASave = 0
        var step = 0, reads = 0
        for _ in 0..<(report.long ? 10 : 3) {
            rounds += 1
            let before = Self.modificationTime(path)
            client.move(to: corner.x + 20, corner.y + 20)
            client.press()
            client.move(to: corner.x + 60, corner.y + 20)
            client.release()
            client.sync()
            let edited = monotonicNanoseconds()
            usleep(400_000)
            let centre = Self.point(0, 0)
            client.move(to: centre.x, centre.y)
            client.press()
            while monotonicNanoseconds() - edited < 1_000_000_000 {
                usleep(UInt32((Self.assumedRefresh + 3_000_000) / 1_000))
                guard let latency = timedMove(app, step: step, reads: &reads) else {
                    client.release()
                    report.row("  autosave: n/a (a motion event's pixel did not appear)")
                    return report.record(key, .nan)
                }
                step += 1
                if let latency {
                    worst = max(worst, latency)
                    timed += 1
                }
            }
            client.release()  // a line: the next round's edit joins it in one save
            client.sync()
            if Self.modificationTime(path) != before { roundsWithASave += 1 }
        }
        report.row("  autosave of 100k lines: \(timed) motion events timed across \(roundsWithASave) of \(rounds) saves")
        guard roundsWithASave > 0, timed > 0 else {
            report.row("  autosave: n/a (the file was not saved during the drags)")
            return report.record(key, .nan)
        }
        report.record(key, milliseconds(worst), unit: "ms (the worst event; goal <= one refresh, \(milliseconds(Self.assumedRefresh)) ms)")
    }

    /// The file's modification time in nanoseconds (0 when it cannot be read).
    static func modificationTime(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
    }
}
