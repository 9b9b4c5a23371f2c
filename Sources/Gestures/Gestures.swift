// Gestures: a gesture engine for pointer and touch input. Depends on Timing only.
//
// Start at `GestureEngine`: the app registers recognizers under its own tags, states who waits on
// whom (`require(_:toFail:)`), then feeds every input (`handle`) and the clock (`advance(to:)`,
// driven by `nextDeadline`) and reads `GestureOutput`s: gestures for the app, contacts for the canvas.
//
//   GestureInput (press / motion / release / cancel of a ContactID: its kind (mouse, touch, pen,
//        |        eraser) and pressure, server time + read time)
//        |
//   GestureEngine<Tag>   public face: tags, registration, outputs, traces (GestureEngineState)
//        |
//   GestureArbiter       non-generic core: per event, catch up with the server time (R3), let each
//        |               attempt take the event (phase A), settle require(toFail:) holds, reset
//        |               finished attempts, let idle recognizers start on a press (phase B, R6),
//        |               then deliver contacts to the canvas and move timers to new deadlines. The
//        |               timer wheel holds each pending deadline; nothing else keeps a copy.
//        |
//   TapRecognizer, LongPressRecognizer, PanRecognizer, SwipeRecognizer, MultiContactRecognizer,
//   MultiContactTapRecognizer: what the app configures; each has a state machine (an enum whose
//   cases carry the attempt's data, plain data so copies cost nothing) whose transitions return a
//   `RecognizerStep` the arbiter acts on. A swipe, a multi-contact gesture and a tap of several
//   contacts latch to a `ContactGroup`: contacts of one family landing within the multi-contact
//   window of the first (kept beside their state enum, not in it, so that asking an idle machine
//   about an event does not copy five contacts).
//
// Rules the arbiter keeps: recognizers are visited in tag order (R9); a recognizer that succeeds
// fails the others on the same presses unless they may be simultaneous; a contact reaches the
// canvas once no recognizer that delays contacts still wants it, with its original press (a
// recognizer of several contacts holds back fingers only, a lone one at most for the multi-contact
// window, so a mouse drag is never delayed by one); a recognizer that delays or cancels contacts
// takes the presses it succeeds on away from the canvas.
//
// Geometry and times live in `GestureSettings` (mouse and touch apart, a stylus takes the mouse's;
// live-settable, R4/R5).
// Decisions can be traced as `GestureDecision` values with a one-line JSON form (R12).
// Time is always an input: nothing here reads a clock.
//
// The engine's rules, defined here once and cited by name elsewhere (the tests check each one):
//
//   R1  No needless wait. When nothing that could still become a multi-tap claims a press, its
//       single tap is reported while its release is handled.
//   R2  Stop waiting as soon as waiting is pointless. A pending multi-tap fails the moment it
//       cannot succeed (the pointer strays beyond the multi-tap distance, another button or device
//       presses, the press became a drag, a long press began), and what waited on it goes ahead.
//   R3  Timestamps decide. Events are classified by the X server's times (32-bit milliseconds,
//       compared wrap-safe), however late they are read; a timer only settles what no event does.
//   R4  One geometry. The multi-tap window runs from a release to the next press, with a minimum
//       gap against bounce and a straight-line distance from the first press; mouse and touch have
//       thresholds of their own.
//   R5  Live settings. New thresholds (the desktop's, or the command line's) apply at once, also
//       to attempts in progress.
//   R6  Restart, don't drop. A press that cannot continue a multi-tap settles it at once and
//       starts the next: three quick taps are a double and a single, and no tap is ever lost.
//   R7  Provisional taps. A tap that has to wait may be shown at once as provisional; exactly one
//       of confirmed or superseded follows.
//   R8  Ending without beginning is failing. A continuous gesture that ends before it began has
//       failed, for everything that waits on it.
//   R9  One-way dependencies, in any order. A require(toFail:) cycle is refused when it is set
//       up, and the order recognizers are registered in never changes the output.
//   R10 No wait after the last tap. A multi-tap is reported at its last release unless something
//       (a longer multi-tap) waits on it.
//   R11 Everything returns to rest. With every contact up and the longest window passed, every
//       recognizer is possible again, no timer is queued and nothing is held back; removing a
//       recognizer cancels its timer, and a stale timer does nothing.
//   R12 Latch and log. An attempt stays bound to what its first press hit, and every decision
//       (recognizer, outcome, reason, times) can be traced as one machine-readable line.
