import Gestures
import Testing

/// R4/R5: one settings value with units in its names, separate for mouse and touch.
@Suite struct SettingsTests {
    @Test("R4 the mouse defaults are the desktop's: 400 ms window, 40 ms gap, 5 px, 8 px drag, 500 ms / 10 px long press")
    func mouseDefaults() {
        let mouse = GestureSettings.default.mouse
        #expect(mouse.multiTapWindowMilliseconds == 400)
        #expect(mouse.multiTapMinimumGapMilliseconds == 40)
        #expect(mouse.multiTapDistancePixels == 5)
        #expect(mouse.dragThresholdPixels == 8)
        #expect(mouse.longPressDurationMilliseconds == 500)
        #expect(mouse.longPressAllowableMovementPixels == 10)
    }

    @Test("R4 touch thresholds are separate and larger for distances")
    func touchDefaults() {
        let settings = GestureSettings.default
        #expect(settings.thresholds(for: .touch) == .touch)
        #expect(settings.touch.multiTapDistancePixels > settings.mouse.multiTapDistancePixels)
        #expect(settings.touch.dragThresholdPixels > settings.mouse.dragThresholdPixels)
    }

    @Test("R5 XSETTINGS values replace the mouse thresholds and the window for both; missing ones keep theirs")
    func xsettings() {
        let settings = GestureSettings.default.applying(
            doubleClickTimeMilliseconds: 250, doubleClickDistancePixels: 3, dragThresholdPixels: nil)
        #expect(settings.mouse.multiTapWindowMilliseconds == 250)
        #expect(settings.touch.multiTapWindowMilliseconds == 250)
        #expect(settings.mouse.multiTapDistancePixels == 3)
        #expect(settings.touch.multiTapDistancePixels == GestureSettings.Thresholds.touch.multiTapDistancePixels)
        #expect(settings.mouse.dragThresholdPixels == 8)
        #expect(GestureSettings.default.applying(
            doubleClickTimeMilliseconds: 0, doubleClickDistancePixels: nil, dragThresholdPixels: nil) == .default)
    }
}
