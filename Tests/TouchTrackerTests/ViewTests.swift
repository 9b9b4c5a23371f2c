import Canvas
import Gestures
import Shapes
import Storage
import Testing
import Timing
@testable import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// Moving around the drawing: one document space shown through the view, the wheel, smooth scrolling, a
/// pinch, the middle and Space drags, the zoom keys, and the view a document opens with.
@Suite struct ViewTests {
    /// A driver whose model shows a 800x600 window at 100%, the document's corner in the window's.
    func driver(_ segments: [Segment] = [segment(100, 100, 300, 100)]) -> Driver { Driver(.with(segments)) }

    func scroll(_ app: AppController, dx: Double = 0, dy: Double = 0, at p: Point = point(400, 300), _ modifiers: Modifiers = [],
                smooth: Bool = false) {
        app.scroll(ScrollInput(dx: dx, dy: dy, at: p, modifiers: modifiers, isSmooth: smooth))
    }

    // MARK: - The tolerance on screen

    /// A click selects a shape within 20 px of it on screen at any zoom: 400 document px at 5%, 0.625 at 3200%.
    @Test(arguments: [0.05, 32.0])
    func theSelectionToleranceIsTwentyPixelsOnScreenAtAnyZoom(zoom: Double) {
        var model = CanvasModel.with([segment(100, 100, 300, 100)])
        model.move(to: model.view.zoomed(to: zoom, keeping: point(400, 300)))
        #expect(model.view.zoom == zoom)
        let line = model.view.window(point(200, 100))
        #expect(model.shape(at: model.view.document(point(line.x, line.y + 20))) == ShapeID(1), "20 px below it on screen")
        #expect(model.shape(at: model.view.document(point(line.x, line.y + 20.5))) == nil, "20.5 px below it")
        #expect(abs(model.selectionTolerance * model.view.scale - 20) < 1e-9)
    }

    @Test func aClickOnScreenSelectsWhereTheViewShowsTheShape() {
        let d = driver()
        d.app.scroll(ScrollInput(dy: 2, at: point(400, 300)))  // down two clicks: the line is 80 px higher on screen
        d.click(200, 20)
        d.wait(500)
        #expect(d.model.selectedID == ShapeID(1))
    }

    // MARK: - The wheel and smooth scrolling

    @Test func theWheelScrollsFortyPixelsAClickDownAndWithShiftOrItsSideButtonsAcross() {
        let d = driver()
        scroll(d.app, dy: 1)
        #expect(d.model.view.window(point(0, 0)) == point(0, -40), "the drawing moves up as the view scrolls down")
        scroll(d.app, dy: -3)
        #expect(d.model.view.window(point(0, 0)) == point(0, 80))
        scroll(d.app, dy: 1, [.shift])
        #expect(d.model.view.window(point(0, 0)) == point(-40, 80), "Shift+wheel scrolls across")
        scroll(d.app, dx: -2)
        #expect(d.model.view.window(point(0, 0)) == point(40, 80), "buttons 6 and 7 scroll across")
    }

    @Test func aSmoothScrollMovesByItsExactFractionsOfAClick() {
        let d = driver()
        for _ in 0..<40 { scroll(d.app, dy: 0.0125, smooth: true) }  // half a pixel each
        #expect(d.model.view.window(point(0, 0)) == point(0, -20))
    }

    @Test func theWheelScrollsAsFarOnScreenOnAScreenOfTwiceTheResolution() {
        let d = driver()
        d.app.setDisplayScale(2)
        scroll(d.app, dy: 1)
        #expect(d.model.view.window(point(0, 0)) == point(0, -80), "40 px at 96 dpi are 80 device pixels at 192")
    }

    @Test func controlWheelZoomsAboutThePointerKeepingTheDrawingPointUnderItWithinAPixel() {
        let d = driver()
        let pointer = point(523.25, 171.5)
        for clicks in [-1.0, -1, -2.5, 3, 7, -0.3, 11, -30, 100] {
            let under = d.model.view.document(pointer)
            scroll(d.app, dy: clicks, at: pointer, [.control], smooth: clicks != clicks.rounded())
            let shown = d.model.view.window(under)
            #expect(abs(shown.x - pointer.x) <= 1 && abs(shown.y - pointer.y) <= 1, "\(clicks): \(shown)")
        }
        #expect(d.model.view.zoom == ViewTransform.zoomRange.lowerBound, "no further out than 5%")
        scroll(d.app, dy: -1, at: pointer, [.control])
        #expect(abs(d.model.view.zoom - 0.05 * pow(2, 0.25)) < 1e-12, "a click up zooms in a step")
    }

