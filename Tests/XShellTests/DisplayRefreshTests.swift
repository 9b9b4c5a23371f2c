import CX11
import Testing
import Timing
@testable import XShell

@Suite("The display's refresh rate, from its mode")
struct DisplayRefreshTests {
    @Test func aModeRefreshesAtItsDotClockOverItsTotalSize() {
        // 1920x1080 at 60 Hz (CEA-861): 148.5 MHz, 2200 x 1125 dots a frame.
        #expect(DisplayRefresh.interval(dotClock: 148_500_000, horizontalTotal: 2200, verticalTotal: 1125, flags: 0)
                == .nanoseconds(16_666_667))
        // 2560x1440 at 144 Hz (CVT reduced blanking): 586.59 MHz, 2640 x 1543.
        #expect(DisplayRefresh.interval(dotClock: 586_590_000, horizontalTotal: 2640, verticalTotal: 1543, flags: 0)
                == .nanoseconds(6_944_408))
    }

    @Test func anInterlacedModeShowsTwoFieldsAFrameAndADoubleScanOneHalf() {
        let interlaced = DisplayRefresh.interval(dotClock: 74_250_000, horizontalTotal: 2200, verticalTotal: 1125, flags: UInt64(RR_Interlace))
        #expect(interlaced == .nanoseconds(16_666_667), "1080i: 60 fields a second")
        let doubled = DisplayRefresh.interval(dotClock: 25_175_000, horizontalTotal: 800, verticalTotal: 525, flags: UInt64(RR_DoubleScan))
        #expect(doubled == .nanoseconds(33_366_435))
    }

    @Test func aModeWithoutAClockSaysNothing() {
        // Xvfb's modes: the core then takes the display for 60 Hz.
        #expect(DisplayRefresh.interval(dotClock: 0, horizontalTotal: 0, verticalTotal: 0, flags: 0) == nil)
        #expect(DisplayRefresh.interval(dotClock: 148_500_000, horizontalTotal: 0, verticalTotal: 1125, flags: 0) == nil)
    }
}
