import Canvas
import DrawingTesting
import Foundation
import Gestures
import Shapes
import Storage
import Testing
import Timing
@testable import TouchTracker

private func line(_ y: Double) -> Segment { Segment(begin: Point(x: 10, y: y), end: Point(x: 200, y: y)) }

private func drawing(_ segments: Segment...) -> Drawing {
    var drawing = Drawing()
    for segment in segments { drawing.add(.line(segment)) }
    return drawing
}

/// Plays a program that writes the document in place, in pieces, as a shell's `>` then `>>` do: each
/// piece opens the file, writes and closes it.
private struct PieceWriter {
    let path: String
    let bytes: [UInt8]

    init(_ drawing: Drawing, to path: FilePath) throws {
        self.path = path.description
        bytes = try DrawingFormat.encode(drawing)
    }

    /// Writes `bytes[range]`: truncating the file first when the range starts at 0.
    func write(_ range: Range<Int>) {
        let fd = open(path, O_WRONLY | O_CREAT | (range.lowerBound == 0 ? O_TRUNC : O_APPEND), 0o644)
        _ = bytes[range].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

@Suite("A program that writes the file in place, slowly")
struct SlowWriterTests {
    /// A window showing one saved line at y = 50, then an unsaved one at y = 120 (drawn at 1 s).
    private func windowWithAnUnsavedEdit() throws -> CoreDriver {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 200, y: 50), at: 0)
        driver.advance(to: at(500))
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)
        return driver
    }

    private func keptAside(_ driver: CoreDriver) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: driver.folder).filter { $0.contains(".damaged-") }
    }

    @Test func aFileWrittenInPiecesIsReadOnlyOnceQuietNeverKeptAsideWhileItGrowsAndNeverSavedOverMeanwhile() throws {
        let driver = try windowWithAnUnsavedEdit()
        let writer = try PieceWriter(drawing(line(50), line(80)), to: driver.store.path)
        let half = writer.bytes.count / 2

        driver.advance(to: at(1_100))
        writer.write(0..<half)  // `>`: the first half, and closed
        driver.seeTheDisk()
        driver.advance(to: at(1_100) + DiskChange.quietPeriod)
        #expect(driver.reads == [false], "read once quiet: not a drawing yet, and left where it is")
        #expect(try keptAside(driver).isEmpty)

        driver.advance(to: at(2_000))  // the autosave (due at 1.5 s) waits for the file
        #expect(driver.saveRequests.count == 1, "only the first line's save, before the writer came")
        #expect(FileManager.default.contents(atPath: driver.store.path.description) == Data(writer.bytes[..<half]))

        writer.write(half..<writer.bytes.count)  // `>>` a second after the first piece
        driver.seeTheDisk()
        #expect(driver.reads.count == 1, "a change starts the wait again")
        driver.advance(to: at(2_000) + DiskChange.quietPeriod)
        #expect(driver.reads == [false, false])
        #expect(try keptAside(driver).isEmpty, "no fragment kept aside")
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(50), line(80), line(120)], "merged, and saved then")
        #expect(driver.messages == ["merged drawing.json: kept 1 shape another program added"])
    }

    @Test func whileAWriterHoldsTheFileOpenItIsReadOnlyOnceQuietForThePatience() throws {
        let driver = try windowWithAnUnsavedEdit()
        driver.advance(to: at(1_100))
        try driver.anotherProgramWrites(drawing(line(50), line(80)))
        driver.seeTheDisk(writerOpen: true)
        driver.advance(to: at(1_100) + DiskChange.quietPeriod)
        #expect(driver.reads.isEmpty)
        driver.advance(to: at(1_100) + DiskChange.patience - .milliseconds(1))
        #expect(driver.reads.isEmpty)
        driver.advance(to: at(1_100) + DiskChange.patience)
        #expect(driver.reads == [true], "quiet for that long: a file that is no drawing would be kept aside now")
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(50), line(80), line(120)])
    }

    @Test func ourOwnSavesAreNotAnotherProgramsChange() throws {
        let driver = try windowWithAnUnsavedEdit()
        driver.advance(to: at(1_500))
        #expect(driver.saveRequests.count == 2)
        driver.seeTheDisk(writerOpen: true)  // the watch saw our rename (or our new file's name made)
        driver.advance(to: at(1_500) + DiskChange.patience)
        #expect(driver.reads.isEmpty)
    }

    @Test func closingWhileAnotherProgramWritesWaitsForTheFileMergesSavesAndExits() throws {
        let driver = try windowWithAnUnsavedEdit()
        let writer = try PieceWriter(drawing(line(50), line(80)), to: driver.store.path)
        let half = writer.bytes.count / 2
        driver.advance(to: at(1_100))
        writer.write(0..<half)
        driver.seeTheDisk()
        driver.handle(.closeRequested)
        #expect(driver.exitStatus == nil, "the file is read first")
        #expect(driver.saveRequests.count == 1)
        driver.advance(to: at(1_300))
        writer.write(half..<writer.bytes.count)
        driver.seeTheDisk()
        driver.advance(to: at(1_300) + DiskChange.quietPeriod)
        #expect(driver.exitStatus == 0)
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(50), line(80), line(120)])
    }

    @Test func closingWaitsForAWriterThatNeverFinishesNoLongerThanThePatienceAndKeepsItsFileAside() throws {
        let driver = try windowWithAnUnsavedEdit()
        let writer = try PieceWriter(drawing(line(50), line(80)), to: driver.store.path)
        driver.advance(to: at(1_100))
        writer.write(0..<10)
        driver.seeTheDisk(writerOpen: true)
        driver.advance(to: at(4_000))
        driver.handle(.closeRequested)
        for step in 1...20 {  // it keeps writing, every quarter of a second
            driver.advance(to: at(4_000 + Int64(step) * 250))
            if driver.exitStatus != nil { break }
            driver.seeTheDisk(writerOpen: true)
        }
        #expect(driver.exitStatus == 0, "closed, after at most the patience")
        #expect(driver.now <= at(4_000) + DiskChange.patience)
        #expect(try keptAside(driver).count == 1, "their unfinished file kept aside")
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50), line(120)])
    }

    @Test func losingTheConnectionReadsTheFileAtOnceAndSaves() throws {
        let driver = try windowWithAnUnsavedEdit()
        driver.advance(to: at(1_100))
        try driver.anotherProgramWrites(drawing(line(50), line(80)))
        driver.seeTheDisk(writerOpen: true)
        driver.handle(.connectionLost)
        #expect(driver.reads == [true])
        #expect(driver.exitStatus == 1)
        #expect(Set(try driver.savedDrawing().shapes.map(\.geometry.segment)) == [line(50), line(80), line(120)])
    }
}

