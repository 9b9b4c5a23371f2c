import Document
import Testing
import TouchTracker

@Suite struct DamageTests {
    @Test func aNewModelNeedsAFullRepaintAndThenNothing() {
        var model = CanvasModel(canvasSize: CanvasSize(width: 640, height: 480))
        #expect(model.takeDamage() == Rect(x: 0, y: 0, width: 640, height: 480))
        #expect(model.takeDamage() == nil)
    }

    @Test func drawingDamagesTheLineWidenedByHalfTheStrokeAndAPixel() {
        var model = CanvasModel()
        _ = model.takeDamage()
        model.contactBegan(mouse, at: point(100, 100))
        model.contactMoved(mouse, to: point(200, 150))
        #expect(model.takeDamage() == Rect(minX: 94, minY: 94, maxX: 206, maxY: 156))
    }

    @Test func selectingDamagesOnlyTheLinesThatChangeColour() {
        var model = CanvasModel.with([segment(0, 100, 200, 100), segment(0, 300, 200, 300), segment(500, 0, 600, 0)])
        _ = model.takeDamage()
        model.click(at: point(100, 100))
        #expect(model.takeDamage() == Rect(minX: -6, minY: 94, maxX: 206, maxY: 106))
        model.click(at: point(100, 300))
        #expect(model.takeDamage() == Rect(minX: -6, minY: 94, maxX: 206, maxY: 306))
        model.click(at: point(100, 300))  // the same line again: only it (provisional, then firm)
        #expect(model.takeDamage() == Rect(minX: -6, minY: 294, maxX: 206, maxY: 306))
        model.click(at: point(700, 500))  // deselecting repaints the line that was green
        #expect(model.takeDamage() == Rect(minX: -6, minY: 294, maxX: 206, maxY: 306))
        model.click(at: point(700, 500))  // nothing selected, nothing to select: nothing to repaint
        #expect(model.takeDamage() == nil)
    }

    @Test func openingTheMenuDamagesItsFrame() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        _ = model.takeDamage()
        model.secondaryClick(at: point(100, 100))
        #expect(model.takeDamage() == Rect(x: 100, y: 100, width: 120, height: 28))
    }
}
