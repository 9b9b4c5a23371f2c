import Timing

/// One press of one contact as the arbiter tracks it for the canvas, from press until the canvas
/// has seen it end (or a recognizer has claimed it).
struct ContactRecord {
    /// Whether the canvas has seen the contact (`delaysContactsBegan`, `cancelsContacts`).
    enum Delivery {
        /// Held back while a recognizer that delays contacts may still want the press.
        case delayed
        /// The canvas saw `began` and sees every sample from now on.
        case delivered
        /// A recognizer claimed it: the canvas never sees it (again).
        case absorbed
    }

    var serial: PressSerial
    var contact: ContactID
    var button: Int
    var press: ContactSample
    /// The latest motion while delayed.
    var latest: ContactSample?
    /// The release while delayed.
    var release: ContactSample?
    var isDown: Bool
    var delivery: Delivery

    func sample(_ event: GestureInput) -> ContactSample { ContactSample(event, button: button) }
}

extension ContactSample {
    /// `event` as a sample of its contact, which a press of `button` began.
    init(_ event: GestureInput, button: Int) {
        self.init(contact: event.contact, button: button, source: event.source, location: event.location,
                  pressure: event.pressure, modifiers: event.modifiers, serverTime: event.serverTime)
    }
}
