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

private func drawing(_ ys: Double...) -> Drawing {
    var drawing = Drawing()
    for y in ys { drawing.add(.line(line(y))) }
    return drawing
}

/// The names in the document's folder that hold a damaged file kept aside.
private func keptAside(_ running: RunningApp) -> [String] {
    running.dataHome.names(in: "touchtracker").filter { $0.contains(".damaged-") }
}

/// Runs a shell script with `arguments` ($1, $2, ...) and waits for it.
private func shell(_ script: String, _ arguments: [String], timeout: Double = 20) throws {
    let sh = try ChildProcess(path: "/bin/sh", arguments: ["-c", script, "sh"] + arguments, environment: ChildProcess.inheritedEnvironment)
    #expect(sh.waitForExit(timeout: timeout) == 0, "the script failed: \(sh.standardError)")
}

@Suite("Other programs writing the drawing, end to end", .serialized)
struct OtherWriterEndToEndTests {
    /// A window whose drawing holds a saved line at y = 100 and, just drawn, an unsaved one at y = 150.
    private func windowWithAnUnsavedLine() throws -> RunningApp {
        let running = try RunningApp()
        running.drawLine(from: (50, 100), to: (250, 100))
        #expect(waitUntil(timeout: 5) { drawing(at: running.documentPath)?.shapes.count == 1 }, "the first line was saved")
        running.drawLine(from: (50, 150), to: (250, 150))  // saved 0.5 s from now, unless something stops it
        return running
    }

    @Test func aShellWritingTheFileInPiecesASecondApartLosesNoLineAndLeavesNoFragment() throws {
        let running = try windowWithAnUnsavedLine()
        let bytes = try DrawingFormat.encode(drawing(100, 200, 250))
        let pieces = [bytes[..<40], bytes[40..<150], bytes[150...]].map { String(decoding: $0, as: UTF8.self) }
        // `>` then `>>`, a second apart: each piece is a file that is not a drawing yet, and the autosave
        // falls due in the middle.
        try shell(#"printf '%s' "$2" > "$1"; sleep 1; printf '%s' "$3" >> "$1"; sleep 1; printf '%s' "$4" >> "$1""#,
                  [running.documentPath] + pieces)
        #expect(waitUntil(timeout: 5) {
            Set(drawing(at: running.documentPath)?.shapes.map(\.geometry.segment) ?? []) == [line(100), line(150), line(200), line(250)]
        }, "their lines and the window's, saved: \(running.app.standardError)")
        #expect(keptAside(running) == [], "no fragment kept aside")
        #expect(running.waitForPixel(150, 250, toBe: Colours.black) == Colours.black, "their lines are shown")
        #expect(running.pixel(150, 150) == Colours.black, "and the window's")
        #expect(running.app.standardError == "touchtracker: merged drawing.json: kept 2 shapes another program added\n")
    }

    @Test func aFileDeletedAndWrittenAgainWithANewShapeKeepsTheWindowsUnsavedLine() throws {
        let running = try windowWithAnUnsavedLine()
        try FileManager.default.removeItem(atPath: running.documentPath)
        // The window writes it again (its autosave); then another program writes its own version: what it
        // had, and one new shape.
        #expect(waitUntil(timeout: 5) { drawing(at: running.documentPath)?.shapes.count == 2 }, "written again")
        let theirs = try TemporaryFolder("theirs")
        try DocumentStore(path: FilePath(theirs.file("drawing.json"))).save(drawing(100, 200))
        try shell(#"cp "$1" "$2""#, [theirs.file("drawing.json"), running.documentPath])
        #expect(waitUntil(timeout: 5) {
            Set(drawing(at: running.documentPath)?.shapes.map(\.geometry.segment) ?? []) == [line(100), line(150), line(200)]
        }, "the window's unsaved line is kept: \(running.app.standardError)")
        #expect(running.waitForPixel(150, 200, toBe: Colours.black) == Colours.black)
        #expect(running.pixel(150, 150) == Colours.black)
        #expect(running.app.standardError == """
            touchtracker: drawing.json was deleted by another program; it will be written again at the next save
            touchtracker: merged drawing.json: kept 1 shape another program added

            """)
    }
}
