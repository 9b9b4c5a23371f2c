import Foundation
import Gestures
import Storage
import TestSupport
import Testing
import Timing
@testable import TouchTracker

private let a = GesturePoint(x: 50, y: 100), b = GesturePoint(x: 250, y: 100)

/// A session with every kind of decision: lines drawn, a click that selects, a double click that clears,
/// undo, the autosave, Ctrl+S, an export and closing.
func playSession(_ driver: CoreDriver) {
    driver.drawLine(from: a, to: b, at: 0)
    driver.drawLine(from: GesturePoint(x: 50, y: 200), to: GesturePoint(x: 250, y: 200), at: 100)
    driver.click(at: GesturePoint(x: 150, y: 110), at: 700)
    driver.advance(to: at(1_200))  // the double click failed: the click selected
    driver.click(at: GesturePoint(x: 300, y: 250), at: 1_500)
    driver.click(at: GesturePoint(x: 300, y: 250), at: 1_650)  // a double click clears
    driver.advance(to: at(2_200))  // the autosave
    driver.key(.character("z"), .control)
    driver.key(.character("e"), .control)
    driver.key(.character("s"), .control)
    driver.handle(.closeRequested)
}

@Suite("Replaying a recorded session")
struct ReplayTests {
    @Test func aReplayEndsWithTheSessionsDrawingAndDecisionsInTheirOrder() throws {
        let driver = try CoreDriver(tracing: true)
        playSession(driver)
        #expect(driver.traces.count > 10 && driver.exitStatus == 0)
        let replay = Replay(driver.recording, tracing: true)
        #expect(replay.run() == driver.traces)
        #expect(replay.core.model.drawing == driver.core.model.drawing && driver.core.model.drawing.shapes.count == 2)
        #expect(replay.core.model.history == driver.core.model.history)
        #expect(replay.exitStatus == driver.exitStatus)
    }

    @Test func aReplayTellsWhatTheSessionToldAndTouchesNoFile() throws {
        let driver = try CoreDriver()
        driver.saveFailure = diskFull
        playSession(driver)
        driver.handle(.closeRequested)  // quit without saving
        try FileManager.default.removeItem(atPath: driver.folder)
        var messages: [String] = []
        let replay = Replay(driver.recording)
        while let effects = replay.next() {
            for case .message(let line) in effects { messages.append(line) }
            #expect(!effects.contains { if case .save = $0 { true } else if case .export = $0 { true } else { false } })
        }
        #expect(messages == driver.messages && messages.contains { $0.contains("No space left on device") })
        #expect(replay.exitStatus == 1)
        #expect(!FileManager.default.fileExists(atPath: driver.folder), "the replay made no file")
    }

    @Test func replayingTwiceGivesTheSameBytes() throws {
        let driver = try CoreDriver(tracing: true)
        playSession(driver)
        let recording = try RecordingFormat.decode(try RecordingFormat.encode(driver.recording))
        let first = Replay(recording, tracing: true), second = Replay(recording, tracing: true)
        #expect(first.run() == second.run())
        #expect(try DrawingFormat.encode(first.core.model.drawing) == DrawingFormat.encode(second.core.model.drawing))
    }

    @Test func aReplayStopsWhereTheAppExited() throws {
        let driver = try CoreDriver()
        driver.handle(.closeRequested)
        var recording = driver.recording
        recording.entries.append(RecordingSamples.pointer(.press(button: 1), 1, 1, at: 10))
        let replay = Replay(recording)
        _ = replay.run()
        #expect(replay.exitStatus == 0 && replay.nextTime == nil)
        #expect(replay.core.model.strokes.isEmpty, "nothing after the exit was taken")
    }
}
