import Desktop
import Gestures
import Testing
import Timing

@Suite struct XSettingsEncoderTests {
    @Test func theTestEncoderWritesExactlyTheHandWrittenFixtures() {
        #expect(XSettingsEncoder.encode(Fixture.decoded) == Fixture.littleEndian)
        #expect(XSettingsEncoder.encode(Fixture.decoded, bigEndian: true) == Fixture.bigEndian)
    }
}

@Suite struct DesktopSettingsTests {
    typealias Overrides = DesktopSettings.Overrides

    @Test func withoutAnySourceTheFallbacksAreUsed() {
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: nil, resourceManager: nil)
        #expect(settings == DesktopSettings(doubleClickMilliseconds: 400, doubleClickDistance: 5, dragThreshold: 8, dpi: 96))
        #expect(warnings.isEmpty)
    }

    @Test func theManagersTimingsDistancesAndDPIAreUsedInEitherByteOrder() {
        for bigEndian in [false, true] {
            let property = XSettingsEncoder.integers([
                "Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 12,
                "Net/DndDragThreshold": 3, "Xft/DPI": 144 * 1024,
            ], bigEndian: bigEndian)
            let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil)
            #expect(settings == DesktopSettings(doubleClickMilliseconds: 250, doubleClickDistance: 12, dragThreshold: 3, dpi: 144))
            #expect(warnings.isEmpty)
        }
    }

    @Test func settingsTheManagerDoesNotHaveKeepTheirFallbacks() {
        let property = XSettingsEncoder.integers(["Net/DoubleClickTime": 600])
        let (settings, _) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil)
        #expect(settings == DesktopSettings.fallback.applying(Overrides(doubleClickMilliseconds: 600)))
    }

    @Test func fractionalXftDPIIsKept() {
        let property = XSettingsEncoder.integers(["Xft/DPI": 98_816])  // 96.5 × 1024
        #expect(DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil).settings.dpi == 96.5)
    }

    @Test func xftDPIMinusOneMeansTheDefaultAndIsNotAWarning() {
        let property = XSettingsEncoder.integers(["Xft/DPI": -1])
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: "Xft.dpi: 120\n")
        #expect(settings.dpi == 120)
        #expect(warnings.isEmpty)
    }

    @Test func aSettingOfTheWrongTypeIsIgnoredWithAWarningAndTheOthersStillApply() {
        let property = XSettingsEncoder.encode(XSettings(serial: 3, settings: [
            XSetting(name: "Net/DoubleClickTime", value: .string("fast"), lastChangeSerial: 1),
            XSetting(name: "Net/DoubleClickDistance", value: .integer(9), lastChangeSerial: 1),
        ]))
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil)
        #expect(settings.doubleClickMilliseconds == 400)
        #expect(settings.doubleClickDistance == 9)
        #expect(warnings == [.ignoredSetting(name: "Net/DoubleClickTime", value: .string("fast"))])
    }

    @Test(arguments: [
        ("Net/DoubleClickTime", 0), ("Net/DoubleClickTime", -400), ("Net/DoubleClickTime", 10_001),
        ("Net/DoubleClickDistance", -1), ("Net/DndDragThreshold", 1_001), ("Xft/DPI", 0), ("Xft/DPI", 20 * 1024),
        ("Xft/DPI", Int(Int32.max)),
    ])
    func anImplausibleValueIsIgnoredWithOneWarning(name: String, value: Int) {
        let property = XSettingsEncoder.integers([name: Int32(value)])
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil)
        #expect(settings == .fallback)
        #expect(warnings == [.ignoredSetting(name: name, value: .integer(Int32(value)))])
    }

    @Test func aMalformedPropertyIsIgnoredWholeWithExactlyOneWarning() {
        let property = Array(XSettingsEncoder.integers(["Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 1]).dropLast())
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: "Xft.dpi: 192")
        #expect(settings == DesktopSettings.fallback.applying(Overrides(dpi: 192)))
        #expect(warnings.count == 1)
        guard case .malformedXSettings(.truncated) = warnings.first else {
            Issue.record("expected one truncated-XSETTINGS warning, got \(warnings)")
            return
        }
        #expect(warnings[0].description.hasPrefix("ignoring the desktop's XSETTINGS: truncated at byte"))
    }

    @Test func resourceManagerDPIIsUsedWhenNoXSettingsManagerRuns() {
        let (settings, warnings) = DesktopSettings.resolve(
            xsettingsProperty: nil, resourceManager: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n")
        #expect(settings.dpi == 192)
        #expect(settings.scale == 2)
        #expect(warnings.isEmpty)
    }

    @Test func theManagersDPIWinsOverTheResourceDatabase() {
        let property = XSettingsEncoder.integers(["Xft/DPI": 120 * 1024])
        #expect(DesktopSettings.resolve(xsettingsProperty: property, resourceManager: "Xft.dpi: 192").settings.dpi == 120)
    }

    @Test func aNonNumericResourceDPIIsIgnoredWithAWarning() {
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: nil, resourceManager: "Xft.dpi: large\n")
        #expect(settings.dpi == 96)
        #expect(warnings == [.ignoredResource(name: "Xft.dpi", value: "large")])
    }

    @Test func theCommandLineWinsOverTheManager() {
        let property = XSettingsEncoder.integers([
            "Net/DoubleClickTime": 250, "Net/DoubleClickDistance": 12, "Net/DndDragThreshold": 3, "Xft/DPI": 144 * 1024,
        ])
        let commandLine = Overrides(doubleClickMilliseconds: 900, doubleClickDistance: 30)
        let (settings, _) = DesktopSettings.resolve(xsettingsProperty: property, resourceManager: nil, commandLine: commandLine)
        #expect(settings == DesktopSettings(doubleClickMilliseconds: 900, doubleClickDistance: 30, dragThreshold: 3, dpi: 144))
    }

    @Test func theCommandLineWinsEvenOverAMalformedManager() {
        let commandLine = Overrides(doubleClickMilliseconds: 700)
        let (settings, warnings) = DesktopSettings.resolve(xsettingsProperty: [0x07], resourceManager: nil, commandLine: commandLine)
        #expect(settings.doubleClickMilliseconds == 700)
        #expect(warnings == [.malformedXSettings(.unknownByteOrder(7))])
    }

    @Test func overridesFillOnlyTheGapsOfTheLayerAbove() {
        let upper = Overrides(doubleClickMilliseconds: 100, dpi: 200)
        let lower = Overrides(doubleClickMilliseconds: 300, doubleClickDistance: 4, dpi: 96)
        #expect(upper.layered(over: lower) == Overrides(doubleClickMilliseconds: 100, doubleClickDistance: 4, dpi: 200))
    }

    @Test func theDoubleClickWindowIsATimeAmountForTheGestureEngine() {
        let settings = DesktopSettings.fallback.applying(Overrides(doubleClickMilliseconds: 250))
        #expect(settings.doubleClickTime == .milliseconds(250))
    }

    @Test func lengthsDesignedAt96DPIScaleWithTheResolution() {
        #expect(DesktopSettings.fallback.scale == 1)
        #expect(DesktopSettings.fallback.scaled(20) == 20)
        let hiDPI = DesktopSettings.fallback.applying(Overrides(dpi: 144))
        #expect(hiDPI.scale == 1.5)
        #expect(hiDPI.scaled(10) == 15)
    }

    @Test func warningsReadAsSentencesForTheTerminal() {
        #expect(DesktopSettingsWarning.ignoredSetting(name: "Net/DoubleClickTime", value: .string("fast")).description
            == "ignoring XSETTINGS Net/DoubleClickTime = \"fast\": not a plausible value")
        #expect(DesktopSettingsWarning.ignoredResource(name: "Xft.dpi", value: "large").description
            == "ignoring resource Xft.dpi: \"large\" is not a plausible value")
    }

    @Test func aWarningQuotesAtMost80CharactersOfAValueAndNoControlCharacters() {
        let huge = "9" + String(repeating: "6", count: 100_067)
        let (_, warnings) = DesktopSettings.resolve(xsettingsProperty: nil, resourceManager: "Xft.dpi: \(huge)\n")
        #expect(warnings.map(\.description) == ["ignoring resource Xft.dpi: \"9\(String(repeating: "6", count: 79))…\" is not a plausible value"])
        #expect(DesktopSettingsWarning.ignoredSetting(name: "Net/DoubleClickTime", value: .string("a\u{1B}[2Jb")).description
            == "ignoring XSETTINGS Net/DoubleClickTime = \"a\\u{1b}[2Jb\": not a plausible value")
        #expect(XSettingsError.duplicateName(String(repeating: "n", count: 5_000)).description.count < 120)
    }
}

