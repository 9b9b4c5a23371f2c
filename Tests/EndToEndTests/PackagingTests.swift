import Foundation
import TestSupport
import Testing
import XTestHarness

/// What the repository says about the program, checked against the program: the README's picture is what
/// this build draws, and the AppStream metainfo's newest release is the version it prints.
@Suite("The packaging shows the program as it is, end to end")
struct PackagingTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let screenshot = root.appendingPathComponent("docs/screenshot.png").path

    /// How many of the picture's pixels may differ by more than 5 % of the range: a 10×10 square's worth, room
    /// for another Cairo's antialiasing on the lines' edges (which the 5 % mostly absorbs), not for a line, a
    /// colour or a button that is not there.
    private static let differingPixelsAllowed = 100.0

    /// The README's picture is remade (`make screenshot`, run here on the debug build) and compared with the
    /// committed one. Remaking it in the test, rather than only documenting the step, catches a picture left
    /// stale by a visual change the day it happens, with the command that fixes it in the message.
    @Test func theCommittedScreenshotIsWhatThisBuildDraws() throws {
        let folder = try TemporaryFolder("screenshot")
        let fresh = folder.file("screenshot.png")
        var environment = ChildProcess.inheritedEnvironment
        environment["TOUCHTRACKER"] = AppProcess.binaryPath
        let make = try ChildProcess(
            path: "/bin/sh", arguments: [Self.root.appendingPathComponent("assets/make-screenshot.sh").path, fresh],
            environment: environment)
        let status = make.waitForExit(timeout: 120)
        try #require(status == 0, "assets/make-screenshot.sh failed (\(status.map(String.init) ?? "still running")): \(make.standardError)")

        let compare = try ChildProcess(
            path: try #require(XvfbServer.executable("compare"), "ImageMagick's compare is missing: run make test-deps"),
            arguments: ["-metric", "AE", "-fuzz", "5%", Self.screenshot, fresh, "null:"], environment: environment)
        _ = compare.waitForExit(timeout: 60)
        // compare prints how many pixels differ, or why it could not compare them (sizes that differ).
        let said = compare.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Double(said) ?? .infinity) <= Self.differingPixelsAllowed, """
            docs/screenshot.png is not what this build draws (compare: \(said) pixels differ, \
            \(Int(Self.differingPixelsAllowed)) allowed): run make screenshot and commit docs/screenshot.png
            """)
    }

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
