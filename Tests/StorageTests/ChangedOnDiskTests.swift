import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

private func drawing(_ count: Int) -> Drawing {
    var drawing = Drawing()
    for x in 0..<count { drawing.add(.line(Segment(begin: Point(x: Double(x), y: 0), end: Point(x: 0, y: 1)))) }
    return drawing
}

/// Another program's save: a new file renamed over the path (a new inode).
private func replaceAsAnotherProgram(_ folder: TemporaryFolder, _ name: String, with drawing: Drawing) throws {
    try folder.write(try DrawingFormat.encode(drawing), to: "other.tmp")
    rename(folder.file("other.tmp"), folder.file(name))
}

@Suite("Another program writes the file while it is open")
struct ChangedOnDiskTests {
    @Test func theIdentityIsTheFileReadAtOpeningAndTheFileWrittenByEachSave() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        #expect(try store.currentIdentity() == nil)
        let saved = try store.save(drawing(1))
        #expect(try store.currentIdentity() == saved)
        let opened = try DocumentStore.open(path: store.path, now: testTime)
        #expect(opened.identity == saved)
        #expect(try DocumentStore.open(path: folder.filePath("none.json"), now: testTime).identity == nil)
    }

    @Test func aSaveOverTheFileLastSeenGoesAhead() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        guard case .saved(let first) = store.save(drawing(1), replacing: nil) else { Issue.record("not saved"); return }
        guard case .saved(let second) = store.save(drawing(2), replacing: first) else { Issue.record("not saved"); return }
        #expect(second != first)
        #expect(try DocumentStore.load(path: store.path) == drawing(2))
    }

    @Test func aFileAnotherProgramReplacedIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let ours = try store.save(drawing(1))
        try replaceAsAnotherProgram(folder, "drawing.json", with: drawing(3))
        #expect(store.save(drawing(2), replacing: ours) == .changedOnDisk)
        #expect(try DocumentStore.load(path: store.path) == drawing(3))
        #expect(folder.names() == ["drawing.json"], "no temporary left")
    }

    @Test func aFileAnotherProgramWroteInPlaceIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let ours = try store.save(drawing(1))
        let theirs = try DrawingFormat.encode(drawing(3))
        let file = try #require(fopen(folder.file("drawing.json"), "r+"))
        fwrite(theirs, 1, theirs.count, file)
        fclose(file)
        #expect(try store.currentIdentity()?.inode == ours.inode, "the same file, written in place")
        #expect(store.save(drawing(2), replacing: ours) == .changedOnDisk)
        #expect(try DocumentStore.load(path: store.path) == drawing(3))
    }

    @Test func aDeletedFileIsAChangeAndCanBeWrittenAgain() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let ours = try store.save(drawing(1))
        unlink(folder.file("drawing.json"))
        #expect(store.save(drawing(2), replacing: ours) == .changedOnDisk)
        #expect(folder.names() == [])
        #expect(try store.currentIdentity() == nil, "deleted: the caller may write it again")
        guard case .saved = store.save(drawing(2), replacing: nil) else { Issue.record("not saved"); return }
        #expect(try DocumentStore.load(path: store.path) == drawing(2))
    }

    @Test func aFileCreatedSinceOpeningIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let opened = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        try replaceAsAnotherProgram(folder, "drawing.json", with: drawing(3))
        #expect(opened.store.save(drawing(1), replacing: opened.identity) == .changedOnDisk)
        #expect(try DocumentStore.load(path: opened.store.path) == drawing(3))
    }

    @Test func aConditionalSaveThatCannotBeMadeSaysWhy() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        var drawing = Drawing()
        drawing.add(.line(Segment(begin: .zero, end: Point(x: .infinity, y: 0))))
        #expect(store.save(drawing, replacing: nil) == .failed(.unsavable(path: store.path, .coordinateOutOfRange(ShapeID(1)))))
    }

    @Test func readingTheCurrentVersionFindsWhatIsThere() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        #expect(store.readCurrent(now: testTime) == .missing)
        try replaceAsAnotherProgram(folder, "drawing.json", with: drawing(2))
        #expect(store.readCurrent(now: testTime) == .drawing(drawing(2), try #require(try store.currentIdentity())))
    }

    @Test func aDamagedFileWrittenByAnotherProgramIsKeptAsideAsAtOpening() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        try store.save(drawing(1))
        try folder.write("garbage", to: "drawing.json")
        guard case .damaged(let recovery) = store.readCurrent(now: testTime) else { Issue.record("not damaged"); return }
        #expect(recovery.keptAs == folder.filePath("drawing.json.damaged-20261130-002005"))
        #expect(folder.names() == ["drawing.json.damaged-20261130-002005"])
        #expect(folder.read("drawing.json.damaged-20261130-002005") == Array("garbage".utf8))
    }

    @Test func aNewerVersionWrittenByAnotherProgramIsLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let newer = #"{"format":"touchtracker-drawing","version":4,"lines":{}}"#
        try folder.write(newer, to: "drawing.json")
        let identity = try #require(try store.currentIdentity())
        #expect(store.readCurrent(now: testTime) == .newer(.newerVersion(4), identity))
        #expect(folder.read("drawing.json") == Array(newer.utf8))
    }

    @Test func somethingThatIsNotAFileIsUnreadableAndLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("drawing.json"), 0o700)
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        #expect(store.readCurrent(now: testTime) == .unreadable(.notARegularFile(path: store.path)))
        #expect(folder.names() == ["drawing.json"])
    }
}
