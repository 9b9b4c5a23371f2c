import CX11
#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// The X path: the real `touchtracker` (the release binary beside this bench) in a private Xvfb,
// measured from outside as a user would see it: XTest for input, XGetImage for what is on screen.
//
//   startup        spawn -> window viewable and its first (white) frame readable; median of N launches;
//                  also with 100k and 400k lines (the format's limit) loaded, whose first frame shows
//                  every line
//   input-to-pixel during a drag, an XTest motion event sent -> the new red line's pixel readable;
//                  p50 / p95, with 10, 1k, 10k and 100k finished lines loaded from a drawing file: an
//                  isolated event (more than a refresh after the last frame), and with 10k and 100k
//                  lines the last event of a 1 kHz burst ("streaming": it may wait for the next refresh)
//   frame cost     CPU the app and the server spend per motion event (from /proc/PID/task/*/schedstat),
//                  over events paced so that each gets a frame of its own, with no pixel reads
//   1 kHz          with 10k and 100k lines, a drag whose motion comes at 1000 events a second for a few
//                  seconds, like a gaming mouse: the frames the window shows a second (FrameCounter:
//                  the server's DAMAGE reports) and the CPU of app and server together, in % of a core;
//                  beside it the server's CPU for the same input with no window at all (the floor)
//   memory         the app's RSS with 100k lines loaded against an empty drawing, per line
//   idle           wake-ups of the app's threads at rest, after a large first frame (XPathBench+Idle)
//   Xournal++      the 1 kHz drag's CPU against Xournal++'s on the same lines (XPathBench+Xournal)
//
// The app paints at most once per refresh of the display, which under Xvfb it takes for 60 Hz
// (`assumedRefresh`). A timed isolated event is sent more than a refresh after the last one's pixel
// appeared. Pixels are read back to back (then with a short back-off), so a latency includes up to one
// XGetImage round trip (tens of microseconds). Input time is the bench's clock when it sends the XTest
// request (the server stamps the event on receipt, in ms). Xvfb runs without a cursor (`-nocursor`):
// it draws the cursor in software on every motion, which a display with a hardware cursor does not.
// Needs Xvfb; prints n/a without it. Smooth scrolling has its own section, on Xorg (XPathBench+SmoothScroll).

func xPathSection(_ report: inout BenchReport) {
    withXPathBench(&report, unavailable: XPathBench.unavailable) { bench, report in bench.run(&report) }
}

/// A drag across the autosave of a large drawing (XPathBench+Autosave.swift): its own section, so that
/// `--only=saving` compares two builds quickly (`TOUCHTRACKER_BENCH_APP`).
func savingSection(_ report: inout BenchReport) {
    withXPathBench(&report, unavailable: { reason, report in
        report.row("  n/a (\(reason))")
        report.record("input_to_pixel_ms_max_during_autosave_100k", .nan)
    }) { bench, report in bench.measureDuringAutosave(&report) }
}

/// The largest drawing's first frame against reading its file (XPathBench+Startup.swift).
func startupSection(_ report: inout BenchReport) {
    withXPathBench(&report, unavailable: { reason, report in
        report.row("  n/a (\(reason))")
        report.record("startup_400k_vs_read_floor", .nan)
    }) { bench, report in bench.measureStartupAgainstTheReadFloor(&report) }
}

/// Runs `body` with the app, a private X server (`server`: Xvfb unless said), an XTest client and a temporary
/// folder; says why not (`unavailable`) when one of them is missing.
func withXPathBench(_ report: inout BenchReport, unavailable: (String, inout BenchReport) -> Void,
                    // A black root window (`-br`): a white pixel in the app's window (which has no background)
                    // can only be the app's own frame.
                    server startServer: () throws -> any XServer = { try XvfbServer(extraArguments: ["-br", "-nocursor"]) },
                    _ body: (XPathBench, inout BenchReport) -> Void) {
    guard let binary = XPathBench.appBinary() else {
        return unavailable("no touchtracker binary beside the bench: build it with `swift build -c release`", &report)
    }
    let server: any XServer
    do { server = try startServer() } catch {
        return unavailable("no X server: \(error)", &report)
    }
    guard let folder = XPathBench.temporaryFolder(), XPathBench.writeNewPen(in: folder) else {
        return unavailable("cannot create a temporary folder", &report)
    }
    defer { XPathBench.removeFolder(folder) }
    // The client closes before the server stops (Xlib exits the process on a lost connection).
    do {
        // Input goes out at once (XFlush): an event is timed from when it is sent.
        guard let client = try? XTestClient(display: server.name, delivery: .flushed) else {
            return unavailable("cannot connect to the X server \(server.name), or it has no XTEST", &report)
        }
        body(XPathBench(binary: binary, server: server, client: client, folder: folder), &report)
    }
}

