import CX11
import DrawingTesting
import Foundation
import Shapes
import Storage
import TestSupport
import Testing
import XTestHarness

/// The drawing at `path` as the app's loader reads it, if it reads.
private func drawing(at path: String) -> Drawing? {
    FileManager.default.contents(atPath: path).flatMap { try? DrawingFormat.decode(Array($0)) }
}

private func line(_ y: Double) -> Segment { Segment(begin: Point(x: 50, y: y), end: Point(x: 250, y: y)) }

/// Runs `cp SOURCE TARGET`, as a user or a sync tool replaces a file, and waits for it.
private func copy(_ source: String, over target: String) throws {
    let cp = try ChildProcess(path: "/bin/cp", arguments: [source, target], environment: ChildProcess.inheritedEnvironment)
    #expect(cp.waitForExit(timeout: 10) == 0, "cp failed: \(cp.standardError)")
}

/// Fills `disk` with a file named "filler", to the last block.
private func fill(_ disk: SmallDisk) throws {
    _ = FileManager.default.createFile(atPath: disk.folder.file("filler"), contents: nil)
    let filler = try #require(FileHandle(forWritingAtPath: disk.folder.file("filler")))
    while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
    try filler.close()
}

@Suite("Two windows and other programs on one drawing, end to end", .serialized)
struct SharedDocumentTests {
    @Test func aSecondStartOnTheSameDisplayBringsTheFirstWindowForwardAndExitsWithZero() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        let cover = running.client.mapCover(x: 0, y: 0, width: 400, height: 300)
        #expect(running.client.topLevelWindows().last == cover)

