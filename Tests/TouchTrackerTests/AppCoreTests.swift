import DrawingTesting
import Foundation
import Gestures
import Shapes
import Storage
import Testing
import Timing
@testable import TouchTracker

private let a = GesturePoint(x: 50, y: 100), b = GesturePoint(x: 250, y: 100)

@Suite("The app's loop step, without X")
struct AppCoreAutosaveTests {
    @Test func anEditIsSavedHalfASecondLaterAndNotBefore() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        #expect(driver.core.nextDeadlineBesidesFrames == at(500))
        driver.advance(to: at(499))
        #expect(driver.saveRequests.isEmpty && !driver.fileExists)
        driver.advance(to: at(500))
        #expect(try driver.savedDrawing() == driver.core.model.drawing)
        #expect(driver.core.nextDeadline == nil, "an idle window waits for nothing")
        #expect(driver.messages.isEmpty)
    }

    @Test func continuousEditingIsSavedTwoSecondsAfterTheFirstUnsavedEdit() throws {
        let driver = try CoreDriver()
        for t in stride(from: Int64(0), through: 3_000, by: 100) {
            driver.advance(to: at(t))
            driver.drawLine(from: a, to: GesturePoint(x: 250, y: Double(t / 10)), at: t)
        }
        #expect(driver.saveRequests.count == 1, "saved once, at 2 s, while edits kept coming")
        #expect(driver.saveRequests.first?.shapes.count == 20, "every line drawn before the 2 s mark")
        driver.advance(to: at(3_050))  // the last line's frame
        #expect(driver.core.nextDeadline == at(3_500))
    }

    @Test func aShapeInProgressIsNotAnEdit() throws {
        let driver = try CoreDriver()
        let contact = ContactID(device: 2)
        driver.handle(.pointer(GestureInput(.press(button: 1), contact: contact, location: a, serverTime: ServerTime(milliseconds: 0),
                                            readTime: at(0))))
        driver.handle(.pointer(GestureInput(.motion, contact: contact, location: b, serverTime: ServerTime(milliseconds: 5),
                                            readTime: at(5))))
        #expect(driver.core.scene.shapesInProgress.map(\.geometry.segment) == [Segment(begin: Point(x: 50, y: 100), end: Point(x: 250, y: 100))])
        #expect(driver.core.nextDeadline == driver.core.nextFrame, "nothing to save, and a drag waits on no timer: only its frame")
        driver.advance(to: at(50))
        #expect(driver.core.nextDeadline == nil)
    }

    @Test func ctrlSSavesAtOnceWhileTheAutosaveWaits() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("s"), .control)
        #expect(driver.saveRequests.count == 1 && driver.fileExists)
        #expect(driver.core.nextDeadlineBesidesFrames == at(0) + AppCore.noticeDuration,
                "the debounce's timer went with the save; the notice saying where stays a while")
        #expect(driver.panelTexts.first == "Saved \(driver.store.path)")
    }
}

@Suite("Every way of closing saves first")
struct AppCoreClosingTests {
    @Test(arguments: [AppInput.closeRequested, .terminationSignal, .key(.character("q"), .control)])
    func closingSavesTheLastEditAndExitsWithZero(input: AppInput) throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.now(at(10))
        driver.handle(input)
        #expect(driver.exitStatus == 0)
        #expect(try driver.savedDrawing().shapes.count == 1)
        #expect(driver.messages.isEmpty)
    }

    @Test func closingWithNothingToSaveWritesNothing() throws {
        let driver = try CoreDriver()
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == 0)
        #expect(driver.saveRequests.isEmpty && !driver.fileExists)
    }

    @Test func aWindowDestroyedByAnotherProgramSavesAndSaysSoInOneLine() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.handle(.windowDestroyed)
        #expect(driver.exitStatus == 0)
        #expect(try driver.savedDrawing().shapes.count == 1)
        #expect(driver.messages == ["the window was destroyed by another program; the drawing is saved in \(driver.store.path)"])
    }

    @Test func aLostConnectionSavesSaysSoAndExitsWithOne() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.handle(.connectionLost)
        #expect(driver.exitStatus == 1)
        #expect(try driver.savedDrawing().shapes.count == 1)
        #expect(driver.messages == ["lost the connection to the X server; the drawing is saved in \(driver.store.path)"])
    }

    @Test func aFailedWaitSavesAndExitsWithOne() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.handle(.waitFailed("Bad file descriptor"))
        #expect(driver.exitStatus == 1)
        #expect(try driver.savedDrawing().shapes.count == 1)
        #expect(driver.messages == ["waiting for X events failed: Bad file descriptor"])
    }

    @Test func aSignalOnAFullDiskExitsWithOneAndSaysWhatIsLost() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.saveFailure = diskFull
        driver.handle(.terminationSignal)
        #expect(driver.exitStatus == 1)
        #expect(driver.messages == ["\(diskFull); closing with the last edits unsaved"])
    }

    @Test func ctrlQOnAFullDiskAsksAgainAndASecondCtrlQWithinFiveSecondsQuitsAnyway() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.saveFailure = diskFull
        driver.key(.character("q"), .control)
        #expect(driver.exitStatus == nil, "the last edit would be lost: not without asking")
        #expect(driver.messages.count == 1)
        #expect(driver.core.scene.overlays.count == 1, "the window says so too")

        driver.advance(to: at(4_999))
        driver.key(.character("q"), .control)
        #expect(driver.exitStatus == 1)
        #expect(driver.messages.last == "\(diskFull); quitting without saving the last edits")
    }

    @Test func aSecondCloseAfterTheConfirmationWindowAsksAgain() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.saveFailure = diskFull
        driver.handle(.closeRequested)
        driver.advance(to: at(5_000))
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == nil)
        driver.saveFailure = nil
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == 0, "the disk has room again: saved, and closed")
        #expect(try driver.savedDrawing().shapes.count == 1)
    }
}