struct XPathBench {
    let binary: String
    let server: any XServer
    let client: XTestClient
    let folder: String

    /// How long the app may take to show a frame or a pixel before the bench gives up on it.
    static let patience: UInt64 = 60_000_000_000

    /// The drawing sizes measured, and their labels in the JSON keys.
    static let sizes = [(count: 10, label: "10"), (count: 1_000, label: "1k"), (count: 10_000, label: "10k"),
                        (count: 100_000, label: "100k")]

    /// The sizes also measured with a 1 kHz mouse.
    static let streamedSizes: Set = [10_000, 100_000]

    /// The largest drawing the format allows, only started.
    static let largest = (count: 400_000, label: "400k")

    /// The time between two frames the app allows itself under Xvfb, whose modes give no refresh rate.
    static let assumedRefresh: UInt64 = 16_666_667

    /// Says why nothing was measured, and records the section's main keys as null (the JSON keeps its keys).
    static func unavailable(_ reason: String, _ report: inout BenchReport) {
        report.row("  n/a (\(reason))")
        report.record("startup_to_first_frame_ms", .nan)
        for (count, label) in sizes {
            report.record("input_to_pixel_ms_p50_\(label)", .nan)
            report.record("input_to_pixel_ms_p95_\(label)", .nan)
            if streamedSizes.contains(count) { recordStreamMissing(label, &report) }
        }
        report.record("startup_to_first_frame_ms_100k", .nan)
        report.record("startup_to_first_frame_ms_\(largest.label)", .nan)
        report.record("x_cpu_percent_1khz_input_only", .nan)
        report.record("app_bytes_per_line_rss", .nan)
        report.record("idle_wakeups_per_second", .nan)
        report.record("x_cpu_ratio_vs_xournalpp_1khz_\(comparedDrawing.label)", .nan)
    }

    func run(_ report: inout BenchReport) {
        report.row("  app \(binary), Xvfb \(server.name), window \(BenchDrawing.width)x\(BenchDrawing.height)")
        let emptyResident = measureStartup(&report)
        var largest: (count: Int, resident: Int)?
        for (count, label) in Self.sizes {
            guard let resident = measureDrag(count: count, label: label, &report) else { continue }
            largest = (count, resident)
        }
        if let emptyResident, let largest, largest.count >= 100_000 {
            report.record("app_bytes_per_line_rss", Double((largest.resident - emptyResident) / largest.count), unit: "B")
            report.row("  (RSS read 0.1 s after the drawing is on screen, before any input; the same window size for both)")
        } else {
            report.row("  app_bytes_per_line_rss: n/a (100k lines were not loaded)")
            report.record("app_bytes_per_line_rss", .nan)
        }
        measureLargestStartup(&report)
        measureIdleWakeups(&report)
        measureInputAlone(&report)
        measureAgainstXournal(&report)
    }

    /// Starts the app on the largest drawing the format allows and records when its first frame, every
    /// line in it, is on screen.
    private func measureLargestStartup(_ report: inout BenchReport) {
        let (count, label) = Self.largest
        let key = "startup_to_first_frame_ms_\(label)"
        guard let app = launchShowing(count: count, label: label, &report) else { return report.record(key, .nan) }
        report.record(key, milliseconds(app.firstFrameNanoseconds), unit: "ms")
        if let resident = app.process.residentBytes { report.row("  app RSS, \(label) lines: \(resident / 1024) KiB") }
    }

    // MARK: startup

