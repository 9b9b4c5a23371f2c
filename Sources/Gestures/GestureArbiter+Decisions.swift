import Timing

// How the arbiter turns recognizer steps into outputs: require(toFail:) holds, exclusion of
// competing attempts, claiming contacts, provisional taps.

extension GestureArbiter {
    typealias Origin = (firstPress: ServerTime, lastInputRead: Deadline)

    /// Applies one recognizer step of slot `i`. `origin` is the attempt's origin before the step
    /// (for traces; nil when not tracing).
    mutating func apply(_ step: RecognizerStep, _ i: Int, origin: Origin?) {
        switch step {
        case .none:
            return
        case .failed(let reason):
            stepsTaken = true
            fail(i, reason, origin: origin)
        case .succeeded(let event, let press, let reason):
            stepsTaken = true
            succeed(i, event, press: press, reason, origin: origin)
        case .changed(let event):
            switch slots[i].arbitration {
            case .succeeded: emit(i, event)
            case .held: slots[i].report?.began.move(as: event)
            case .open, .failed: break
            }
        case .ended(let event):
            stepsTaken = true
            switch slots[i].arbitration {
            case .succeeded:
                emit(i, event)
                trace(i, .ended, .released, origin: origin)
            case .held: slots[i].report?.ended = event
            case .open, .failed: break
            }
        case .cancelled(let reason):
            stepsTaken = true
            switch slots[i].arbitration {
            case .succeeded:
                emit(i, .cancelled)
                trace(i, .cancelled, reason, origin: origin)
            case .held: fail(i, reason, origin: origin)  // never shown: it just fails
            case .open, .failed: break
            }
        }
    }

    /// Slot `i` recognized (discrete) or is ready to begin (continuous) with `event`, its first press
    /// having gone down at `press`: ask `shouldBegin`, then deliver, hold for the recognizers it
    /// requires to fail, or fail because one succeeded.
    mutating func succeed(
        _ i: Int, _ event: GestureEvent, press: GesturePoint, _ reason: DecisionReason, origin: Origin?
    ) {
        if let shouldBegin = slots[i].shouldBegin, !shouldBegin(press) {
            recognizers.forceFail(slots[i].recognizer)
            fail(i, .shouldBeginDeclined, origin: origin)
            return
        }
        switch dependencies(of: i) {
        case .succeeded:
            recognizers.forceFail(slots[i].recognizer)
            fail(i, .awaitedGestureSucceeded, origin: origin)
        case .pending:
            slots[i].arbitration = .held
            slots[i].report = Report(began: event, ended: nil)
            heldCount += 1
            trace(i, .held, .waitingForRequirements, origin: origin)
            if slots[i].options.provisional, case .recognized(let location) = event { emit(i, .provisional(location)) }
        case .failed:
            deliver(i, event, ended: nil, reason: reason, wasHeld: false, origin: origin)
        }
    }

    enum DependencyState {
        /// Every required recognizer has failed or is not tracking anything.
        case failed
        /// Some required recognizer may still succeed.
        case pending
        /// A required recognizer succeeded: this one must fail.
        case succeeded
    }

    func dependencies(of i: Int) -> DependencyState {
        var pending = false
        for j in slots[i].waitsOn {
            switch slots[j].arbitration {
            case .succeeded: return .succeeded
            case .held: pending = true
            case .failed: continue
            case .open:
                let recognizer = slots[j].recognizer
                if !recognizers.isIdle(recognizer) && !recognizers.isFinished(recognizer) { pending = true }
            }
        }
        return pending ? .pending : .failed
    }

    /// Slot `i` fails (its recognizer is already in a failed state).
    mutating func fail(_ i: Int, _ reason: DecisionReason, origin: Origin?) {
        if case .held = slots[i].arbitration {
            heldCount -= 1
            slots[i].report = nil
            if slots[i].options.provisional && !slots[i].recognizer.isContinuous {
                slots[i].arbitration = .failed
                emit(i, .superseded)
                trace(i, .superseded, reason, origin: origin)
                return
            }
        }
        slots[i].arbitration = .failed
        trace(i, .failed, reason, origin: origin)
    }

