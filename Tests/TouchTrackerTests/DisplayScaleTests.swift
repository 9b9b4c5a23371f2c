import Document
import Testing
import TouchTracker

@Suite struct DisplayScaleTests {
    @Test func atTwiceTheResolutionAClick40PixelsAwayStillSelects() {
        let app = AppController(model: .with([segment(100, 100, 300, 100)]))
        #expect(app.model.line(at: point(200, 140)) == nil)
        app.setDisplayScale(2)
        #expect(app.model.line(at: point(200, 140)) == LineID(1))
        #expect(app.model.line(at: point(200, 141)) == nil)
    }

    @Test func atTwiceTheResolutionTheDamageCoversTheWiderStroke() {
        let app = AppController(model: CanvasModel())
        app.setDisplayScale(2)
        var model = app.model
        _ = model.takeDamage()
        model.contactBegan(mouse, at: point(100, 100))
        model.contactMoved(mouse, to: point(200, 150))
        // Half the 20 px stroke and a pixel on every side.
        #expect(model.takeDamage() == Rect(minX: 89, minY: 89, maxX: 211, maxY: 161))
    }

    @Test func scaleOneIsTheDesignAt96DPI() {
        let app = AppController(model: CanvasModel())
        app.setDisplayScale(1)
        #expect(app.model.selectionTolerance == 20)
        #expect(app.model.lineWidth == 10)
    }
}
