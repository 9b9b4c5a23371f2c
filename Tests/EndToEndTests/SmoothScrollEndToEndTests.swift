import Foundation
import TestSupport
import Testing
import XTestHarness

/// XInput 2.1 smooth scrolling and XInput 2.4 pinches, end to end: input XTest cannot make, sent through
/// Xorg's `inputtest` devices (`XorgServer`, `InputTestDevice`) to the real app in a real Xorg. A smooth
/// scroll moves the view by its exact fraction of a wheel click (40 px); a pinch zooms about its centre.
/// Without Xorg, its dummy video driver or the inputtest driver, these tests fail saying what to install.
@Suite("Smooth scrolling and pinches, end to end", .serialized)
struct SmoothScrollEndToEndTests {
    static let screen = (width: 1024, height: 768)

    /// Xorg with an absolute pointer that scrolls and a touchpad that pinches, and the app showing
    /// ViewEndToEndTests' cross, read back where it should be (its lines crossing at (120, 90)).
    static func start(in folder: TemporaryFolder) throws -> (RunningApp, XorgServer) {
        let server = try XorgServer(screen: "\(screen.width)x\(screen.height)",
                                    devices: [.init("pointer", .pointerAbsolute), .init("touchpad", .pointerGesture)])
        try folder.write(ViewEndToEndTests.cross, to: "drawing.json")
        let running = try RunningApp(arguments: [folder.file("drawing.json")], server: server)
        #expect(waitUntil(timeout: 5) { crossing(in: running).map { $0 == (120, 90) } == true }, "the cross shows at 100% first")
        return (running, server)
    }

    static func crossing(in running: RunningApp) -> (x: Double, y: Double)? {
        ViewEndToEndTests.crossing(in: running, column: 300, row: 200)
    }

    @Test func smoothScrollsMoveTheViewByTheirExactFractionsOfAClick() throws {
        let folder = try TemporaryFolder("e2e")
        let (running, server) = try Self.start(in: folder)
        let pointer = try InputTestDevice(socketPath: server.socketPath(of: "pointer"))
        try pointer.move(to: 250, 200, screen: Self.screen)
        // The first value of a scroll valuator after the pointer came in only says where it is: were it
        // taken for a scroll, the view would be a click (40 px) further than checked below.
        try pointer.scroll(dx: 1, dy: 1)
        // Seven eighths of a click down in seven events: 35 px; a quarter and a half across: 30 px.
        for _ in 0..<7 { try pointer.scroll(dy: 0.125) }
        try pointer.scroll(dx: 0.25)
        try pointer.scroll(dx: 0.5)
        try pointer.sync()
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running).map { $0 == (90, 55) } == true },
                "down 35 px and right 30 px: the drawing moved up and left by as much; it is at \(String(describing: Self.crossing(in: running)))")
        try pointer.scroll(dx: -0.75, dy: -0.875)
        try pointer.sync()
        #expect(waitUntil(timeout: 5) { Self.crossing(in: running).map { $0 == (120, 90) } == true },
                "scrolling back puts it back; it is at \(String(describing: Self.crossing(in: running)))")
        #expect(ViewEndToEndTests.titleZoom(running) == nil, "scrolling keeps 100%")
    }

    @Test func aTouchpadPinchZoomsAboutItsCentre() throws {
        let folder = try TemporaryFolder("e2e")
        let (running, server) = try Self.start(in: folder)
        let pointer = try InputTestDevice(socketPath: server.socketPath(of: "pointer"))
        let touchpad = try InputTestDevice(socketPath: server.socketPath(of: "touchpad"))
        // The pinch's centre is the pointer's position: on the crossing.
        try pointer.move(to: 120, 90, screen: Self.screen)
        try pointer.sync()
        try touchpad.pinch(.begin, scale: 1)
        for scale in [1.25, 1.5, 1.75, 2] { try touchpad.pinch(.update, scale: scale) }
        try touchpad.pinch(.end, scale: 2)
        try touchpad.sync()
        #expect(waitUntil(timeout: 5) { ViewEndToEndTests.titleZoom(running) == "200%" }, "the pinch doubled the zoom")
        // The lines are 8 px wide now (the sharp frame after the preview); their crossing has not moved.
        let zoomed = waitForValue(timeout: 5) { () -> (x: Double, y: Double)? in
            let width = running.client.pixels(running.window, x: 300, y: ViewEndToEndTests.inset, width: 1,
                                              height: 300 - 2 * ViewEndToEndTests.inset).filter { $0 != Colours.white }.count
            return width == 8 ? Self.crossing(in: running) : nil
        }
        let crossing = try #require(zoomed, "the lines became 8 px wide")
        #expect(abs(crossing.x - 120) <= 1 && abs(crossing.y - 90) <= 1, "\(crossing)")
    }
}
