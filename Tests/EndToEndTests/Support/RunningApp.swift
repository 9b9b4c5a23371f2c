import CX11
import Foundation
import XTestHarness

/// A fresh Xvfb with the real app running in it (window at the screen's origin, so window and screen
/// coordinates agree), its first frame painted, and a test client connected.
final class RunningApp {
    let server: XvfbServer
    let app: AppProcess
    let client: XTestClient
    let window: Window
    let dataHome: URL

    /// `screen` is Xvfb's WIDTHxHEIGHTxDEPTH.
    init(arguments: [String] = [], geometry: String = "400x300+0+0", environment: [String: String] = [:],
         screen: String = "1024x768x24") throws {
        server = try XvfbServer(screen: screen)
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("touchtracker-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        var environment = environment
        environment["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? dataHome.path
        app = try AppProcess(arguments: ["--geometry", geometry] + arguments, display: server.name, environment: environment)
        client = try XTestClient(display: server.name)
        do {
            window = try client.window(ofProcess: app.pid)
            guard client.waitForPixel(window, 2, 2, toBe: Colours.white) == Colours.white else {
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
        try? FileManager.default.removeItem(at: dataHome)
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
