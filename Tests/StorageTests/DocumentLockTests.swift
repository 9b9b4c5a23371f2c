import Foundation
import Shapes
@testable import Storage
import TestSupport
import Testing

private let here = LockHolder(pid: 4242, host: "here", display: ":3")

/// A shell that locks `lockFile` with flock(1) the way `DocumentLock` does, writes its holder line
/// (pid, "elsewhere", ":7"), says "locked" and waits to be killed; the kernel releases its lock then.
private final class HoldingProcess {
    let process = Process()

    init(locking lockFile: FilePath) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec 9<>"$1" && flock -n 9 && printf '%s\telsewhere\t:7\n' $$ >&9 && echo locked && exec sleep 600"#,
                             "sh", lockFile.description]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard said == "locked\n" else { throw HoldingFailed(said: said) }
    }

    struct HoldingFailed: Error { let said: String }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill() } }
}

@Suite("One window per drawing")
struct DocumentLockTests {
    @Test func aSecondAcquireFailsAndNamesTheHolder() throws {
        let folder = try TemporaryFolder()
        let lock = try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        // Another open file description, as a second window in another process would have.
        #expect(throws: DocumentLockError.heldBy(here)) { try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here) }
        #expect(DocumentLockError.heldBy(here).description == "it is open in another TouchTracker (process 4242 on here, display :3)")
        withExtendedLifetime(lock) {}
    }

    @Test func theLockFileIsHiddenBesideTheDocumentAndItsFoldersAreMade() throws {
        let folder = try TemporaryFolder()
        let lock = try DocumentLock.acquire(for: folder.filePath("a/drawing.json"), holder: here)
        #expect(lock.path == folder.filePath("a/.drawing.json.lock"))
        #expect(folder.names(in: "a") == [".drawing.json.lock"])
        var status = stat()
        #expect(stat(folder.file("a"), &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(stat(folder.file("a/.drawing.json.lock"), &status) == 0)
        #expect(lock.device == UInt64(status.st_dev) && lock.inode == UInt64(status.st_ino))
    }

    @Test func releasingRemovesTheLockFileAndLetsTheNextWindowIn() throws {
        let folder = try TemporaryFolder()
        let lock = try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        lock.release()
        #expect(folder.names() == [])
        let next = try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        #expect(folder.read(".drawing.json.lock") == Array("4242\there\t:3\n".utf8))
        withExtendedLifetime(next) {}
    }

    @Test func aLockHeldByAnotherProcessNamesItAndIsFreedWhenItDies() throws {
        let folder = try TemporaryFolder()
        let document = folder.filePath("drawing.json")
        let holder = try HoldingProcess(locking: DocumentLock.lockPath(for: document))
        let expected = LockHolder(pid: holder.process.processIdentifier, host: "elsewhere", display: ":7")
        #expect(throws: DocumentLockError.heldBy(expected)) { try DocumentLock.acquire(for: document, holder: here) }

        holder.kill()  // SIGKILL: no chance to clean up; the kernel drops its lock.
        let lock = try DocumentLock.acquire(for: document, holder: here)
        #expect(folder.read(".drawing.json.lock") == Array("4242\there\t:3\n".utf8), "the stale file is taken over")
        withExtendedLifetime(lock) {}
    }

    @Test func aGarbledLockFileIsAnUnknownHolder() throws {
        let folder = try TemporaryFolder()
        let lock = try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        let file = try #require(fopen(folder.file(".drawing.json.lock"), "w"))  // in place: the locked file
        fputs("garbage", file)
        fclose(file)
        #expect(throws: DocumentLockError.heldBy(nil)) { try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here) }
        withExtendedLifetime(lock) {}
    }

    @Test(arguments: [
        "", "1\ta\t:0", "1\ta\t:0\n\n", "01\ta\t:0\n", "0\ta\t:0\n", "-1\ta\t:0\n", "1\t\t:0\n", "1\ta\n",
        "1\ta\t:0\tx\n", "99999999999\ta\t:0\n", "+1\ta\t:0\n", "1 \ta\t:0\n",
    ])
    func holderLinesAreReadStrictly(line: String) {
        #expect(LockHolder(line: Array(line.utf8)) == nil)
    }

    @Test func aHolderRoundTripsThroughItsLine() {
        #expect(LockHolder(line: here.line) == here)
        let odd = LockHolder(pid: 7, host: "a\tb", display: ":0\n")
        #expect(LockHolder(line: odd.line) == odd)
        #expect(LockHolder(line: Array("12\thost\t\n".utf8)) == LockHolder(pid: 12, host: "host", display: ""))
        #expect(LockHolder(line: [0x31, 0x09, 0xFC, 0x09, 0x0A]) == nil, "not UTF-8")
    }