    @Test func wheelClicksInAndAsManyOutAreExactly100PercentAgainAndSoAreFractionsThatAddUpToSteps() {
        let d = driver()
        let pointer = point(523.25, 171.5)
        for _ in 0..<3 { scroll(d.app, dy: -1, at: pointer, [.control]) }
        #expect(d.model.view.zoom == pow(2, 0.75))
        for _ in 0..<3 { scroll(d.app, dy: 1, at: pointer, [.control]) }
        #expect(d.model.view.zoom == 1, "not 0.9999999999999998, which the title would show as 99%")
        for _ in 0..<10 { scroll(d.app, dy: -0.1, at: pointer, [.control], smooth: true) }
        #expect(d.model.view.zoom == pow(2, 0.25), "ten tenths of a click are a step")
    }

    @Test func aWheelTurnedDuringADragNeitherEndsNorBreaksIt() {
        let d = driver([])
        d.down(100, 100)
        d.wait(20)
        d.move(150, 100)
        scroll(d.app, dy: 1)
        d.wait(20)
        d.move(200, 100)
        d.wait(20)
        d.up(200, 100)
        d.wait(500)
        #expect(d.model.drawing.shapes.count == 1, "one line, drawn across the scroll")
        #expect(d.model.segments == [segment(100, 100, 200, 140)], "it ends where the pointer is in the drawing, now 40 px further down")
    }

    // MARK: - A pinch

    @Test func aPinchZoomsAboutItsCentreAndFollowsItAndACancelledOnePutsTheViewBack() {
        let d = driver()
        let centre = point(300, 200), under = d.model.view.document(centre)
        d.app.pinch(PinchInput(.began, at: centre, scale: 1))
        d.app.pinch(PinchInput(.changed, at: centre, scale: 2))
        #expect(d.model.view.zoom == 2)
        #expect(d.model.view.window(under) == centre)
        d.app.pinch(PinchInput(.changed, at: point(320, 190), scale: 2.5))
        #expect(d.model.view.zoom == 2.5)
        let followed = d.model.view.window(under)
        #expect(abs(followed.x - 320) <= 0.5 && abs(followed.y - 190) <= 0.5, "the point follows the fingers: \(followed)")
        d.app.pinch(PinchInput(.ended, at: point(320, 190), scale: 2.5))
        #expect(d.model.view.zoom == 2.5)

        let before = d.model.view
        d.app.pinch(PinchInput(.began, at: centre, scale: 1))
        d.app.pinch(PinchInput(.changed, at: point(100, 100), scale: 0.5))
        d.app.pinch(PinchInput(.cancelled, at: point(100, 100), scale: 0.5))
        #expect(d.model.view == before, "a cancelled pinch leaves the view as it was")
    }

    // MARK: - Dragging the view

    @Test func aMiddleDragMovesTheViewAndNeitherDrawsNorSelectsNorClears() {
        let d = driver()
        d.down(400, 300, button: 2)
        for step in 1...5 { d.wait(10); d.move(400 - Double(step) * 10, 300 + Double(step) * 4) }
        d.up(350, 320, button: 2)
        d.wait(500)
        #expect(d.model.view.window(point(0, 0)) == point(-50, 20))
        #expect(d.model.drawing.shapes.count == 1 && d.model.selection.isEmpty && !d.model.canUndo)
        // A middle double click does not clear either.
        d.click(200, 120, button: 2); d.wait(50); d.click(200, 120, button: 2); d.wait(500)
        #expect(d.model.drawing.shapes.count == 1)
    }

