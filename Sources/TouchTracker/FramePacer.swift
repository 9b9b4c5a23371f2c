import Canvas
import Shapes
import Timing

/// When the window is painted: no more often than the display refreshes, and never later than it must.
///
///   nothing changed since the last frame     no frame: an idle window waits for nothing
///   a change, the last frame a refresh ago   a frame at once (the first change after a pause is drawn
///   or more (or none yet)                    without delay)
///   a change within a refresh of the last    a frame one refresh after the last one: every change in
///   frame                                    between (a mouse reports up to 1000 a second) is in it
///
/// So while input streams in, frames come once per refresh and each shows the latest state; a change
/// waits at most one refresh. (GTK's frame clock without a compositor to pace it.)
struct FramePacer {
    /// What a frame shows, compared to tell whether the screen is out of date.
    struct Content: Equatable {
        var revision: Drawing.Revision
        var shapesInProgress: [ShapeInProgress]
        var selection: Set<ShapeID>
        var overlays: [Overlay]
        var hints: [Rect]
        /// The part of the window on screen, and the view (the screen's scale, the zoom, the place): a new
        /// one is painted anew.
        var visibleArea: Rect
        var view: ViewTransform
    }

    /// The time between two refreshes of the display.
    var interval: TimeAmount
    /// What the last frame showed, and when it was painted; nil before the first.
    private var shown: (content: Content, at: Deadline)?

    /// 60 Hz: what a display is taken to refresh at when nothing says otherwise.
    static let standardInterval = TimeAmount.nanoseconds(1_000_000_000 / 60)

    init(interval: TimeAmount = FramePacer.standardInterval) { self.interval = interval }

    /// When a frame showing `content` is due: nil when the screen shows it already; otherwise one
    /// refresh after the last frame, which is in the past after a pause (due at once, whenever now is).
    func nextFrame(for content: Content) -> Deadline? {
        guard let shown else { return .zero }
        guard shown.content != content else { return nil }
        return shown.at + interval
    }

    /// A frame showing `content` was painted at `now`.
    mutating func painted(_ content: Content, at now: Deadline) {
        shown = (content, now)
    }
}
