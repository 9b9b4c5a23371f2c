import DrawingTesting
import Foundation
import Gestures
import Shapes
import Testing
import Timing
@testable import TouchTracker

private func line(_ y: Double) -> Segment { Segment(begin: Point(x: 10, y: y), end: Point(x: 200, y: y)) }

/// A drawing of the segments, as another program would write it.
private func drawing(_ segments: Segment...) -> Drawing {
    var drawing = Drawing()
    for segment in segments { drawing.add(.line(segment)) }
    return drawing
}

@Suite("Another program writes the file while the window is open")
struct OtherWriterTests {
    /// A window showing one saved line at y = 50.
    private func savedWindow() throws -> CoreDriver {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 200, y: 50), at: 0)
        driver.advance(to: at(500))
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50)])
        return driver
    }

    @Test func withNoUnsavedEditsTheirVersionIsLoadedAndNotWrittenBack() throws {
        let driver = try savedWindow()
        try driver.anotherProgramWrites(drawing(line(50), line(80)))
        let theirs = try #require(try driver.store.currentIdentity())
        driver.noticeTheDisk()
        #expect(driver.core.model.drawing.shapes.map(\.geometry.segment) == [line(50), line(80)])
        #expect(driver.messages == ["reloaded drawing.json: kept 1 shape another program added"])
        #expect(driver.panelTexts == ["Reloaded drawing.json: kept 1 shape another program added"])
        #expect(driver.core.nextDeadlineBesidesFrames == at(800) + AppCore.noticeDuration, "nothing to save, only a notice to take down")
        #expect(try driver.store.currentIdentity() == theirs, "their file is not rewritten")
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing.shapes.map(\.geometry.segment) == [line(50)], "loading their version is undoable")
    }

    @Test func withUnsavedEditsBothSidesAreMergedShownAndSaved() throws {
        let driver = try savedWindow()
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)  // unsaved
        try driver.anotherProgramWrites(drawing(line(80)))  // they deleted ours at 50 and drew one at 80
        driver.noticeTheDisk()
        #expect(Set(driver.core.model.drawing.shapes.map(\.geometry.segment)) == [line(80), line(120)])
        #expect(driver.messages == ["merged drawing.json: kept 1 shape another program added, removed 1 it deleted"])
        driver.advance(to: at(1_300) + Autosave.quietPeriod)  // the merge is an edit: saved as edits are
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(80), line(120)])
    }

    @Test func aSaveThatFindsTheFileChangedReadsItOnceQuietMergesAndNeverOverwritesTheirBytes() throws {
        let driver = try savedWindow()
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)
        try driver.anotherProgramWrites(drawing(line(50), line(80)))  // unnoticed: no watch event handed in
        let theirs = try #require(try driver.store.currentIdentity())
        driver.advance(to: at(1_500))  // the autosave: the conditional save sees their file first
        #expect(try driver.store.currentIdentity() == theirs, "not saved over, not read yet: they may not be done")
        #expect(driver.reads.isEmpty)
        driver.advance(to: at(1_500) + DiskChange.quietPeriod)
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(50), line(80), line(120)])
        #expect(driver.messages.count == 1 && driver.messages[0].hasPrefix("merged drawing.json"))
    }

    @Test func aFileDeletedWhileOpenIsWrittenAgainAtTheNextSaveAndOnClosing() throws {
        let driver = try savedWindow()
        try FileManager.default.removeItem(atPath: driver.store.path.description)
        driver.noticeTheDisk()
        #expect(driver.messages == ["drawing.json was deleted by another program; it will be written again at the next save"])
        #expect(driver.core.nextDeadlineBesidesFrames == at(800) + AppCore.noticeDuration, "not at once: the user may have meant it")
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == 0)
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50)])
    }

    @Test func aFileThatIsStillNoDrawingOnceQuietIsKeptAsideAndTheWindowsDrawingWrittenInItsPlace() throws {
        let driver = try savedWindow()
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: driver.store.path.description))
        driver.noticeTheDisk()
        #expect(driver.reads == [false], "read once quiet, and left where it is: its writer may only be pausing")
        #expect(try FileManager.default.contentsOfDirectory(atPath: driver.folder) == ["drawing.json"])
        #expect(driver.messages.isEmpty)
        driver.advance(to: at(500) + DiskChange.patience)
        #expect(driver.reads == [false, true])
        let kept = try FileManager.default.contentsOfDirectory(atPath: driver.folder).filter { $0.contains(".damaged-") }
        #expect(kept.count == 1)
        #expect(FileManager.default.contents(atPath: driver.folder + "/" + (kept.first ?? "")) == Data("garbage".utf8))
        #expect(driver.messages.first?.hasPrefix("drawing.json was damaged by another program") == true)
        driver.key(.character("s"), .control)
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50)])
    }

    @Test func aNewerVersionsFileIsNeverWrittenOverAndSavesSaySo() throws {
        let driver = try savedWindow()
        let newer = Data(#"{"format":"touchtracker-drawing","version":99,"lines":[]}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: driver.store.path.description))
        driver.noticeTheDisk()
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)
        driver.advance(to: at(1_500))
        #expect(FileManager.default.contents(atPath: driver.store.path.description) == newer)
        #expect(driver.messages.last?.hasPrefix("not saving over \(driver.store.path)") == true)
        #expect(driver.core.title == "drawing.json (unsaved) — TouchTracker")
    }

    @Test func aSecondStartBringsTheWindowForwardAndSaysSoInIt() throws {
        let driver = try CoreDriver()
        driver.handle(.anotherStartAsked)
        #expect(driver.raised == 1)
        #expect(driver.panelTexts == ["drawing.json is open here: another start of TouchTracker asked for it"])
    }
}

@Suite("Version 1 drawings")
struct Version1Tests {
    @Test func aVersion1FileOpensUnchangedAndIsSavedAsVersion2AfterTheFirstEdit() throws {
        let v1 = """
            {"format":"touchtracker-drawing","version":1,"lines":[
            {"id":1,"begin":[10.0,20.5],"end":[300.0,40.0]}
            ]}

            """
        let driver = try CoreDriver(contents: v1)
        driver.handle(.closeRequested)
        #expect(driver.saveRequests.isEmpty, "opening is not an edit: the file keeps its version")
        #expect(FileManager.default.contents(atPath: driver.store.path.description) == Data(v1.utf8))

        let again = try CoreDriver(contents: v1)
        again.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 200, y: 50), at: 0)
        again.advance(to: at(500))
        let text = String(decoding: FileManager.default.contents(atPath: again.store.path.description) ?? Data(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"touchtracker-drawing","version":2,"shapes":["#))
        #expect(try again.savedDrawing().shapes.first?.style == .standard, "the old line: black, 10 px")
    }
}