    @Test func spaceDragMovesTheViewAndSpaceClicksDoNothing() {
        let d = driver()
        #expect(d.app.key(KeyBindings.space) == nil)
        d.drag(from: (400, 300), to: (440, 260))
        #expect(d.model.view.window(point(0, 0)) == point(40, -40))
        d.click(240, 60); d.wait(60); d.click(240, 60); d.wait(500)  // on the line, twice
        #expect(d.model.drawing.shapes.count == 1 && d.model.selection.isEmpty, "no select, no clear")
        d.down(100, 100)
        d.app.keyReleased(KeyBindings.space)  // let go during the drag: it stays a move to its end
        d.wait(10); d.move(110, 100); d.wait(10); d.up(110, 100); d.wait(500)
        #expect(d.model.view.window(point(0, 0)) == point(50, -40) && d.model.drawing.shapes.count == 1)
        d.drag(from: (100, 400), to: (300, 400))
        #expect(d.model.drawing.shapes.count == 2, "Space released: a drag draws again")
    }

    @Test func losingTheKeyboardLetsSpaceGo() {
        let d = driver([])
        _ = d.app.key(KeyBindings.space)
        d.app.focusLost()
        d.drag(from: (100, 100), to: (200, 100))
        #expect(d.model.drawing.shapes.count == 1)
    }

    // MARK: - Keys

