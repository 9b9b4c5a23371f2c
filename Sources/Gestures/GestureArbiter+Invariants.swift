import Timing

// What must hold between any two calls into the arbiter. Checked after every event and timer in
// debug builds (so the property tests check them over half a million events, two million under
// `make test-long`); free in release.

extension GestureArbiter {
    /// A description of the first broken invariant, or nil.
    func invariantViolation() -> String? {
        var held = 0
        for (i, slot) in slots.enumerated() {
            if case .held = slot.arbitration { held += 1 } else if recognizers.isFinished(slot.recognizer) {
                return "slot \(i) finished but not reset"
            }
            let isHeld = if case .held = slot.arbitration { true } else { false }
            if isHeld != (slot.report != nil) { return "slot \(i) held \(isHeld), with a report \(slot.report != nil)" }
            if let timer = slot.timer, !wheel.isPending(timer) { return "slot \(i) timer not pending" }
            if timerDeadline(i) != recognizers.deadline(slot.recognizer, settings) {
                return "slot \(i) timer not at its deadline"
            }
        }
        if held != heldCount { return "heldCount \(heldCount), held slots \(held)" }
        if wheel.count != slots.filter({ $0.timer != nil }).count { return "the wheel holds timers no slot owns" }
        var down: Set<ContactID> = []
        for record in contacts {
            if record.isDown && !down.insert(record.contact).inserted { return "\(record.contact) down twice" }
            if case .delayed = record.delivery, !isDelayed(record.serial) { return "\(record.contact) delayed by nothing" }
            if !record.isDown, case .delivered = record.delivery { return "\(record.contact) ended but kept" }
        }
        return nil
    }

    func checkInvariants() {
        assert({
            if let violation = invariantViolation() { assertionFailure("GestureArbiter: \(violation)") }
            return true
        }())
    }
}
