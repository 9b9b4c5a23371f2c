import CX11
import Shapes
import Testing
@testable import TouchTracker
import XTestHarness
#if canImport(Glibc)
import Glibc
#endif

/// Menus and feedback as they reach the screen: the hover highlight follows the pointer and the keys move it
/// (its pixels read back), Return and a press-drag-release choose (the next line's colour read back), and the
/// double click's clear says so in the window and Ctrl+Z brings the shapes back. Positions come from the app's
/// own layout (`ContextMenu`, `Notice`), so the test reads the pixels where the app draws.
@Suite("Menus and the clear's notice, end to end", .serialized)
struct MenuEndToEndTests {
    static let highlight: UInt32 = 0x3584E4, background: UInt32 = 0xF5F5F5, chosen: UInt32 = 0xD0DEF8
    static let area = Rect(x: 0, y: 0, width: 640, height: 480)

    /// The canvas menu as the app lays it out when opened at `point` in the 640x480 window at 96 dpi.
    static func canvasMenu(at point: (Int, Int)) -> ContextMenu {
        ContextMenu(.canvas, entries: ContextMenu.canvasEntries, at: Point(x: Double(point.0), y: Double(point.1)), inside: area)
    }

    /// A pixel of entry `index`'s row with no text on it: its background.
    static func probe(_ menu: ContextMenu, _ index: Int) -> (Int, Int) {
        let row = menu.frame(ofEntry: index)
        return (Int(row.maxX) - 4, Int(row.minY) + 2)
    }

    /// Entry `index` of the menu: the colour Pen.palette[index].
    static func colourEntry(_ menu: ContextMenu, _ index: Int) -> Int {
        menu.entries.firstIndex(of: .item(.colour(index)))!
    }

    /// Draws a line across y = `y` and reads its middle's colour once it is no longer the red of a line in progress.
    func colourOfALine(_ running: RunningApp, y: Int) -> UInt32 {
        running.client.drag(from: (300, y), to: (500, y))
        running.client.release()
        _ = waitUntil(timeout: 5) { let colour = running.pixel(400, y); return colour != Colours.white && colour != Colours.red }
        return running.pixel(400, y)
    }

    @Test func theHighlightFollowsThePointerAndTheKeysAndReturnChoosesIt() throws {
        let running = try RunningApp(geometry: "640x480+0+0")
        let client = running.client
        client.move(to: 100, 100)
        client.click(3)  // a click: the menu stays open
        let menu = Self.canvasMenu(at: (100, 100))
        let blue = Self.colourEntry(menu, 1), orange = Self.colourEntry(menu, 2), purple = Self.colourEntry(menu, 3)
        func shade(_ entry: Int) -> UInt32 { let p = Self.probe(menu, entry); return running.pixel(p.0, p.1) }
        let blueProbe = Self.probe(menu, blue), orangeProbe = Self.probe(menu, orange)
        #expect(running.waitForPixel(blueProbe.0, blueProbe.1, toBe: Self.background) == Self.background, "open, nothing lit")

        client.move(to: Int(menu.frame(ofEntry: blue).centre.x), Int(menu.frame(ofEntry: blue).centre.y))
        #expect(running.waitForPixel(blueProbe.0, blueProbe.1, toBe: Self.highlight) == Self.highlight, "Blue lit under the pointer")
        client.move(to: Int(menu.frame(ofEntry: orange).centre.x), Int(menu.frame(ofEntry: orange).centre.y))
        #expect(running.waitForPixel(orangeProbe.0, orangeProbe.1, toBe: Self.highlight) == Self.highlight, "then Orange")
        #expect(running.waitForPixel(blueProbe.0, blueProbe.1, toBe: Self.background) == Self.background, "and Blue no more")

        client.key(XK_Down)
        let purpleProbe = Self.probe(menu, purple)
        #expect(running.waitForPixel(purpleProbe.0, purpleProbe.1, toBe: Self.highlight) == Self.highlight, "Down: Purple")
        #expect(shade(orange) == Self.background)
        client.key(XK_Up)
        client.key(XK_Up)
        #expect(running.waitForPixel(blueProbe.0, blueProbe.1, toBe: Self.highlight) == Self.highlight, "Up, Up: Blue")
        #expect(shade(purple) == Self.background && shade(orange) == Self.background)
        client.key(XK_Return)
        #expect(running.waitForPixel(blueProbe.0, blueProbe.1, toBe: Colours.white) == Colours.white, "chosen: the menu closed")
        #expect(colourOfALine(running, y: 400) == 0x1E50DC, "and the pen draws in Blue")
    }

