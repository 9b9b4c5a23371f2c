// XTestHarness: for the end-to-end tests and the bench only; XShell stays the only module of the program that imports CX11.
//
// Drives the real `touchtracker` from outside, as a user would:
//   ChildProcess   posix_spawn with a clean signal state; stdout / stderr captured or sent to /dev/null
//   XvfbServer     a private Xvfb on a display it picks itself (`-displayfd`)
//   XTestClient    its own X connection: finds the app's window by _NET_WM_PID, reads properties,
//                  injects input with XTest (also through extra master pointers), reads pixels back
//                  with XGetImage, and plays the window manager's part (resize, WM_DELETE_WINDOW)
#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, in nanoseconds: the harness's deadlines do not move with the wall clock.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// `seconds` as nanoseconds (none when negative).
func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1_000_000_000) }
