import DrawingTesting
import Foundation
import Gestures
import Shapes
import Testing
@testable import TouchTracker

@Suite("Tools: what a drag draws, the keys, the title and the pen file")
struct ToolTests {
    // MARK: - Snapping

    @Test func ctrlTurnsALineToTheNearestMultipleOf15DegreesKeepingItsLength() {
        let centre = point(100, 100)
        for degrees in stride(from: -180.0, to: 180, by: 1.25) {
            let angle = degrees * .pi / 180
            let pointer = point(100 + 80 * cos(angle), 100 + 80 * sin(angle))
            let snapped = ToolDrag.snapped(pointer, around: centre)
            #expect(abs(centre.distance(to: snapped) - 80) < 1e-9, "\(degrees)°: as long as the drag")
            let snappedDegrees = atan2(snapped.y - 100, snapped.x - 100) * 180 / .pi
            let steps = snappedDegrees / 15
            #expect(abs(steps - steps.rounded()) < 1e-9, "\(degrees)° went to \(snappedDegrees)°, not a multiple of 15°")
            let turn = abs(((snappedDegrees - degrees) + 540).truncatingRemainder(dividingBy: 360) - 180)
            #expect(turn <= 7.5 + 1e-9, "\(degrees)° turned by \(turn)°: more than half a step")
        }
    }

    @Test func aSnappedLineAlongAnAxisIsExactlyAlongIt() {
        let centre = point(10.5, 20.25)
        #expect(ToolDrag.snapped(point(110, 23), around: centre) == point(10.5 + point(110, 23).distance(to: centre), 20.25))
        #expect(ToolDrag.snapped(point(12, -80), around: centre).x == 10.5)
        #expect(ToolDrag.snapped(point(-90, 19), around: centre).y == 20.25)
        #expect(ToolDrag.snapped(centre, around: centre) == centre, "no drag, no direction")
    }

    @Test func ctrlSquaresAnEllipsesBoxTowardsThePointerByItsLargerSide() {
        let centre = point(100, 100)
        #expect(ToolDrag.squared(point(160, 130), around: centre) == point(160, 160))
        #expect(ToolDrag.squared(point(70, 10), around: centre) == point(10, 10))
        #expect(ToolDrag.squared(point(100, 140), around: centre) == point(140, 140))
    }

    // MARK: - Drawing with a tool, through the gesture engine

    private func driver(with tool: Tool) -> Driver {
        Driver(CanvasModel(pen: Pen(tool: tool)))
    }

    @Test func theLineToolIsTheStandardOneAndDrawsAStraightLine() {
        #expect(Pen().tool == .line && Tool.standard == .line)
        let driver = Driver()
        driver.drag(from: (10, 10), to: (200, 50))
        #expect(driver.model.drawing.shapes.map(\.geometry) == [.line(segment(10, 10, 200, 50))])
    }

    @Test func theCircleToolsDragDrawsAnEllipseInTheBoxFromThePressToTheRelease() {
        let driver = driver(with: .circle)
        driver.down(20, 30)
        driver.wait(8); driver.move(90, 60)
        #expect(driver.model.strokes[mouse]?.shape.geometry == .ellipse(box: segment(20, 30, 90, 60)), "red while drawing")
        driver.wait(8); driver.move(120, 80)
        driver.wait(8); driver.up(120, 80)
        #expect(driver.model.drawing.shapes.map(\.geometry) == [.ellipse(box: segment(20, 30, 120, 80))])
        #expect(driver.model.strokes.isEmpty)
    }

    @Test func shiftWithTheLineToolStillDrawsACircle() {
        let driver = Driver()
        driver.drag(from: (20, 30), to: (120, 80), modifiers: .shift)
        #expect(driver.model.drawing.shapes.map(\.geometry) == [.ellipse(box: segment(20, 30, 120, 80))])
    }