    /// Launches the app on an empty drawing N times; records the median time to its first frame and
    /// returns the RSS of the last launch after its first frame.
    private func measureStartup(_ report: inout BenchReport) -> Int? {
        let path = folder + "/empty.json"
        guard BenchDrawing.write([], to: path) else { return nil }
        let launches = report.long ? 31 : 11
        var times: [UInt64] = []
        var resident: Int?
        for _ in 0..<launches {
            guard let app = launch(document: path) else {
                report.row("  startup: the app showed no frame within \(Self.patience / 1_000_000_000) s")
                report.record("startup_to_first_frame_ms", .nan)
                return nil
            }
            times.append(app.firstFrameNanoseconds)
            usleep(100_000)  // let it settle before reading its RSS
            resident = app.process.residentBytes
        }
        times.sort()
        report.row("  startup over \(launches) launches: min \(milliseconds(times[0])) ms, max \(milliseconds(times[times.count - 1])) ms")
        report.record("startup_to_first_frame_ms", milliseconds(times[times.count / 2]), unit: "ms")
        if let resident { report.row("  app RSS, empty drawing: \(resident / 1024) KiB") }
        return resident
    }

    // MARK: a drag over a drawing of `count` lines

    /// Loads `count` lines, then measures a drag's motion events. Returns the app's RSS once the
    /// drawing is on screen, or nil when the drawing could not be shown.
    private func measureDrag(count: Int, label: String, _ report: inout BenchReport) -> Int? {
        guard let app = launchShowing(count: count, label: label, &report) else {
            recordMissing(count: count, label: label, &report)
            return nil
        }
        report.row("  \(label) lines loaded from a drawing file, on screen \(milliseconds(app.firstFrameNanoseconds)) ms after spawn")
        if count >= 100_000 { report.record("startup_to_first_frame_ms_\(label)", milliseconds(app.firstFrameNanoseconds), unit: "ms") }
        usleep(100_000)  // let it settle before reading its RSS
        let resident = app.process.residentBytes
        if let resident { report.row("  app RSS, \(label) lines: \(resident / 1024) KiB") }

        let budget: UInt64 = report.long ? 600_000_000_000 : 60_000_000_000
        // One drag for everything: releasing it would finish a line, and its autosave would land in what follows.
        let centre = Self.point(0, 0)
        client.move(to: centre.x, centre.y)
        client.press()
        defer { client.release(); client.sync() }
        guard let drag = measureMotion(app, samples: report.long ? 2_000 : 300, budget: budget) else {
            report.row("  \(label) lines: n/a (a motion event's pixel did not appear within \(Self.patience / 1_000_000_000) s, or every probe was red already)")
            recordMissing(count: count, label: label, &report)
            return resident
        }
        let sorted = drag.latencies.sorted()
        let peak = app.process.peakResidentBytes.map { ", app peak RSS \($0 / 1024) KiB" } ?? ""
        if drag.staleProbes > 0 {
            report.row("  \(label) lines: \(drag.staleProbes) probe pixels were red before their event (stale in-progress line)")
        }
        report.row("  \(label) lines: \(sorted.count) motion events timed, then \(drag.pacedEvents) sent "
                   + "every \(microseconds(drag.pacedInterval)) us for the CPU cost\(peak)")
        report.record("input_to_pixel_ms_p50_\(label)", milliseconds(sorted[sorted.count / 2]), unit: "ms")
        report.record("input_to_pixel_ms_p95_\(label)", milliseconds(sorted[sorted.count * 95 / 100]), unit: "ms")
        report.record("x_frame_app_cpu_us_\(label)", microseconds(drag.appCPU / UInt64(drag.pacedEvents)), unit: "us")
        report.record("x_frame_server_cpu_us_\(label)", microseconds(drag.serverCPU / UInt64(drag.pacedEvents)), unit: "us")
        if Self.streamedSizes.contains(count) { measureStream(app, label: label, startingAt: drag.nextStep, &report) }
        return resident
    }

    private func recordMissing(count: Int, label: String, _ report: inout BenchReport) {
        for key in ["input_to_pixel_ms_p50_", "input_to_pixel_ms_p95_", "x_frame_app_cpu_us_", "x_frame_server_cpu_us_"] {
            report.record(key + label, .nan)
        }
        if Self.streamedSizes.contains(count) { Self.recordStreamMissing(label, &report) }
    }

