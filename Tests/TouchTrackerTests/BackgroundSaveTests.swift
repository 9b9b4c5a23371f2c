import DrawingTesting
import Foundation
import Gestures
import Shapes
import Storage
import Testing
import Timing
@testable import TouchTracker

private let a = GesturePoint(x: 50, y: 100), b = GesturePoint(x: 250, y: 100)
private func lineTo(_ y: Double) -> GesturePoint { GesturePoint(x: 250, y: y) }

/// The shell saves on a worker, so a save's outcome comes steps after the core asked for it, and the user
/// goes on drawing meanwhile (`CoreDriver.savesFinishLater`): nothing drawn then is lost or taken as saved,
/// no second save overlaps the first, every way of closing waits for the last save, and the folder's watch
/// seeing the save's own rename is not another program.
@Suite("Saves that end while the user goes on drawing")
struct BackgroundSaveTests {
    /// A window with one line drawn and its autosave under way (not finished).
    private func savingWindow() throws -> CoreDriver {
        let driver = try CoreDriver()
        driver.savesFinishLater = true
        driver.drawLine(from: a, to: b, at: 0)
        driver.advance(to: at(500))
        #expect(driver.heldSave?.drawing.shapes.count == 1)
        return driver
    }

    @Test func editsMadeWhileASaveIsWrittenAreSavedByTheNextAutosaveNotTakenAsSaved() throws {
        let driver = try savingWindow()
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.finishTheSave()
        #expect(try driver.savedDrawing().shapes.count == 1, "the save holds the drawing as it was when it began")
        #expect(driver.core.nextDeadlineBesidesFrames == at(1_020), "the later line's autosave stands, half a second after it")
        driver.advance(to: at(1_020))
        driver.finishTheSave()
        #expect(try driver.savedDrawing().shapes.count == 2)
        #expect(driver.saveRequests.count == 2)
        #expect(driver.core.nextDeadline == nil)
    }

    @Test func anEditDuringTheSaveWhoseAutosaveFellDueMeanwhileIsSavedWhenTheFirstEnds() throws {
        let driver = try savingWindow()
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.advance(to: at(1_100))  // its autosave is due, but the first save still runs: no second at once
        #expect(driver.saveRequests.count == 1)
        driver.finishTheSave()
        #expect(driver.saveRequests.count == 2, "saved as soon as the first ended")
        driver.finishTheSave()
        #expect(try driver.savedDrawing().shapes.count == 2)
    }

    @Test func ctrlSWhileASaveRunsSavesAgainOnceItEndsAndNeverTwoAtOnce() throws {
        let driver = try savingWindow()
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.key(.character("s"), .control)
        #expect(driver.saveRequests.count == 1)
        driver.finishTheSave()
        #expect(driver.saveRequests.count == 2 && driver.heldSave?.drawing.shapes.count == 2)
        driver.finishTheSave()
        #expect(try driver.savedDrawing().shapes.count == 2)
    }

    @Test(arguments: [AppInput.closeRequested, .terminationSignal, .key(.character("q"), .control)])
    func closingWaitsForTheSaveUnderWayThenSavesWhatCameAfterAndExits(input: AppInput) throws {
        let driver = try savingWindow()
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.now(at(530))
        driver.handle(input)
        #expect(driver.exitStatus == nil, "not before the save under way has ended")
        driver.finishTheSave()
        #expect(driver.exitStatus == nil, "the line drawn while it was written is saved first")
        driver.finishTheSave()
        #expect(driver.exitStatus == 0)
        #expect(try driver.savedDrawing().shapes.count == 2)
    }

    @Test func aLineDrawnAfterClosingAskedAndBeforeTheSaveEndedIsSavedToo() throws {
        let driver = try CoreDriver()
        driver.savesFinishLater = true
        driver.drawLine(from: a, to: b, at: 0)
        driver.now(at(10))
        driver.handle(.closeRequested)
        driver.drawLine(from: a, to: lineTo(150), at: 20)  // the window is still there while it saves
        driver.finishTheSave()
        #expect(driver.exitStatus == nil)
        driver.finishTheSave()
        #expect(driver.exitStatus == 0)
        #expect(try driver.savedDrawing().shapes.count == 2)
    }

