#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// The X path with a touchpad scrolling: XInput 2.1 smooth-scroll events at 1 kHz over 100,000 lines, sent
// through an `inputtest` device of a private Xorg (dummy video driver; XTest cannot make smooth scrolls).
// Each event moves the view by 2 px (a twentieth of a wheel click), down for 50 events then up for 50, so
// the lines stay in view. The app paints at most once per refresh, so most events wait for the next
// frame; what is measured over a few seconds: the frames the window shows a second (FrameCounter) and
// the CPU of app and Xorg, in % of one core. Needs Xorg with the dummy and inputtest drivers (Debian's
// xserver-xorg-core 21.1 and xserver-xorg-video-dummy); prints n/a without them.

/// The smooth-scroll keys, in a section of their own (`--only=smooth`): they need Xorg, not Xvfb.
func smoothScrollSection(_ report: inout BenchReport) {
    let device = XorgServer.Device("touchpad", .pointerAbsolute)
    withXPathBench(&report, unavailable: { reason, report in
        report.row("  n/a (\(reason))")
        XPathBench.recordSmoothScrollMissing(&report)
    }, server: {
        // A black root (`-br`), as under Xvfb: a white pixel can only be the app's frame. The inputtest
        // driver writes a debug line to the log for every event (a real touchpad's driver does not): the log
        // is kept to warnings (`-logverbose 0`), so that the server's CPU is that of handling the events.
        try XorgServer(screen: "1024x768", devices: [device], extraArguments: ["-br", "-logverbose", "0"])
    }) { bench, report in
        guard let server = bench.server as? XorgServer else { return }
        bench.measureSmoothScroll(socketPath: server.socketPath(of: device.name), &report)
    }
}

extension XPathBench {
    static let smoothScrollKeys = ["x_frames_per_second_smooth_scroll_1khz_100k", "x_cpu_percent_smooth_scroll_1khz_100k",
                                   "x_app_cpu_percent_smooth_scroll_1khz_100k", "x_server_cpu_percent_smooth_scroll_1khz_100k"]

    static func recordSmoothScrollMissing(_ report: inout BenchReport) {
        for key in smoothScrollKeys { report.record(key, .nan) }
    }

    /// Loads 100k lines, then scrolls them at 1 kHz through the inputtest device at `socketPath`.
    func measureSmoothScroll(socketPath: String, _ report: inout BenchReport) {
        guard let app = launchShowing(count: 100_000, label: "100k", &report) else { return Self.recordSmoothScrollMissing(&report) }
        let touchpad: InputTestDevice, counter: FrameCounter
        do {
            touchpad = try InputTestDevice(socketPath: socketPath)
            try touchpad.move(to: Double(BenchDrawing.width / 2), Double(BenchDrawing.height / 2), screen: (1024, 768))
            try touchpad.scroll(dy: 1)  // the first value after the pointer came in only says where the valuator is
            try touchpad.sync()
            guard let frames = FrameCounter(client: client, window: app.window) else {
                report.row("  smooth scroll: n/a (the server has no DAMAGE)")
                return Self.recordSmoothScrollMissing(&report)
            }
            counter = frames
        } catch {
            report.row("  smooth scroll: n/a (\(error))")
            return Self.recordSmoothScrollMissing(&report)
        }
        usleep(UInt32(2 * Self.assumedRefresh / 1_000))
        counter.reset()
        let seconds = Self.streamSeconds(report)
        let before = (app: app.process.cpuNanoseconds, server: server.process.cpuNanoseconds, time: monotonicNanoseconds())
        var sent = 0
        do {
            while monotonicNanoseconds() - before.time < UInt64(seconds) * 1_000_000_000 {
                // On a fixed schedule, a millisecond apart: a late wake-up is made up.
                let due = before.time + UInt64(sent) * 1_000_000, now = monotonicNanoseconds()
                if due > now { usleep(UInt32((due - now) / 1_000)) }
                try touchpad.scroll(dy: sent / 50 % 2 == 0 ? 0.05 : -0.05)
                sent += 1
                counter.drain()
            }
            try touchpad.sync()
        } catch {
            report.row("  smooth scroll: n/a (\(error))")
            return Self.recordSmoothScrollMissing(&report)
        }
        let after = (app: app.process.cpuNanoseconds, server: server.process.cpuNanoseconds, time: monotonicNanoseconds())
        usleep(UInt32(2 * Self.assumedRefresh / 1_000))  // the last frame
        counter.drain()
        let elapsed = Double(after.time - before.time)
        let (appCPU, serverCPU) = (Double(after.app - before.app) / elapsed * 100, Double(after.server - before.server) / elapsed * 100)
        report.row("  100k lines: \(sent) smooth-scroll events in \(seconds) s at 1 kHz, \(counter.frames) frames")
        report.record("x_frames_per_second_smooth_scroll_1khz_100k", (Double(counter.frames) / (elapsed / 1e9)).rounded(),
                      unit: "frames/s (goal <= the refresh, 60 Hz)")
        report.record("x_cpu_percent_smooth_scroll_1khz_100k", (appCPU + serverCPU).rounded(toPlaces: 1),
                      unit: "% of a core, app and Xorg (goal <= 10)")
        report.record("x_app_cpu_percent_smooth_scroll_1khz_100k", appCPU.rounded(toPlaces: 1), unit: "%")
        report.record("x_server_cpu_percent_smooth_scroll_1khz_100k", serverCPU.rounded(toPlaces: 1), unit: "%")
    }
}