@Suite("Saving that fails is told once, in the title and the window too")
struct AppCoreSaveFailureTests {
    @Test func theTitleNamesTheDocument() throws {
        let driver = try CoreDriver(file: "sketch.json")
        #expect(driver.core.title == "sketch.json — TouchTracker")
    }

    @Test func aFailingSaveIsReportedOnceAndTheTitleSaysUnsavedUntilASaveWorks() throws {
        let driver = try CoreDriver()
        driver.saveFailure = diskFull
        driver.drawLine(from: a, to: b, at: 0)
        driver.advance(to: at(500))
        #expect(driver.messages == ["\(diskFull); the drawing is kept in memory, unsaved"])
        #expect(driver.titles == ["drawing.json (unsaved) — TouchTracker"])
        #expect(driver.panelTexts == ["Cannot save drawing.json: No space left on device — kept in memory"])
        #expect(driver.core.nextDeadline == at(5_500), "retried five seconds later")
        driver.drawLine(from: b, to: a, at: 600)
        #expect(driver.core.nextDeadlineBesidesFrames == at(5_500), "edits do not hasten the retry")

        driver.advance(to: at(5_500))
        #expect(driver.saveRequests.count == 2)
        #expect(driver.messages.count == 1, "the same failure is not repeated")

        driver.saveFailure = nil
        driver.advance(to: at(10_500))
        #expect(driver.messages.last == "saved \(driver.store.path) again")
        #expect(driver.titles.last == "drawing.json — TouchTracker")
        #expect(try driver.savedDrawing().shapes.count == 2)
        #expect(driver.panelTexts == ["Saved drawing.json again"])
        driver.advance(to: at(10_500) + AppCore.noticeDuration)
        #expect(driver.core.scene.overlays.isEmpty, "a passing notice passes")
    }

    @Test func aRecoveredDocumentSaysSoInTheTitle() throws {
        let driver = try CoreDriver(contents: "garbage")
        #expect(driver.core.title == "drawing.json (damaged file kept as drawing.json.damaged-20261130-010203) — TouchTracker")
    }
}

@Suite("Commands, settings and traces through the core")
struct AppCoreCommandTests {
    @Test func ctrlESavesThenExportsAPNGBesideTheDocumentAndSaysWhere() throws {
        let driver = try CoreDriver(file: "sketch.png")
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("e"), .control)
        #expect(driver.saveRequests.count == 1)
        let expected = FilePath(driver.folder + "/sketch-export.png")
        #expect(driver.exports == [expected])
        #expect(driver.messages == ["exported \(expected)"])
        #expect(driver.panelTexts == ["Exported \(expected)"], "the full path")
    }

    @Test func aFailedExportIsToldOnStderrAndInTheWindow() throws {
        let driver = try CoreDriver()
        driver.exportFailure = "No space left on device"
        driver.key(.character("e"), .control)
        #expect(driver.messages == ["cannot export \(driver.folder)/drawing.png: No space left on device"])
        #expect(driver.panelTexts == ["Cannot export drawing.png: No space left on device"])
    }

    @Test func newSettingsReachTheEngineAndTheScale() throws {
        let driver = try CoreDriver()
        var settings = GestureSettings.default
        settings.mouse.multiTapWindowMilliseconds = 250
        driver.handle(.settingsChanged(settings, scale: 2))
        #expect(driver.core.controller.gestureSettings == settings)
        #expect(driver.core.scale == 2)
        #expect(driver.core.model.view.scale == 2, "the drawing shows twice as large")
        #expect(driver.core.model.selectionTolerance == CanvasModel.standardSelectionTolerance, "20 document px: 40 on screen")
    }

    @Test func tracingPassesEachDecisionOnAsOneLine() throws {
        let driver = try CoreDriver(tracing: true)
        driver.drawLine(from: a, to: b, at: 0)
        #expect(!driver.traces.isEmpty)
        #expect(driver.traces.allSatisfy { $0.hasPrefix("{\"gesture\":") })
    }

    @Test func theHelpOverlayListsEveryPointerActionAndKeyBinding() throws {
        let driver = try CoreDriver()
        driver.handle(.visibleAreaChanged(Rect(x: 0, y: 0, width: 2000, height: 1500)))  // room for every row
        driver.key(.f1)
        let rows = try #require(driver.core.scene.overlays.first?.texts)
        for action in PointerActions.table { #expect(rows.contains("\(action.action): \(action.effect)")) }
        for binding in KeyBindings.table { #expect(rows.contains("\(binding.keys): \(binding.effect)")) }
    }
}

extension CoreDriver {
    /// Moves the clock without letting timers fire (input read at `time`).
    func now(_ time: Deadline) { advance(to: time) }
}
