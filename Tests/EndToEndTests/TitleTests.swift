import Foundation
import Testing
import XTestHarness

/// The title and the icon name, in every property a window manager may read: the EWMH ones in UTF-8, and
/// the ICCCM ones as STRING or COMPOUND_TEXT, which carries what Latin-1 cannot.
@Suite("Titles and icon names, end to end", .serialized)
struct TitleTests {
    @Test func aTitleBeyondLatin1IsCompoundTextInWMNameAndTheIconNamesAreTheTitle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchtracker-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let running = try RunningApp(arguments: [folder.appendingPathComponent("日本語 Привет.json").path])
        let client = running.client, window = running.window
        let title = "日本語 Привет.json — TouchTracker"
        #expect(client.text(window, "_NET_WM_NAME") == title)
        #expect(client.text(window, "_NET_WM_ICON_NAME") == title)
        for property in ["WM_NAME", "WM_ICON_NAME"] {
            let text = client.iccText(window, property)
            #expect(text?.type == "COMPOUND_TEXT", "\(property)")
            #expect(text?.text == title, "\(property)")
        }
    }

    @Test func theIconNamesFollowTheTitleWhenItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchtracker-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("blocker").path, contents: Data())
        let running = try RunningApp(arguments: [folder.appendingPathComponent("blocker/drawing.json").path])
        let client = running.client, window = running.window
        running.drawLine(from: (50, 100), to: (250, 100))  // its save fails: the title says unsaved
        let unsaved = "drawing.json (unsaved) — TouchTracker"
        let deadline = Date().addingTimeInterval(5)
        while client.text(window, "_NET_WM_ICON_NAME") != unsaved, Date() < deadline { usleep(20_000) }
        #expect(client.text(window, "_NET_WM_ICON_NAME") == unsaved)
        #expect(client.iccText(window, "WM_ICON_NAME")?.text == unsaved)
        #expect(client.iccText(window, "WM_NAME")?.text == unsaved)
    }
}
