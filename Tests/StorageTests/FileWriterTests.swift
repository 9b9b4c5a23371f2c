import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

@Suite("The one writer of documents and exports")
struct FileWriterTests {
    @Test func aRegularFileIsReplacedWholeAndNoTemporaryStays() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "out.png")
        try FileWriter.write(Array("new".utf8), to: folder.filePath("out.png"))
        #expect(folder.read("out.png") == Array("new".utf8))
        #expect(folder.names() == ["out.png"])
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func aWriteThatRunsOutOfSpaceLeavesTheOldFileAndNoTemporary() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        try disk.folder.write("old", to: "out.pdf")
        #expect(throws: WriteError.system(code: ENOSPC)) {
            try FileWriter.write([UInt8](repeating: 7, count: 256 * 1024), to: disk.folder.filePath("out.pdf"))
        }
        #expect(disk.folder.read("out.pdf") == Array("old".utf8))
        #expect(disk.folder.names() == ["out.pdf"])
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func twoSavesFailingForOneReasonAreEqualAndNameTheDocumentNotATemporary() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        let store = DocumentStore(path: disk.folder.filePath("drawing.json"))
        var drawing = Drawing()
        for x in 0..<10_000 { drawing.add(Segment(begin: Point(x: Double(x), y: 0), end: Point(x: 0, y: Double(x)))) }
        let first = #expect(throws: DocumentSaveError.self) { try store.save(drawing) }
        let second = #expect(throws: DocumentSaveError.self) { try store.save(drawing) }
        #expect(first == second, "the same cause: reported once")
        #expect(first?.description == "cannot save \(store.path): No space left on device")
        #expect(first?.reason == "No space left on device")
        #expect(disk.folder.names() == [])
    }

    @Test func aLinkToACharacterDeviceIsWrittenThroughAndKept() throws {
        let folder = try TemporaryFolder()
        symlink("/dev/full", folder.file("full.pdf"))
        let error = #expect(throws: WriteError.system(code: ENOSPC)) {
            try FileWriter.write(Array("%PDF-".utf8), to: folder.filePath("full.pdf"))
        }
        #expect(error?.description == "No space left on device")
        symlink("/dev/null", folder.file("null.pdf"))
        try FileWriter.write(Array("%PDF-".utf8), to: folder.filePath("null.pdf"))
        var status = stat()
        #expect(lstat(folder.file("null.pdf"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "never renamed over")
        #expect(folder.names() == ["full.pdf", "null.pdf"])
    }

    @Test func aFIFOIsWrittenDirectlyAndWithoutAReaderFailsInsteadOfWaiting() throws {
        let folder = try TemporaryFolder()
        mkfifo(folder.file("pipe.png"), 0o600)
        #expect(throws: WriteError.system(code: ENXIO)) { try FileWriter.write([1, 2, 3], to: folder.filePath("pipe.png")) }

        let reader = open(folder.file("pipe.png"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try FileWriter.write([1, 2, 3], to: folder.filePath("pipe.png"))
        var received = [UInt8](repeating: 0, count: 8)
        #expect(read(reader, &received, received.count) == 3)
        #expect(received.prefix(3) == [1, 2, 3])
        var status = stat()
        #expect(stat(folder.file("pipe.png"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aFolderIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("out.svg"), 0o700)
        let error = #expect(throws: WriteError.notARegularFile) { try FileWriter.write([1], to: folder.filePath("out.svg")) }
        #expect(error?.description == "it is not a regular file")
        #expect(folder.names(in: "out.svg") == [])
    }

    @Test func aMissingFolderIsSaidToBeMissing() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: WriteError.missingFolder(folder.filePath("a/b"))) {
            try FileWriter.write([1], to: folder.filePath("a/b/out.pdf"))
        }
        #expect(error?.description == "the folder \(folder.path)/a/b does not exist")
        #expect(folder.names() == [])
    }

    @Test func aLinkToARegularFileIsFollowedAndKept() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "real.png")
        symlink("real.png", folder.file("link.png"))
        try FileWriter.write(Array("new".utf8), to: folder.filePath("link.png"))
        #expect(folder.read("real.png") == Array("new".utf8))
        var status = stat()
        #expect(lstat(folder.file("link.png"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func theIdentityReturnedIsTheFileNowAtThePath() throws {
        let folder = try TemporaryFolder()
        let identity = try FileWriter.write(Array("bytes".utf8), to: folder.filePath("out.png"))
        #expect(try FileSystem.identity(of: folder.filePath("out.png")) == identity)
        #expect(identity.size == 5)
    }
}
