// What the desktop settings mean for the gesture engine, and how they read in a trace.
import Gestures

extension DesktopSettings {
    /// The engine's thresholds under these settings. The double-click time is how slowly this user clicks
    /// and taps, so it sets mouse and touch alike; the double-click distance and drag threshold are the
    /// desktop's pointer distances in device pixels and set the mouse's as they are. The touch slops, the
    /// long-press allowance and a swipe's distance and speed are designed at 96 dpi (a fingertip is as wide
    /// in inches on every screen, a hand moves as far), so they grow with `scale`.
    public var gestureSettings: GestureSettings {
        var settings = GestureSettings.default
        settings.touch.multiTapDistancePixels *= scale
        settings.touch.dragThresholdPixels *= scale
        settings.touch.longPressAllowableMovementPixels *= scale
        settings.mouse.longPressAllowableMovementPixels *= scale
        for source in [\GestureSettings.mouse, \GestureSettings.touch] {
            settings[keyPath: source].swipeMinimumDistancePixels *= scale
            settings[keyPath: source].swipeMinimumSpeedPixelsPerSecond *= scale
        }
        return settings.applying(
            doubleClickTimeMilliseconds: Int64(doubleClickMilliseconds), doubleClickDistancePixels: doubleClickDistance,
            dragThresholdPixels: dragThreshold)
    }

    /// One JSON line for `--trace-gestures`, written whenever the settings in force change.
    public var traceLine: String {
        "{\"desktopSettings\": {\"doubleClickMs\": \(doubleClickMilliseconds), \"doubleClickDistance\": \(doubleClickDistance), "
            + "\"dragThreshold\": \(dragThreshold), \"dpi\": \(dpi)}}"
    }
}
