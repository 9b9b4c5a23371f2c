import Foundation
import TestSupport
import Testing
import XTestHarness

/// What the repository says about the program, checked against the program: the AppStream metainfo's newest
/// release is the version it prints.
@Suite("The packaging shows the program as it is, end to end")
struct PackagingTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theMetainfosNewestReleaseIsTheVersionTheProgramPrints() throws {
        let app = try AppProcess(arguments: ["--version"], display: nil)
        try #require(app.waitForExit() == 0)
        let printed = app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let metainfo = try String(
            contentsOf: Self.root.appendingPathComponent("assets/io.github.touchtracker.TouchTracker.metainfo.xml"),
            encoding: .utf8)
        let newest = try #require(metainfo.split(separator: #"<release version=""#).dropFirst().first?.split(separator: "\"").first)
        #expect(printed == "touchtracker \(newest)")
    }
}
