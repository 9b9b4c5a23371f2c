import Shapes
import Storage
import Gestures
import Testing
import Timing
@testable import TouchTracker

/// Copy, cut and paste through the core, with the shell's answers scripted: no X.
@Suite("The clipboard, as the core decides it")
struct ClipboardTests {
    /// A driver whose drawing has a line (id 1) and a circle (id 2).
    func twoShapes() throws -> CoreDriver {
        let driver = try CoreDriver()
        driver.drawLine(from: GesturePoint(x: 50, y: 100), to: GesturePoint(x: 250, y: 100), at: 0)
        driver.handle(.pointer(GestureInput(.press(button: 1), contact: ContactID(device: 2), location: GesturePoint(x: 300, y: 150),
                                            modifiers: .shift, serverTime: ServerTime(milliseconds: 100), readTime: at(100))))
        driver.handle(.pointer(GestureInput(.motion, contact: ContactID(device: 2), location: GesturePoint(x: 340, y: 190),
                                            modifiers: .shift, serverTime: ServerTime(milliseconds: 105), readTime: at(105))))
        driver.handle(.pointer(GestureInput(.release(button: 1), contact: ContactID(device: 2), location: GesturePoint(x: 340, y: 190),
                                            modifiers: .shift, serverTime: ServerTime(milliseconds: 110), readTime: at(110))))
        driver.advance(to: at(1_000))
        return driver
    }

    /// Selects the line by clicking it, once the double click can no longer come.
    func selectTheLine(_ driver: CoreDriver) {
        driver.click(at: GesturePoint(x: 150, y: 102), at: 2_000)
        driver.advance(to: at(2_600))
        #expect(driver.core.model.selection.ids == [ShapeID(1)])
    }

    func json(_ drawing: Drawing) throws -> [UInt8] { try DrawingFormat.encode(drawing) }

    @Test func ctrlCWithNothingSelectedCopiesTheWholeDrawing() throws {
        let driver = try twoShapes()
        driver.key(.character("c"), .control)
        #expect(driver.copies == [driver.core.model.drawing.renumbered()])
        #expect(driver.core.scene.overlays.count == 1, "a notice says so")
        #expect(driver.core.model.drawing.shapes.count == 2, "copying changes nothing")
    }

    @Test func ctrlCCopiesTheSelectedShapeNumberedOne() throws {
        let driver = try twoShapes()
        selectTheLine(driver)
        driver.key(.character("c"), .control)
        let copied = try #require(driver.copies.first)
        #expect(copied.shapes.map(\.id) == [ShapeID(1)])
        #expect(copied.shapes.first?.geometry.segment == driver.core.model.drawing.shape(ShapeID(1))?.geometry.segment)
    }

    @Test func anEmptyDrawingHasNothingToCopy() throws {
        let driver = try CoreDriver()
        driver.key(.character("c"), .control)
        #expect(driver.copies.isEmpty)
    }

