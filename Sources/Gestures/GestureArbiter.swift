import Timing

/// The non-generic heart of `GestureEngine`: recognizer slots in canonical (tag) order, the timer
/// wheel, the contacts held for the canvas, and the pipeline every event goes through.
///
/// Per event: (1) catch up with the event's server time (R3); (2) phase A: every attempt in
/// progress takes the event; (3) settle requirements and reset finished attempts; (4) phase B: idle
/// recognizers take a press as a new first press (R6); (5) deliver contacts to the canvas; (6) move
/// timers to the recognizers' new deadlines.
@usableFromInline struct GestureArbiter {
    /// Per-slot options given at registration.
    struct Options {
        var provisional = false
        var delaysContactsBegan = false
        var cancelsContacts = false
    }

    /// Where a slot's current attempt stands with respect to the other recognizers.
    enum Arbitration {
        /// Deciding on its own (possible, or tracking an attempt).
        case open
        /// Succeeded, waiting for the recognizers it requires to fail; the slot's `report` says what
        /// it will tell the app.
        case held
        /// Recognized (discrete) or began (continuous) and was delivered.
        case succeeded
        case failed
    }

    /// What a held slot will tell the app once the recognizers it requires have failed. For a
    /// continuous gesture `began` follows its motion and `ended` records a release meanwhile.
    struct Report {
        var began: GestureEvent
        var ended: GestureEvent?
    }

    struct Slot {
        let id: UInt32
        /// Its machine in `recognizers`.
        var recognizer: Recognizers.ID
        /// Asked with the press location when a continuous gesture is about to begin (a pure predicate).
        let shouldBegin: ((GesturePoint) -> Bool)?
        let options: Options
        var arbitration: Arbitration = .open
        /// While held, what it will tell the app; nil otherwise. Beside the arbitration rather than
        /// in it, so that the arbitration, read for every slot on every event, stays one byte.
        var report: Report?
        /// The timer at the recognizer's deadline, if it has one: the wheel holds the deadline.
        var timer: TimerHandle?
        /// Indices of the slots this one requires to fail (rebuilt when the set changes).
        var waitsOn: [Int] = []
        /// Indices of the slots this one may succeed together with.
        var simultaneousWith: [Int] = []
    }

    /// An output before tags are attached: slot indices stand for tags.
    @usableFromInline enum Output {
        case gesture(slot: Int, GestureEvent)
        case contact(ContactEvent)
    }

    /// A decision before tags are attached.
    struct Decision {
        var slot: Int
        var outcome: DecisionOutcome
        var reason: DecisionReason
        var eventTime: ServerTime?
        var firstPressTime: ServerTime?
        var now: Deadline
        var latency: TimeAmount
    }

    var settings: GestureSettings { didSet { syncTimers() } }
    var isTracing = false
    var slots: [Slot] = []
    /// Every slot's recognizer, each kind in an array of its own.
    var recognizers = Recognizers()
    var requirements: [(waiter: UInt32, awaited: UInt32)] = []
    var simultaneous: [(UInt32, UInt32)] = []
    @usableFromInline var wheel: TimerWheel<UInt32>
    var contacts: [ContactRecord] = []
    var nextSerial: PressSerial = 1
    var nextSlotID: UInt32 = 0
    var heldCount = 0
    /// Whether the event being handled changed any recognizer's course (see `handle`).
    var stepsTaken = false
    @usableFromInline var outputs: [Output] = []
    var decisions: [Decision] = []
    /// The time of what is being handled: `now` and, for an event, its server time.
    var now: Deadline
    var eventTime: ServerTime?

    init(settings: GestureSettings, now: Deadline) {
        self.settings = settings
        self.now = now
        wheel = TimerWheel(now: now)
    }
}

// MARK: - Registration

extension GestureArbiter {
    /// Inserts a recognizer at `index` (the caller keeps slots in tag order) and returns its id.
    mutating func insert(
        _ machine: Recognizers.Machine, shouldBegin: ((GesturePoint) -> Bool)?, options: Options, at index: Int
    ) -> UInt32 {
        let id = nextSlotID
        nextSlotID += 1
        let recognizer = recognizers.add(machine)
        slots.insert(Slot(id: id, recognizer: recognizer, shouldBegin: shouldBegin, options: options), at: index)
        rebuildTopology()
        return id
    }