    /// Writes a drawing of `count` lines, starts the app on it and waits until its lines are on screen; nil,
    /// said in a row, when the app does not start or does not show them.
    func launchShowing(count: Int, label: String, _ report: inout BenchReport) -> LaunchedApp? {
        let path = folder + "/lines-\(label).json"
        guard BenchDrawing.write(BenchDrawing.segments(count: count), to: path), let app = launch(document: path) else {
            report.row("  \(label) lines: the app did not start")
            return nil
        }
        let probe = BenchDrawing.probe.middle
        var reads = 0
        guard client.waitForPixel(app.window, probe.x, probe.y, toBe: BenchColour.black, timeoutNanoseconds: 1_000_000_000,
                                  reads: &reads) else {
            report.row("  \(label) lines: n/a (the app did not show the drawing file's lines)")
            return nil
        }
        let settling = Self.waitUntilIdle(app.process)
        if settling > 150_000_000 {
            report.row("  \(label) lines: the app was idle \(settling / 1_000_000) ms after its first frame (the margin painted ahead)")
        }
        return app
    }

    /// Waits until `process` has used less than a millisecond of CPU in 100 ms (at most 10 s): after its
    /// first frame the app paints the margin around its view ahead in its idle time, and what is measured
    /// next is the app at rest. Returns how long it took.
    static func waitUntilIdle(_ process: ChildProcess) -> UInt64 {
        let start = monotonicNanoseconds()
        var last = process.cpuNanoseconds
        while monotonicNanoseconds() - start < 10_000_000_000 {
            usleep(100_000)
            let now = process.cpuNanoseconds
            if now - last < 1_000_000 { break }
            last = now
        }
        return monotonicNanoseconds() - start
    }

    private struct MotionMeasurements {
        /// Input-to-pixel times of the timed events.
        var latencies: [UInt64]
        /// Events whose probe pixel was red before they were sent (not timed): stale in-progress lines.
        var staleProbes: Int
        /// The paced events, and the time between them.
        var pacedEvents: Int
        var pacedInterval: UInt64
        /// CPU the app and the server spent over the paced events.
        var appCPU: UInt64
        var serverCPU: UInt64
        /// The step of the drag's next motion event (see `point`).
        var nextStep: Int
    }

    /// Where the drag's motion event `step` goes (`fraction` 1) and the pixel on its way there that turns
    /// red once its frame is on screen (0.7): around a circle from the middle of the window, 25 degrees a step.
    static func point(_ step: Int, _ fraction: Double) -> (x: Int, y: Int) {
        let centre = (x: BenchDrawing.width / 2, y: BenchDrawing.height / 2)
        let radius = 150.0
        let angle = Double(step) * 25 * Double.pi / 180
        return (centre.x + Int((cos(angle) * radius * fraction).rounded()), centre.y + Int((sin(angle) * radius * fraction).rounded()))
    }

    /// One drag from the middle of the window, its motion events going around a circle: each new
    /// in-progress line is 25 degrees from the last, so the pixel at 70% of its length was not red
    /// before and turns red when the event's frame is on screen.
    ///
    /// 1. Timed events, each isolated: sent more than a refresh after the last one's pixel appeared,
    ///    then its pixel read back until red (stopping early, after at least 30, once `budget` ns have
    ///    passed).
    /// 2. Paced events for the CPU cost, without reading pixels (the reads would cost the server as
    ///    much as the frame): sent every 4 x the p95 input-to-pixel time and at least a refresh and
    ///    2 ms apart, so each still gets a frame of its own; the last one's pixel is awaited before the
    ///    CPU is read.
    /// The caller holds the drag.
    private func measureMotion(_ app: LaunchedApp, samples: Int, budget: UInt64) -> MotionMeasurements? {
        var reads = 0
        func moveAndWait(_ step: Int) -> Bool {
            let target = Self.point(step, 1), probe = Self.point(step, 0.7)
            client.move(to: target.x, target.y)
            return client.waitForPixel(app.window, probe.x, probe.y, toBe: BenchColour.red, timeoutNanoseconds: Self.patience, reads: &reads)
        }

        let warmUp = 20
        var step = 0
        var latencies: [UInt64] = []
        latencies.reserveCapacity(samples)
        var started: UInt64 = 0
        var staleProbes = 0
        while latencies.count < samples, staleProbes < samples {
            if step == warmUp { started = monotonicNanoseconds() }
            if latencies.count >= 30, monotonicNanoseconds() - started > budget { break }
            usleep(UInt32((Self.assumedRefresh + 3_000_000) / 1_000))  // isolated: the last frame is a refresh ago
            // A probe already red would time nothing: the app left a stale in-progress line there.
            let probe = Self.point(step, 0.7)
            let wasRed = client.pixel(app.window, probe.x, probe.y) == BenchColour.red
            if wasRed { staleProbes += 1 }
            let sent = monotonicNanoseconds()
            guard moveAndWait(step) else { return nil }
            if step >= warmUp, !wasRed { latencies.append(monotonicNanoseconds() - sent) }
            step += 1
        }

        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        let interval = max(4 * sorted[sorted.count * 95 / 100], Self.assumedRefresh + 2_000_000)
        let paced = min(samples, max(30, Int(budget / interval)))
        let before = (app: app.process.cpuNanoseconds, server: server.process.cpuNanoseconds)
        for _ in 1..<paced {
            let target = Self.point(step, 1)
            client.move(to: target.x, target.y)
            step += 1
            usleep(UInt32(interval / 1_000))
        }
        guard moveAndWait(step) else { return nil }
        return MotionMeasurements(
            latencies: latencies, staleProbes: staleProbes, pacedEvents: paced, pacedInterval: interval,
            appCPU: app.process.cpuNanoseconds - before.app, serverCPU: server.process.cpuNanoseconds - before.server,
            nextStep: step + 1)
    }