    @Test func ctrlXCopiesThenDeletesAsOneUndoableEdit() throws {
        let driver = try twoShapes()
        selectTheLine(driver)
        let line = try #require(driver.core.model.drawing.shape(ShapeID(1)))
        driver.key(.character("x"), .control)
        #expect(driver.copies.first?.shapes.count == 1)
        #expect(driver.core.model.drawing.shape(ShapeID(1)) == nil && driver.core.model.selection.isEmpty)
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing.shape(ShapeID(1)) == line, "one Ctrl+Z brings it back")
    }

    @Test func aCutThatCannotTakeTheClipboardDeletesNothing() throws {
        let driver = try twoShapes()
        selectTheLine(driver)
        driver.clipboardFailure = "the X server gave the clipboard to another program"
        driver.key(.character("x"), .control)
        #expect(driver.core.model.drawing.shapes.count == 2)
        #expect(driver.messages == ["cannot cut: the X server gave the clipboard to another program"])
    }

    @Test func ctrlXWithNothingSelectedCutsNothing() throws {
        let driver = try twoShapes()
        driver.key(.character("x"), .control)
        #expect(driver.copies.isEmpty && driver.core.model.drawing.shapes.count == 2)
    }

    @Test func pastedShapesAreCentredUnderThePointerNumberedAfterOursAndOneEdit() throws {
        let driver = try twoShapes()
        driver.key(.character("v"), .control)
        #expect(driver.pasteRequests == 1)
        driver.key(.character("v"), .control)
        #expect(driver.pasteRequests == 1, "a second Ctrl+V while the first comes is the same paste")
        // Two shapes whose bounds are 0...100 x 0...40: centred at (200, 150) they span 150...250 x 130...170.
        let pasted = Drawing(shapes: [
            Shape(id: ShapeID(7), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))),
            Shape(id: ShapeID(9), geometry: .ellipse(box: Segment(begin: Point(x: 20, y: 40), end: Point(x: 60, y: 10))),
                 style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 4)),
        ])
        driver.handle(.clipboardReceived(.shapes(try json(pasted)), pointer: Point(x: 200, y: 150)))
        let lines = driver.core.model.drawing.shapes
        #expect(lines.map(\.id) == [ShapeID(1), ShapeID(2), ShapeID(3), ShapeID(4)])
        #expect(lines[2].geometry.segment == Segment(begin: Point(x: 150, y: 130), end: Point(x: 250, y: 130)))
        #expect(lines[3].geometry.segment == Segment(begin: Point(x: 170, y: 170), end: Point(x: 210, y: 140)))
        #expect(lines[3].geometry.kind == .ellipse && lines[3].style == pasted.shapes[1].style)
        driver.key(.character("z"), .control)
        #expect(driver.core.model.drawing.shapes.count == 2, "one Ctrl+Z takes the whole paste back")
        driver.key(.character("y"), .control)
        #expect(driver.core.model.drawing.shapes.count == 4)
    }

    @Test func aSingleShapePastedIsSelected() throws {
        let driver = try twoShapes()
        driver.key(.character("v"), .control)
        let one = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 10, y: 10))))])
        driver.handle(.clipboardReceived(.shapes(try json(one)), pointer: Point(x: 100, y: 100)))
        #expect(driver.core.model.selection == Selection(ShapeID(3)))
    }

    @Test(arguments: [Point(x: 500, y: 100), Point(x: -1, y: 50)] as [Point?] + [nil])
    func aPointerOutsideTheWindowPastesAtItsCentre(pointer: Point?) throws {
        let driver = try CoreDriver()
        driver.key(.character("v"), .control)
        let one = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 10, y: 20))))])
        driver.handle(.clipboardReceived(.shapes(try json(one)), pointer: pointer))
        // The window is 400x300.
        #expect(driver.core.model.drawing.shapes.first?.geometry.segment == Segment(begin: Point(x: 195, y: 140), end: Point(x: 205, y: 160)))
    }

    @Test func textThatIsADrawingsJSONPastesAsShapes() throws {
        let driver = try CoreDriver()
        driver.key(.character("v"), .control)
        driver.handle(.clipboardReceived(.text(Array(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":1,"begin":[0,0],"end":[4,0]}]}"#.utf8)),
                                         pointer: Point(x: 10, y: 10)))
        #expect(driver.core.model.drawing.shapes.first?.geometry.segment == Segment(begin: Point(x: 8, y: 10), end: Point(x: 12, y: 10)))
    }

    @Test(arguments: [
        (ClipboardReceipt.text(Array("hello".utf8)), "cannot paste: the clipboard holds text, not TouchTracker shapes"),
        (.shapes(Array("{\"format\":".utf8)), "cannot paste: the clipboard's shapes are damaged (not a drawing: line 1, column 11: expected the format's name (a string), found the end of the file)"),
        (.unavailable("the clipboard holds image/png, not TouchTracker shapes"), "cannot paste: the clipboard holds image/png, not TouchTracker shapes"),
    ])
    func badContentIsOneLineAndNoChange(receipt: ClipboardReceipt, message: String) throws {
        let driver = try twoShapes()
        driver.key(.character("v"), .control)
        driver.handle(.clipboardReceived(receipt, pointer: Point(x: 10, y: 10)))
        #expect(driver.messages == [message])
        #expect(driver.core.model.drawing.shapes.count == 2 && !driver.core.model.canRedo)
        #expect(driver.core.scene.overlays.count == 1, "the window says it too")
    }

    @Test func anEmptyClipboardIsANoticeOnly() throws {
        let driver = try CoreDriver()
        driver.key(.character("v"), .control)
        driver.handle(.clipboardReceived(.empty, pointer: nil))
        #expect(driver.messages.isEmpty && driver.core.scene.overlays.count == 1)
        driver.key(.character("v"), .control)
        #expect(driver.pasteRequests == 2, "the paste is over: another may begin")
    }

    @Test func shapesThatWouldLieOutOfBoundsAreRefused() throws {
        let driver = try CoreDriver()
        driver.key(.character("v"), .control)
        let wide = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: -999_900, y: 0), end: Point(x: 999_900, y: 0))))])
        driver.handle(.clipboardReceived(.shapes(try json(wide)), pointer: Point(x: 390, y: 10)))
        #expect(driver.core.model.drawing.isEmpty)
        #expect(driver.messages == ["cannot paste there: a shape would lie beyond ±1000000 px"])
    }

    @Test func inkBeyondThePointLimitIsRefusedInItsOwnWords() throws {
        // A drawing 100 points short of the limit, then a paste of 101 points more.
        let per = DocumentLimits.maxPointsPerStroke
        func stroke(_ id: Int, points: Int) -> Shape {
            Shape(id: ShapeID(UInt64(id)), geometry: .ink(Ink(points: (0..<points).map { Point(x: Double($0 % 400), y: Double(id) + Double($0 / 400)) })))
        }
        let strokes = (DocumentLimits.maxPoints - 100) / per
        var shapes = (1...strokes).map { stroke($0, points: per) }
        shapes.append(stroke(strokes + 1, points: DocumentLimits.maxPoints - 100 - strokes * per))
        let driver = try CoreDriver(opening: Drawing(shapes: shapes))
        #expect(driver.core.model.drawing.inkPointCount == DocumentLimits.maxPoints - 100)
        driver.key(.character("v"), .control)
        let pasted = Drawing(shapes: [stroke(1, points: 101)])
        driver.handle(.clipboardReceived(.shapes(try json(pasted)), pointer: Point(x: 100, y: 100)))
        #expect(driver.messages == ["cannot paste: too many ink points: \(DocumentLimits.maxPoints + 1), at most \(DocumentLimits.maxPoints) in a drawing"])
        #expect(driver.core.model.drawing.shapes.count == shapes.count)
        driver.key(.character("v"), .control)
        driver.handle(.clipboardReceived(.shapes(try json(Drawing(shapes: [stroke(1, points: 100)]))), pointer: Point(x: 100, y: 100)))
        #expect(driver.core.model.drawing.inkPointCount == DocumentLimits.maxPoints, "up to the limit, it pastes")
    }

    @Test func aPasteIsReplayedFromItsRecordedBytes() throws {
        let driver = try twoShapes()
        driver.key(.character("v"), .control)
        let one = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 0, y: 0), end: Point(x: 10, y: 10))))])
        driver.handle(.clipboardReceived(.shapes(try json(one)), pointer: Point(x: 100, y: 100)))
        let replay = Replay(try RecordingFormat.decode(try RecordingFormat.encode(driver.recording)))
        _ = replay.run()
        #expect(replay.core.model.drawing == driver.core.model.drawing)
    }
}