    @Test func aFolderThatCannotHoldTheLockFileIsASystemError() throws {
        let folder = try TemporaryFolder()
        try folder.write("a file", to: "blocker")
        #expect(throws: DocumentLockError.system(SystemError("create the folder", folder.filePath("blocker/docs"), code: ENOTDIR))) {
            try DocumentLock.acquire(for: folder.filePath("blocker/docs/drawing.json"), holder: here)
        }
    }

    @Test func aLinkOrAFIFOPlantedWhereTheLockFileGoesIsNeverFollowedNorLocked() throws {
        let folder = try TemporaryFolder()
        try folder.write("secret", to: "private.txt")
        symlink(folder.file("private.txt"), folder.file(".drawing.json.lock"))
        #expect(throws: DocumentLockError.system(SystemError("create the lock file", folder.filePath(".drawing.json.lock"), code: ELOOP))) {
            try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        }
        #expect(folder.read("private.txt") == Array("secret".utf8))
        unlink(folder.file(".drawing.json.lock"))
        mkfifo(folder.file(".drawing.json.lock"), 0o666)
        #expect(throws: DocumentLockError.system(SystemError("lock", folder.filePath(".drawing.json.lock"), code: EINVAL))) {
            try DocumentLock.acquire(for: folder.filePath("drawing.json"), holder: here)
        }
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func aReadOnlyFolderIsASystemErrorTheCallerMayGoOnWithout() throws {
        let disk = try #require(SmallDisk(kilobytes: 4, readOnly: true))
        #expect(throws: DocumentLockError.system(SystemError("create the lock file", disk.folder.filePath(".drawing.json.lock"), code: EROFS))) {
            try DocumentLock.acquire(for: disk.folder.filePath("drawing.json"), holder: here)
        }
    }
}

@Suite("Two names for one file")
struct DocumentLocksTests {
    @Test func twoHardLinksOfOneFileShareTheLockOnItsIdentity() throws {
        let folder = try TemporaryFolder()
        let locks = folder.filePath("locks")
        try DocumentStore(path: folder.filePath("a.json")).save(Drawing())
        link(folder.file("a.json"), folder.file("b.json"))
        let a = try #require(try DocumentStore(path: folder.filePath("a.json")).currentIdentity())
        let b = try #require(try DocumentStore(path: folder.filePath("b.json")).currentIdentity())
        #expect(DocumentLock.lockPath(forFile: a, in: locks) == DocumentLock.lockPath(forFile: b, in: locks))
        #expect(DocumentLock.lockPath(forFile: a, in: locks) == locks.appending(FilePath(bytes: Array("\(a.device)-\(a.inode).lock".utf8))))
        let held = try DocumentLock.acquire(DocumentLock.lockPath(forFile: a, in: locks), holder: here)
        #expect(throws: DocumentLockError.heldBy(here)) { try DocumentLock.acquire(DocumentLock.lockPath(forFile: b, in: locks), holder: here) }
        #expect(DocumentLock.holder(at: held.path) == here)
        withExtendedLifetime(held) {}
    }

    @Test func theIdentityLockFollowsTheFileThroughSavesAndIsGoneWithIt() throws {
        let folder = try TemporaryFolder()
        let lockFolder = folder.filePath("locks")
        let store = DocumentStore(path: folder.filePath("drawing.json"))
        let first = try store.save(Drawing())
        let locks = DocumentLocks(byName: try DocumentLock.acquire(for: store.path, holder: here),
                                  byIdentity: try DocumentLock.acquire(DocumentLock.lockPath(forFile: first, in: lockFolder), holder: here),
                                  of: first, folder: lockFolder, holder: here)
        #expect(locks.follow(first) == nil, "already there")
        let second = try store.save(Drawing())  // a new inode
        let moved = try #require(locks.follow(second))
        #expect(moved.path == DocumentLock.lockPath(forFile: second, in: lockFolder))
        #expect(folder.names(in: "locks") == [moved.path.fileName.description], "the first file's lock is released")
        locks.follow(nil)  // deleted
        #expect(locks.byIdentity == nil && folder.names(in: "locks") == [])
        #expect(locks.byName != nil, "the lock beside the document stays, whatever becomes of the file")
        locks.release()
        #expect(folder.names() == ["drawing.json", "locks"])
    }
}
