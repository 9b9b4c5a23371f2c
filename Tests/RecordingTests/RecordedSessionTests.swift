import Foundation
import Shapes
import Storage
import Testing
import TouchTracker

/// The regression suite in users' own terms: every session recorded in `Tests/Recordings` (`NAME.jsonl`,
/// made in the real window with `--record`, or written by hand for an edge case) is replayed through the
/// app, and must end with the drawing and the trace (the lines `--trace-gestures` prints: each gesture
/// decision, in order, and the desktop settings in force) in `NAME.expected.json`.
///
/// `TOUCHTRACKER_UPDATE_EXPECTATIONS=1 swift test --filter RecordedSessionTests` writes the expectations
/// from the replays instead, for a new recording or a change of behaviour that is meant: read the diff.
@Suite("Recorded sessions replay as expected")
struct RecordedSessionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    /// The recordings' names, without ".jsonl".
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) }.sorted()

    /// The expectation file for a replay that ended with `drawing` and traced `trace`: the drawing as its
    /// file holds it, then one traced line a line.
    static func expectation(drawing: Drawing, trace: [String]) throws -> String {
        let drawingText = String(decoding: try DrawingFormat.encode(drawing).dropLast(), as: UTF8.self)
        let traceText = trace.isEmpty ? "[]" : "[\n" + trace.joined(separator: ",\n") + "\n]"
        return "{\"drawing\":" + drawingText + ",\n\"trace\":" + traceText + "}\n"
    }

    @Test func theSuiteHasItsRecordings() {
        for name in ["window-session", "late-read-double-click", "three-quick-clicks", "two-pointers-draw-at-once",
                     "two-pointers-pressed-together-draw-a-circle",
                     "settings-changed-between-clicks", "eraser-stroke", "tool-change", "ctrl-snapped-lines", "view-moves",
                     "smooth-scroll-and-pinch"] {
            #expect(Self.names.contains(name), "Tests/Recordings/\(name).jsonl")
        }
    }

    @Test(arguments: names)
    func aRecordedSessionEndsWithItsExpectedDrawingAndTrace(name: String) throws {
        let recordingURL = Self.folder.appendingPathComponent(name + ".jsonl")
        let expectedURL = Self.folder.appendingPathComponent(name + ".expected.json")
        let recording = try RecordingFormat.decode(Array(try Data(contentsOf: recordingURL)))
        #expect(!recording.wasCut)
        let replay = Replay(recording, tracing: true)
        let trace = replay.run()
        let replayed = try Self.expectation(drawing: replay.core.model.drawing, trace: trace)
        if ProcessInfo.processInfo.environment["TOUCHTRACKER_UPDATE_EXPECTATIONS"] == "1" {
            try Data(replayed.utf8).write(to: expectedURL)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let (replayedLines, expectedLines) = (replayed.split(separator: "\n"), expected.split(separator: "\n"))
        if let line = zip(replayedLines, expectedLines).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(name).expected.json, line \(line + 1): expected \(expectedLines[line])\nthe replay gave \(replayedLines[line])")
        }
        #expect(replayedLines.count == expectedLines.count, "\(name): the replay gave \(replayedLines.count) lines, expected \(expectedLines.count)")
    }
}
