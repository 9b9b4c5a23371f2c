import Document
import Foundation
import Testing
import Timing
@testable import TouchTracker

private func at(_ milliseconds: Int64) -> Deadline { .zero + .milliseconds(1_000 + milliseconds) }

/// A session on a file in a fresh folder (removed afterwards).
private final class SessionFixture {
    let folder: String
    var session: DocumentSession
    var drawing: Drawing

    init(file: String = "drawing.json") throws {
        var template = Array("/tmp/touchtracker-session-XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let civil = CivilTime(year: 2026, month: 11, day: 30, hour: 1, minute: 2, second: 3)
        let opened = try DocumentStore.open(path: FilePath(folder + "/" + file), now: civil)
        session = DocumentSession(opened)
        drawing = opened.drawing
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func draw(at milliseconds: Int64) {
        drawing.add(Segment(begin: Point(x: Double(milliseconds), y: 0), end: Point(x: 0, y: 1)))
        session.observe(drawing, now: at(milliseconds))
    }

    func savedDrawing() throws -> Drawing {
        try DrawingFormat.decode(Array(FileManager.default.contents(atPath: session.store.path.description) ?? Data()))
    }
}

@Suite struct DocumentSessionTests {
    @Test func anEditIsSavedHalfASecondLaterAndNotBefore() throws {
        let fixture = try SessionFixture()
        fixture.draw(at: 0)
        #expect(fixture.session.nextDeadline == at(500))
        #expect(fixture.session.saveIfDue(fixture.drawing, now: at(499)) == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.session.store.path.description))
        #expect(fixture.session.saveIfDue(fixture.drawing, now: at(500)) == nil)
        #expect(try fixture.savedDrawing() == fixture.drawing)
        #expect(!fixture.session.hasUnsavedEdits)
        #expect(fixture.session.nextDeadline == nil)
    }

    @Test func observingAnUnchangedDrawingIsNotAnEdit() throws {
        let fixture = try SessionFixture()
        fixture.session.observe(fixture.drawing, now: at(0))
        #expect(!fixture.session.hasUnsavedEdits)
        fixture.drawing.linesInProgress[StrokeKey(1)] = Segment(begin: .zero, end: .zero)
        fixture.session.observe(fixture.drawing, now: at(1))
        #expect(!fixture.session.hasUnsavedEdits, "lines in progress are not part of the document")
    }

    @Test func closingSavesUnsavedEditsAtOnce() throws {
        let fixture = try SessionFixture()
        fixture.draw(at: 0)
        #expect(fixture.session.saveBeforeClosing(fixture.drawing, now: at(10)) == nil)
        #expect(try fixture.savedDrawing() == fixture.drawing)
    }

    @Test func closingWithNothingToSaveWritesNothing() throws {
        let fixture = try SessionFixture()
        #expect(fixture.session.saveBeforeClosing(fixture.drawing, now: at(10)) == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.session.store.path.description))
    }

    @Test func theTitleNamesTheDocument() throws {
        let fixture = try SessionFixture(file: "sketch.json")
        #expect(fixture.session.title == "sketch.json — TouchTracker")
    }

    @Test func aFailingSaveIsReportedOnceAndTheTitleSaysUnsavedUntilASaveWorks() throws {
        let fixture = try SessionFixture(file: "blocked/drawing.json")
        _ = FileManager.default.createFile(atPath: fixture.folder + "/blocked", contents: Data("a file".utf8))
        fixture.draw(at: 0)
        let message = fixture.session.saveIfDue(fixture.drawing, now: at(500))
        #expect(message == "cannot save \(fixture.folder)/blocked/drawing.json: Not a directory; the drawing is kept in memory, unsaved")
        #expect(fixture.session.title == "drawing.json (unsaved) — TouchTracker")
        #expect(fixture.session.nextDeadline == at(5_500))
        #expect(fixture.session.saveIfDue(fixture.drawing, now: at(5_500)) == nil, "the same failure is not repeated")
        #expect(fixture.session.saveBeforeClosing(fixture.drawing, now: at(6_000)) != nil, "closing reports it again")

        try FileManager.default.removeItem(atPath: fixture.folder + "/blocked")
        #expect(fixture.session.save(fixture.drawing, now: at(7_000)) == nil)
        #expect(fixture.session.title == "drawing.json — TouchTracker")
        #expect(try fixture.savedDrawing() == fixture.drawing)
    }

    @Test func aRecoveredDocumentSaysSoInTheTitle() throws {
        var template = Array("/tmp/touchtracker-session-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/drawing.json", contents: Data("garbage".utf8))
        let civil = CivilTime(year: 2026, month: 11, day: 30, hour: 1, minute: 2, second: 3)
        let session = DocumentSession(try DocumentStore.open(path: FilePath(folder + "/drawing.json"), now: civil))
        #expect(session.title == "drawing.json (damaged file kept as drawing.json.damaged-20261130-010203) — TouchTracker")
    }
}
