import Foundation
import Testing

@Suite("Without a display, end to end")
struct NoDisplayTests {
    @Test func aDamagedDocumentIsLeftAloneWhenThereIsNoDisplay() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("touchtracker-nodisplay-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("touchtracker")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let document = folder.appendingPathComponent("drawing.json")
        try Data("not a drawing".utf8).write(to: document)

        let app = try AppProcess(arguments: [], display: ":9999", environment: ["XDG_DATA_HOME": home.path])
        #expect(app.waitForExit() == 1)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(lines)")
        #expect(lines.first?.contains("cannot open display") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["drawing.json"],
                "nothing renamed, nothing written")
        #expect(try Data(contentsOf: document) == Data("not a drawing".utf8))
    }
}
