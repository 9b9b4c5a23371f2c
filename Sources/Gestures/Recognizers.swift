import Timing

/// The closed set of recognizers the engine runs: each kind's machines in an array of their own,
/// named by `Recognizers.ID` (kind and index) from the arbiter's slots, and dispatched with one
/// `switch` per operation (no existentials, no allocation per event). A machine is reached in place
/// in its array: an event copies no machine, however large its kind's (a group's contacts are held
/// inline), and a small machine pays nothing for a large one. (A sum type of the machines would be
/// as large as the largest, and every switch on it copies it whole.) The operations are inlined
/// into the arbiter's loops: they are one switch each, and are called for every slot on every event.
struct Recognizers {
    /// One machine: its kind and its index in that kind's array.
    enum ID: Equatable {
        case tap(Int)
        case longPress(Int)
        case pan(Int)
        case swipe(Int)
        case multiContact(Int)
        case multiContactTap(Int)

        var isContinuous: Bool {
            switch self {
            case .tap, .swipe, .multiContactTap: false
            case .longPress, .pan, .multiContact: true
            }
        }
    }

    /// A machine to add, by kind.
    enum Machine {
        case tap(TapRecognizer)
        case longPress(LongPressMachine)
        case pan(PanMachine)
        case swipe(SwipeMachine)
        case multiContact(MultiContactMachine)
        case multiContactTap(MultiContactTapMachine)
    }

    private var taps: [TapRecognizer] = []
    private var longPresses: [LongPressMachine] = []
    private var pans: [PanMachine] = []
    private var swipes: [SwipeMachine] = []
    private var multiContacts: [MultiContactMachine] = []
    private var multiContactTaps: [MultiContactTapMachine] = []

    /// Every kind's array has storage of its own from the start: the optimizer makes arrays unique
    /// ahead of loops that may mutate them, and the shared empty array would be copied each time.
    init() {
        taps.reserveCapacity(2)
        longPresses.reserveCapacity(2)
        pans.reserveCapacity(2)
        swipes.reserveCapacity(2)
        multiContacts.reserveCapacity(2)
        multiContactTaps.reserveCapacity(2)
    }

    /// Adds `machine` and returns its ID.
    mutating func add(_ machine: Machine) -> ID {
        switch machine {
        case .tap(let m): taps.append(m); return .tap(taps.count - 1)
        case .longPress(let m): longPresses.append(m); return .longPress(longPresses.count - 1)
        case .pan(let m): pans.append(m); return .pan(pans.count - 1)
        case .swipe(let m): swipes.append(m); return .swipe(swipes.count - 1)
        case .multiContact(let m): multiContacts.append(m); return .multiContact(multiContacts.count - 1)
        case .multiContactTap(let m): multiContactTaps.append(m); return .multiContactTap(multiContactTaps.count - 1)
        }
    }

    /// Removes machine `id`; the machines after it in its kind's array move down one: `renumber`
    /// gives each remaining ID its new value.
    mutating func remove(_ id: ID) {
        switch id {
        case .tap(let i): taps.remove(at: i)
        case .longPress(let i): longPresses.remove(at: i)
        case .pan(let i): pans.remove(at: i)
        case .swipe(let i): swipes.remove(at: i)
        case .multiContact(let i): multiContacts.remove(at: i)
        case .multiContactTap(let i): multiContactTaps.remove(at: i)
        }
    }

    /// `other` as it is named once `removed` is gone.
    static func renumber(_ other: ID, afterRemoving removed: ID) -> ID {
        switch (other, removed) {
        case (.tap(let i), .tap(let r)) where i > r: .tap(i - 1)
        case (.longPress(let i), .longPress(let r)) where i > r: .longPress(i - 1)
        case (.pan(let i), .pan(let r)) where i > r: .pan(i - 1)
        case (.swipe(let i), .swipe(let r)) where i > r: .swipe(i - 1)
        case (.multiContact(let i), .multiContact(let r)) where i > r: .multiContact(i - 1)
        case (.multiContactTap(let i), .multiContactTap(let r)) where i > r: .multiContactTap(i - 1)
        default: other
        }
    }

    @inline(__always) mutating func begin(_ id: ID, _ input: RecognizerInput) -> RecognizerStep {
        switch id {
        case .tap(let i): taps[i].begin(input)
        case .longPress(let i): longPresses[i].begin(input)
        case .pan(let i): pans[i].begin(input)
        case .swipe(let i): swipes[i].begin(input)
        case .multiContact(let i): multiContacts[i].begin(input)
        case .multiContactTap(let i): multiContactTaps[i].begin(input)
        }
    }

    @inline(__always) mutating func resolve(_ id: ID, _ input: RecognizerInput) -> RecognizerStep {
        switch id {
        case .tap(let i): taps[i].resolve(input)
        case .longPress(let i): longPresses[i].resolve(input)
        case .pan(let i): pans[i].resolve(input)
        case .swipe(let i): swipes[i].resolve(input)
        case .multiContact(let i): multiContacts[i].resolve(input)
        case .multiContactTap(let i): multiContactTaps[i].resolve(input)
        }
    }

    @inline(__always)
    mutating func catchUp(_ id: ID, to time: ServerTime, _ settings: GestureSettings) -> RecognizerStep {
        switch id {
        case .tap(let i): taps[i].catchUp(to: time, settings)
        case .longPress(let i): longPresses[i].catchUp(to: time, settings)
        case .pan: .none
        case .swipe(let i): swipes[i].catchUp(to: time, settings)
        case .multiContact(let i): multiContacts[i].catchUp(to: time, settings)
        case .multiContactTap(let i): multiContactTaps[i].catchUp(to: time, settings)
        }
    }