    @Test func closingWithNothingNewSinceTheSaveUnderWayExitsWhenItEnds() throws {
        let driver = try savingWindow()
        driver.now(at(510))
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == nil)
        driver.finishTheSave()
        #expect(driver.exitStatus == 0 && driver.saveRequests.count == 1)
    }

    @Test func theWatchSeeingTheSavesOwnRenameIsNotAnotherProgram() throws {
        let driver = try savingWindow()
        // The worker renames its file over the document before the loop hears that it is done: the watch
        // reports the new file first.
        let (drawing, expected, _) = try #require(driver.heldSave)
        guard case .saved = driver.store.save(drawing, replacing: expected) else { Issue.record("saved"); return }
        driver.seeTheDisk()
        // The outcome the worker reports is that save's.
        driver.savesFinishLater = false
        let identity = try driver.store.currentIdentity()
        try driver.discardTheHeldSave(answering: .saved(#require(identity)))
        driver.advance(to: at(2_000))
        #expect(driver.reads.isEmpty, "its own file is not read back as another program's")
        #expect(driver.messages.isEmpty)
    }

    @Test func aNameChosenToSaveAsWhileASaveRunsIsSavedToOnceItEndsAndTheFirstFileIsWhole() throws {
        let driver = try savingWindow()
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.key(.character("S"), [.control, .shift])
        let newPath = FilePath(driver.folder + "/copy.json")
        driver.handle(.fileChosen(.chosen(newPath)))
        #expect(driver.store.path != newPath, "not while the save of the first file runs")
        driver.finishTheSave()
        #expect(driver.store.path == newPath)
        #expect(try DrawingFormat.decode(Array(FileManager.default.contents(atPath: newPath.description) ?? Data())).shapes.count == 2)
        #expect(driver.heldSave == nil)
    }

    @Test func aDrawingChosenToOpenWhileASaveRunsOpensOnceThisOneIsSaved() throws {
        let driver = try savingWindow()
        let other = FilePath(driver.folder + "/other.json")
        try DocumentStore(path: other).save(Drawing())
        driver.drawLine(from: a, to: lineTo(150), at: 520)
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.chosen(other)))
        driver.finishTheSave()
        #expect(driver.store.path != other, "the line drawn while it was written is saved first")
        let first = driver.store
        driver.finishTheSave()
        #expect(driver.store.path == other)
        #expect(try DrawingFormat.decode(Array(FileManager.default.contents(atPath: first.path.description) ?? Data())).shapes.count == 2)
    }

    @Test func anotherProgramWritingWhileTheSaveRunsIsReadOnceTheSaveEnds() throws {
        let driver = try savingWindow()
        driver.finishTheSave()
        driver.drawLine(from: a, to: lineTo(150), at: 600)
        driver.advance(to: at(1_100))  // the second line's save is under way
        #expect(driver.heldSave != nil)
        // Another program replaces the file in the meantime; the save then finds it changed.
        // Another program adds a shape to the file as saved (the first line).
        let theirs = try driver.savedDrawing().shapes + [Shape(id: ShapeID(7), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 9, y: 9))))]
        try driver.anotherProgramWrites(Drawing(shapes: theirs))
        driver.seeTheDisk()
        driver.advance(to: at(1_100) + DiskChange.quietPeriod)
        #expect(driver.reads.isEmpty, "the file is not read while the save runs")
        driver.finishTheSave()  // the store finds the file changed: nothing of theirs is written over
        driver.advance(to: driver.now + DiskChange.quietPeriod)
        #expect(driver.reads.count == 1)
        if driver.heldSave != nil { driver.finishTheSave() }
        let saved = try driver.savedDrawing()
        #expect(saved.shapes.count == 3, "theirs and both of the window's lines, merged")
    }
}
