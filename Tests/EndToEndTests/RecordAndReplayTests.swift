import CX11
import DrawingTesting
import Foundation
import Shapes
import Storage
import TestSupport
import Testing
import XTestHarness

/// A click held 20 ms, as a finger holds one: the shape of the input, not a wait for anything.
private func click(_ running: RunningApp, _ x: Int, _ y: Int) {
    running.client.move(to: x, y)
    running.client.press()
    usleep(20_000)
    running.client.release()
}

/// The lines of the gesture trace on stderr: everything but the app's own messages.
private func traced(_ standardError: String) -> [Substring] {
    standardError.split(separator: "\n").filter { !$0.hasPrefix("touchtracker:") }
}

/// A session recorded in the real window (`--record`), then replayed without a display (`--replay`): the
/// replay ends with the drawing the session saved, exports the picture the session exported, and traces
/// the decisions the session traced, line for line.
///
/// With `TOUCHTRACKER_KEEP_RECORDINGS=DIR` the recording is copied to DIR: that is how the recordings in
/// `Tests/Recordings` made in the real window were made.
@Suite("Record and replay, end to end", .serialized)
struct RecordAndReplayTests {
    @Test func aSessionKilledWhileRecordingReplaysUpToTheKill() throws {
        let folder = try TemporaryFolder("replay")
        let recording = folder.file("session.jsonl")
        let running = try RunningApp(arguments: ["--record", recording])
        running.drawLine(from: (50, 100), to: (250, 100))
        running.app.child.signal(SIGKILL)
        #expect(running.app.waitForExit() != nil)
        let replay = try AppProcess(arguments: ["--replay", recording, folder.file("replayed.json")], display: nil)
        #expect(replay.waitForExit() == 0, "\(replay.standardError)")
        let replayed = try DrawingFormat.decode(Array(FileManager.default.contents(atPath: folder.file("replayed.json")) ?? Data()))
        #expect(replayed.shapes.map(\.geometry.segment) == [Segment(begin: Point(x: 50, y: 100), end: Point(x: 250, y: 100))])
    }

    /// The folder's watch wakes for every file in the document's folder: the lines a recording writes there
    /// must not each wake the loop for a step that writes another (it once recorded millions a second).
    @Test func aRecordingBesideTheDocumentStopsGrowingOnceTheWindowIsIdle() throws {
        let folder = try TemporaryFolder("beside")
        let document = folder.file("drawing.json"), recording = folder.file("session.jsonl")
        let running = try RunningApp(arguments: ["--record", recording, document])
        running.drawLine(from: (50, 100), to: (250, 100))
        #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: document) }, "the autosave")
        func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? -1 }
        var last = size(), steady = 0
        let idle = waitUntil(timeout: 15, interval: 0.1) {
            let now = size()
            steady = now == last ? steady + 1 : 0
            last = now
            return steady >= 10  // a second without a new line
        }
        #expect(idle, "the recording kept growing: \(last) bytes")
        running.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(running.app.waitForExit() == 0)
    }

    @Test func aRecordingThatCannotBeWrittenIsToldOnceAndTheSessionGoesOn() throws {
        let running = try RunningApp(arguments: ["--record", "/dev/full"])
        running.drawLine(from: (50, 100), to: (250, 100))
        running.drawLine(from: (50, 200), to: (250, 200))
        running.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(running.app.waitForExit() == 0)
        #expect(running.app.standardError
            == "touchtracker: cannot record to /dev/full: No space left on device; recording stopped, the session goes on\n")
        let saved = try DrawingFormat.decode(Array(FileManager.default.contents(atPath: running.documentPath) ?? Data()))
        #expect(saved.shapes.count == 2)
    }

    /// A session of the regression suite: a line, and a double click that clears it 0.8 s after the session began.
    static let lateDoubleClick = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings/late-read-double-click.jsonl").path

    @Test(arguments: [
        (#"{"format":"touchtracker-recording","version":1,}"#, "not a recording: line 1, column 48: expected a string, found '}'"),
        (#"{"format":"touchtracker-recording","version":3}"#,
         "made by a newer TouchTracker (line 1, column 46: recording format version 3; this one reads up to 2)"),
    ])
    func aDamagedOrNewerRecordingIsRefusedNamingTheLineAndColumn(firstLine: String, reason: String) throws {
        let folder = try TemporaryFolder("replay")
        try folder.write(firstLine + "\n", to: "session.jsonl")
        let replay = try AppProcess(arguments: ["--replay", folder.file("session.jsonl"), folder.file("out.json")], display: nil)
        #expect(replay.waitForExit() == 1)
        #expect(replay.standardError == "touchtracker: cannot replay \(folder.file("session.jsonl")): \(reason)\n")
        #expect(folder.names() == ["session.jsonl"], "nothing written")
    }
}

