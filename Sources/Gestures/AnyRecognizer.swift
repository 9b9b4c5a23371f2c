import Timing

/// The closed set of recognizers the engine runs, dispatched with one `switch` (no existentials,
/// no allocation per event).
enum AnyRecognizer {
    case tap(TapRecognizer)
    case longPress(LongPressMachine)
    case pan(PanMachine)
    case swipe(SwipeMachine)
    case multiContact(MultiContactMachine)

    var isContinuous: Bool {
        switch self {
        case .tap, .swipe: false
        case .longPress, .pan, .multiContact: true
        }
    }

    mutating func begin(_ input: RecognizerInput) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.begin(input); self = .tap(r); return s
        case .longPress(var r): let s = r.begin(input); self = .longPress(r); return s
        case .pan(var r): let s = r.begin(input); self = .pan(r); return s
        case .swipe(var r): let s = r.begin(input); self = .swipe(r); return s
        case .multiContact(var r): let s = r.begin(input); self = .multiContact(r); return s
        }
    }

    mutating func resolve(_ input: RecognizerInput) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.resolve(input); self = .tap(r); return s
        case .longPress(var r): let s = r.resolve(input); self = .longPress(r); return s
        case .pan(var r): let s = r.resolve(input); self = .pan(r); return s
        case .swipe(var r): let s = r.resolve(input); self = .swipe(r); return s
        case .multiContact(var r): let s = r.resolve(input); self = .multiContact(r); return s
        }
    }

    mutating func catchUp(to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.catchUp(to: time, settings); self = .tap(r); return s
        case .longPress(var r): let s = r.catchUp(to: time, settings); self = .longPress(r); return s
        case .pan: return .none
        case .swipe(var r): let s = r.catchUp(to: time, settings); self = .swipe(r); return s
        case .multiContact(var r): let s = r.catchUp(to: time, settings); self = .multiContact(r); return s
        }
    }

    mutating func timeout(now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.timeout(now: now, settings); self = .tap(r); return s
        case .longPress(var r): let s = r.timeout(now: now, settings); self = .longPress(r); return s
        case .pan: return .none
        case .swipe(var r): let s = r.timeout(now: now, settings); self = .swipe(r); return s
        case .multiContact(var r): let s = r.timeout(now: now, settings); self = .multiContact(r); return s
        }
    }

    func deadline(_ settings: GestureSettings) -> Deadline? {
        switch self {
        case .tap(let r): r.deadline(settings)
        case .longPress(let r): r.deadline(settings)
        case .pan: nil
        case .swipe(let r): r.deadline(settings)
        case .multiContact(let r): r.deadline(settings)
        }
    }

    mutating func forceFail() {
        switch self {
        case .tap(var r): r.forceFail(); self = .tap(r)
        case .longPress(var r): r.forceFail(); self = .longPress(r)
        case .pan(var r): r.forceFail(); self = .pan(r)
        case .swipe(var r): r.forceFail(); self = .swipe(r)
        case .multiContact(var r): r.forceFail(); self = .multiContact(r)
        }
    }

    mutating func reset() {
        switch self {
        case .tap(var r): r.state = .possible; self = .tap(r)
        case .longPress(var r): r.state = .possible; self = .longPress(r)
        case .pan(var r): r.state = .possible; self = .pan(r)
        case .swipe(var r): r.state = .possible; self = .swipe(r)
        case .multiContact(var r): r.state = .possible; self = .multiContact(r)
        }
    }

    /// Not tracking anything: ready for a new first press.
    var isIdle: Bool {
        switch self {
        case .tap(let r): r.isIdle
        case .longPress(let r): r.isIdle
        case .pan(let r): r.isIdle
        case .swipe(let r): r.isIdle
        case .multiContact(let r): r.isIdle
        }
    }

    /// Whether `resolve(input)` could change anything.
    func isInterested(in input: RecognizerInput) -> Bool {
        switch self {
        case .tap(let r): r.isInterested(in: input)
        case .longPress(let r): r.isInterested(in: input)
        case .pan(let r): r.isInterested(in: input)
        case .swipe(let r): r.isInterested(in: input)
        case .multiContact(let r): r.isInterested(in: input)
        }
    }

    /// The attempt is over and none of its presses is still down.
    var isFinished: Bool {
        switch self {
        case .tap(let r): r.isFinished
        case .longPress(let r): r.isFinished
        case .pan(let r): r.isFinished
        case .swipe(let r): r.isFinished
        case .multiContact(let r): r.isFinished
        }
    }

    /// The presses the current attempt includes.
    var claimedPresses: ClosedRange<PressSerial>? {
        switch self {
        case .tap(let r): r.claimedPresses
        case .longPress(let r): r.claimedPresses
        case .pan(let r): r.claimedPresses
        case .swipe(let r): r.group?.serials
        case .multiContact(let r): r.group?.serials
        }
    }

    /// The presses the attempt holds back from the canvas when its slot delays contacts: all it
    /// claims, except that a group of pointers is never held back.
    var delayedPresses: ClosedRange<PressSerial>? {
        switch self {
        case .tap, .longPress, .pan: claimedPresses
        case .swipe(let r): r.group?.delayedSerials
        case .multiContact(let r): r.group?.delayedSerials
        }
    }

    /// The current attempt's first press time and its latest input's read time (for traces).
    var origin: (firstPress: ServerTime, lastInputRead: Deadline)? {
        switch self {
        case .tap(let r): r.attempt.map { ($0.firstPressTime, $0.lastInputReadTime) }
        case .longPress(let r): r.attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        case .pan(let r): r.attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        case .swipe(let r): r.group?.origin
        case .multiContact(let r): r.group?.origin
        }
    }
}
