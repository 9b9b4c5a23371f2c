import Foundation
import Testing
@testable import Document

/// inotify queues an event before the system call that caused it returns, so each test makes a change
/// and drains at once: no waiting.
@Suite("Watching the document's file")
struct DocumentWatcherTests {
    @Test func aFileRenamedOverTheDocumentIsSeenOnce() throws {
        let folder = TemporaryFolder()
        folder.write("old", to: "drawing.json")
        let watcher = try DocumentWatcher(for: folder.file("drawing.json"))
        #expect(!watcher.drain(), "nothing happened yet")
        folder.write("new", to: "other.tmp")
        #expect(!watcher.drain(), "another file")
        rename(folder.at("other.tmp"), folder.at("drawing.json"))
        #expect(watcher.drain())
        #expect(!watcher.drain(), "drained")
    }

    @Test func aDeletedDocumentIsSeen() throws {
        let folder = TemporaryFolder()
        folder.write("old", to: "drawing.json")
        let watcher = try DocumentWatcher(for: folder.file("drawing.json"))
        unlink(folder.at("drawing.json"))
        #expect(watcher.drain())
    }

    @Test func anotherFileInTheFolderIsNotTheDocument() throws {
        let folder = TemporaryFolder()
        let watcher = try DocumentWatcher(for: folder.file("drawing.json"))
        folder.write("x", to: "drawing.json.damaged-20261130-002005")
        folder.write("x", to: "drawing.jso")
        rename(folder.at("drawing.jso"), folder.at("notes.txt"))
        unlink(folder.at("notes.txt"))
        #expect(!watcher.drain())
    }

    @Test func namesAreComparedAsBytes() throws {
        let folder = TemporaryFolder()
        let name: [UInt8] = Array("m".utf8) + [0xFC] + Array("ller.json".utf8)
        let watcher = try DocumentWatcher(for: FilePath(bytes: Array(folder.path.utf8) + [.slash] + name))
        folder.write("x", to: "m\u{FFFD}ller.json")  // what a repaired string would name
        #expect(!watcher.drain())
        let fd = FilePath(bytes: Array(folder.path.utf8) + [.slash] + name).withCString { open($0, O_CREAT | O_WRONLY, 0o600) }
        close(fd)
        #expect(watcher.drain())
    }

    @Test func ourOwnSaveIsSeenAndItsIdentityIsTheOneTheSaveReturned() throws {
        let folder = TemporaryFolder()
        let store = DocumentStore(path: folder.file("drawing.json"))
        let watcher = try DocumentWatcher(for: store.path)
        let saved = try store.save(Drawing())
        #expect(watcher.drain())
        #expect(try store.currentIdentity() == saved, "so the caller sees no change")
    }

    @Test func aFolderThatDoesNotExistYetIsWatchedFromAboveUntilItAppears() throws {
        let folder = TemporaryFolder()
        let watcher = try DocumentWatcher(for: folder.file("a/b/drawing.json"))
        #expect(!watcher.watchesTheDocumentsFolder)
        mkdir(folder.at("a"), 0o700)
        #expect(!watcher.drain())
        mkdir(folder.at("a/b"), 0o700)
        #expect(watcher.drain(), "the folder appeared: the file may have come with it")
        #expect(watcher.watchesTheDocumentsFolder)
        folder.write("x", to: "a/b/drawing.json")
        #expect(watcher.drain())
    }

    @Test func aDeletedFolderMovesTheWatchUpAndItsReturnIsSeen() throws {
        let folder = TemporaryFolder()
        mkdir(folder.at("docs"), 0o700)
        let watcher = try DocumentWatcher(for: folder.file("docs/drawing.json"))
        rmdir(folder.at("docs"))
        #expect(watcher.drain())
        #expect(!watcher.watchesTheDocumentsFolder)
        mkdir(folder.at("docs"), 0o700)
        #expect(watcher.drain())
        folder.write("x", to: "docs/drawing.json")
        #expect(watcher.drain())
    }
}