    @Test func ctrlWhileDraggingSnapsTheLineAndLettingGoOfItLetsTheLineGo() {
        let driver = Driver()
        driver.down(100, 100)
        driver.wait(8); driver.move(150, 104)
        #expect(driver.model.strokes[mouse]?.shape.geometry == .line(segment(100, 100, 150, 104)))
        driver.wait(8); driver.move(200, 106, modifiers: .control)
        let length = point(100, 100).distance(to: point(200, 106))
        #expect(driver.model.strokes[mouse]?.shape.geometry == .line(segment(100, 100, 100 + length, 100)), "held: level")
        driver.wait(8); driver.move(200, 108)
        #expect(driver.model.strokes[mouse]?.shape.geometry == .line(segment(100, 100, 200, 108)), "let go: free again")
        driver.wait(8); driver.up(180, 183, modifiers: .control)
        let diagonal = point(100, 100).distance(to: point(180, 183))
        guard case .line(let drawn) = driver.model.drawing.shapes.first?.geometry else {
            Issue.record("no line drawn")
            return
        }
        #expect(abs(drawn.end.x - (100 + diagonal * cos(.pi / 4))) < 1e-9 && abs(drawn.end.y - (100 + diagonal * sin(.pi / 4))) < 1e-9,
                "released with Ctrl held: at 45°")
    }

    @Test func ctrlWithTheCircleToolDrawsACircle() {
        let driver = driver(with: .circle)
        driver.drag(from: (20, 30), to: (120, 80), modifiers: .control)
        #expect(driver.model.drawing.shapes.map(\.geometry) == [.ellipse(box: segment(20, 30, 120, 130))])
    }

    @Test func theGesturesAreTheSameWithEveryTool() {
        for tool in Tool.table where tool != .eraser {  // the eraser draws nothing (EraserToolTests)
            let driver = driver(with: tool)
            driver.click(50, 50)
            driver.wait(1_000)
            #expect(driver.model.drawing.isEmpty && driver.model.strokes.isEmpty, "\(tool): a click leaves no dot")
            driver.drag(from: (100, 100), to: (300, 100))
            driver.wait(1_000)
            let drawn = driver.model.drawing.shapes.map(\.id)
            #expect(drawn.count == 1, "\(tool): a drag draws")
            // A long press on the shape picks it up and drags it (the circle's outline passes through (100, 100)).
            let onIt = tool != .circle ? (200.0, 100.0) : (100.0, 100.0)
            driver.down(onIt.0, onIt.1)
            driver.wait(600)
            driver.move(onIt.0, onIt.1 + 40)
            driver.wait(8)
            driver.up(onIt.0, onIt.1 + 40)
            #expect(driver.model.drawing.shapes.map(\.id) == drawn, "\(tool): the long press drew nothing")
            #expect(driver.model.drawing.shapes.first?.bounds.minY == 140, "\(tool): the shape was moved 40 px down")
            driver.wait(1_000)
            driver.click(10, 10); driver.wait(100); driver.click(10, 10)
            driver.wait(1_000)
            #expect(driver.model.drawing.isEmpty, "\(tool): a double click clears")
        }
    }

    @Test func eachFingerDrawsItsOwnShapeWithTheTool() {
        let driver = driver(with: .circle)
        driver.down(100, 100, touch: 1, source: .touch)
        driver.wait(400)  // past the window in which two fingers make one ellipse between them
        driver.down(100, 300, touch: 2, source: .touch)
        for step in 1...5 {
            driver.wait(10)
            driver.move(100 + Double(step) * 20, 100 + Double(step) * 10, touch: 1, source: .touch)
            driver.move(100 + Double(step) * 20, 300 + Double(step) * 10, touch: 2, source: .touch)
        }
        driver.wait(10)
        driver.up(200, 150, touch: 1, source: .touch)
        driver.up(200, 350, touch: 2, source: .touch)
        #expect(Set(driver.model.drawing.shapes.map(\.geometry))
                == [.ellipse(box: segment(100, 100, 200, 150)), .ellipse(box: segment(100, 300, 200, 350))])
    }

    // MARK: - Keys, title, the pen file

    @Test func eachToolsKeyChoosesItAndIsInTheKeyTableOnce() {
        #expect(Set(Tool.table.map(\.name)).count == Tool.table.count && Set(Tool.table.map(\.key)).count == Tool.table.count)
        for tool in Tool.table {
            #expect(KeyBindings.command(for: .character(tool.key), []) == .chooseTool(tool))
            #expect(KeyBindings.command(for: .character(Character(tool.key.uppercased())), .shift) == .chooseTool(tool))
            #expect(KeyBindings.table.filter { $0.chords.contains { $0.command == .chooseTool(tool) } }.count == 1)
            var model = CanvasModel()
            model.key(.character(tool.key))
            #expect(model.pen.tool == tool)
        }
        #expect(KeyBindings.command(for: .character("c"), .control) == .copy, "Ctrl+C copies: it is no tool")
    }

    @Test func choosingAToolLeavesTheSelectedShapeAlone() {
        var model = CanvasModel.with([segment(0, 100, 200, 100)])
        model.click(at: point(100, 100))
        model.key(.character("c"))
        #expect(model.pen.tool == .circle && model.history.undoStack.isEmpty, "no edit")
        #expect(model.selection.ids == [ShapeID(1)])
    }

    @Test func theTitleNamesTheToolWhenItIsNotTheLineToolAndThePenRemembersIt() throws {
        let driver = try CoreDriver()
        driver.key(.character("c"))
        #expect(driver.core.title == "drawing.json — Circle — TouchTracker")
        #expect(driver.rememberedPens.last == Pen(tool: .circle, showsToolbar: false))
        driver.key(.character("2"))
        #expect(driver.core.title == "drawing.json — Circle — Blue, Normal — TouchTracker")
        driver.key(.character("l"))
        #expect(driver.core.title == "drawing.json — Blue, Normal — TouchTracker")
        #expect(driver.cursors.isEmpty, "both tools show the crosshair: the cursor is not set again")
    }

    @Test func aPenFileFromBeforeToolsReadsAsTheLineToolAndAnotherToolIsAFourthLine() {
        let old = "colour #1E50DC\nwidth 16\nspeed off\n"
        #expect(Pen(fileBytes: Array(old.utf8)) == Pen(colour: .fixed(Colour(hex: 0x1E50DC)), width: 16))
        #expect(Pen(colour: .fixed(Colour(hex: 0x1E50DC)), width: 16).fileBytes == Array(old.utf8),
                "the line tool is written as before tools, so an earlier version still reads it")
        let circle = Pen(colour: .byAngle, width: 5, widthBySpeed: true, tool: .circle)
        #expect(String(decoding: circle.fileBytes, as: UTF8.self) == "colour by-angle\nwidth 5\nspeed on\ntool circle\n")
        #expect(Pen(fileBytes: circle.fileBytes) == circle)
        for bad in ["colour #000000\nwidth 10\nspeed off\ntool brush\n", "colour #000000\nwidth 10\nspeed off\ntool\n",
                    "colour #000000\nwidth 10\nspeed off\ncircle\n", "colour #000000\nwidth 10\nspeed off\ntool circle\nmore\n"] {
            #expect(Pen(fileBytes: Array(bad.utf8)) == nil, "\(bad)")
        }
    }
}
