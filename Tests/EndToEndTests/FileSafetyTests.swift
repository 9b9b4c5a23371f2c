import CX11
import Foundation
import SeededRandom
import Shapes
import Storage
import TestSupport
import Testing
import XTestHarness

extension TemporaryFolder {
    /// Saves a drawing of `count` lines at random places in the folder as `name`; returns its path.
    func document(_ name: String = "drawing.json", lines count: Int = 1) throws -> String {
        var random = SeededGenerator(seed: 7)
        var drawing = Drawing()
        for _ in 0..<count {
            func point() -> Point { Point(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random)) }
            drawing.add(.line(Segment(begin: point(), end: point())))
        }
        try DocumentStore(path: FilePath(file(name))).save(drawing)
        return file(name)
    }
}

/// `touchtracker --export OUT FILE` without a display; waits for it to exit.
private func export(_ output: String, _ document: String) throws -> AppProcess {
    let app = try AppProcess(arguments: ["--export", output, document], display: ":9999")
    _ = app.waitForExit()
    return app
}

@Suite("The document's files never lose a line, end to end")
struct FileSafetyTests {
    @Test func anExportOntoALinkToAFullDeviceFailsInOneLineWithTheSystemsReason() throws {
        let folder = try TemporaryFolder("e2e")
        let document = try folder.document()
        symlink("/dev/full", folder.file("out.pdf"))
        let app = try export(folder.file("out.pdf"), document)
        #expect(app.waitForExit(timeout: 0) == 1)
        #expect(app.standardError == "touchtracker: cannot export \(folder.file("out.pdf")): No space left on device\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("out.pdf")) == "/dev/full", "the link stays")
    }

    @Test func anExportIntoAMissingFolderSaysTheFolderIsMissing() throws {
        let folder = try TemporaryFolder("e2e")
        let document = try folder.document()
        let app = try export(folder.file("a/b/out.pdf"), document)
        #expect(app.waitForExit(timeout: 0) == 1)
        #expect(app.standardError == "touchtracker: cannot export \(folder.file("a/b/out.pdf")): the folder \(folder.file("a/b")) does not exist\n")
    }

    @Test func anExportStillRefusesToWriteOverTheDocument() throws {
        let folder = try TemporaryFolder("e2e")
        let document = try folder.document("sketch.png")
        let before = FileManager.default.contents(atPath: document)
        let app = try export(document, document)
        #expect(app.waitForExit(timeout: 0) == 1)
        #expect(app.standardError == "touchtracker: cannot export \(document): it is the drawing itself; name another file\n")
        #expect(FileManager.default.contents(atPath: document) == before)
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func anExportThatRunsOutOfSpaceFailsAndLeavesTheOldFile() throws {
        let folder = try TemporaryFolder("e2e")
        let document = try folder.document(lines: 20_000)
        let disk = try #require(SmallDisk(kilobytes: 64))
        let output = disk.folder.file("out.pdf")
        _ = FileManager.default.createFile(atPath: output, contents: Data("the old picture".utf8))

        let app = try export(output, document)
        #expect(app.waitForExit(timeout: 0) == 1)
        #expect(app.standardError == "touchtracker: cannot export \(output): No space left on device\n")
        #expect(FileManager.default.contents(atPath: output) == Data("the old picture".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path) == ["out.pdf"], "no temporary left")
    }

    @Test func aFileNamedWithBytesThatAreNotUTF8IsSavedUnderExactlyThoseBytes() throws {
        let folder = try TemporaryFolder("e2e")
        let name: [UInt8] = Array("m".utf8) + [0xFC] + Array("ller.json".utf8)
        let running = try RunningApp(argumentBytes: [Array(folder.path.utf8) + [UInt8(ascii: "/")] + name])
        #expect(running.client.text(running.window, "_NET_WM_NAME") == "m\\xFCller.json — TouchTracker")
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.sendDeleteWindow(to: running.window)
        #expect(running.app.waitForExit() == 0)
        let path = FilePath(bytes: Array(folder.path.utf8) + [UInt8(ascii: "/")] + name)
        #expect(try DocumentStore.load(path: path).shapes.count == 1, "saved under the very bytes given")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "and under no U+FFFD name")
    }

    /// A folder anyone can write (0777, no sticky bit, where `fs.protected_symlinks` does not apply) holding
    /// the user's private file, and a link to it that another user (uid 65534) planted as `name`.
    private func plantedLink(_ name: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("e2e")
        chmod(folder.path, 0o777)
        try folder.write("my private notes", to: "private.txt")
        symlink(folder.file("private.txt"), folder.file(name))
        lchown(folder.file(name), 65534, 65534)
        return folder
    }

    @Test(.enabled(if: geteuid() == 0, "planting another user's link takes root"))
    func controlENeverWritesThroughALinkPlantedWhereThePictureGoes() throws {
        let folder = try plantedLink("drawing.png")
        let running = try RunningApp(arguments: [folder.file("drawing.json")])
        running.drawLine(from: (50, 100), to: (250, 100))
        running.client.key(XK_e, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 5) { running.app.standardError.contains("\n") })
        // The name is taken (by the link): the picture takes the next one, and the link is neither followed nor replaced.
        #expect(running.app.standardError == "touchtracker: exported \(folder.file("drawing-2.png"))\n")
        #expect(folder.read("private.txt") == Array("my private notes".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("drawing.png")) == folder.file("private.txt"))
    }

    @Test(.enabled(if: geteuid() == 0, "planting another user's link takes root"))
    func aDocumentNamedThroughALinkAnotherUserOwnsIsNotOpened() throws {
        let folder = try plantedLink("drawing.json")
        let server = try XvfbServer()
        let app = try AppProcess(arguments: [folder.file("drawing.json")], display: server.name)
        #expect(app.waitForExit() == 1)
        #expect(app.standardError == "touchtracker: not following \(folder.file("drawing.json")): it is a symbolic link owned by another user "
                + "(uid 65534); only links owned by you or root are followed\n")
        #expect(folder.names() == ["drawing.json", "private.txt"], "nothing kept aside as damaged, no lock")
        #expect(folder.read("private.txt") == Array("my private notes".utf8))
    }

    @Test(.enabled(if: geteuid() == 0, "planting another user's link takes root"))
    func anExportNamedThroughALinkAnotherUserOwnsIsNotWritten() throws {
        let folder = try plantedLink("out.png")
        let document = try folder.document()
        let app = try export(folder.file("out.png"), document)
        #expect(app.waitForExit(timeout: 0) == 1)
        #expect(app.standardError == "touchtracker: cannot export \(folder.file("out.png")): it is a symbolic link owned by another user "
                + "(uid 65534); only links owned by you or root are followed\n")
        #expect(folder.read("private.txt") == Array("my private notes".utf8))
    }

    @Test func aFIFOGivenAsTheDocumentIsNotARegularFile() throws {
        let folder = try TemporaryFolder("e2e")
        mkfifo(folder.file("drawing.json"), 0o600)
        let server = try XvfbServer()  // with a display: the document is opened once the display is there
        let app = try AppProcess(arguments: [folder.file("drawing.json")], display: server.name)
        #expect(app.waitForExit() == 1)
        #expect(app.standardError == "touchtracker: \(folder.file("drawing.json")) is not a regular file\n")
    }
}
