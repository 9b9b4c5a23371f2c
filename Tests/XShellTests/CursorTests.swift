import CX11
import Testing
import TouchTracker
@testable import XShell

@Suite("The cursor over the canvas")
struct CursorTests {
    @Test func everyToolsCursorIsInTheCursorFont() {
        for tool in Tool.table {
            #expect(CanvasWindow.cursorGlyph(ifAny: tool.cursor) != nil, "\(tool.name): \(tool.cursor)")
        }
        #expect(CanvasWindow.cursorGlyph(named: "crosshair") == UInt32(XC_crosshair))
        #expect(CanvasWindow.cursorGlyph(named: "no such cursor") == UInt32(XC_crosshair), "a name the font lacks: the crosshair")
    }
}
