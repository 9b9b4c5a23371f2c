// Gestures: a gesture engine for pointer and touch input. Depends on Timing only.
//
// Start at `GestureEngine`: the app registers recognizers under its own tags, states who waits on
// whom (`require(_:toFail:)`), then feeds every input (`handle`) and the clock (`advance(to:)`,
// driven by `nextDeadline`) and reads `GestureOutput`s: gestures for the app, contacts for the canvas.
//
//   GestureInput (press / motion / release / cancel of a ContactID, server time + read time)
//        |
//   GestureEngine<Tag>   public face: tags, registration, outputs, traces (GestureEngineState)
//        |
//   GestureArbiter       non-generic core: per event, catch up with the server time (R3), let each
//        |               attempt take the event (phase A), settle require(toFail:) holds, reset
//        |               finished attempts, let idle recognizers start on a press (phase B, R6),
//        |               then deliver contacts to the canvas and move timers to new deadlines.
//        |
//   TapRecognizer, LongPressRecognizer, PanRecognizer: what the app configures; each has a state
//   machine (an enum whose cases carry the attempt's data, plain data so copies cost nothing)
//   whose transitions return a `RecognizerStep` the arbiter acts on.
//
// Rules the arbiter keeps: recognizers are visited in tag order (R9); a recognizer that succeeds
// fails the others on the same presses unless they may be simultaneous; a contact reaches the
// canvas once no recognizer that delays contacts still wants it, with its original press; a
// recognizer that delays or cancels contacts takes the presses it succeeds on away from the canvas.
//
// Geometry and times live in `GestureSettings` (mouse and touch apart, live-settable, R4/R5).
// Decisions can be traced as `GestureDecision` values with a one-line JSON form (R12).
// Time is always an input: nothing here reads a clock.
