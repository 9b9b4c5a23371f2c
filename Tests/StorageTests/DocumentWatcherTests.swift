import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

/// inotify queues an event before the system call that caused it returns, so each test makes a change
/// and drains at once: no waiting.
@Suite("Watching the document's file")
struct DocumentWatcherTests {
    @Test func aFileRenamedOverTheDocumentIsSeenOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "drawing.json")
        let watcher = try DocumentWatcher(for: folder.filePath("drawing.json"))
        #expect(watcher.drain() == .none, "nothing happened yet")
        try folder.write("new", to: "other.tmp")
        #expect(watcher.drain() == .none, "another file")
        rename(folder.file("other.tmp"), folder.file("drawing.json"))
        #expect(watcher.drain() != .none)
        #expect(watcher.drain() == .none, "drained")
    }

    @Test func aProgramWritingTheFileInPlaceIsSeenHoldingItOpenUntilItClosesIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "drawing.json")
        let watcher = try DocumentWatcher(for: folder.filePath("drawing.json"))
        let fd = open(folder.file("drawing.json"), O_WRONLY | O_TRUNC)  // a shell's `>`
        #expect(watcher.drain() == .changed(writerOpen: true), "truncated: a modification, not closed")
        _ = write(fd, "{\"format\"", 10)
        #expect(watcher.drain() == .changed(writerOpen: true))
        #expect(watcher.drain() == .none, "drained")
        close(fd)
        #expect(watcher.drain() == .changed(writerOpen: false), "closed")
        let appender = open(folder.file("drawing.json"), O_WRONLY | O_APPEND)  // `>>`
        _ = write(appender, ":", 1)
        close(appender)
        #expect(watcher.drain() == .changed(writerOpen: false), "written and closed between two looks")
        unlink(folder.file("drawing.json"))
        let creator = open(folder.file("drawing.json"), O_WRONLY | O_CREAT | O_EXCL, 0o600)
        _ = write(creator, "{", 1)
        #expect(watcher.drain() == .changed(writerOpen: true), "deleted, then made anew and written, still open")
        close(creator)
        try folder.write("new", to: "other.tmp")
        rename(folder.file("other.tmp"), folder.file("drawing.json"))
        #expect(watcher.drain() == .changed(writerOpen: false), "replaced by a whole file")
    }

    @Test func aDeletedDocumentIsSeen() throws {
        let folder = try TemporaryFolder()
        try folder.write("old", to: "drawing.json")
        let watcher = try DocumentWatcher(for: folder.filePath("drawing.json"))
        unlink(folder.file("drawing.json"))
        #expect(watcher.drain() != .none)
    }

    @Test func anotherFileInTheFolderIsNotTheDocument() throws {
        let folder = try TemporaryFolder()
        let watcher = try DocumentWatcher(for: folder.filePath("drawing.json"))
        try folder.write("x", to: "drawing.json.damaged-20261130-002005")
        try folder.write("x", to: "drawing.jso")
        rename(folder.file("drawing.jso"), folder.file("notes.txt"))
        unlink(folder.file("notes.txt"))
        #expect(watcher.drain() == .none)
    }

    @Test func namesAreComparedAsBytes() throws {
        let folder = try TemporaryFolder()
        let name: [UInt8] = Array("m".utf8) + [0xFC] + Array("ller.json".utf8)
        let watcher = try DocumentWatcher(for: FilePath(bytes: Array(folder.path.utf8) + [.slash] + name))
        try folder.write("x", to: "m\u{FFFD}ller.json")  // what a repaired string would name
        #expect(watcher.drain() == .none)
        let fd = FilePath(bytes: Array(folder.path.utf8) + [.slash] + name).withCString { open($0, O_CREAT | O_WRONLY, 0o600) }
        close(fd)
        #expect(watcher.drain() != .none)
    }

    @Test func ourOwnSaveIsSeenAndItsIdentityIsTheOneTheSaveReturned() throws {
        let folder = try TemporaryFolder()
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let watcher = try DocumentWatcher(for: store.path)
        let saved = try store.save(Drawing())
        #expect(watcher.drain() != .none)
        #expect(try store.currentIdentity() == saved, "so the caller sees no change")
    }

    @Test func aFolderThatDoesNotExistYetIsWatchedFromAboveUntilItAppears() throws {
        let folder = try TemporaryFolder()
        let watcher = try DocumentWatcher(for: folder.filePath("a/b/drawing.json"))
        #expect(!watcher.watchesTheDocumentsFolder)
        mkdir(folder.file("a"), 0o700)
        #expect(watcher.drain() == .none)
        mkdir(folder.file("a/b"), 0o700)
        #expect(watcher.drain() != .none, "the folder appeared: the file may have come with it")
        #expect(watcher.watchesTheDocumentsFolder)
        try folder.write("x", to: "a/b/drawing.json")
        #expect(watcher.drain() != .none)
    }

    @Test func aDeletedFolderMovesTheWatchUpAndItsReturnIsSeen() throws {
        let folder = try TemporaryFolder()
        mkdir(folder.file("docs"), 0o700)
        let watcher = try DocumentWatcher(for: folder.filePath("docs/drawing.json"))
        rmdir(folder.file("docs"))
        #expect(watcher.drain() != .none)
        #expect(!watcher.watchesTheDocumentsFolder)
        mkdir(folder.file("docs"), 0o700)
        #expect(watcher.drain() != .none)
        try folder.write("x", to: "docs/drawing.json")
        #expect(watcher.drain() != .none)
    }
}
