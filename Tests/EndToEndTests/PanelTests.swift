import CX11
import Testing
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
        client.press(3)
        client.release(3)
        // At 96 dpi: the shape's menu (Delete, 8 colours, 4 widths), 120 × 13 × 28 from the click, a 1 px border.
        #expect(running.waitForPixel(219, 120, toBe: Self.border) == Self.border, "the right border")
        #expect(running.pixel(221, 120) == Colours.white)
        #expect(running.pixel(160, 463) == Self.border && running.pixel(160, 465) == Colours.white, "the bottom border")

        // The desktop says 192 dpi (Xft/DPI is dpi × 1024): the open menu's items become 240 × 56, two columns
        // of 7 to fit the window's height, with a 2 px border.
        let manager = SettingsManager(client: client, ["Xft/DPI": 192 * 1024])
        defer { manager.quit() }
        #expect(running.waitForPixel(579, 120, toBe: Self.border) == Self.border, "the right border, two wide columns on")
        #expect(running.pixel(578, 120) == Self.border && running.pixel(581, 120) == Colours.white)
        #expect(running.pixel(220, 489) != Self.border, "inside")
        #expect(running.pixel(220, 490) == Self.border && running.pixel(220, 491) == Self.border, "the bottom border")
        #expect(running.pixel(220, 493) == Colours.white)

        client.move(to: 300, 150)  // beyond the menu's Delete at 96 dpi, on Delete at 192
        client.press()
        client.release()
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
        #expect(row(7) == before[8])
        #expect(row(9) == before[9], "the last row, which says how to scroll, stays")

        client.key(XK_Page_Down)
        waitUntil(timeout: 5) { row(0) != before[1] }
        #expect(row(0) != before[1] && row(0) != before[0], "a page further")
        #expect(row(9) == before[9])
    }
}