    /// Before removing slot `index`: a gesture in progress is cancelled, a held provisional tap
    /// superseded (outputs still name the slot by its current index).
    mutating func cancelForRemoval(at index: Int) {
        switch slots[index].arbitration {
        case .succeeded where slots[index].recognizer.isContinuous && !recognizers.isFinished(slots[index].recognizer):
            emit(index, .cancelled)
            trace(index, .cancelled, .recognizerRemoved, origin: nil)
        case .held where slots[index].options.provisional && !slots[index].recognizer.isContinuous:
            emit(index, .superseded)
            trace(index, .superseded, .recognizerRemoved, origin: nil)
        default: break
        }
    }

    /// Removes slot `index` (call `cancelForRemoval` and take the outputs first): its timer is
    /// cancelled, its requirements dropped, and what waited on it or was delayed by it re-examined.
    mutating func remove(at index: Int) {
        if case .held = slots[index].arbitration { heldCount -= 1 }
        if let timer = slots[index].timer { wheel.cancel(timer) }
        let id = slots[index].id
        let removed = slots.remove(at: index).recognizer
        recognizers.remove(removed)
        for i in slots.indices {
            slots[i].recognizer = Recognizers.renumber(slots[i].recognizer, afterRemoving: removed)
        }
        requirements.removeAll { $0.waiter == id || $0.awaited == id }
        simultaneous.removeAll { $0.0 == id || $0.1 == id }
        rebuildTopology()
        settle()
        finishStep()
        checkInvariants()
    }

    /// Whether `awaited` (transitively) requires `waiter` to fail: adding waiter -> awaited would
    /// close a cycle.
    func wouldCycle(waiter: UInt32, awaited: UInt32) -> Bool {
        var stack = [awaited]
        var seen: Set<UInt32> = []
        while let id = stack.popLast() {
            if id == waiter { return true }
            guard seen.insert(id).inserted else { continue }
            stack += requirements.filter { $0.waiter == id }.map(\.awaited)
        }
        return false
    }

    mutating func rebuildTopology() {
        var index: [UInt32: Int] = [:]
        for (i, slot) in slots.enumerated() { index[slot.id] = i }
        for i in slots.indices {
            let id = slots[i].id
            slots[i].waitsOn = requirements.filter { $0.waiter == id }.compactMap { index[$0.awaited] }
            slots[i].simultaneousWith = simultaneous.compactMap { pair in
                pair.0 == id ? index[pair.1] : pair.1 == id ? index[pair.0] : nil
            }
        }
    }
}

// MARK: - Entry points

extension GestureArbiter {
    /// Handles one event (see the type's comment for the pipeline). Timers are not fired here:
    /// the event's server time already settled every window it closes.
    @usableFromInline mutating func handle(_ event: GestureInput) {
        if case .press(let button) = event.kind,
            contacts.contains(where: { $0.isDown && $0.contact == event.contact && $0.button == button })
        {
            // The release of the earlier press never came (a grab broke): that press is cancelled.
            var lost = event
            lost.kind = .cancel
            handle(lost)
        }
        now = event.readTime
        eventTime = event.serverTime
        // Only an event that is no motion, or a step taken, can finish attempts, move deadlines or
        // release contacts: a plain motion skips that bookkeeping.
        stepsTaken = event.kind != .motion
        if !wheel.isEmpty {  // only attempts with a deadline depend on time passing
            for i in slots.indices where slots[i].timer != nil {
                let origin = isTracing ? recognizers.origin(slots[i].recognizer) : nil
                let step = recognizers.catchUp(slots[i].recognizer, to: event.serverTime, settings)
                if case .none = step { continue }
                apply(step, i, origin: origin)
            }
            settle()
        }

        let (input, recordIndex) = contactInput(for: event)
        for i in slots.indices where recognizers.isInterested(slots[i].recognizer, in: input) {
            let origin = isTracing ? recognizers.origin(slots[i].recognizer) : nil
            let step = recognizers.resolve(slots[i].recognizer, input)
            if case .none = step { continue }
            apply(step, i, origin: origin)
        }
        if stepsTaken {
            settle()
            resetFinished()
        }

        if input.isPress, input.serial != nil {
            for i in slots.indices where recognizers.isIdle(slots[i].recognizer) {
                if case .open = slots[i].arbitration {
                    let step = recognizers.begin(slots[i].recognizer, input)
                    apply(step, i, origin: nil)
                }
            }
            settle()
        }
        if stepsTaken {
            // Contacts released by this event begin before this event's own sample is shown.
            beginUndelayedContacts()
            if let recordIndex { deliver(event, to: recordIndex) }
            finishStep()
        } else if let recordIndex {
            deliver(event, to: recordIndex)
        }
        checkInvariants()
    }

