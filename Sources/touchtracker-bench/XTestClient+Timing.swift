import CX11
#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

/// Waiting for a pixel as a measurement: the X-path bench times how long a frame takes to appear.
extension XTestClient {
    /// Reads the pixel back until it is `colour` (true) or `timeoutNanoseconds` pass (false).
    /// Reads back to back for the first millisecond, then pauses between reads for about a tenth of
    /// the time waited so far (at most `longestPause` ns, 10 ms unless told), so a slow frame is not
    /// slowed further by the polling and is still timed to within about 10% (or `longestPause`).
    /// Counts every read in `reads`.
    func waitForPixel(_ window: Window, _ x: Int, _ y: Int, toBe colour: UInt32, timeoutNanoseconds: UInt64,
                      longestPause: UInt64 = 10_000_000, reads: inout Int) -> Bool {
        let start = monotonicNanoseconds()
        while true {
            reads += 1
            if pixel(window, x, y) == colour { return true }
            let waited = monotonicNanoseconds() - start
            if waited >= timeoutNanoseconds { return false }
            if waited > 1_000_000 { usleep(UInt32(min(waited / 10, longestPause) / 1_000)) }
        }
    }
}

enum BenchColour {
    static let white: UInt32 = 0xFFFFFF
    static let black: UInt32 = 0x000000
    static let red: UInt32 = 0xFF0000
}
