import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

private func sampleDrawing() -> Drawing {
    var drawing = Drawing()
    drawing.add(.line(Segment(begin: Point(x: 10, y: 20), end: Point(x: 30, y: 40.5))))
    drawing.add(.line(Segment(begin: Point(x: -5, y: 0), end: Point(x: 100, y: 7))))
    return drawing
}

private let validDocument = #"{"format":"touchtracker-drawing","version":1,"lines":[{"id":1,"begin":[0,0],"end":[1,1]}]}"#

/// Kinds of damage a drawing file can suffer.
enum Damage: CaseIterable, Sendable {
    case garbage, truncated, wrongTypes, notANumber, infinity, duplicateIDs, hugeCoordinate, negativeCoordinate, empty

    var bytes: [UInt8] {
        func replacing(_ old: String, _ new: String) -> [UInt8] {
            Array(validDocument.replacingOccurrences(of: old, with: new).utf8)
        }
        switch self {
        case .garbage: return [0x89] + Array("PNG\r\n\u{1A}\n garbage".utf8)
        case .truncated: return Array(validDocument.utf8.dropLast(10))
        case .wrongTypes: return replacing("[0,0]", "\"0,0\"")
        case .notANumber: return replacing("[0,0]", "[NaN,0]")
        case .infinity: return replacing("[0,0]", "[1e999,0]")
        case .duplicateIDs: return replacing("]}]}", "]},{\"id\":1,\"begin\":[2,2],\"end\":[3,3]}]}")
        case .hugeCoordinate: return replacing("[0,0]", "[0,1e300]")
        case .negativeCoordinate: return replacing("[0,0]", "[-1000001,0]")
        case .empty: return []
        }
    }
}

@Suite struct DocumentStoreTests {
    @Test func aMissingFileOpensAsAnEmptyDrawingAndTheFirstSaveCreatesItsFolders() throws {
        let folder = try TemporaryFolder()
        let path = folder.filePath("a/b/drawing.json")
        let opened = try DocumentStore.open(path: path, now: testTime)
        #expect(opened.drawing == Drawing())
        #expect(opened.recovery == nil)
        #expect(folder.names() == [])  // Opening alone writes nothing.

        try opened.store.save(sampleDrawing())
        #expect(folder.read("a/b/drawing.json") == (try DrawingFormat.encode(sampleDrawing())))
        #expect(try DocumentStore.open(path: path, now: testTime).drawing == sampleDrawing())
    }