    @Test func aRightPressDraggedToAnItemAndReleasedThereChoosesIt() throws {
        let running = try RunningApp(geometry: "640x480+0+0")
        let client = running.client
        let menu = Self.canvasMenu(at: (100, 100))
        let teal = menu.frame(ofEntry: Self.colourEntry(menu, 5))
        client.move(to: 100, 100)
        client.press(3)
        let probe = Self.probe(menu, Self.colourEntry(menu, 5))
        #expect(running.waitForPixel(probe.0, probe.1, toBe: Self.background) == Self.background, "open while held")
        for step in 1...10 {  // the press held, as a hand moves
            client.move(to: 100 + (Int(teal.centre.x) - 100) * step / 10, 100 + (Int(teal.centre.y) - 100) * step / 10)
        }
        #expect(running.waitForPixel(probe.0, probe.1, toBe: Self.highlight) == Self.highlight, "Teal lit under the held press")
        client.release(3)
        #expect(running.waitForPixel(probe.0, probe.1, toBe: Colours.white) == Colours.white, "released there: closed")
        #expect(colourOfALine(running, y: 400) == 0x008C8C, "and Teal chosen")
    }

    @Test func aDoubleClickClearSaysSoInTheWindowAndCtrlZBringsTheShapesBack() throws {
        // A long double-click time: the two clicks below are a double click however loaded the machine is.
        let running = try RunningApp(arguments: ["--double-click-ms", "3000"], geometry: "400x300+0+0")
        let client = running.client
        running.drawLine(from: (50, 60), to: (350, 60))
        running.drawLine(from: (50, 120), to: (350, 120))
        let notice = Notice(text: "Cleared 2 shapes — Ctrl+Z brings them back")
            .overlay(in: Rect(x: 0, y: 0, width: 400, height: 300), scale: 1).frame
        let inside = (Int(notice.minX) + 3, Int(notice.minY) + 3)
        #expect(running.pixel(inside.0, inside.1) == Colours.white, "no notice yet")
        client.move(to: 200, 200)
        // Each click held 20 ms, the second 100 ms after the first (a press sooner than 40 ms after a release is
        // a contact's bounce, not a second click): the shape of a hand's double click.
        for _ in 0..<2 {
            client.press()
            usleep(20_000)
            client.release()
            usleep(100_000)
        }
        #expect(running.waitForPixel(200, 60, toBe: Colours.white) == Colours.white, "cleared")
        #expect(running.waitForPixel(inside.0, inside.1, toBe: Self.background) == Self.background, "the notice is shown")
        let text = running.client.pixels(running.window, x: Int(notice.minX) + 4, y: Int(notice.minY) + 4,
                                         width: Int(notice.width) - 8, height: Int(notice.height) - 8)
        #expect(text.contains { $0 < 0x80_8080 }, "with its text")
        #expect(running.pixel(200, 120) == Colours.white)
        client.key(XK_z, modifiers: [XK_Control_L])
        #expect(running.waitForPixel(200, 60, toBe: Colours.black) == Colours.black, "Ctrl+Z: back")
        #expect(running.waitForPixel(200, 120, toBe: Colours.black) == Colours.black)
    }
}
