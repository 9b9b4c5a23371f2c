import Foundation
import TestSupport
import Testing

@Suite("Without a display, end to end")
struct NoDisplayTests {
    @Test func aDamagedDocumentIsLeftAloneWhenThereIsNoDisplay() throws {
        let home = try TemporaryFolder("nodisplay")
        try FileManager.default.createDirectory(atPath: home.file("touchtracker"), withIntermediateDirectories: false)
        try home.write("not a drawing", to: "touchtracker/drawing.json")

        let app = try AppProcess(arguments: [], display: ":9999", environment: ["XDG_DATA_HOME": home.path])
        #expect(app.waitForExit() == 1)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(lines)")
        #expect(lines.first?.contains("cannot open display") == true)
        #expect(home.names(in: "touchtracker") == ["drawing.json"], "nothing renamed, nothing written")
        #expect(home.read("touchtracker/drawing.json") == Array("not a drawing".utf8))
    }
}