    // MARK: launching

    struct LaunchedApp {
        let process: ChildProcess
        let window: Window
        /// From just before posix_spawn to the first frame readable.
        let firstFrameNanoseconds: UInt64
    }

    /// Starts the app on `document` and waits for its window to be viewable with a frame painted
    /// (the empty corner white: the window has no background, and the root is black).
    private func launch(document: String) -> LaunchedApp? {
        let start = monotonicNanoseconds()
        var environment = ChildProcess.inheritedEnvironment
        environment["DISPLAY"] = server.name
        environment["XDG_DATA_HOME"] = folder
        environment["XDG_STATE_HOME"] = folder + "/state"  // a new pen's, not the user's (`writeNewPen`)
        // Nobody reads the app's output: /dev/null, so it can never block on a full pipe.
        guard let process = try? ChildProcess(
            path: binary,
            arguments: ["--geometry", "\(BenchDrawing.width)x\(BenchDrawing.height)+0+0", document],
            environment: environment, standardOutput: .discarded, standardError: .discarded) else { return nil }
        let corner = BenchDrawing.emptyCorner
        var window: Window?
        while monotonicNanoseconds() - start < Self.patience, process.isRunning {
            if let window {
                if client.pixel(window, corner.x, corner.y) == BenchColour.white {
                    return LaunchedApp(process: process, window: window, firstFrameNanoseconds: monotonicNanoseconds() - start)
                }
            } else {
                window = client.viewableWindow(ofProcess: process.pid)
            }
            usleep(200)
        }
        return nil
    }

    // MARK: files and units

    /// `touchtracker` in the bench binary's own folder.
    /// The app measured: `TOUCHTRACKER_BENCH_APP` (another build, to compare), else the one beside the bench.
    static func appBinary() -> String? {
        if let chosen = getenv("TOUCHTRACKER_BENCH_APP") { return access(chosen, X_OK) == 0 ? String(cString: chosen) : nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let path = String(executable[..<slash]) + "/touchtracker"
        return access(path, X_OK) == 0 ? path : nil
    }

    static func temporaryFolder() -> String? {
        var template = Array("/tmp/touchtracker-xbench-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { return nil }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The app's state in `folder`'s `state`: the pen file of a new pen with the toolbar hidden, as F9 leaves
    /// it, so that the window's corner is the drawing's (the user's own pen and toolbar are not the bench's).
    static func writeNewPen(in folder: String) -> Bool {
        mkdir(folder + "/state", 0o700) == 0 && mkdir(folder + "/state/touchtracker", 0o700) == 0
            && BenchDrawing.writeFile("colour #000000\nwidth 10\nspeed off\ntoolbar off\n", to: folder + "/state/touchtracker/pen")
    }

    /// Removes the folder's files (the drawings, and whatever the app saved beside them) and the folder.
    static func removeFolder(_ path: String) {
        guard let directory = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names {
            let child = path + "/" + name
            if unlink(child) != 0 { removeFolder(child) }
        }
        rmdir(path)
    }
}

func milliseconds(_ nanoseconds: UInt64) -> Double { (Double(nanoseconds) / 10_000).rounded() / 100 }
func microseconds(_ nanoseconds: UInt64) -> Double { (Double(nanoseconds) / 100).rounded() / 10 }
