import Foundation
import Testing
@testable import Document

/// Ways a user's drawing could be lost around the edges of the store, each once a real bug.
@Suite("The store keeps the drawing in edge cases")
struct DocumentSafetyTests {
    @Test func aFileUsingTheLargestIdStaysSavableAfterAnEdit() throws {
        let folder = TemporaryFolder()
        let path = folder.file("drawing.json")
        folder.write(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9007199254740991,"begin":[0,0],"end":[1,1]}]}"#,
                     to: "drawing.json")
        var drawing = try DocumentStore.open(path: path, now: testTime).drawing
        drawing.add(Segment(begin: Point(x: 5, y: 5), end: Point(x: 9, y: 9)))
        try DocumentStore(path: path).save(drawing)
        #expect(try DocumentStore.load(path: path).lines.map(\.segment) == [
            Segment(begin: .zero, end: Point(x: 1, y: 1)), Segment(begin: Point(x: 5, y: 5), end: Point(x: 9, y: 9)),
        ])
    }

    @Test func openingRenumbersIdsInDrawingOrder() throws {
        let folder = TemporaryFolder()
        folder.write(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":40,"begin":[0,0],"end":[1,1]},{"id":7,"begin":[2,2],"end":[3,3]}]}"#,
                     to: "drawing.json")
        let drawing = try DocumentStore.open(path: folder.file("drawing.json"), now: testTime).drawing
        #expect(drawing.lines.map(\.id) == [LineID(1), LineID(2)])
        #expect(drawing.lines.map(\.begin) == [Point(x: 2, y: 2), Point(x: 0, y: 0)], "id 7 was drawn before id 40")
    }

    @Test func aDanglingSymbolicLinkIsKeptAndItsTargetCreated() throws {
        let folder = TemporaryFolder()
        symlink(folder.at("real/drawing.json"), folder.at("link.json"))
        let opened = try DocumentStore.open(path: folder.file("link.json"), now: testTime)
        var drawing = opened.drawing
        drawing.add(Segment(begin: .zero, end: Point(x: 1, y: 1)))
        try opened.store.save(drawing)
        var status = stat()
        lstat(folder.at("link.json"), &status)
        #expect(status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try DocumentStore.load(path: folder.file("real/drawing.json")).lines.count == 1)
    }

    @Test func aRelativeLinkCountsFromItsOwnFolder() throws {
        let folder = TemporaryFolder()
        mkdir(folder.at("docs"), 0o700)
        symlink("../kept/drawing.json", folder.at("docs/link.json"))
        let opened = try DocumentStore.open(path: folder.file("docs/link.json"), now: testTime)
        try opened.store.save(Drawing(lines: [Line(id: LineID(1), segment: Segment(begin: .zero, end: Point(x: 1, y: 1)))]))
        #expect(try DocumentStore.load(path: folder.file("kept/drawing.json")).lines.count == 1)
    }

    @Test(arguments: ["/home/u/sketch.png", "sketch.png", "/d/x.PNG.png"])
    func thePictureBesideADocumentIsNeverTheDocument(path: String) {
        let picture = DocumentLocation.exportPath(forDocument: FilePath(path), extension: "png")
        #expect(picture != FilePath(path))
        #expect(picture.description.hasSuffix("-export.png"))
    }

    @Test func thePictureOfAJSONDocumentIsBesideIt() {
        #expect(DocumentLocation.exportPath(forDocument: "/a/drawing.json", extension: "png") == "/a/drawing.png")
    }

    @Test func aFileIsRecognisedUnderAnotherNameOrThroughALink() {
        let folder = TemporaryFolder()
        folder.write("x", to: "a.json")
        symlink(folder.at("a.json"), folder.at("b.png"))
        #expect(DocumentStore.isSameFile(folder.file("a.json"), folder.file("./a.json")))
        #expect(DocumentStore.isSameFile(folder.file("a.json"), folder.file("b.png")))
        #expect(!DocumentStore.isSameFile(folder.file("a.json"), folder.file("missing.png")))
    }
}
