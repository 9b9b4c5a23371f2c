// XTestHarness: for the end-to-end tests and the bench only; XShell stays the only module of the program that imports CX11.
//
// Drives the real `touchtracker` from outside, as a user would:
//   ChildProcess   posix_spawn with a clean signal state; stdout / stderr captured or sent to /dev/null;
//                  what the kernel counts for it (CPU time, context switches of each thread, RSS)
//   XvfbServer     a private Xvfb on a display it picks itself (`-displayfd`)
//   XorgServer     a private Xorg (dummy video driver) with `inputtest` devices, on :65 to :69, for input
//                  XTest cannot make; InputTestDevice speaks the driver's protocol to one of them
//                  (XInput 2.1 smooth scrolls, XInput 2.4 pinches); both are `XServer`s
//   XTestClient    its own X connection: finds the app's window by _NET_WM_PID, reads properties,
//                  injects input with XTest (also through extra master pointers), reads pixels back
//                  with XGetImage, and plays the window manager's part (resize, WM_DELETE_WINDOW)
//   waitUntil      waiting for a condition (a pixel, a window, an exit) until a deadline, never a fixed sleep
