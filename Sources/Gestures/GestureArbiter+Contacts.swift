import Timing

// What the canvas sees: contacts begin once no recognizer that delays them still wants them
// (with the original press, then the motion so far), and vanish when a recognizer claims them.

extension GestureArbiter {
    /// Registers the event with the contact records and describes it for the recognizers.
    /// Returns the index of the record the canvas should hear about, if any.
    mutating func contactInput(for event: GestureInput) -> (RecognizerInput, Int?) {
        let down = contacts.firstIndex { $0.isDown && $0.contact == event.contact }
        var input = RecognizerInput(
            event: event, serial: nil, otherContactsDown: false, thresholds: settings.thresholds(for: event.source))
        switch event.kind {
        case .press(let button):
            input.otherContactsDown = contacts.contains { $0.isDown }
            guard down == nil else { return (input, nil) }  // a chord: another button on a down contact
            let serial = nextSerial
            nextSerial += 1
            contacts.append(ContactRecord(
                serial: serial, contact: event.contact, button: button, press: ContactSample(event, button: button),
                latest: nil, release: nil,
                isDown: true, delivery: .delayed))
            input.serial = serial
            return (input, contacts.count - 1)
        case .motion:
            guard let down else { return (input, nil) }  // hover
            input.serial = contacts[down].serial
            input.otherContactsDown = contacts.count > 1 && contacts.contains { $0.isDown && $0.serial != input.serial }
            return (input, down)
        case .release, .cancel:
            guard let down, event.kind == .cancel || event.kind == .release(button: contacts[down].button)
            else { return (input, nil) }
            input.serial = contacts[down].serial
            contacts[down].isDown = false
            // A cancelled press still held back is dropped before recognizers let it go.
            if event.kind == .cancel, case .delayed = contacts[down].delivery { contacts[down].delivery = .absorbed }
            input.otherContactsDown = contacts.count > 1 && contacts.contains { $0.isDown }
            return (input, down)
        }
    }

    /// Shows the canvas this event of record `r`, or keeps it while the contact is delayed.
    mutating func deliver(_ event: GestureInput, to r: Int) {
        let sample = contacts[r].sample(event)
        switch (contacts[r].delivery, event.kind) {
        case (.delayed, .press):
            if !isDelayed(contacts[r].serial) {
                markDelivered(r)
                outputs.append(.contact(.began(sample)))
            }
        case (.delayed, .motion): contacts[r].latest = sample
        case (.delayed, .release): contacts[r].release = sample
        case (.delivered, .motion): outputs.append(.contact(.moved(sample)))
        case (.delivered, .release): outputs.append(.contact(.ended(sample)))
        case (.delivered, .cancel): outputs.append(.contact(.cancelled(contacts[r].contact)))
        case (.delayed, .cancel): contacts[r].delivery = .absorbed  // done in contactInput already
        case (.delivered, .press), (.absorbed, _): break
        }
    }

    /// Whether a recognizer that delays contacts still wants press `serial`.
    func isDelayed(_ serial: PressSerial) -> Bool {
        for i in slots.indices where slots[i].options.delaysContactsBegan {
            if case .failed = slots[i].arbitration { continue }
            if let delayed = recognizers.delayedPresses(slots[i].recognizer), delayed.contains(serial) { return true }
        }
        return false
    }

    /// Begins every delayed contact nothing delays any more, in press order: the press, then the
    /// latest motion, then the release if it came meanwhile.
    mutating func beginUndelayedContacts() {
        for r in contacts.indices {
            guard case .delayed = contacts[r].delivery, !isDelayed(contacts[r].serial) else { continue }
            markDelivered(r)
            outputs.append(.contact(.began(contacts[r].press)))
            if let latest = contacts[r].latest { outputs.append(.contact(.moved(latest))) }
            if let release = contacts[r].release { outputs.append(.contact(.ended(release))) }
        }
    }

    /// Record `r` reaches the canvas. An earlier press of the same contact still held back (a
    /// mouse clicked again meanwhile) can no longer be shown in order: it is dropped.
    mutating func markDelivered(_ r: Int) {
        contacts[r].delivery = .delivered
        for older in contacts.indices where older < r && contacts[older].contact == contacts[r].contact {
            if case .delayed = contacts[older].delivery { contacts[older].delivery = .absorbed }
        }
    }

    /// Forgets contacts that are up and that the canvas has seen end (or never will see).
    mutating func forgetFinishedContacts() {
        contacts.removeAll { record in
            if case .delayed = record.delivery { false } else { !record.isDown }
        }
    }

    /// A recognizer that delays or cancels contacts succeeded on `claimed`: the canvas loses them.
    mutating func absorbContacts(_ claimed: ClosedRange<PressSerial>) {
        for r in contacts.indices where claimed.contains(contacts[r].serial) {
            // A delivered record still here has not been shown its end (see flushDelayedContacts).
            if case .delivered = contacts[r].delivery {
                outputs.append(.contact(.cancelled(contacts[r].contact)))
            }
            contacts[r].delivery = .absorbed
        }
    }
}
