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
        try FileWriter.write(Array("new".utf8), to: folder.filePath("out.png"), links: .followedWhenTrusted)
        #expect(folder.read("out.png") == Array("new".utf8))
        #expect(folder.names() == ["out.png"])
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func aWriteThatRunsOutOfSpaceLeavesTheOldFileAndNoTemporary() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        try disk.folder.write("old", to: "out.pdf")
        #expect(throws: WriteError.system(code: ENOSPC)) {
            try FileWriter.write([UInt8](repeating: 7, count: 256 * 1024), to: disk.folder.filePath("out.pdf"), links: .followedWhenTrusted)
        }
        #expect(disk.folder.read("out.pdf") == Array("old".utf8))
        #expect(disk.folder.names() == ["out.pdf"])
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func twoSavesFailingForOneReasonAreEqualAndNameTheDocumentNotATemporary() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        let store = DocumentStore(path: disk.folder.filePath("drawing.json"))
        var drawing = Drawing()
        for x in 0..<10_000 { drawing.add(.line(Segment(begin: Point(x: Double(x), y: 0), end: Point(x: 0, y: Double(x))))) }
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
            try FileWriter.write(Array("%PDF-".utf8), to: folder.filePath("full.pdf"), links: .followedWhenTrusted)
        }
        #expect(error?.description == "No space left on device")
        symlink("/dev/null", folder.file("null.pdf"))
        try FileWriter.write(Array("%PDF-".utf8), to: folder.filePath("null.pdf"), links: .followedWhenTrusted)
        var status = stat()
        #expect(lstat(folder.file("null.pdf"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "never renamed over")
        #expect(folder.names() == ["full.pdf", "null.pdf"])
    }

    @Test func aFIFOIsWrittenDirectlyAndWithoutAReaderFailsInsteadOfWaiting() throws {
        let folder = try TemporaryFolder()
        mkfifo(folder.file("pipe.png"), 0o600)
        #expect(throws: WriteError.system(code: ENXIO)) { try FileWriter.write([1, 2, 3], to: folder.filePath("pipe.png"), links: .followedWhenTrusted) }

        let reader = open(folder.file("pipe.png"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try FileWriter.write([1, 2, 3], to: folder.filePath("pipe.png"), links: .followedWhenTrusted)
        var received = [UInt8](repeating: 0, count: 8)
        #expect(read(reader, &received, received.count) == 3)
        #expect(received.prefix(3) == [1, 2, 3])
        var status = stat()
        #expect(stat(folder.file("pipe.png"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aFolderIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("out.svg"), 0o700)
        let error = #expect(throws: WriteError.notARegularFile) { try FileWriter.write([1], to: folder.filePath("out.svg"), links: .followedWhenTrusted) }
        #expect(error?.description == "it is not a regular file")
        #expect(folder.names(in: "out.svg") == [])
    }

    @Test func aMissingFolderIsSaidToBeMissing() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: WriteError.missingFolder(folder.filePath("a/b"))) {
            try FileWriter.write([1], to: folder.filePath("a/b/out.pdf"), links: .followedWhenTrusted)
        }
        #expect(error?.description == "the folder \(folder.path)/a/b does not exist")
        #expect(folder.names() == [])
    }

    @Test func aLinkToARegularFileIsFollowedAndKept() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "real.png")
        symlink("real.png", folder.file("link.png"))
        try FileWriter.write(Array("new".utf8), to: folder.filePath("link.png"), links: .followedWhenTrusted)
        #expect(folder.read("real.png") == Array("new".utf8))
        var status = stat()
        #expect(lstat(folder.file("link.png"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func theIdentityReturnedIsTheFileNowAtThePath() throws {
        let folder = try TemporaryFolder()
        let identity = try FileWriter.write(Array("bytes".utf8), to: folder.filePath("out.png"), links: .followedWhenTrusted)
        #expect(try FileSystem.identity(of: folder.filePath("out.png")) == identity)
        #expect(identity.size == 5)
    }
}

