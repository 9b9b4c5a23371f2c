/// Every threshold the recognizers use, with units in the names. Mouse and touch are separate (a
/// stylus takes the mouse's).
/// A value type: the engine takes a new one live (`GestureEngine.settings`, R5), e.g. when the
/// XSETTINGS property changes (`Net/DoubleClickTime`, `Net/DoubleClickDistance`, `Net/DndDragThreshold`).
public struct GestureSettings: Hashable, Sendable {
    /// The thresholds for one kind of input.
    public struct Thresholds: Hashable, Sendable {
        /// Multi-tap window, measured from a release to the next press (R4). A press at least this
        /// late starts a new sequence. XSETTINGS `Net/DoubleClickTime`.
        public var multiTapWindowMilliseconds: Int64
        /// A next press sooner than this after the release is contact bounce, not a second tap: it
        /// starts a new sequence (Flutter's and Android's 40 ms).
        public var multiTapMinimumGapMilliseconds: Int64
        /// How far a next press may be from the sequence's first press (straight line, inclusive).
        /// Also how far the pointer may hover away between taps (R2). `Net/DoubleClickDistance`.
        public var multiTapDistancePixels: Double
        /// Movement beyond this (from the press, exclusive) makes a press a drag: taps fail and pans
        /// begin. `Net/DndDragThreshold`.
        public var dragThresholdPixels: Double
        /// How long a press must be held to become a long press.
        public var longPressDurationMilliseconds: Int64
        /// Movement beyond this (from the press) before the duration has passed fails a long press.
        public var longPressAllowableMovementPixels: Double
        /// The contacts of one gesture land together: each within this of the first press (by
        /// server time, exclusive). Also how long, at most, a recognizer of several contacts holds
        /// back a finger that no other joins (`delaysContactsBegan`).
        public var multiContactWindowMilliseconds: Int64
        /// How far a swipe's contacts must move together (their mean displacement, along the swipe's
        /// direction, inclusive).
        public var swipeMinimumDistancePixels: Double
        /// How fast: a swipe covers its minimum distance in less than distance / speed, from the
        /// moment its last contact landed.
        public var swipeMinimumSpeedPixelsPerSecond: Double

        public init(
            multiTapWindowMilliseconds: Int64, multiTapMinimumGapMilliseconds: Int64,
            multiTapDistancePixels: Double, dragThresholdPixels: Double,
            longPressDurationMilliseconds: Int64, longPressAllowableMovementPixels: Double,
            multiContactWindowMilliseconds: Int64, swipeMinimumDistancePixels: Double,
            swipeMinimumSpeedPixelsPerSecond: Double
        ) {
            self.multiTapWindowMilliseconds = multiTapWindowMilliseconds
            self.multiTapMinimumGapMilliseconds = multiTapMinimumGapMilliseconds
            self.multiTapDistancePixels = multiTapDistancePixels
            self.dragThresholdPixels = dragThresholdPixels
            self.longPressDurationMilliseconds = longPressDurationMilliseconds
            self.longPressAllowableMovementPixels = longPressAllowableMovementPixels
            self.multiContactWindowMilliseconds = multiContactWindowMilliseconds
            self.swipeMinimumDistancePixels = swipeMinimumDistancePixels
            self.swipeMinimumSpeedPixelsPerSecond = swipeMinimumSpeedPixelsPerSecond
        }

        /// GTK's and freedesktop's defaults: 400 ms, 40 ms gap, 5 px, 8 px drag, 500 ms / 10 px.
        /// Two hands on two mice press less together than the fingers of one hand: 300 ms (a
        /// pointer is never held back, and one that moves beyond the drag threshold before the other
        /// lands is drawing, not pressing together, so a wide window costs nothing visible). A swipe:
        /// 50 px at 200 px/s, in less than 250 ms.
        public static let mouse = Thresholds(
            multiTapWindowMilliseconds: 400, multiTapMinimumGapMilliseconds: 40,
            multiTapDistancePixels: 5, dragThresholdPixels: 8,
            longPressDurationMilliseconds: 500, longPressAllowableMovementPixels: 10,
            multiContactWindowMilliseconds: 300, swipeMinimumDistancePixels: 50, swipeMinimumSpeedPixelsPerSecond: 200)

        /// A fingertip is ~40 px wide at 96 dpi and jitters: Flutter uses 100 lp between taps and
        /// 18 lp of slop. We take 40 px between taps, 16 px slop and 16 px for a long press. The
        /// fingers of a hand put down together land within about 100 ms (libinput waits 100 ms
        /// before it settles what a touchpad gesture is): 150 ms. A swipe: 50 px at 200 px/s.
        public static let touch = Thresholds(
            multiTapWindowMilliseconds: 400, multiTapMinimumGapMilliseconds: 40,
            multiTapDistancePixels: 40, dragThresholdPixels: 16,
            longPressDurationMilliseconds: 500, longPressAllowableMovementPixels: 16,
            multiContactWindowMilliseconds: 150, swipeMinimumDistancePixels: 50, swipeMinimumSpeedPixelsPerSecond: 200)
    }

    public var mouse: Thresholds
    public var touch: Thresholds

    public init(mouse: Thresholds = .mouse, touch: Thresholds = .touch) {
        self.mouse = mouse
        self.touch = touch
    }

    public static let `default` = GestureSettings()

    /// The thresholds that apply to contacts from `source`. A stylus is placed as precisely as a
    /// mouse and its tip does not spread like a fingertip: pen and eraser take the mouse's.
    public func thresholds(for source: InputSource) -> Thresholds {
        switch source {
        case .mouse, .pen, .eraser: mouse
        case .touch: touch
        }
    }

    /// These settings with the desktop's XSETTINGS applied (nil: keep the current value).
    /// `Net/DoubleClickTime` sets the multi-tap window of mouse and touch alike (it is how slowly
    /// the user taps); `Net/DoubleClickDistance` and `Net/DndDragThreshold` are pointer distances
    /// and set the mouse thresholds only.
    public func applying(
        doubleClickTimeMilliseconds: Int64?, doubleClickDistancePixels: Double?, dragThresholdPixels: Double?
    ) -> GestureSettings {
        var settings = self
        if let doubleClickTimeMilliseconds, doubleClickTimeMilliseconds > 0 {
            settings.mouse.multiTapWindowMilliseconds = doubleClickTimeMilliseconds
            settings.touch.multiTapWindowMilliseconds = doubleClickTimeMilliseconds
        }
        if let doubleClickDistancePixels, doubleClickDistancePixels >= 0 {
            settings.mouse.multiTapDistancePixels = doubleClickDistancePixels
        }
        if let dragThresholdPixels, dragThresholdPixels >= 0 { settings.mouse.dragThresholdPixels = dragThresholdPixels }
        return settings
    }
}