    /// Slot `i` succeeded with `event` (and `ended` meanwhile) and nothing it requires can still
    /// succeed: tell the app, fail competing attempts on the same presses, and claim those presses
    /// from the canvas if asked to.
    mutating func deliver(
        _ i: Int, _ event: GestureEvent, ended: GestureEvent?, reason: DecisionReason, wasHeld: Bool, origin: Origin?
    ) {
        slots[i].arbitration = .succeeded
        if slots[i].recognizer.isContinuous {
            emit(i, event)
            trace(i, .began, reason, origin: origin)
            if let ended {
                emit(i, ended)
                trace(i, .ended, .released, origin: origin)
            }
        } else if wasHeld && slots[i].options.provisional {
            emit(i, .confirmed)
            trace(i, .confirmed, reason, origin: origin)
        } else {
            emit(i, event)
            trace(i, .recognized, reason, origin: origin)
        }
        guard let claimed = recognizers.claimedPresses(slots[i].recognizer) else { return }
        excludeCompetitors(of: i, claimed)
        if slots[i].options.delaysContactsBegan || slots[i].options.cancelsContacts { absorbContacts(claimed) }
    }

    /// Fails every other attempt on the same presses unless it may succeed simultaneously.
    mutating func excludeCompetitors(of i: Int, _ claimed: ClosedRange<PressSerial>) {
        for j in slots.indices where j != i && !slots[i].simultaneousWith.contains(j) {
            switch slots[j].arbitration {
            case .succeeded, .failed: continue
            case .open, .held: break
            }
            guard let theirs = recognizers.claimedPresses(slots[j].recognizer), theirs.overlaps(claimed)
            else { continue }
            let origin = isTracing ? recognizers.origin(slots[j].recognizer) : nil
            recognizers.forceFail(slots[j].recognizer)
            fail(j, .excludedByOtherGesture, origin: origin)
        }
    }

    /// Resolves held slots until nothing changes: a held slot whose requirements all failed is
    /// delivered; one whose requirement succeeded fails. Terminates: requirements form a DAG. Asked
    /// after every event with a timer pending: inlined, it costs one comparison when none is held.
    @inline(__always) mutating func settle() {
        if heldCount > 0 { settleHeld() }
    }

    private mutating func settleHeld() {
        var changed = true
        while changed {
            changed = false
            for i in slots.indices {
                guard case .held = slots[i].arbitration, let report = slots[i].report else { continue }
                switch dependencies(of: i) {
                case .pending:
                    continue
                case .succeeded:
                    let origin = isTracing ? recognizers.origin(slots[i].recognizer) : nil
                    recognizers.forceFail(slots[i].recognizer)
                    fail(i, .awaitedGestureSucceeded, origin: origin)
                case .failed:
                    heldCount -= 1
                    slots[i].report = nil
                    deliver(i, report.began, ended: report.ended, reason: .awaitedGestureFailed, wasHeld: true,
                            origin: isTracing ? recognizers.origin(slots[i].recognizer) : nil)
                }
                changed = true
            }
        }
    }

    mutating func emit(_ i: Int, _ event: GestureEvent) {
        outputs.append(.gesture(slot: i, event))
    }

    mutating func trace(_ i: Int, _ outcome: DecisionOutcome, _ reason: DecisionReason, origin: Origin?) {
        guard isTracing else { return }
        // The attempt as it stands after the step (a tap's release is its latest input); the one
        // from before the step when the step ended it.
        let origin = recognizers.origin(slots[i].recognizer) ?? origin
        decisions.append(Decision(
            slot: i, outcome: outcome, reason: reason, eventTime: eventTime, firstPressTime: origin?.firstPress,
            now: now, latency: origin.map { now - $0.lastInputRead } ?? .zero))
    }
}

extension GestureEvent {
    /// Moves this beginning as `change` says: a gesture that waited for others to fail begins where
    /// its contacts are by the time it may (and still says where it was pressed).
    mutating func move(as change: GestureEvent) {
        switch (self, change) {
        case (.began(_, let press), .changed(let location, _, _)): self = .began(location, press: press)
        case (.contactsBegan, .contactsChanged(let points)): self = .contactsBegan(points)
        default: break
        }
    }
}
