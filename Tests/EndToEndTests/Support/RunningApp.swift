import CX11
import Foundation
import Shapes
import Storage
import TestSupport
import XTestHarness

/// A fresh Xvfb (or the X server given) with the real app running in it (window at the screen's origin, so window and screen
/// coordinates agree), its first frame painted, and a test client connected.
final class RunningApp {
    let server: any XServer
    let app: AppProcess
    let client: XTestClient
    let window: Window
    /// XDG_DATA_HOME: the default document is `touchtracker/drawing.json` in it.
    let dataHome: TemporaryFolder

    /// `screen` is Xvfb's WIDTHxHEIGHTxDEPTH; the toolbar is hidden unless `toolbar` (see `AppProcess`); `server`
    /// is the X server to run in instead of a new Xvfb.
    convenience init(arguments: [String] = [], geometry: String = "400x300+0+0", environment: [String: String] = [:],
                     screen: String = "1024x768x24", toolbar: Bool = false, server: (any XServer)? = nil) throws {
        try self.init(argumentBytes: arguments.map { Array($0.utf8) }, geometry: geometry, environment: environment,
                      screen: screen, toolbar: toolbar, server: server)
    }

    /// The arguments as bytes: a file name need not be UTF-8. `server` is the X server to run in (an
    /// `XorgServer` with input devices of the test's own), else a new Xvfb with `screen`.
    init(argumentBytes arguments: [[UInt8]], geometry: String = "400x300+0+0", environment: [String: String] = [:],
         screen: String = "1024x768x24", toolbar: Bool = false, server: (any XServer)? = nil) throws {
        self.server = try server ?? XvfbServer(screen: screen)
        dataHome = try TemporaryFolder("e2e")
        var environment = environment
        environment["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? dataHome.path
        app = try AppProcess(argumentBytes: [Array("--geometry".utf8), Array(geometry.utf8)] + arguments,
                             display: self.server.name, environment: environment, toolbar: toolbar)
        client = try XTestClient(display: self.server.name)
        do {
            window = try client.window(ofProcess: app.pid)
            // Below the toolbar where it may show (asked for, or a pen of the test's own).
            let probeY = toolbar || environment["XDG_STATE_HOME"] != nil ? 100 : 2
            guard client.waitForPixel(window, 2, probeY, toBe: Colours.white) == Colours.white else {
                throw XTestClient.Failure(description: "the window never painted its white background")
            }
        } catch {
            // Properties are released in no set order when an init throws: close the connection before
            // the server can stop, or Xlib ends the whole test process.
            client.close()
            throw XTestClient.Failure(description: "\(error); the app said: \(app.standardError)")
        }
        // No window manager gives focus here: keys go to the window under the pointer.
        client.move(to: 1, 1)
    }

    deinit {
        // In this order: Xlib exits the test process if the server goes away under an open connection.
        client.close()
        app.child.stop()
        server.process.stop()
    }

    /// The default document, where the app saves unless given a FILE.
    var documentPath: String { dataHome.file("touchtracker/drawing.json") }

    /// The drawing the app saved at `documentPath`; throws when there is none or it does not load.
    func savedDrawing() throws -> Drawing {
        guard let data = FileManager.default.contents(atPath: documentPath) else {
            throw XTestClient.Failure(description: "no document at \(documentPath)")
        }
        return try DrawingFormat.decode(Array(data))
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { client.pixel(window, x, y) }

    @discardableResult
    func waitForPixel(_ x: Int, _ y: Int, toBe colour: UInt32, timeout: Double = 5) -> UInt32 {
        client.waitForPixel(window, x, y, toBe: colour, timeout: timeout)
    }

    /// Draws a finished line by dragging from `from` to `to` and waits until its middle is black.
    func drawLine(from: (Int, Int), to: (Int, Int)) {
        client.drag(from: from, to: to)
        client.release()
        waitForPixel((from.0 + to.0) / 2, (from.1 + to.1) / 2, toBe: Colours.black)
    }
}
