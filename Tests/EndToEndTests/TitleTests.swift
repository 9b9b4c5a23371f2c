import TestSupport
import Testing
import XTestHarness

/// The title and the icon name, in every property a window manager may read: the EWMH ones in UTF-8, and
/// the ICCCM ones as STRING or COMPOUND_TEXT, which carries what Latin-1 cannot.
@Suite("Titles and icon names, end to end", .serialized)
struct TitleTests {
    @Test func aTitleBeyondLatin1IsCompoundTextInWMNameAndTheIconNamesAreTheTitle() throws {
        let folder = try TemporaryFolder("e2e")
        let running = try RunningApp(arguments: [folder.file("日本語 Привет.json")])
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
        let folder = try TemporaryFolder("e2e")
        try folder.write("", to: "blocker")
        let running = try RunningApp(arguments: [folder.file("blocker/drawing.json")])
        let client = running.client, window = running.window
        running.drawLine(from: (50, 100), to: (250, 100))  // its save fails: the title says unsaved
        let unsaved = "drawing.json (unsaved) — TouchTracker"
        #expect(waitUntil(timeout: 5) { client.text(window, "_NET_WM_ICON_NAME") == unsaved })
        #expect(client.iccText(window, "WM_ICON_NAME")?.text == unsaved)
        #expect(client.iccText(window, "WM_NAME")?.text == unsaved)
    }
}