@Suite struct DesktopGestureSettingsTests {
    typealias Overrides = DesktopSettings.Overrides

    @Test func atTheFallbacksTheEngineGetsItsOwnDefaults() {
        #expect(DesktopSettings.fallback.gestureSettings == GestureSettings.default)
    }

    @Test func theDoubleClickTimeSetsMouseAndTouchAndTheDistancesSetTheMouse() {
        let settings = DesktopSettings.fallback.applying(
            Overrides(doubleClickMilliseconds: 250, doubleClickDistance: 9, dragThreshold: 3)).gestureSettings
        #expect(settings.mouse.multiTapWindowMilliseconds == 250)
        #expect(settings.touch.multiTapWindowMilliseconds == 250)
        #expect(settings.mouse.multiTapDistancePixels == 9)
        #expect(settings.mouse.dragThresholdPixels == 3)
        #expect(settings.touch.multiTapDistancePixels == GestureSettings.default.touch.multiTapDistancePixels)
        #expect(settings.touch.dragThresholdPixels == GestureSettings.default.touch.dragThresholdPixels)
    }

    @Test func touchSlopsGrowWithTheResolutionAndTheDesktopsMouseDistancesDoNot() {
        let standard = GestureSettings.default
        let settings = DesktopSettings.fallback.applying(Overrides(dpi: 192)).gestureSettings
        #expect(settings.touch.multiTapDistancePixels == 2 * standard.touch.multiTapDistancePixels)
        #expect(settings.touch.dragThresholdPixels == 2 * standard.touch.dragThresholdPixels)
        #expect(settings.touch.longPressAllowableMovementPixels == 2 * standard.touch.longPressAllowableMovementPixels)
        #expect(settings.mouse.longPressAllowableMovementPixels == 2 * standard.mouse.longPressAllowableMovementPixels)
        for kind in [\GestureSettings.mouse, \GestureSettings.touch] {
            let scaled = settings[keyPath: kind], unscaled = standard[keyPath: kind]
            #expect(scaled.swipeMinimumDistancePixels == 2 * unscaled.swipeMinimumDistancePixels)
            #expect(scaled.swipeMinimumSpeedPixelsPerSecond == 2 * unscaled.swipeMinimumSpeedPixelsPerSecond)
            #expect(scaled.multiContactWindowMilliseconds == unscaled.multiContactWindowMilliseconds)
        }
        #expect(settings.mouse.multiTapDistancePixels == 5)
        #expect(settings.mouse.dragThresholdPixels == 8)
    }

    @Test func theTraceLineIsOneJSONObject() {
        #expect(DesktopSettings.fallback.traceLine
            == #"{"desktopSettings": {"doubleClickMs": 400, "doubleClickDistance": 5.0, "dragThreshold": 8.0, "dpi": 96.0}}"#)
    }
}
