import DrawingTesting
import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

/// Ways a user's drawing could be lost around the edges of the store, each once a real bug.
@Suite("The store keeps the drawing in edge cases")
struct DocumentSafetyTests {
    @Test func aFileUsingTheLargestIdStaysSavableAfterAnEdit() throws {
        let folder = try TemporaryFolder()
        let path = folder.filePath("drawing.json")
        try folder.write(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9007199254740991,"begin":[0,0],"end":[1,1]}]}"#,
                     to: "drawing.json")
        var drawing = try DocumentStore.open(path: path, now: testTime).drawing
        drawing.add(.line(Segment(begin: Point(x: 5, y: 5), end: Point(x: 9, y: 9))))
        try DocumentStore(path: path).save(drawing)
        #expect(try DocumentStore.load(path: path).shapes.map(\.geometry.segment) == [
            Segment(begin: .zero, end: Point(x: 1, y: 1)), Segment(begin: Point(x: 5, y: 5), end: Point(x: 9, y: 9)),
        ])
    }

    @Test func openingRenumbersIdsInDrawingOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":40,"begin":[0,0],"end":[1,1]},{"id":7,"begin":[2,2],"end":[3,3]}]}"#,
                     to: "drawing.json")
        let drawing = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime).drawing
        #expect(drawing.shapes.map(\.id) == [ShapeID(1), ShapeID(2)])
        #expect(drawing.shapes.map(\.geometry.segment.begin) == [Point(x: 2, y: 2), Point(x: 0, y: 0)], "id 7 was drawn before id 40")
    }

    @Test func openingKeepsEachShapesKindColourAndWidth() throws {
        let folder = try TemporaryFolder()
        var saved = Drawing()
        saved.add(.ellipse(box: Segment(begin: Point(x: 100, y: 60), end: Point(x: 300, y: 220))), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 16))
        saved.add(.line(Segment(begin: .zero, end: Point(x: 5, y: 5))), style: ShapeStyle(colour: Colour(hex: 0xF08C00), width: 2))
        try folder.write(String(decoding: try DrawingFormat.encode(saved), as: UTF8.self), to: "drawing.json")
        let drawing = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime).drawing
        #expect(drawing.shapes == saved.shapes)
    }

    @Test func aDanglingSymbolicLinkIsKeptAndItsTargetCreated() throws {
        let folder = try TemporaryFolder()
        symlink(folder.file("real/drawing.json"), folder.file("link.json"))
        let opened = try DocumentStore.open(path: folder.filePath("link.json"), now: testTime)
        var drawing = opened.drawing
        drawing.add(.line(Segment(begin: .zero, end: Point(x: 1, y: 1))))
        try opened.store.save(drawing)
        var status = stat()
        lstat(folder.file("link.json"), &status)
        #expect(status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try DocumentStore.load(path: folder.filePath("real/drawing.json")).shapes.count == 1)
    }

    @Test func aRelativeLinkCountsFromItsOwnFolder() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("docs"), 0o700)
        symlink("../kept/drawing.json", folder.file("docs/link.json"))
        let opened = try DocumentStore.open(path: folder.filePath("docs/link.json"), now: testTime)
        try opened.store.save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: .zero, end: Point(x: 1, y: 1))))]))
        #expect(try DocumentStore.load(path: folder.filePath("kept/drawing.json")).shapes.count == 1)
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

    @Test func aFileIsRecognisedUnderAnotherNameOrThroughALink() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "a.json")
        symlink(folder.file("a.json"), folder.file("b.png"))
        #expect(DocumentStore.isSameFile(folder.filePath("a.json"), folder.filePath("./a.json")))
        #expect(DocumentStore.isSameFile(folder.filePath("a.json"), folder.filePath("b.png")))
        #expect(!DocumentStore.isSameFile(folder.filePath("a.json"), folder.filePath("missing.png")))
    }
}
