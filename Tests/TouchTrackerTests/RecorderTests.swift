import Foundation
import Shapes
import Storage
import TestSupport
import Testing
@testable import TouchTracker

@Suite("The recorder")
struct RecorderTests {
    @Test func everyEntryIsInTheFileAsSoonAsItIsRecorded() throws {
        let folder = try TemporaryFolder("recorder")
        let recording = RecordingSamples.everything
        let recorder = try Recorder(creating: FilePath(folder.file("session.jsonl")))
        #expect(recorder.begin(recording.start) == nil)
        for (count, entry) in recording.entries.enumerated() {
            #expect(recorder.record(entry) == nil)
            let read = try RecordingFormat.decode(folder.read("session.jsonl") ?? [])
            #expect(read.entries == Array(recording.entries.prefix(count + 1)) && !read.wasCut)
        }
        #expect(folder.read("session.jsonl") == (try RecordingFormat.encode(recording)))
    }

    @Test func aRecordingIsNeverWrittenOverAFile() throws {
        let folder = try TemporaryFolder("recorder")
        try folder.write("a drawing", to: "drawing.json")
        #expect(throws: WriteError.system(code: EEXIST)) { try Recorder(creating: FilePath(folder.file("drawing.json"))) }
        #expect(folder.read("drawing.json") == Array("a drawing".utf8))
        #expect(throws: WriteError.missingFolder(FilePath(folder.file("missing")))) {
            try Recorder(creating: FilePath(folder.file("missing/session.jsonl")))
        }
    }

    @Test func aFailingWriteIsToldOnceAndRecordingStops() throws {
        let recorder = try Recorder(creating: "/dev/full")
        #expect(recorder.begin(RecordingSamples.start) == "cannot record to /dev/full: No space left on device; recording stopped, the session goes on")
        #expect(recorder.record(.step(.advance(to: at(1)))) == nil, "said once")
    }

    /// A crash may cut the file anywhere after the start: what it holds replays up to the cut.
    @Test func aRecordingCutAnywhereReplaysUpToTheCut() throws {
        let driver = try CoreDriver(tracing: true)
        playSession(driver)
        let bytes = try RecordingFormat.encode(driver.recording)
        let startEnd = RecordingFormat.header.count + (try RecordingFormat.encode(driver.start)).count
        var lastEntries = -1
        for cut in startEnd...bytes.count {
            let recording = try RecordingFormat.decode(Array(bytes[..<cut]))
            guard recording.entries.count != lastEntries else { continue }  // the same prefix replays the same
            lastEntries = recording.entries.count
            let replay = Replay(recording, tracing: true)
            let traced = replay.run()
            let prefix = CoreDriver.replayed(Array(driver.steps.prefix(recording.entries.count)), from: driver.start)
            #expect(traced == prefix.traced && replay.core.model.drawing == prefix.drawing, "cut at byte \(cut)")
        }
        #expect(lastEntries == driver.steps.count)
    }
}

extension CoreDriver {
    /// What taking `steps` from `start` makes, straight through the core: the lines traced and the drawing.
    static func replayed(_ steps: [RecordingEntry], from start: RecordingStart) -> (traced: [String], drawing: Drawing) {
        let core = AppCore(start, tracing: true)
        var traced: [String] = []
        for case .step(let step) in steps {
            core.take(step)
            for case .trace(let line) in core.takeEffects() { traced.append(line) }
        }
        return (traced, core.model.drawing)
    }
}