extension RecordAndReplayTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("Record and replay at the session's pace, end to end, alone", .serialized)
    struct Alone {
        @Test func aSessionRecordedInTheWindowReplaysToTheSameDrawingPictureAndDecisions() throws {
            let folder = try TemporaryFolder("replay")
            let recording = folder.file("session.jsonl")
            let running = try RunningApp(arguments: ["--record", recording, "--trace-gestures"])
            running.drawLine(from: (50, 100), to: (250, 100))
            running.drawLine(from: (50, 200), to: (250, 200))
            click(running, 150, 108)  // selects the first line, once the double click has failed
            #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)
            #expect(waitUntil(timeout: 5) { running.app.standardError.contains(#""gesture":"select","outcome":"confirmed""#) })
            click(running, 300, 250)
            usleep(100_000)  // the gap between the clicks is the input: well inside the double-click window
            click(running, 300, 250)  // a double click clears
            #expect(running.waitForPixel(150, 200, toBe: Colours.white) == Colours.white)
            running.client.key(XK_z, modifiers: [XK_Control_L])  // undo brings both back
            #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black)
            running.client.key(XK_e, modifiers: [XK_Control_L])
            let exported = running.dataHome.file("touchtracker/drawing.png")
            #expect(waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: exported) })
            running.client.key(XK_q, modifiers: [XK_Control_L])
            #expect(running.app.waitForExit() == 0)
            if let keep = ProcessInfo.processInfo.environment["TOUCHTRACKER_KEEP_RECORDINGS"] {
                try? FileManager.default.copyItem(atPath: recording, toPath: keep + "/window-session.jsonl")
            }

            let replayed = folder.file("replayed.json"), picture = folder.file("replayed.png")
            let replay = try AppProcess(arguments: ["--replay", recording, "--trace-gestures", "--export", picture, replayed],
                                        display: nil)
            #expect(replay.waitForExit() == 0, "\(replay.standardError)")
            #expect(FileManager.default.contents(atPath: replayed) == FileManager.default.contents(atPath: running.documentPath))
            #expect(FileManager.default.contents(atPath: picture) == FileManager.default.contents(atPath: exported))
            let live = traced(running.app.standardError)
            #expect(live.count > 20 && live.contains { $0.contains(#""gesture":"clear","outcome":"recognized""#) })
            #expect(traced(replay.standardError) == live)
        }

        @Test func aRecordingPlaysInAWindowAtItsPaceIgnoringInputUntilClosed() throws {
            let server = try XvfbServer()
            let client = try XTestClient(display: server.name)
            defer { client.close() }
            let dataHome = try TemporaryFolder("play")
            let player = try AppProcess(arguments: ["--replay", RecordAndReplayTests.lateDoubleClick, "--play", "--geometry", "400x300+0+0"],
                                        display: server.name, environment: ["XDG_DATA_HOME": dataHome.path])
            defer { player.child.stop() }
            let window = try client.window(ofProcess: player.pid)
            let shown = ContinuousClock.now
            #expect(client.text(window, "_NET_WM_NAME")?.hasPrefix("Replay: ") == true)
            #expect(client.waitForPixel(window, 150, 100, toBe: Colours.black) == Colours.black, "the drawing as the session opened it")
            #expect(client.waitForPixel(window, 150, 100, toBe: Colours.white) == Colours.white, "the double click clears")
            // At the recorded pace the clear cannot come sooner (later is only a busy machine).
            #expect(ContinuousClock.now - shown > .milliseconds(400), "played at the recorded pace, not at once")
            client.drag(from: (50, 250), to: (350, 250))  // the window plays the recording, not this
            client.release()
            client.sync()
            usleep(300_000)  // a line would be drawn at once, if at all: look a while later
            #expect(client.pixel(window, 200, 250) == Colours.white)
            client.sendDeleteWindow(to: window)
            #expect(player.waitForExit() == 0)
            #expect(player.standardError == "")
            #expect(dataHome.names().isEmpty, "nothing saved or remembered")
        }
    }
}