        let second = try AppProcess(arguments: ["--geometry", "400x300+0+0"], display: running.server.name,
                                    environment: ["XDG_DATA_HOME": running.dataHome.path])
        #expect(second.waitForExit() == 0)
        let said = second.standardError
        #expect(said.hasPrefix("touchtracker: drawing.json is already open in another window (process \(running.app.pid) on "))
        #expect(said.hasSuffix("); brought it to the front\n") && said.split(separator: "\n").count == 1, "\(said)")
        #expect(waitUntil(timeout: 5) { running.client.topLevelWindows().last == running.window }, "the first window came forward")
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black, "with its drawing")
        #expect(running.app.child.isRunning)
        running.client.sendDeleteWindow(to: running.window)
        #expect(running.app.waitForExit() == 0)
        #expect(drawing(at: running.documentPath)?.shapes.map(\.geometry.segment) == [line(100)], "nothing was saved over")
    }

    @Test func aSecondStartOnAnotherDisplayNamesTheHolderAndExitsWithOne() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        let elsewhere = try XvfbServer()
        let second = try AppProcess(arguments: [], display: elsewhere.name, environment: ["XDG_DATA_HOME": running.dataHome.path])
        #expect(second.waitForExit() == 1)
        let said = second.standardError
        #expect(said.hasPrefix("touchtracker: \(running.documentPath) is open in process \(running.app.pid) on "), "\(said)")
        #expect(said.hasSuffix(", display \(running.server.name); close it there, or name another FILE\n"), "\(said)")
        #expect(running.app.child.isRunning)
    }

    @Test func twoHardLinksOfOneFileAreOneDrawingWhoseSecondStartBringsTheFirstForward() throws {
        let folder = try TemporaryFolder("e2e")
        let runtime = try TemporaryFolder("runtime")  // the user's lock folder, the same for both starts
        try DocumentStore(path: FilePath(folder.file("a.json"))).save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(line(100)))]))
        link(folder.file("a.json"), folder.file("b.json"))
        let running = try RunningApp(arguments: [folder.file("a.json")], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(running.waitForPixel(150, 100, toBe: Colours.black) == Colours.black)

        let second = try AppProcess(arguments: ["--geometry", "400x300+0+0", folder.file("b.json")], display: running.server.name,
                                    environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(second.waitForExit() == 0, "b.json is a.json: \(second.standardError)")
        let said = second.standardError
        #expect(said.hasPrefix("touchtracker: b.json is already open in another window (process \(running.app.pid) on "), "\(said)")
        #expect(said.hasSuffix("); brought it to the front\n"), "\(said)")

        let elsewhere = try XvfbServer()
        let third = try AppProcess(arguments: [folder.file("b.json")], display: elsewhere.name, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(third.waitForExit() == 1)
        #expect(third.standardError.hasPrefix("touchtracker: \(folder.file("b.json")) is open in process \(running.app.pid) on "))

        // The window's own save gives a.json a new inode: the lock follows it, and a start on a.json still finds it.
        running.drawLine(from: (50, 200), to: (250, 200))
        #expect(waitUntil(timeout: 5) { drawing(at: folder.file("a.json"))?.shapes.count == 2 })
        let fourth = try AppProcess(arguments: [folder.file("a.json")], display: elsewhere.name, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(fourth.waitForExit() == 1)
        #expect(runtime.names(in: "touchtracker").count == 1, "one lock on the file's identity: the one it has now")
    }

    @Test func aSecondStartBelievesOnlyTheHolderThatAnswersAndNotAnotherClientOwningItsSelection() throws {
        let server = try XvfbServer()
        let folder = try TemporaryFolder("e2e")
        let document = folder.file("drawing.json")
        // A holder that locked the drawing from this host and display but has no window (a hung start, say) ...
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let holder = try ChildProcess(path: "/bin/sh", arguments: ["-c",
            #"exec 9<>"$1" && flock -n 9 && printf '%s\t%s\t%s\n' $$ "$2" "$3" >&9 && echo locked && exec sleep 600"#,
            "sh", folder.file(".drawing.json.lock"), host, server.name], environment: ChildProcess.inheritedEnvironment)
        defer { holder.stop() }
        #expect(waitUntil(timeout: 5) { holder.standardOutput == "locked\n" })
        // ... and another client owning the selection a second start asks.
        let client = try XTestClient(display: server.name)
        defer { client.close() }
        var status = stat()
        stat(folder.file(".drawing.json.lock"), &status)
        let impostor = XCreateSimpleWindow(client.display, client.root, 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(client.display, client.atom("_TOUCHTRACKER_DRAWING_\(status.st_dev)_\(status.st_ino)"), impostor, UInt(CurrentTime))
        client.sync()

        let second = try AppProcess(arguments: [document], display: server.name)
        #expect(second.waitForExit(timeout: 15) == 1, "not handed over: the holder never answered")
        #expect(second.standardError == "touchtracker: \(document) is open in process \(holder.pid) on \(host), display \(server.name), "
                + "whose window did not answer; close it there, or name another FILE\n")
    }

    @Test func aFileCopiedOverTheDrawingIsLoadedWhenNothingIsUnsavedAndNotWrittenBack() throws {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        #expect(waitUntil(timeout: 5) { drawing(at: running.documentPath)?.shapes.count == 1 }, "the line was saved")

        let theirs = try TemporaryFolder("theirs")
        var version = try #require(drawing(at: running.documentPath))
        version.add(.line(line(200)))
        try DocumentStore(path: FilePath(theirs.file("drawing.json"))).save(version)
        try copy(theirs.file("drawing.json"), over: running.documentPath)
        let copied = FileManager.default.contents(atPath: running.documentPath)

        #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black, "their line is shown")
        #expect(running.app.standardError == "touchtracker: reloaded drawing.json: kept 1 shape another program added\n")
        usleep(800_000)  // longer than the autosave's delay: what is under test is that no save comes
        #expect(FileManager.default.contents(atPath: running.documentPath) == copied, "their bytes are not rewritten")
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func onAFullDiskTheFailureIsToldOnceCtrlQAsksAgainAndASecondCtrlQQuitsSayingWhatIsLost() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        let path = disk.folder.file("drawing.json")
        let running = try RunningApp(arguments: [path])
        try fill(disk)

        running.drawLine(from: (50, 100), to: (250, 100))
        let unsaved = "drawing.json (unsaved) — TouchTracker"
        #expect(waitUntil(timeout: 5) { running.client.text(running.window, "_NET_WM_NAME") == unsaved })
        let failure = "touchtracker: cannot save \(path): No space left on device"
        #expect(running.app.standardError == failure + "; the drawing is kept in memory, unsaved\n")

        running.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(waitUntil(timeout: 5) { running.app.standardError.contains("not quitting") })
        #expect(running.app.child.isRunning, "the last edit would be lost: it asks again")
        running.client.key(XK_q, modifiers: [XK_Control_L])
        #expect(running.app.waitForExit() == 1)
        #expect(running.app.standardError.hasSuffix(failure + "; quitting without saving the last edits\n"))
    }

    @Test(.enabled(if: SmallDisk.canMount, "\(SmallDisk.cannotMount)"))
    func whenTheDiskHasRoomAgainTheRetrySavesAndSaysSoOnce() throws {
        let disk = try #require(SmallDisk(kilobytes: 64))
        let path = disk.folder.file("drawing.json")
        let running = try RunningApp(arguments: [path])
        try fill(disk)

        running.drawLine(from: (50, 100), to: (250, 100))
        #expect(waitUntil(timeout: 5) { running.client.text(running.window, "_NET_WM_NAME") == "drawing.json (unsaved) — TouchTracker" })
        try FileManager.default.removeItem(atPath: disk.folder.file("filler"))
        // The retry comes 5 s after the failure.
        #expect(waitUntil(timeout: 8) { drawing(at: path)?.shapes.map(\.geometry.segment) == [line(100)] })
        #expect(waitUntil(timeout: 2) { running.client.text(running.window, "_NET_WM_NAME") == "drawing.json — TouchTracker" })
        #expect(running.app.standardError == """
            touchtracker: cannot save \(path): No space left on device; the drawing is kept in memory, unsaved
            touchtracker: saved \(path) again

            """)
    }
}

extension SharedDocumentTests {
    /// Tests that measure time, so they run alone: `make test` runs every suite named `Alone` after the
    /// rest, one test at a time (the Makefile; docs/tests.md).
    @Suite("Another program's copy while the window's edits wait to be saved, end to end, alone", .serialized)
    struct Alone {
        @Test func aFileCopiedOverTheDrawingWithUnsavedEditsIsMergedShownAndSaved() throws {
            let running = try RunningApp()
            running.drawLine(from: (50, 100), to: (250, 100))
            #expect(waitUntil(timeout: 5) { drawing(at: running.documentPath)?.shapes.count == 1 }, "the line was saved")
            running.client.move(to: 150, 100)  // select it
            running.client.click()
            #expect(running.waitForPixel(150, 100, toBe: Colours.green) == Colours.green)

            let theirs = try TemporaryFolder("theirs")
            var version = try #require(drawing(at: running.documentPath))
            version.add(.line(line(250)))
            try DocumentStore(path: FilePath(theirs.file("drawing.json"))).save(version)
            // Nudge the line down every 100 ms: edits that close, the autosave cannot save before 2 s have
            // passed, so the copy lands on a window with unsaved edits. (The pacing is the input under test.)
            for nudge in 1...10 {
                running.client.key(XK_Down)
                if nudge == 3 { try copy(theirs.file("drawing.json"), over: running.documentPath) }
                usleep(100_000)
            }
            #expect(waitUntil(timeout: 5) { Set(drawing(at: running.documentPath)?.shapes.map(\.geometry.segment) ?? []) == [line(110), line(250)] },
                    "saved: the window's nudged line and their new one")
            #expect(running.waitForPixel(150, 250, toBe: Colours.black) == Colours.black, "their line is shown")
            #expect(running.app.standardError == "touchtracker: merged drawing.json: kept 1 shape another program added\n")
        }
    }
}