    @Test func theZoomKeysStepInAndOutAboutTheMiddleAndLandOnTheSteps() {
        var model = CanvasModel.with([segment(100, 100, 300, 100)])
        let centre = model.canvasArea.centre  // the middle of the window below the toolbar
        #expect(centre.x == 400 && centre.y > 300)
        let middle = model.view.document(centre)
        model.key(.character("="), .control)
        #expect(abs(model.view.zoom - pow(2, 0.25)) < 1e-12)
        let stayed = model.view.window(middle)
        #expect(abs(stayed.x - centre.x) <= 0.5 && abs(stayed.y - centre.y) <= 0.5, "the middle stays")
        model.key(.character("+"), [.control, .shift])
        model.key(.keypadPlus)
        #expect(abs(model.view.zoom - pow(2, 0.75)) < 1e-12)
        model.key(.character("-"), .control)
        model.key(.keypadMinus, .control)
        #expect(abs(model.view.zoom - pow(2, 0.25)) < 1e-12)
        model.move(to: model.view.zoomed(to: 1.3, keeping: centre))
        model.key(.keypadMinus)
        #expect(abs(model.view.zoom - pow(2, 0.25)) < 1e-12, "from between two steps, the next one down")
        for _ in 0..<40 { model.key(.keypadPlus) }
        #expect(model.view.zoom == 32)
        for _ in 0..<60 { model.key(.keypadMinus) }
        #expect(model.view.zoom == 0.05)
        model.key(.character("1"), .control)
        let back = model.view.window(middle)
        #expect(model.view.zoom == 1 && abs(back.x - centre.x) <= 0.5 && abs(back.y - centre.y) <= 0.5,
                "100 steps later the middle has not crept")
    }

    @Test func controlZeroFitsTheWholeDrawingAndAnEmptyOneShowsAt100Percent() {
        var model = CanvasModel.with([segment(-1000, 0, 3000, 500), segment(0, 2000, 10, 2000)])
        model.key(.character("0"), .control)
        let painted = model.drawing.paintedBounds!
        let shown = model.view.window(painted)
        #expect(shown.minX >= 19.5 && shown.maxX <= 780.5 && shown.minY >= 0 && shown.maxY <= 600)
        #expect(abs(shown.minX - 20) <= 0.5 || abs(shown.minY - 20) <= 0.5, "as large as fits, 20 px from the edge")
        var empty = CanvasModel()
        empty.key(.character("="), .control)
        empty.key(.character("0"), .control)
        #expect(empty.view == ViewTransform())
        #expect(model.key(.character("0")) == nil && model.pen.colour == .byAngle, "0 without Ctrl is still the colour by angle")
    }

    // MARK: - The document's bounds

    @Test func panningCannotTakeTheViewBeyondTheDocumentsBoundsNorDrawingPlaceAPointThere() {
        let d = driver([])
        for _ in 0..<100 { scroll(d.app, dy: 10, [.control]) }  // out to 5%
        for _ in 0..<200 { scroll(d.app, dy: 1000) }
        let centre = d.model.view.document(point(400, 300))
        #expect(abs(centre.y - ViewTransform.documentLimit) < 1 / d.model.view.scale + 1e-6)
        d.drag(from: (400, 300), to: (400, 590))
        #expect(d.model.segments.first.map { $0.end.y <= ViewTransform.documentLimit } == true)
    }

    // MARK: - The view a document opens with

    @Test func aDrawingThatFitsOpensAt100PercentFromTheCornerAndOneThatDoesNotOpensFitted() throws {
        #expect(CanvasModel.with([segment(0, 0, 800, 600)]).view == ViewTransform(), "a line to the window's corner fits")
        let large = CanvasModel.with([segment(0, 0, 2400, 1200)])
        #expect(large.view.zoom < 1)
        let painted = large.view.window(large.drawing.paintedBounds!)
        #expect(painted.minX >= 0 && painted.minY >= 0 && painted.maxX <= 800 && painted.maxY <= 600, "all of it in the window")
        let far = CanvasModel.with([segment(5000, 5000, 5100, 5050)])
        #expect(far.view.zoom == 1, "fitted, never magnified")
        let below = try #require(far.toolbarFrame).maxY
        #expect(far.canvasArea == Rect(minX: 0, minY: below, maxX: 800, maxY: 600), "the toolbar's strip is not the canvas's")
        #expect(far.view.window(point(5050, 5025)) == far.canvasArea.centre, "centred below the toolbar")
    }

    @Test func theOpeningViewFollowsTheWindowAndTheScreenUntilTheViewIsMoved() {
        var model = CanvasModel.with([segment(0, 0, 2400, 1200)])
        let small = model.view.zoom
        model.setVisibleArea(Rect(x: 0, y: 0, width: 1600, height: 1200))
        #expect(model.view.zoom > small, "a window manager's resize: fitted again")
        model.setDisplayScale(2)
        #expect(model.view.scale < 1 && model.view.window(model.drawing.paintedBounds!).maxX <= 1600)
        model.scroll(ScrollInput(dy: 1, at: point(10, 10)))
        let moved = model.view
        model.setVisibleArea(Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(model.view.zoom == moved.zoom && model.view.window(.zero) == moved.window(.zero), "moved: it stays put")
    }

    @Test func aRememberedViewIsRestoredWhileItShowsPartOfTheDrawing() {
        var drawing = Drawing()
        drawing.add(.line(segment(0, 0, 3000, 3000)))
        let remembered = RememberedView(zoom: 2, centre: point(1500, 1500))
        let restored = CanvasModel(drawing: drawing, rememberedView: remembered)
        #expect(restored.view.zoom == 2 && restored.view.window(point(1500, 1500)) == restored.canvasArea.centre)
        #expect(restored.placedView == nil, "opened so, it is not moved yet")
        let astray = CanvasModel(drawing: drawing, rememberedView: RememberedView(zoom: 2, centre: point(-9000, 0)))
        #expect(astray.view.zoom < 1, "a view showing nothing of the drawing is not restored: it opens fitted")
    }

    // MARK: - The core

    @Test func theTitleShowsTheZoomWhenItIsNot100Percent() throws {
        let core = try CoreDriver()
        core.key(.character("="), .control)
        #expect(core.titles.last == "drawing.json — 119% — TouchTracker")
        core.key(.character("1"), .control)
        #expect(core.titles.last == "drawing.json — TouchTracker")
        #expect(AppCore.percent(0.05) == "5%" && AppCore.percent(0.0595) == "6%" && AppCore.percent(0.0525) == "5.3%")
        #expect(AppCore.percent(0.9999) == "99%" && AppCore.percent(32) == "3200%")
    }

    @Test func aViewThatStaysPutForASecondIsRememberedAndSoIsTheLastOneOnClosing() throws {
        let core = try CoreDriver()
        core.handle(.scroll(ScrollInput(dy: 1, at: point(10, 10))))
        core.advance(to: at(500))
        core.handle(.scroll(ScrollInput(dy: 1, at: point(10, 10))))
        #expect(core.rememberedViews.isEmpty)
        core.advance(to: at(1_600))
        #expect(core.rememberedViews == [RememberedView(zoom: 1, centre: point(200, 230))])
        core.handle(.key(.character("="), .control))
        core.handle(.closeRequested)
        #expect(core.rememberedViews.count == 2 && core.rememberedViews.last?.zoom == pow(2, 0.25))
        #expect(core.exitStatus == 0)
    }

    @Test func ctrlOShowsTheOtherDrawingAsItWasLeftAndNeverRemembersThisOnesViewUnderItsName() throws {
        let core = try CoreDriver()
        let first = core.store.path, other = FilePath(core.folder + "/other.json")
        try DocumentStore(path: other).save(Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(segment(10, 10, 90, 10)))]))
        let othersView = RememberedView(zoom: 2, centre: point(50, 10))
        core.viewMemory.remember(othersView, for: other)
        core.key(.character("="), .control)  // this drawing's view changes…
        let zoomed = try #require(core.core.model.placedView)
        core.advance(to: at(500))
        core.key(.character("o"), .control)  // …and the other opens before the view's timer fires
        core.handle(.fileChosen(.chosen(other)))
        #expect(core.core.title == "other.json — 200% — TouchTracker", "the other's view, looked up as at start")
        let shown = core.core.model.view.document(core.core.model.canvasArea)
        #expect(shown.minX < 50 && 50 < shown.maxX && shown.minY < 10 && 10 < shown.maxY, "showing the point it was left at")
        core.advance(to: at(5_000))
        #expect(core.viewMemory.view(for: first) == zoomed, "this drawing's view, under its own name")
        #expect(core.viewMemory.view(for: other) == othersView, "the other's, untouched")
        core.key(.character("-"), .control)
        core.advance(to: at(7_000))
        #expect(core.viewMemory.view(for: other)?.zoom == pow(2, 0.75), "the other's own moves are remembered for it")
        #expect(core.viewMemory.view(for: first) == zoomed)
    }

    @Test func savingAsRemembersTheViewForTheOldNameThenForTheNewOne() throws {
        let core = try CoreDriver(drawing: Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(segment(10, 10, 90, 10)))]))
        let first = core.store.path, copy = FilePath(core.folder + "/copy.json")
        core.key(.character("="), .control)
        let zoomed = try #require(core.core.model.placedView)
        core.advance(to: at(300))
        core.key(.character("s"), [.control, .shift])
        core.handle(.fileChosen(.chosen(copy)))
        #expect(core.core.title.hasPrefix("copy.json"))
        #expect(core.viewMemory.view(for: first) == zoomed, "remembered for the name it was left under")
        core.advance(to: at(2_000))
        #expect(core.viewMemory.view(for: copy) == zoomed, "and for the new name, which the window shows it under now")
    }

    @Test func aDoubleClickThatClearsSaysHowManyAndThatControlZBringsThemBack() throws {
        let core = try CoreDriver()
        core.drawLine(from: GesturePoint(x: 10, y: 10), to: GesturePoint(x: 100, y: 10), at: 0)
        core.drawLine(from: GesturePoint(x: 10, y: 50), to: GesturePoint(x: 100, y: 50), at: 100)
        core.click(at: GesturePoint(x: 200, y: 200), at: 1_000)
        core.click(at: GesturePoint(x: 200, y: 200), at: 1_100)
        #expect(core.core.model.drawing.shapes.isEmpty)
        #expect(core.core.scene.overlays.map(\.texts) == [["Cleared 2 shapes — Ctrl+Z brings them back"]])
    }

    @Test func shapesOutOfSightAreHintedAtTheEdgesTheyLieBeyond() throws {
        let core = try CoreDriver()
        #expect(core.core.scene.hints.isEmpty)
        core.drawLine(from: GesturePoint(x: 100, y: 100), to: GesturePoint(x: 300, y: 100), at: 0)
        #expect(core.core.scene.hints.isEmpty, "all of it is in sight")
        core.handle(.scroll(ScrollInput(dy: 5, at: point(10, 10))))  // 200 px down: the line is above the window
        let hints = core.core.scene.hints
        #expect(hints.count == 1)
        #expect(hints.first.map { $0.minY == 0 && $0.height == 4 && $0.minX <= 100 && $0.maxX >= 300 } == true,
                "a bar along the top edge, beside the line: \(hints)")
        core.handle(.scroll(ScrollInput(dx: 10, at: point(10, 10))))  // 400 px right: off the top left corner
        #expect(core.core.scene.hints.count == 2, "left and top: \(core.core.scene.hints)")
    }
}