@Suite("Links and writers the file writer meets")
struct FileWriterSafetyTests {
    /// A folder anyone can write (0777, no sticky bit): where `fs.protected_symlinks` does not help.
    private func sharedFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        chmod(folder.path, 0o777)
        return folder
    }

    @Test func aNameTheProgramMadeUpIsNeverFollowedThroughALink() throws {
        let folder = try sharedFolder()
        try folder.write("secret", to: "private.txt")
        symlink(folder.file("private.txt"), folder.file("doc.png"))
        let error = #expect(throws: WriteError.symbolicLink) {
            try FileWriter.write(Array("PNG".utf8), to: folder.filePath("doc.png"), links: .neverFollowed)
        }
        #expect(error?.description == "it is a symbolic link, which is not followed there")
        #expect(folder.read("private.txt") == Array("secret".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("doc.png")) == folder.file("private.txt"))
        #expect(folder.names() == ["doc.png", "private.txt"], "no temporary left")
    }

    @Test func aFIFOOrDeviceAtANameTheProgramMadeUpIsNotWritten() throws {
        let folder = try sharedFolder()
        mkfifo(folder.file("doc.png"), 0o666)
        let reader = open(folder.file("doc.png"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        #expect(throws: WriteError.notARegularFile) { try FileWriter.write([1], to: folder.filePath("doc.png"), links: .neverFollowed) }
    }

    @Test(.enabled(if: geteuid() == 0, "changing a link's owner takes root"))
    func aLinkTheUserNamedIsFollowedOnlyWhenTheUserOrRootOwnsIt() throws {
        let folder = try sharedFolder()
        try folder.write("secret", to: "private.txt")
        symlink(folder.file("private.txt"), folder.file("out.png"))
        lchown(folder.file("out.png"), 65534, 65534)  // planted by another user
        let error = #expect(throws: WriteError.untrustedLink(owner: 65534)) {
            try FileWriter.write(Array("PNG".utf8), to: folder.filePath("out.png"), links: .followedWhenTrusted)
        }
        #expect(error?.description == "it is a symbolic link owned by another user (uid 65534); only links owned by you or root are followed")
        #expect(folder.read("private.txt") == Array("secret".utf8))
        lchown(folder.file("out.png"), 0, 0)
        try FileWriter.write(Array("PNG".utf8), to: folder.filePath("out.png"), links: .followedWhenTrusted)
        #expect(folder.read("private.txt") == Array("PNG".utf8), "a link root owns is followed")
    }

    @Test func aWriterThatChangesTheFileJustBeforeTheRenameGetsItBackAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.filePath("drawing.json")
        let ours = try FileWriter.write(Array("first".utf8), to: path, links: .neverFollowed)
        let written = try FileWriter.write(Array("second".utf8), to: path, replacing: ours) {
            // A shell's `>>`, between the last check and the rename.
            let fd = open(path.description, O_WRONLY | O_APPEND)
            _ = write(fd, " and more", 9)
            close(fd)
        }
        #expect(written == nil, "changed on disk")
        #expect(folder.read("drawing.json") == Array("first and more".utf8), "their bytes, back at the name")
        #expect(folder.names() == ["drawing.json"], "no temporary and no second name left")
    }

    @Test func aFileMadeJustBeforeTheRenameWhereThereWasNoneIsNotWrittenOver() throws {
        let folder = try TemporaryFolder()
        let written = try FileWriter.write(Array("ours".utf8), to: folder.filePath("drawing.json"), replacing: nil) {
            try? folder.write("theirs", to: "drawing.json")
        }
        #expect(written == nil)
        #expect(folder.read("drawing.json") == Array("theirs".utf8))
        #expect(folder.names() == ["drawing.json"])
    }

    @Test func anUnchangedFileIsReplacedAndLeavesNoSecondName() throws {
        let folder = try TemporaryFolder()
        let path = folder.filePath("drawing.json")
        let first = try FileWriter.write(Array("first".utf8), to: path, replacing: nil)
        let second = try FileWriter.write(Array("second".utf8), to: path, replacing: first)
        let now = try FileSystem.identity(of: path)
        #expect(second != nil && second == now)
        #expect(folder.read("drawing.json") == Array("second".utf8))
        #expect(folder.names() == ["drawing.json"])
    }
}
