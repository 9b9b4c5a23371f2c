import Desktop
import Testing

@Suite struct DesktopSettingsTrackerTests {
    typealias Overrides = DesktopSettings.Overrides

    @Test func beforeAnythingIsReadTheCommandLineSitsOnTheFallbacks() {
        let tracker = DesktopSettingsTracker(commandLine: Overrides(doubleClickMilliseconds: 650))
        #expect(tracker.settings == DesktopSettings.fallback.applying(Overrides(doubleClickMilliseconds: 650)))
    }

    @Test func aNewPropertyIsAppliedOnceAndAnUnchangedOneNotAgain() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        let property = XSettingsEncoder.integers(["Net/DoubleClickTime": 250])
        let expected = DesktopSettings.fallback.applying(Overrides(doubleClickMilliseconds: 250))
        #expect(tracker.xsettingsChanged(property) == [.apply(expected)])
        #expect(tracker.xsettingsChanged(property) == [])
        #expect(tracker.settings == expected)
    }

    @Test func aLiveChangeOfTheDoubleClickTimeIsApplied() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        _ = tracker.xsettingsChanged(XSettingsEncoder.integers(["Net/DoubleClickTime": 250]))
        let actions = tracker.xsettingsChanged(XSettingsEncoder.integers(["Net/DoubleClickTime": 900]))
        #expect(actions == [.apply(DesktopSettings.fallback.applying(Overrides(doubleClickMilliseconds: 900)))])
    }

    @Test func whenTheManagerGoesAwayTheFallbacksReturn() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        _ = tracker.xsettingsChanged(XSettingsEncoder.integers(["Net/DoubleClickTime": 250]))
        #expect(tracker.xsettingsChanged(nil) == [.apply(.fallback)])
    }

    @Test func aChangeTheCommandLineOverridesIsNotAChange() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides(doubleClickMilliseconds: 650))
        #expect(tracker.xsettingsChanged(XSettingsEncoder.integers(["Net/DoubleClickTime": 250])) == [])
        #expect(tracker.settings.doubleClickMilliseconds == 650)
    }

    @Test func aMalformedPropertyWarnsOnceHoweverOftenItIsRewritten() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        let malformed: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x01]
        let warning = DesktopSettingsWarning.malformedXSettings(.truncated(offset: 4, needed: 4, available: 1))
        #expect(tracker.xsettingsChanged(malformed) == [.warn(warning)])
        #expect(tracker.xsettingsChanged(malformed) == [])
        #expect(tracker.xsettingsChanged(malformed) == [])
    }

    @Test func aProblemThatWasFixedAndCameBackIsReportedAgain() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        let implausible = XSettingsEncoder.integers(["Net/DoubleClickTime": 0])
        let warning = DesktopSettingsWarning.ignoredSetting(name: "Net/DoubleClickTime", value: .integer(0))
        #expect(tracker.xsettingsChanged(implausible) == [.warn(warning)])
        _ = tracker.xsettingsChanged(XSettingsEncoder.integers(["Net/DoubleClickTime": 300]))
        #expect(tracker.xsettingsChanged(implausible) == [.warn(warning), .apply(.fallback)])
    }

    @Test func resourceDPIAppliesUntilAManagerSetsItsOwn() {
        var tracker = DesktopSettingsTracker(commandLine: Overrides())
        #expect(tracker.resourceManagerChanged("Xft.dpi: 192\n") == [.apply(DesktopSettings.fallback.applying(Overrides(dpi: 192)))])
        #expect(tracker.xsettingsChanged(XSettingsEncoder.integers(["Xft/DPI": 96 * 1024])) == [.apply(.fallback)])
        #expect(tracker.xsettingsChanged(nil) == [.apply(DesktopSettings.fallback.applying(Overrides(dpi: 192)))])
    }
}