    @inline(__always) mutating func timeout(_ id: ID, now: Deadline, _ settings: GestureSettings) -> RecognizerStep {
        switch id {
        case .tap(let i): taps[i].timeout(now: now, settings)
        case .longPress(let i): longPresses[i].timeout(now: now, settings)
        case .pan: .none
        case .swipe(let i): swipes[i].timeout(now: now, settings)
        case .multiContact(let i): multiContacts[i].timeout(now: now, settings)
        case .multiContactTap(let i): multiContactTaps[i].timeout(now: now, settings)
        }
    }

    @inline(__always) func deadline(_ id: ID, _ settings: GestureSettings) -> Deadline? {
        switch id {
        case .tap(let i): taps[i].deadline(settings)
        case .longPress(let i): longPresses[i].deadline(settings)
        case .pan: nil
        case .swipe(let i): swipes[i].deadline(settings)
        case .multiContact(let i): multiContacts[i].deadline(settings)
        case .multiContactTap(let i): multiContactTaps[i].deadline(settings)
        }
    }

    @inline(__always) mutating func forceFail(_ id: ID) {
        switch id {
        case .tap(let i): taps[i].forceFail()
        case .longPress(let i): longPresses[i].forceFail()
        case .pan(let i): pans[i].forceFail()
        case .swipe(let i): swipes[i].forceFail()
        case .multiContact(let i): multiContacts[i].forceFail()
        case .multiContactTap(let i): multiContactTaps[i].forceFail()
        }
    }

    @inline(__always) mutating func reset(_ id: ID) {
        switch id {
        case .tap(let i): taps[i].state = .possible
        case .longPress(let i): longPresses[i].state = .possible
        case .pan(let i): pans[i].state = .possible
        case .swipe(let i): swipes[i].state = .possible
        case .multiContact(let i): multiContacts[i].state = .possible
        case .multiContactTap(let i): multiContactTaps[i].state = .possible
        }
    }

    /// Not tracking anything: ready for a new first press.
    @inline(__always) func isIdle(_ id: ID) -> Bool {
        switch id {
        case .tap(let i): taps[i].isIdle
        case .longPress(let i): longPresses[i].isIdle
        case .pan(let i): pans[i].isIdle
        case .swipe(let i): swipes[i].isIdle
        case .multiContact(let i): multiContacts[i].isIdle
        case .multiContactTap(let i): multiContactTaps[i].isIdle
        }
    }

    /// Whether `resolve(id, input)` could change anything.
    @inline(__always) func isInterested(_ id: ID, in input: RecognizerInput) -> Bool {
        switch id {
        case .tap(let i): taps[i].isInterested(in: input)
        case .longPress(let i): longPresses[i].isInterested(in: input)
        case .pan(let i): pans[i].isInterested(in: input)
        case .swipe(let i): swipes[i].isInterested(in: input)
        case .multiContact(let i): multiContacts[i].isInterested(in: input)
        case .multiContactTap(let i): multiContactTaps[i].isInterested(in: input)
        }
    }

    /// The attempt is over and none of its presses is still down.
    @inline(__always) func isFinished(_ id: ID) -> Bool {
        switch id {
        case .tap(let i): taps[i].isFinished
        case .longPress(let i): longPresses[i].isFinished
        case .pan(let i): pans[i].isFinished
        case .swipe(let i): swipes[i].isFinished
        case .multiContact(let i): multiContacts[i].isFinished
        case .multiContactTap(let i): multiContactTaps[i].isFinished
        }
    }

    /// The presses the current attempt includes.
    @inline(__always) func claimedPresses(_ id: ID) -> ClosedRange<PressSerial>? {
        switch id {
        case .tap(let i): taps[i].claimedPresses
        case .longPress(let i): longPresses[i].claimedPresses
        case .pan(let i): pans[i].claimedPresses
        case .swipe(let i): swipes[i].claimedPresses
        case .multiContact(let i): multiContacts[i].claimedPresses
        case .multiContactTap(let i): multiContactTaps[i].claimedPresses
        }
    }

    /// The presses the attempt holds back from the canvas when its slot delays contacts: all it
    /// claims, except that a group of pointers is never held back.
    @inline(__always) func delayedPresses(_ id: ID) -> ClosedRange<PressSerial>? {
        switch id {
        case .tap(let i): taps[i].claimedPresses
        case .longPress(let i): longPresses[i].claimedPresses
        case .pan(let i): pans[i].claimedPresses
        case .swipe(let i): swipes[i].delayedPresses
        case .multiContact(let i): multiContacts[i].delayedPresses
        case .multiContactTap(let i): multiContactTaps[i].delayedPresses
        }
    }

    /// The current attempt's first press time and its latest input's read time (for traces).
    @inline(__always) func origin(_ id: ID) -> (firstPress: ServerTime, lastInputRead: Deadline)? {
        switch id {
        case .tap(let i): taps[i].attempt.map { ($0.firstPressTime, $0.lastInputReadTime) }
        case .longPress(let i): longPresses[i].attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        case .pan(let i): pans[i].attempt.map { ($0.pressTime, $0.lastInputReadTime) }
        case .swipe(let i): swipes[i].origin
        case .multiContact(let i): multiContacts[i].origin
        case .multiContactTap(let i): multiContactTaps[i].origin
        }
    }
}
