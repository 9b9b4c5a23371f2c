import CX11
import CXTest
import XTestHarness

/// Counts the frames a window shows, from outside, through the X server's DAMAGE extension: the server
/// reports every change to the window's pixels (each XPutImage of a frame's damage) with its time in
/// milliseconds. A frame's requests reach the server together (a pan's: a copy within the window, then
/// its puts), and the server may handle them across a millisecond's edge, so a frame is a run of reports
/// each at most `sameFrame` ms after the last; the app paints at most once a refresh (16.7 ms at 60 Hz),
/// so no two frames are that close. Reports arrive as events on the bench's connection; `drain()` reads
/// those that came.
final class FrameCounter {
    private let display: OpaquePointer
    private let damage: Damage
    private let notifyEvent: Int32
    private var lastTime: Time?
    /// Reports this close (ms) to the last are of the same frame.
    static let sameFrame: Time = 2
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
            if lastTime.map({ time &- $0 > Self.sameFrame }) ?? true { frames += 1 }
            lastTime = time
        }
    }

    /// Starts counting from zero.
    func reset() {
        drain()
        frames = 0
    }
}