    @Test func savingTwiceReplacesTheFileAndLeavesNoTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        try store.save(sampleDrawing())
        var drawing = sampleDrawing()
        drawing.add(.line(Segment(begin: .zero, end: Point(x: 1, y: 1))))
        try store.save(drawing)
        #expect(folder.names() == ["drawing.json"])
        #expect(try DocumentStore.open(path: store.path, now: testTime).drawing == drawing)
    }

    @Test func aSaveKeepsTheFilesPermissions() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        try store.save(sampleDrawing())
        chmod(store.path.description, 0o600)
        try store.save(Drawing())
        var status = stat()
        stat(store.path.description, &status)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test(arguments: Damage.allCases)
    func aDamagedFileIsKeptAsideWithItsBytesAndTheDrawingStartsEmpty(damage: Damage) throws {
        let bytes = damage.bytes
        let folder = try TemporaryFolder()
        try folder.write(bytes, to: "drawing.json")
        let opened = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)

        #expect(opened.drawing == Drawing())
        let recovery = try #require(opened.recovery)
        #expect(recovery.keptAs == folder.filePath("drawing.json.damaged-20261130-002005"))
        #expect(folder.names() == ["drawing.json.damaged-20261130-002005"])
        #expect(folder.read("drawing.json.damaged-20261130-002005") == bytes)
        #expect(recovery.problem.isDamage)
        #expect(!recovery.description.contains("\n"))

        try opened.store.save(sampleDrawing())  // Saves to FILE again; the kept bytes stay.
        #expect(folder.names() == ["drawing.json", "drawing.json.damaged-20261130-002005"])
        #expect(folder.read("drawing.json.damaged-20261130-002005") == bytes)
    }

    @Test func aDocumentWithTooManyShapesIsKeptAside() throws {
        let folder = try TemporaryFolder()
        var bytes = Array(#"{"format":"touchtracker-drawing","version":1,"lines":["#.utf8)
        var firstLineTooMany = 0
        for id in 1...DocumentLimits.maxShapes + 1 {
            firstLineTooMany = bytes.count
            bytes += Array(#"{"id":\#(id),"begin":[0,0],"end":[0,0]},"#.utf8)
        }
        bytes[bytes.count - 1] = .closeBracket
        bytes.append(.closeBrace)
        try folder.write(bytes, to: "drawing.json")
        let opened = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        #expect(opened.recovery?.problem == .tooManyShapes(at: TextPosition(line: 1, column: firstLineTooMany + 1)))
        // Compared, not printed: a failure says how the files differ in a line, not their 20 MB each.
        let kept = folder.read("drawing.json.damaged-20261130-002005")
        #expect(kept == bytes, "kept aside: \(kept.map { "\($0.count) bytes" } ?? "nothing"), not the \(bytes.count) bytes written")
    }

    @Test func aFileOverTheSizeLimitIsKeptAsideWithoutBeingRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.filePath("drawing.json")
        try folder.write("{", to: "drawing.json")
        truncate(path.description, off_t(DocumentLimits.maxFileBytes + 1))  // Sparse: costs no disk.
        let opened = try DocumentStore.open(path: path, now: testTime)
        #expect(opened.recovery?.problem == .tooLarge(byteCount: DocumentLimits.maxFileBytes + 1))
        var status = stat()
        #expect(stat(folder.file("drawing.json.damaged-20261130-002005"), &status) == 0)
        #expect(status.st_size == off_t(DocumentLimits.maxFileBytes + 1))
    }

    @Test func aKeptDamagedFileNeverReplacesAnEarlierOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("first", to: "drawing.json.damaged-20261130-002005")
        try folder.write("second", to: "drawing.json.damaged-20261130-002005-2")
        try folder.write("third", to: "drawing.json")
        let opened = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        #expect(opened.recovery?.keptAs == folder.filePath("drawing.json.damaged-20261130-002005-3"))
        #expect(folder.read("drawing.json.damaged-20261130-002005") == Array("first".utf8))
        #expect(folder.read("drawing.json.damaged-20261130-002005-2") == Array("second".utf8))
        #expect(folder.read("drawing.json.damaged-20261130-002005-3") == Array("third".utf8))
    }

    @Test func aNewerVersionIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let newer = #"{"format":"touchtracker-drawing","version":4,"lines":{"layers":[]}}"#
        try folder.write(newer, to: "drawing.json")
        let error = #expect(throws: DocumentOpenError.self) {
            try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        }
        #expect(error == .newerVersion(path: folder.filePath("drawing.json"), .newerVersion(4)))
        #expect(error?.description == "\(folder.filePath("drawing.json")): made by a newer TouchTracker (format version 4; this one reads up to 3); left it untouched")
        #expect(folder.names() == ["drawing.json"])
        #expect(folder.read("drawing.json") == Array(newer.utf8))
    }

    @Test func aFolderOrAFIFOWhereTheFileShouldBeIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("folder.json"), 0o700)
        mkfifo(folder.file("fifo.json"), 0o600)
        for path in [folder.filePath("folder.json"), folder.filePath("fifo.json"), "/dev/null"] {
            let error = #expect(throws: DocumentOpenError.notARegularFile(path: path)) {
                try DocumentStore.open(path: path, now: testTime)
            }
            #expect(error?.description == "\(path) is not a regular file")
            #expect(throws: DocumentLoadError.notARegularFile(path: path)) { try DocumentStore.load(path: path) }
        }
        #expect(folder.names() == ["fifo.json", "folder.json"])
    }

    @Test func aNameThatIsNotUTF8OpensAndSavesThatVeryFile() throws {
        let folder = try TemporaryFolder()
        let name: [UInt8] = Array("m".utf8) + [0xFC] + Array("ller.json".utf8)
        let path = FilePath(bytes: Array(folder.path.utf8) + [.slash] + name)
        let opened = try DocumentStore.open(path: path, now: testTime)
        #expect(opened.store.displayName == "m\\xFCller.json")
        try opened.store.save(sampleDrawing())
        #expect(folder.nameBytes() == [name], "the bytes given, not a U+FFFD name")
        #expect(try DocumentStore.load(path: path) == sampleDrawing())
        #expect(try DocumentStore.open(path: path, now: testTime).drawing == sampleDrawing())
    }

    @Test func aNameTooLongForATemporaryBesideItStillSaves() throws {
        let folder = try TemporaryFolder()
        let name = String(repeating: "n", count: 250) + ".json"
        try DocumentStore(path: folder.filePath(name)).save(sampleDrawing())
        #expect(folder.names() == [name])
    }

    @Test func aSaveIntoAnUnwritableFolderFailsWithAClearErrorAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a folder", to: "blocker")
        let opened = try DocumentStore.open(path: folder.filePath("blocker/touchtracker/drawing.json"), now: testTime)
        #expect(opened.drawing == Drawing(), "a file under a file cannot exist: the drawing starts empty")
        let store = opened.store
        let error = #expect(throws: DocumentSaveError.self) { try store.save(sampleDrawing()) }
        #expect(error?.description == "cannot create the folder \(folder.filePath("blocker/touchtracker")): Not a directory")
        #expect(folder.names() == ["blocker"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
    func aSaveIntoAReadOnlyFolderFailsAndKeepsTheOldFile() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        try store.save(sampleDrawing())
        chmod(folder.path, 0o500)
        defer { chmod(folder.path, 0o700) }
        let error = #expect(throws: DocumentSaveError.self) { try store.save(Drawing()) }
        #expect(error?.description == "cannot save \(folder.filePath("drawing.json")): Permission denied")
        #expect(try DocumentStore.open(path: store.path, now: testTime).drawing == sampleDrawing())
    }

    @Test func aDrawingBeyondTheFormatsLimitsIsNotSaved() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        var drawing = Drawing()
        drawing.add(.line(Segment(begin: .zero, end: Point(x: .infinity, y: 0))))
        #expect(throws: DocumentSaveError.unsavable(path: store.path, .coordinateOutOfRange(ShapeID(1)))) { try store.save(drawing) }
        #expect(folder.names() == [])
    }

    @Test func openingRemovesTemporaryFilesAbandonedByDeadProcessesOnly() throws {
        let folder = try TemporaryFolder()
        let dead = FileWriter.temporaryPrefix(for: "drawing.json", pid: Int32.max - 1).appendingToName("abc").description
        let alive = FileWriter.temporaryPrefix(for: "drawing.json", pid: getpid()).appendingToName("abc").description
        let other = FileWriter.temporaryPrefix(for: "other.json", pid: Int32.max - 1).appendingToName("abc").description
        for name in [dead, alive, other] { try folder.write("partial", to: name) }
        _ = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        #expect(folder.names() == [alive, other].sorted())
    }

    @Test func aSymbolicLinkIsFollowedSoSavesReplaceItsTargetAndKeepTheLink() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("real"), 0o700)
        try DocumentStore(path: folder.filePath("real/drawing.json")).save(sampleDrawing())
        symlink(folder.file("real/drawing.json"), folder.file("link.json"))
        let opened = try DocumentStore.open(path: folder.filePath("link.json"), now: testTime)
        #expect(opened.drawing == sampleDrawing())
        try opened.store.save(Drawing())
        var status = stat()
        lstat(folder.file("link.json"), &status)
        #expect(status.st_mode & S_IFMT == S_IFLNK)
        #expect(try DocumentStore.open(path: folder.filePath("real/drawing.json"), now: testTime).drawing == Drawing())
    }

    @Test(.enabled(if: geteuid() == 0, "changing a link's owner takes root"))
    func aLinkAnotherUserOwnsIsNotFollowedWhetherOpenedOrLoaded() throws {
        let folder = try TemporaryFolder()
        chmod(folder.path, 0o777)  // anyone may plant a link here; no sticky bit, so the kernel would follow it
        try DocumentStore(path: folder.filePath("private.json")).save(sampleDrawing())
        let before = folder.read("private.json")
        symlink(folder.file("private.json"), folder.file("drawing.json"))
        lchown(folder.file("drawing.json"), 65534, 65534)
        let planted = UntrustedLink(path: folder.filePath("drawing.json"), owner: 65534)
        #expect(throws: DocumentOpenError.untrustedLink(planted)) { try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime) }
        #expect(DocumentOpenError.untrustedLink(planted).description
            == "not following \(folder.path)/drawing.json: it is a symbolic link owned by another user (uid 65534); only links owned by you or root are followed")
        #expect(throws: DocumentLoadError.untrustedLink(planted)) { try DocumentStore.load(path: folder.filePath("drawing.json")) }
        #expect(folder.read("private.json") == before)
        lchown(folder.file("drawing.json"), 0, 0)
        #expect(try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime).drawing == sampleDrawing(), "root's link is followed")
    }

    @Test func aLinkPutAtTheDocumentsPathOnceOpenIsNeverFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("secret", to: "private.txt")
        let opened = try DocumentStore.open(path: folder.filePath("drawing.json"), now: testTime)
        let saved = try opened.store.save(sampleDrawing())
        unlink(folder.file("drawing.json"))
        symlink(folder.file("private.txt"), folder.file("drawing.json"))
        #expect(opened.store.save(Drawing(), replacing: saved) == .changedOnDisk)
        #expect(opened.store.readCurrent(now: testTime) == .unreadable(.notARegularFile(path: opened.store.path)))
        #expect(folder.read("private.txt") == Array("secret".utf8))
    }

    @Test func loadingForExportReadsTheDrawingAndNeverTouchesADamagedFile() throws {
        let folder = try TemporaryFolder()
        try DocumentStore(path: folder.filePath("good.json")).save(sampleDrawing())
        #expect(try DocumentStore.load(path: folder.filePath("good.json")) == sampleDrawing())
        try folder.write("garbage", to: "bad.json")
        #expect(throws: DocumentLoadError.invalid(path: folder.filePath("bad.json"), .malformed("expected '{' to begin the drawing, found 'g'", at: TextPosition(line: 1, column: 1)))) {
            try DocumentStore.load(path: folder.filePath("bad.json"))
        }
        #expect(throws: DocumentLoadError.missing(path: folder.filePath("none.json"))) { try DocumentStore.load(path: folder.filePath("none.json")) }
        #expect(folder.names() == ["bad.json", "good.json"])
    }

    @Test func theDisplayNameIsTheFilesName() {
        #expect(DocumentStore(path: "/home/u/.local/share/touchtracker/drawing.json").displayName == "drawing.json")
        #expect(DocumentStore(path: "sketch.json").displayName == "sketch.json")
    }
}
