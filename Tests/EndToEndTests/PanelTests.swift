import CX11
import Shapes
import Testing
@testable import TouchTracker
import XTestHarness

/// The panels as they reach the screen: the menu as large as the resolution asks, following a settings
/// manager the test plays, and the help readable and scrolling in a small window.
@Suite("Panels, end to end", .serialized)
struct PanelTests {
    static let border: UInt32 = 0x99_9999

    @Test func theMenuDoublesAt192DpiWhileItIsOpen() throws {
        let running = try RunningApp(geometry: "800x600+0+0")
        let client = running.client
        running.drawLine(from: (50, 100), to: (350, 100))
        client.move(to: 100, 100)
        client.click(3)
        // The shape's menu as the app lays it out (Delete, the colours, the widths, separators between), opened
        // just right of and below the click, with a border 1 px wide at 96 dpi and 2 px at 192.
        func menu(scale: Double) -> Rect {
            ContextMenu(.selection, entries: ContextMenu.shapeEntries, at: Point(x: 100, y: 100),
                        inside: Rect(x: 0, y: 0, width: 800, height: 600), scale: scale).frame
        }
        let one = menu(scale: 1)
        let right = Int(one.maxX) - 1, bottom = Int(one.maxY) - 1
        #expect(running.waitForPixel(right, 120, toBe: Self.border) == Self.border, "the right border")
        #expect(running.pixel(right + 2, 120) == Colours.white)
        #expect(running.pixel(160, bottom) == Self.border && running.pixel(160, bottom + 2) == Colours.white, "the bottom border")

        // The desktop says 192 dpi (Xft/DPI is dpi × 1024): the open menu doubles (in columns where the window's
        // height asks), with a 2 px border.
        let manager = SettingsManager(client: client, ["Xft/DPI": 192 * 1024])
        defer { manager.quit() }
        let two = menu(scale: 2)
        #expect(two.width > 1.8 * one.width)
        let right2 = Int(two.maxX) - 1, bottom2 = Int(two.maxY) - 1
        #expect(running.waitForPixel(right2, 120, toBe: Self.border) == Self.border, "the right border, twice as far")
        #expect(running.pixel(right2 - 1, 120) == Self.border && running.pixel(right2 + 2, 120) == Colours.white)
        #expect(running.pixel(220, bottom2) == Self.border && running.pixel(220, bottom2 - 1) == Self.border, "the bottom border")
        #expect(running.pixel(220, bottom2 + 2) == Colours.white)

        client.move(to: right + 10, 130)  // beyond the menu at 96 dpi, on Delete at 192
        client.click()
        #expect(running.waitForPixel(60, 100, toBe: Colours.white) == Colours.white, "Delete is where it is drawn")
    }

    @Test func inASmallWindowTheHelpFitsAndScrollsWithTheArrowsAndPageKeys() throws {
        let running = try RunningApp(geometry: "260x160+0+0")
        let client = running.client, window = running.window
        client.key(XK_F1)
        // Rows of 15 px (9 px text), ten of them from y = 5: the panel ends 5 px above the window's bottom.
        #expect(running.waitForPixel(130, 154, toBe: Self.border) == Self.border, "the panel's bottom border")
        #expect(running.pixel(130, 156) == Colours.white, "below the panel, the canvas")
        #expect(running.pixel(130, 4) == Colours.white && running.pixel(130, 5) == Self.border, "the top border")
        func row(_ index: Int) -> [UInt32] { client.pixels(window, x: 1, y: 5 + 15 * index + 1, width: 258, height: 13) }
        func hasText(_ pixels: [UInt32]) -> Bool { pixels.contains { $0 < 0x80_8080 } }
        let before = (0..<10).map(row)
        #expect(before.allSatisfy(hasText), "every row inside the window has text")

        client.key(XK_Down)
        waitUntil(timeout: 5) { row(0) != before[0] }
        #expect(row(0) == before[1], "the rows moved up by one")
        // The last row, which says how to scroll, stays (in as many lines as it takes); the others scroll.
        let scrolling = HelpPanel.layout(in: Rect(x: 0, y: 0, width: 260, height: 160), scale: 1).scrollingRows
        #expect(row(scrolling - 2) == before[scrolling - 1])
        #expect(row(9) == before[9], "the last row stays")

        client.key(XK_Page_Down)
        waitUntil(timeout: 5) { row(0) != before[1] }
        #expect(row(0) != before[1] && row(0) != before[0], "a page further")
        #expect(row(9) == before[9])
    }
}
