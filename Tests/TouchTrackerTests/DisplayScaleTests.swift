import Canvas
import Shapes
import Testing
import TouchTracker

@Suite struct DisplayScaleTests {
    /// At 192 dpi the drawing shows twice as large, and the 20 px of the selection tolerance are 40 device
    /// pixels on screen: 20 document px at 100%.
    @Test func atTwiceTheResolutionAClick40DevicePixelsAwayStillSelects() {
        let app = AppController(model: .with([segment(100, 100, 300, 100)]))
        app.setDisplayScale(2)
        let view = app.model.view
        #expect(view.window(point(200, 100)) == point(400, 200), "the line is twice as far from the corner")
        #expect(app.model.shape(at: view.document(point(400, 240))) == ShapeID(1))
        #expect(app.model.shape(at: view.document(point(400, 241))) == nil)
    }

    @Test func scaleOneIsTheDesignAt96DPI() {
        let app = AppController(model: CanvasModel())
        app.setDisplayScale(1)
        #expect(app.model.selectionTolerance == 20)
    }
}
