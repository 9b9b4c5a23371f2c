import Shapes
import Testing
import TouchTracker

@Suite struct DisplayScaleTests {
    @Test func atTwiceTheResolutionAClick40PixelsAwayStillSelects() {
        let app = AppController(model: .with([segment(100, 100, 300, 100)]))
        #expect(app.model.shape(at: point(200, 140)) == nil)
        app.setDisplayScale(2)
        #expect(app.model.shape(at: point(200, 140)) == ShapeID(1))
        #expect(app.model.shape(at: point(200, 141)) == nil)
    }

    @Test func scaleOneIsTheDesignAt96DPI() {
        let app = AppController(model: CanvasModel())
        app.setDisplayScale(1)
        #expect(app.model.selectionTolerance == 20)
    }
}