@Suite("A file deleted and written again")
struct DeletedAndWrittenAgainTests {
    @Test func theBaseStaysWhatWasLastReadSoTheirNewFileMergesWithTheWindowsUnsavedLine() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 200, y: 50), at: 0)
        driver.advance(to: at(500))
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)  // unsaved
        try FileManager.default.removeItem(atPath: driver.store.path.description)
        driver.noticeTheDisk()  // read at 1.3 s: deleted
        driver.advance(to: at(1_500))  // the autosave writes it again, with both lines
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50), line(120)])

        driver.advance(to: at(2_300))
        try driver.anotherProgramWrites(drawing(line(50), line(80)))  // theirs: what they had, and one new line
        driver.noticeTheDisk()
        #expect(driver.core.model.drawing.shapes.map(\.geometry.segment) == [line(50), line(120), line(80)], "the window's line stays")
        #expect(driver.messages.last == "merged drawing.json: kept 1 shape another program added", "merged, not reloaded")
        driver.advance(to: at(3_500))
        #expect(try driver.savedDrawing().shapes.map(\.geometry.segment) == [line(50), line(120), line(80)])
    }

    @Test func aFileTheyDeleteAndWriteAnewWithoutOurLinesStillKeepsTheLinesTheyNeverSaw() throws {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 200, y: 50), at: 0)
        driver.advance(to: at(500))
        driver.drawLine(from: GesturePoint(x: 10, y: 120), to: GesturePoint(x: 200, y: 120), at: 1_000)
        try FileManager.default.removeItem(atPath: driver.store.path.description)
        driver.noticeTheDisk()
        driver.advance(to: at(2_300))
        try driver.anotherProgramWrites(drawing(line(80)))  // they deleted ours at 50, and drew one at 80
        driver.noticeTheDisk()
        #expect(driver.core.model.drawing.shapes.map(\.geometry.segment) == [line(120), line(80)])
        #expect(driver.messages.last == "merged drawing.json: kept 1 shape another program added, removed 1 it deleted")
    }
}

@Suite("At the limit of shapes a drawing holds")
struct ShapeLimitTests {
    /// A drawing of `count` short lines.
    private func drawing(of count: Int) -> Drawing {
        Drawing(shapes: (1...count).map { (i: Int) -> Shape in
            let y = Double(i % 100)
            return Shape(id: ShapeID(UInt64(i)), geometry: .line(Segment(begin: Point(x: 300, y: y), end: Point(x: 301, y: y))))
        })
    }

    @Test func aShapeThatWouldPassTheLimitIsRefusedAtOnceWithANoticeAndNothingIsLost() throws {
        let driver = try CoreDriver(opening: drawing(of: DocumentLimits.maxShapes))
        driver.drawLine(from: GesturePoint(x: 10, y: 150), to: GesturePoint(x: 200, y: 150), at: 0)
        let count = driver.core.model.drawing.shapes.count
        #expect(count == DocumentLimits.maxShapes, "\(count) shapes")
        let said = "drawing.json holds \(DocumentLimits.maxShapes) shapes, the most a drawing can: the new shape was not added"
        #expect(driver.messages == [said])
        #expect(driver.panelTexts == ["D" + said.dropFirst()])
        #expect(driver.core.model.shapesInProgress.isEmpty)
        driver.handle(.closeRequested)
        #expect(driver.saveRequests.isEmpty, "nothing changed: nothing to save")
        #expect(driver.exitStatus == 0)
    }

    @Test func aMergeThatWouldPassTheLimitLeavesTheirFileAsItIsAndKeepsOursUnsaved() throws {
        let base = drawing(of: DocumentLimits.maxShapes - 1)
        let driver = try CoreDriver(opening: base)
        driver.drawLine(from: GesturePoint(x: 10, y: 150), to: GesturePoint(x: 200, y: 150), at: 0)  // ours: the last that fits
        var theirs = base
        theirs.add(.line(line(250)))  // theirs: another
        let identity = FileIdentity(device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5)
        driver.diskVersion = .drawing(theirs, identity)
        driver.handle(.diskActivity(identity, writerOpen: false))
        driver.advance(to: at(0) + DiskChange.quietPeriod)
        #expect(driver.messages == ["drawing.json was changed by another program; with the window's shapes it would hold more than "
                                    + "\(DocumentLimits.maxShapes): it is left as it is, and the window's drawing is not saved over it"])
        driver.advance(to: at(3_000))
        #expect(driver.saveRequests.isEmpty, "their file is not saved over")
        #expect(driver.core.title == "drawing.json (unsaved) — TouchTracker")
        #expect(driver.core.model.drawing.shapes.count == DocumentLimits.maxShapes, "the window keeps its own")
    }
}
