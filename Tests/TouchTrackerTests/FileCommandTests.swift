import Foundation
import Gestures
import Shapes
import Storage
import Testing
import Timing
@testable import TouchTracker

private let a = GesturePoint(x: 50, y: 100), b = GesturePoint(x: 250, y: 100)

/// Opening, saving as, exporting and new windows through the core, with a real folder and the chooser's
/// answers scripted: no X, no chooser.
@Suite("Files through the core")
struct FileCommandTests {
    /// A drawing of one line at `other.json` in the driver's folder.
    func writeOther(_ driver: CoreDriver, name: String = "other.json") throws -> FilePath {
        let path = FilePath(driver.folder + "/" + name)
        try DocumentStore(path: path).save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 10, y: 10),
                                                                                                     end: Point(x: 90, y: 10))))]))
        return path
    }

    @Test func ctrlOAsksForAChooserInTheDocumentsFolderOneAtATime() throws {
        let driver = try CoreDriver()
        driver.key(.character("o"), .control)
        #expect(driver.choices == [FileChoice(purpose: .open, title: "Open a drawing", folder: FilePath(driver.folder), name: nil)])
        driver.key(.character("o"), .control)
        #expect(driver.choices.count == 1, "one chooser at a time")
        #expect(driver.panelTexts.first == "A file chooser is open already")
        driver.handle(.fileChosen(.cancelled))
        driver.key(.character("S"), [.control, .shift])
        #expect(driver.choices.last == FileChoice(purpose: .saveAs, title: "Save the drawing as", folder: FilePath(driver.folder),
                                                  name: "drawing.json"))
        driver.handle(.fileChosen(.cancelled))
        driver.key(.character("E"), [.control, .shift])
        #expect(driver.choices.last?.name == "drawing.png" && driver.choices.last?.purpose == .exportAs)
    }

    @Test func openingSavesThisDrawingFirstThenShowsTheOtherWithAHistoryOfItsOwn() throws {
        let driver = try CoreDriver()
        let other = try writeOther(driver)
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.chosen(other)))
        #expect(try driver.savedDrawing().shapes.count == 1, "this drawing was saved before the other opened")
        #expect(driver.core.model.drawing.shapes.map(\.geometry.segment) == [Segment(begin: Point(x: 10, y: 10), end: Point(x: 90, y: 10))])
        #expect(!driver.core.model.canUndo, "undo does not reach into the drawing before")
        #expect(driver.core.title == "other.json — TouchTracker")
        #expect(driver.panelTexts.first == "Opened \(other)")
        // Edits now go to the other file.
        driver.drawLine(from: a, to: GesturePoint(x: 250, y: 200), at: 3_000)
        driver.advance(to: at(3_600))
        #expect(try DocumentStore.load(path: other).shapes.count == 2)
        #expect(try DocumentStore.load(path: FilePath(driver.folder + "/drawing.json")).shapes.count == 1, "the first drawing as it was")
    }

    @Test func aDrawingThatCannotBeSavedIsNotLeft() throws {
        let driver = try CoreDriver()
        let other = try writeOther(driver)
        driver.drawLine(from: a, to: b, at: 0)
        driver.saveFailure = diskFull
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.chosen(other)))
        #expect(driver.core.model.drawing.shapes.count == 1 && driver.core.title.hasPrefix("drawing.json"))
        #expect(driver.messages.contains("not opening \(other): this drawing could not be saved (No space left on device)"))
    }

    @Test func aNewerVersionsDrawingIsRefusedAndTheWindowKeepsItsOwn() throws {
        let driver = try CoreDriver()
        let newer = FilePath(driver.folder + "/newer.json")
        try #"{"format":"touchtracker-drawing","version":99,"shapes":[]}"#.write(toFile: newer.description, atomically: true, encoding: .utf8)
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.chosen(newer)))
        #expect(driver.core.model.drawing.shapes.count == 1 && driver.core.title.hasPrefix("drawing.json"))
        #expect(driver.messages.last?.hasPrefix("not opened: \(newer): ") == true)
    }

    @Test func anOpeningTheShellRefusedLeavesTheWindowAsItWas() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.handle(.documentOpened(.openElsewhere("other.json is already open in another window; brought it to the front")))
        driver.handle(.documentOpened(.alreadyHere))
        #expect(driver.core.model.drawing.shapes.count == 1)
        #expect(driver.messages == ["other.json is already open in another window; brought it to the front"])
        #expect(driver.panelTexts.first == "drawing.json is open in this window already")
    }

    @Test func saveAsMakesTheNewFileTheDocumentAndUndoGoesOn() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("S"), [.control, .shift])
        let copy = FilePath(driver.folder + "/copy.json")
        driver.handle(.fileChosen(.chosen(copy)))
        #expect(try DocumentStore.load(path: copy).shapes.count == 1)
        #expect(driver.core.title == "copy.json — TouchTracker")
        #expect(driver.panelTexts.first == "Saved as \(copy)")
        #expect(driver.core.model.canUndo)
        driver.key(.character("z"), .control)
        driver.advance(to: at(1_000))
        #expect(try DocumentStore.load(path: copy).shapes.isEmpty, "the undo is saved in the new file")
    }

    @Test func ctrlENeverReplacesAFileItNumbersTheNextExport() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        for _ in 0..<3 { driver.key(.character("e"), .control) }
        let expected = ["drawing.png", "drawing-2.png", "drawing-3.png"].map { FilePath(driver.folder + "/" + $0) }
        #expect(driver.exports == expected)
        #expect(driver.messages == expected.map { "exported \($0)" })
        #expect(driver.panelTexts.first == "Exported \(expected[2])", "the full path")
    }

    @Test func exportAsTakesTheFormatFromTheNameChosen() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: a, to: b, at: 0)
        for (chosen, written) in [("out.svg", "out.svg"), ("Out.PDF", "Out.PDF"), ("plain", "plain.png")] {
            driver.key(.character("E"), [.control, .shift])
            driver.handle(.fileChosen(.chosen(FilePath(driver.folder + "/" + chosen))))
            #expect(driver.exports.last == FilePath(driver.folder + "/" + written))
        }
        driver.key(.character("E"), [.control, .shift])
        driver.handle(.fileChosen(.chosen(FilePath(driver.folder + "/out.jpg"))))
        #expect(driver.exports.count == 3)
        #expect(driver.messages.last == "cannot export to out.jpg: name a .png, .svg or .pdf file")
        driver.key(.character("E"), [.control, .shift])
        driver.handle(.fileChosen(.chosen(FilePath(driver.folder + "/drawing.json"))))
        #expect(driver.messages.last == "cannot export to drawing.json: name a .png, .svg or .pdf file")
    }

    @Test func withoutAChooserANoticeSaysWhatToInstallAndWhatTheCommandLineDoes() throws {
        let driver = try CoreDriver()
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.unavailable(lookedFor: ["the desktop portal", "zenity", "kdialog"])))
        let line = "no file chooser (looked for the desktop portal, zenity, kdialog): install zenity or kdialog; "
            + "to open another drawing meanwhile, run: touchtracker FILE"
        #expect(driver.messages == [line])
        #expect(driver.panelTexts.first == "N" + line.dropFirst())
        driver.key(.character("o"), .control)
        #expect(driver.choices.count == 2, "the chooser may be asked for again")
    }

    @Test func ctrlNOpensANewWindowAndSaysOnWhat() throws {
        let driver = try CoreDriver()
        driver.key(.character("n"), .control)
        #expect(driver.newWindows == 1)
        #expect(driver.panelTexts.first == "Opened a new window on \(driver.folder)/untitled-1.json")
    }

    @Test func aSessionThatOpenedAnotherDrawingReplaysWithoutReadingIt() throws {
        let driver = try CoreDriver()
        let other = try writeOther(driver)
        driver.drawLine(from: a, to: b, at: 0)
        driver.key(.character("o"), .control)
        driver.handle(.fileChosen(.chosen(other)))
        driver.drawLine(from: a, to: GesturePoint(x: 250, y: 200), at: 3_000)
        let recording = try RecordingFormat.decode(try RecordingFormat.encode(driver.recording))
        try FileManager.default.removeItem(atPath: other.description)
        let replay = Replay(recording)
        _ = replay.run()
        #expect(replay.core.model.drawing == driver.core.model.drawing)
        #expect(replay.core.title == "other.json — TouchTracker")
    }

    @Test func numberedExportNamesAndUntitledNamesAreOneListEach() {
        let paths = DocumentLocation.numberedExportPaths(forDocument: "/d/sketch.json", extension: "png")
        #expect(paths.prefix(3) == ["/d/sketch.png", "/d/sketch-2.png", "/d/sketch-3.png"] && paths.count == 999)
        #expect(DocumentLocation.numberedExportPaths(forDocument: "/d/a.png", extension: "png").prefix(2) == ["/d/a-export.png", "/d/a-export-2.png"])
        #expect(DocumentLocation.untitledPaths(in: "/data/touchtracker").prefix(2) == ["/data/touchtracker/untitled-1.json",
                                                                                        "/data/touchtracker/untitled-2.json"])
    }
}
