import CCairo
import CX11
import Foundation
import TestSupport
import Testing
import XTestHarness

/// `xclip -selection clipboard ARGUMENTS` on `display`: its exit status and what it wrote on stdout, or nil
/// when it did not finish within `timeout` seconds.
func xclip(_ arguments: [String], display: String, timeout: Double = 10) throws -> (status: Int32, output: [UInt8])? {
    var environment = ChildProcess.inheritedEnvironment
    environment["DISPLAY"] = display
    guard let path = XvfbServer.executable("xclip") else {
        throw XTestClient.Failure(description: "xclip is not installed (make test-deps installs it)")
    }
    let child = try ChildProcess(path: path, arguments: ["-selection", "clipboard"] + arguments, environment: environment)
    guard let status = child.waitForExit(timeout: timeout) else { return nil }
    return (status, child.standardOutputBytes)
}

/// `xclip … -o` once the clipboard answers (the app takes it when it has handled the key): the bytes of `target`.
func clipboardContent(_ target: String, display: String) throws -> [UInt8]? {
    var content: [UInt8]?
    _ = try waitUntil(timeout: 5, interval: 0.05) {
        guard let (status, output) = try xclip(["-t", target, "-o"], display: display), status == 0 else { return false }
        content = output
        return true
    }
    return content
}

/// A PNG decoded by Cairo: its size and its pixels as 0xRRGGBB.
struct DecodedPNG {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    init?(_ bytes: [UInt8]) throws {
        let folder = try TemporaryFolder("png")
        let path = folder.file("picture.png")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let raw = UnsafeRawPointer(data)
        pixels = (0..<height).flatMap { y in
            (0..<width).map { x in raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF }
        }
        (self.width, self.height) = (width, height)
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
}

/// A clipboard manager played by the test (freedesktop's ClipboardManager spec): it owns CLIPBOARD_MANAGER
/// and, asked for SAVE_TARGETS by a client that quits, reads that client's CLIPBOARD in `target` before
/// answering — or, when `answers` is false, never answers.
final class FakeClipboardManager {
    let client: XTestClient
    let window: Window
    let target: String
    let answers: Bool
    /// What it read of the quitting client's clipboard.
    private(set) var saved: [UInt8]?
    /// Whether a client asked it to save.
    private(set) var wasAsked = false

    init(client: XTestClient, target: String, answers: Bool = true) {
        self.client = client
        self.target = target
        self.answers = answers
        window = XCreateSimpleWindow(client.display, client.root, -1, -1, 1, 1, 0, 0, 0)
        XSelectInput(client.display, window, PropertyChangeMask)
        XSetSelectionOwner(client.display, client.atom("CLIPBOARD_MANAGER"), window, UInt(CurrentTime))
        XSync(client.display, 0)
    }

    /// Serves until `done` or `timeout` seconds: a SAVE_TARGETS request is answered once the content is read.
    func serve(timeout: Double, until done: () -> Bool) {
        let display = client.display
        var pending: XSelectionRequestEvent?
        _ = waitUntil(timeout: timeout, interval: 0.005) {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case SelectionRequest where event.xselectionrequest.target == client.atom("SAVE_TARGETS"):
                    wasAsked = true
                    pending = event.xselectionrequest
                    XConvertSelection(display, client.atom("CLIPBOARD"), client.atom(target), client.atom("SAVED"), window,
                                      event.xselectionrequest.time)
                case SelectionNotify where event.xselection.property != 0:
                    saved = readSaved()
                    if answers, let request = pending { answer(request) }
                default: break
                }
            }
            XFlush(display)
            return done()
        }
    }

    private func readSaved() -> [UInt8]? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(client.display, window, client.atom("SAVED"), 0, 1 << 24, 1, Atom(AnyPropertyType),
                                 &type, &format, &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }

    private func answer(_ request: XSelectionRequestEvent) {
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = request.property
        notify.xselection.time = request.time
        XSendEvent(client.display, request.requestor, 0, 0, &notify)
        XFlush(client.display)
    }
}