    /// Moves the outputs to `sink`, naming slots by `tags` (one access to the arbiter per event).
    @inlinable mutating func drain<Tag>(tags: [Tag], into sink: inout [GestureOutput<Tag>]) {
        guard !outputs.isEmpty else { return }
        for output in outputs {
            switch output {
            case .gesture(let slot, let event): sink.append(.gesture(tags[slot], event))
            case .contact(let event): sink.append(.contact(event))
            }
        }
        outputs.removeAll(keepingCapacity: true)
    }

    /// Fires every timer due at `now`, in deadline order.
    @usableFromInline mutating func advance(to now: Deadline) {
        if now > self.now { self.now = now }
        guard let next = wheel.nextDeadline, next <= now else { return }
        eventTime = nil
        while let expired = wheel.popExpired(now: now) {
            guard let i = slots.firstIndex(where: { $0.id == expired.payload }),
                slots[i].timer == expired.handle
            else { continue }
            slots[i].timer = nil
            let origin = isTracing ? recognizers.origin(slots[i].recognizer) : nil
            let step = recognizers.timeout(slots[i].recognizer, now: now, settings)
            apply(step, i, origin: origin)
            settle()
            finishStep()
        }
        checkInvariants()
    }

    /// The end of every step: reset what finished, show the canvas what is no longer delayed,
    /// forget contacts that are over, and move timers to the new deadlines.
    mutating func finishStep() {
        resetFinished()
        beginUndelayedContacts()
        forgetFinishedContacts()
        syncTimers()
    }

    mutating func resetFinished() {
        for i in slots.indices where recognizers.isFinished(slots[i].recognizer) {
            switch slots[i].arbitration {
            case .held: continue
            case .open, .succeeded, .failed:
                recognizers.reset(slots[i].recognizer)
                slots[i].arbitration = .open
            }
        }
    }

    /// Keeps each slot's timer at its recognizer's deadline (cancel and reschedule on change).
    mutating func syncTimers() {
        for i in slots.indices {
            let deadline = recognizers.deadline(slots[i].recognizer, settings)
            if deadline != timerDeadline(i) {
                if let timer = slots[i].timer { wheel.cancel(timer) }
                slots[i].timer = deadline.map { wheel.schedule(at: $0, slots[i].id) }
            }
        }
    }

    /// Where slot `i`'s timer stands, as the wheel knows it.
    func timerDeadline(_ i: Int) -> Deadline? { slots[i].timer.flatMap { wheel.deadline(of: $0) } }

    /// The earliest timer: when `advance(to:)` has work to do unless an event comes first.
    /// Inlined into the loop's call site, so asking costs no copy of the arbiter.
    @inlinable var nextDeadline: Deadline? { wheel.nextDeadline }

    /// At rest (R11): no contact down or held back, every recognizer possible, no timer queued.
    var isAtRest: Bool {
        contacts.isEmpty && wheel.isEmpty && heldCount == 0
            && slots.allSatisfy { slot in
                if case .open = slot.arbitration {
                    recognizers.isIdle(slot.recognizer) && slot.timer == nil
                } else {
                    false
                }
            }
    }
}
