import Timing

/// The closed set of recognizers the engine runs, dispatched with one `switch` (no existentials,
/// no allocation per event).
enum AnyRecognizer {
    case tap(TapRecognizer)
    case longPress(LongPressMachine)
    case pan(PanMachine)

    var isContinuous: Bool {
        if case .tap = self { false } else { true }
    }

    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.begin(input); self = .tap(r); return s
        case .longPress(var r): let s = r.begin(input); self = .longPress(r); return s
        case .pan(var r): let s = r.begin(input); self = .pan(r); return s
        }
    }

    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.resolve(input); self = .tap(r); return s
        case .longPress(var r): let s = r.resolve(input); self = .longPress(r); return s
        case .pan(var r): let s = r.resolve(input); self = .pan(r); return s
        }
    }

    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.catchUp(to: time, settings); self = .tap(r); return s
        case .longPress(var r): let s = r.catchUp(to: time, settings); self = .longPress(r); return s
        case .pan: return .none
        }
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.timeout(now: now, settings); self = .tap(r); return s
        case .longPress(var r): let s = r.timeout(now: now, settings); self = .longPress(r); return s
        case .pan: return .none
        }
    }

    func deadline(_ settings: GestureSettings) -> Deadline? {
        switch self {
        case .tap(let r): r.deadline(settings)
        case .longPress(let r): r.deadline(settings)
        case .pan: nil
        }
    }

    mutating func forceFail() {
        switch self {
        case .tap(var r): r.forceFail(); self = .tap(r)
        case .longPress(var r): r.forceFail(); self = .longPress(r)
        case .pan(var r): r.forceFail(); self = .pan(r)
        }
    }

    mutating func reset() {
        switch self {
        case .tap(var r): r.state = .possible; self = .tap(r)
        case .longPress(var r): r.state = .possible; self = .longPress(r)
        case .pan(var r): r.state = .possible; self = .pan(r)
        }
    }

    /// Not tracking anything: ready for a new first press.
    var isIdle: Bool {
        switch self {
        case .tap(let r): r.isIdle
        case .longPress(let r): r.isIdle
        case .pan(let r): r.isIdle
        }
    }

    /// Whether `resolve(input)` could change anything.
    func isInterested(in input: RecognizerInput) -> Bool {
        switch self {
        case .tap(let r): r.isInterested(in: input)
        case .longPress(let r): r.isInterested(in: input)
        case .pan(let r): r.isInterested(in: input)
        }
    }

    /// The attempt is over and none of its presses is still down.
    var isFinished: Bool {
        switch self {
        case .tap(let r): r.isFinished
        case .longPress(let r): r.isFinished
        case .pan(let r): r.isFinished
        }
    }

    /// The presses the current attempt includes.
    var claimedPresses: ClosedRange<PressSerial>? {
        switch self {
        case .tap(let r): r.claimedPresses
        case .longPress(let r): r.claimedPresses
        case .pan(let r): r.claimedPresses
        }
    }

    /// The current attempt's first press time and its latest input's read time (for traces).
    var origin: (firstPress: ServerTime, lastInputRead: Deadline)? {
        switch self {
        case .tap(let r): r.attempt.map { ($0.firstPressTime, $0.lastInputReadTime) }
        case .longPress(let r): r.attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        case .pan(let r): r.attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        }
    }
}
