import CX11
import Shapes
import Timing
import TouchTracker
#if canImport(Glibc)
import Glibc
#endif

/// Plays a recorded session in a window at the pace it was recorded (`--replay REC --play`): each step is
/// taken through the app when as much time has passed since the start of playing as had passed since the
/// start of the session, and the window shows the core's scene as the session's window did. Input from X
/// is ignored, but closing the window ends the play; nothing is saved, exported or remembered. When the
/// session ends the window stays, showing how it ended, until it is closed.
public final class Player {
    private let connection: XConnection
    private let window: CanvasWindow
    private let replay: Replay
    private let painter = ScenePainter()
    private let tracesGestures: Bool
    /// What the session's clock read when it started, and ours when playing started.
    private let sessionStart: Deadline, playStart: Deadline
    /// What the server asked us to repaint since the last frame.
    private var exposed: Rect?

    /// Opens a window as large as the session's canvas (or as `geometry` asks, when it is not the
    /// default) for `recording`.
    public init(connection: XConnection, recording: Recording, geometry: WindowGeometry, tracing: Bool) throws(XShellError) {
        self.connection = connection
        replay = Replay(recording, tracing: tracing)
        tracesGestures = tracing
        var size = geometry
        if geometry == .standard {
            let area = recording.start.visibleArea
            size = WindowGeometry(width: max(1, Int(area.width.rounded())), height: max(1, Int(area.height.rounded())))
        }
        window = try CanvasWindow(connection: connection, geometry: size, title: Self.title(replay.core.title),
                                  cursor: replay.core.cursor)
        sessionStart = recording.start.now
        playStart = MonotonicClock.now()
    }

    private static func title(_ title: String) -> String { "Replay: " + title }

    /// Plays until the window is closed (or destroyed, or a termination signal comes); returns the exit status.
    public func run() -> Int32 {
        let display = connection.display
        let signals = TerminationSignals()
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if window.takeCompletion(event) { continue }
                switch ShellEvent(event, atoms: connection.atoms, canvas: window.window, readTime: MonotonicClock.now()) {
                case .closeRequested: return 0
                case .destroyed(let destroyed) where destroyed == window.window: return 0
                case .exposed(let rect): exposed = exposed.map { $0.union(rect) } ?? rect
                case .configured(let width, let height): follow(size: PixelSize(width: width, height: height))
                case .pinged(let serverTime): window.answerPing(serverTime: serverTime)
                default: break  // the session's input is the recording's
                }
            }
            takeDueSteps(now: MonotonicClock.now())
            paint()
            XFlush(display)
            if XPending(display) > 0 { continue }
            let next = replay.nextTime.map { playStart + ($0 - sessionStart) }
            if case .terminationSignal = signals.wait(for: [connection.fileDescriptor],
                                                      timeout: next.map { $0 - MonotonicClock.now() }) {
                return 0
            }
        }
    }

    /// Takes every step whose time has come, showing what it asks to show.
    private func takeDueSteps(now: Deadline) {
        while let time = replay.nextTime, playStart + (time - sessionStart) <= now, let effects = replay.next() {
            for effect in effects {
                switch effect {
                case .setTitle(let title): window.setTitle(Self.title(title))
                case .setCursor(let name): window.showCursor(named: name)
                case .trace(let line) where tracesGestures: StandardError.write(line)
                default: break  // messages were the session's to say, and so was bringing its window forward
                }
            }
        }
    }

    private func follow(size: PixelSize) {
        let visible = window.visiblePart(ofSize: size)
        guard size != window.size || visible != window.visible else { return }
        try? window.follow(size: size, visible: visible)  // without the memory the old buffer stays
    }

    private func paint() {
        guard !window.isPresenting else { return }
        painter.paint(replay.core.scene, on: window)
        if let rect = exposed { painter.show(exposed: rect, of: replay.core.scene, on: window) }
        exposed = nil
    }
}
