import CX11
import SeededRandom
#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// The X path with a 1 kHz mouse: motion events 1 ms apart, as a gaming mouse reports them. The app
// paints at most once per refresh, so most events wait for the next frame; what is measured:
//
//   streaming latency   bursts of 20 to 44 events 1 ms apart, the last one timed to its pixel (it may
//                       wait up to a refresh for its frame: goal under one refresh); the bursts' lengths
//                       vary so that the timed event comes at any moment between two frames
//   frames and CPU      a few seconds of motion around a circle, half a degree (about a pixel and a
//                       half at its rim) an event: the frames the window shows a second (FrameCounter)
//                       and the CPU of app and server, in % of one core
//   the floor           the same input with no app at all: what the server spends on XTest motion alone
extension XPathBench {
    /// How long the stream lasts.
    static func streamSeconds(_ report: BenchReport) -> Int { report.long ? 10 : 3 }

    static func recordStreamMissing(_ label: String, _ report: inout BenchReport) {
        for key in ["input_to_pixel_ms_p50_streaming_", "input_to_pixel_ms_p95_streaming_", "x_frames_per_second_1khz_",
                    "x_cpu_percent_1khz_", "x_app_cpu_percent_1khz_", "x_server_cpu_percent_1khz_"] {
            report.record(key + label, .nan)
        }
    }

    /// With the drag held (its next event `step`): the streaming latency, then the 1 kHz stream.
    func measureStream(_ app: LaunchedApp, label: String, startingAt step: Int, _ report: inout BenchReport) {
        var step = step
        var latencies: [UInt64] = []
        var reads = 0
        let samples = report.long ? 300 : 60
        var attempts = 0
        var random = SeededGenerator(seed: 17)
        while latencies.count < samples, attempts < 2 * samples {
            attempts += 1
            for _ in 0..<(20 + Int(random.next() % 25)) {
                let target = Self.point(step, 1)
                client.move(to: target.x, target.y)
                step += 1
                usleep(1_000)
            }
            guard let timed = timedMove(app, step: step, reads: &reads) else {
                report.row("  \(label) lines: n/a (a streamed event's pixel did not appear)")
                return Self.recordStreamMissing(label, &report)
            }
            step += 1
            if let latency = timed { latencies.append(latency) }
        }
        guard !latencies.isEmpty, let counter = FrameCounter(client: client, window: app.window) else {
            report.row("  \(label) lines: n/a (every probe was red already, or the server has no DAMAGE)")
            return Self.recordStreamMissing(label, &report)
        }
        latencies.sort()
        report.record("input_to_pixel_ms_p50_streaming_\(label)", milliseconds(latencies[latencies.count / 2]), unit: "ms")
        report.record("input_to_pixel_ms_p95_streaming_\(label)", milliseconds(latencies[latencies.count * 95 / 100]),
                      unit: "ms (the last event of a 1 kHz burst; goal under one refresh, \(milliseconds(Self.assumedRefresh)) ms)")

        usleep(UInt32(2 * Self.assumedRefresh / 1_000))
        counter.reset()
        let seconds = Self.streamSeconds(report)
        let stream = streamCost(of: app.process, seconds: seconds) { counter.drain() }
        usleep(UInt32(2 * Self.assumedRefresh / 1_000))  // the last frame
        counter.drain()
        report.row("  \(label) lines: \(stream.events) motion events in \(seconds) s at 1 kHz, \(counter.frames) frames")
        report.record("x_frames_per_second_1khz_\(label)", (Double(counter.frames) / stream.seconds).rounded(),
                      unit: "frames/s (goal <= the refresh, 60 Hz under Xvfb)")
        report.record("x_cpu_percent_1khz_\(label)", (stream.app + stream.server).rounded(toPlaces: 1),
                      unit: "% of a core, app and server (goal <= 5)")
        report.record("x_app_cpu_percent_1khz_\(label)", stream.app.rounded(toPlaces: 1), unit: "%")
        report.record("x_server_cpu_percent_1khz_\(label)", stream.server.rounded(toPlaces: 1), unit: "%")
    }

    /// Moves the drag to its point `step` and waits until the pixel on its way there turns red (read every
    /// 0.2 ms at most: the goals are within a millisecond of what is timed). Nil when the pixel never turns red;
    /// .some(nil) when it was red before the event (a stale line in progress: nothing to time).
    func timedMove(_ app: LaunchedApp, step: Int, reads: inout Int) -> UInt64?? {
        let target = Self.point(step, 1), probe = Self.point(step, 0.7)
        let wasRed = client.pixel(app.window, probe.x, probe.y) == BenchColour.red
        let sent = monotonicNanoseconds()
        client.move(to: target.x, target.y)
        guard client.waitForPixel(app.window, probe.x, probe.y, toBe: BenchColour.red, timeoutNanoseconds: Self.patience,
                                  longestPause: 200_000, reads: &reads) else { return nil }
        return .some(wasRed ? nil : monotonicNanoseconds() - sent)
    }

    /// The server's CPU for the same stream with no app running: what XTest motion costs it anyway.
    func measureInputAlone(_ report: inout BenchReport) {
        let stream = streamCost(of: nil, seconds: Self.streamSeconds(report)) {}
        report.record("x_cpu_percent_1khz_input_only", stream.server.rounded(toPlaces: 1),
                      unit: "% of a core, the server alone, no app: the floor of the rows above")
    }

    /// What a stream of motion (`streamMotion`) costs: the CPU `process` (none: nil) and the server
    /// spent over it, in % of one core, with how many events were sent over how many seconds.
    struct StreamCost {
        var events: Int
        var seconds: Double
        var app: Double
        var server: Double
    }

    /// Streams motion around `centre` for `seconds` (calling `each` after every event) and measures it.
    func streamCost(of process: ChildProcess?, seconds: Int, around centre: (x: Int, y: Int) = XPathBench.point(0, 0),
                    _ each: () -> Void) -> StreamCost {
        let before = (app: process?.cpuNanoseconds ?? 0, server: server.process.cpuNanoseconds, time: monotonicNanoseconds())
        let events = streamMotion(seconds: seconds, around: centre, each)
        let after = (app: process?.cpuNanoseconds ?? 0, server: server.process.cpuNanoseconds, time: monotonicNanoseconds())
        client.sync()
        let elapsed = Double(after.time - before.time)
        return StreamCost(events: events, seconds: elapsed / 1e9, app: Double(after.app - before.app) / elapsed * 100,
                          server: Double(after.server - before.server) / elapsed * 100)
    }

    /// Moves the pointer around a circle of 150 px about `centre`, half a degree every millisecond (on
    /// a fixed schedule, so a late wake-up is made up), for `seconds`; calls `each` after every event.
    /// Returns how many events were sent.
    private func streamMotion(seconds: Int, around centre: (x: Int, y: Int), _ each: () -> Void) -> Int {
        let start = monotonicNanoseconds()
        var sent = 0
        while true {
            let now = monotonicNanoseconds()
            guard now - start < UInt64(seconds) * 1_000_000_000 else { return sent }
            let due = start + UInt64(sent) * 1_000_000
            if due > now { usleep(UInt32((due - now) / 1_000)) }
            let angle = Double(sent) * 0.5 * Double.pi / 180
            client.move(to: centre.x + Int((150 * cos(angle)).rounded()), centre.y + Int((150 * sin(angle)).rounded()))
            sent += 1
            each()
        }
    }
}
