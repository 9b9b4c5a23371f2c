import CX11
import CXTest
import XTestHarness

/// Counts the frames a window shows, from outside, through the X server's DAMAGE extension: the server
/// reports every change to the window's pixels (each XPutImage of a frame's damage) with its time in
/// milliseconds. A frame's images reach the server together, so a frame is a run of reports with the
/// same time; two frames within one millisecond count as one, so at 1000 frames a second the count is a
/// floor. Reports arrive as events on the bench's connection; `drain()` reads those that came.
final class FrameCounter {
    private let display: OpaquePointer
    private let damage: Damage
    private let notifyEvent: Int32
    private var lastTime: Time?
    /// Frames counted so far.
    private(set) var frames = 0

    /// Watches `window`; nil when the server has no DAMAGE extension.
    init?(client: XTestClient, window: Window) {
        display = client.display
        var event: Int32 = 0, error: Int32 = 0
        guard XDamageQueryExtension(display, &event, &error) != 0 else { return nil }
        notifyEvent = event + XDamageNotify
        damage = XDamageCreate(display, window, XDamageReportRawRectangles)
        XSync(display, 0)
        drain()
        frames = 0
    }

    deinit {
        XDamageDestroy(display, damage)
        XSync(display, 0)
    }

    /// Reads the reports that have come, without waiting for more.
    func drain() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == notifyEvent else { continue }
            let time = withUnsafePointer(to: &event) { $0.withMemoryRebound(to: XDamageNotifyEvent.self, capacity: 1) { $0.pointee.timestamp } }
            if time != lastTime { frames += 1 }
            lastTime = time
        }
    }

    /// Starts counting from zero.
    func reset() {
        drain()
        frames = 0
    }
}
