import Timing

/// What a recognizer reports to the app.
public enum GestureEvent: Hashable, Sendable {
    /// A discrete gesture (tap) happened.
    case recognized(GesturePoint)
    /// A tap that still waits on another gesture (a double tap) to fail, shown at once (R7).
    /// Exactly one of `confirmed` or `superseded` follows.
    case provisional(GesturePoint)
    /// The provisional tap stands.
    case confirmed
    /// The provisional tap was taken back: the gesture it waited on happened.
    case superseded
    /// A continuous gesture (pan, long press) began at the first point, its press having gone down at
    /// `press` (where `changed` measures translation from). A pan begins where the pointer is once
    /// past the drag threshold; a long press where it was pressed. One that had to wait for other
    /// gestures to fail begins where the pointer is when they have.
    case began(GesturePoint, press: GesturePoint)
    /// A continuous gesture moved: translation from the press, velocity in px/s.
    case changed(GesturePoint, translation: GestureVector, velocity: GestureVector)
    /// A continuous gesture ended normally.
    case ended(GesturePoint)
    /// A gesture of several contacts (`MultiContactRecognizer`) began, all its contacts down
    /// together: where each is, in the order they were pressed.
    case contactsBegan(ContactPoints)
    /// One of its contacts moved: where each is now, in press order.
    case contactsChanged(ContactPoints)
    /// Its first contact to lift ended it: where each was, the lifted one where it was released.
    case contactsEnded(ContactPoints)
    /// A continuous gesture was cancelled: a contact of it was cancelled, another contact joined it
    /// too soon, or its recognizer was removed mid-gesture.
    case cancelled
}

/// One sample of a contact as the canvas sees it.
public struct ContactSample: Hashable, Sendable {
    public var contact: ContactID
    /// The button whose press began the contact.
    public var button: Int
    /// The kind of device the sample came from (a stylus: which end).
    public var source: InputSource
    public var location: GesturePoint
    /// How hard the contact pressed, from 0 to 1, where the device reports it; nil otherwise.
    public var pressure: Double?
    /// The modifier keys held (for a delayed `began`, at the original press).
    public var modifiers: Modifiers
    /// The X server's timestamp of the sample (for a delayed `began`, of the original press).
    public var serverTime: ServerTime

    public init(
        contact: ContactID, button: Int, source: InputSource = .mouse, location: GesturePoint,
        pressure: Double? = nil, modifiers: Modifiers = [], serverTime: ServerTime
    ) {
        self.contact = contact
        self.button = button
        self.source = source
        self.location = location
        self.pressure = pressure
        self.modifiers = modifiers
        self.serverTime = serverTime
    }
}

/// What the canvas (the app's raw contact handling, like a view's touchesBegan...) receives.
public enum ContactEvent: Hashable, Sendable {
    /// The contact began. When a recognizer delayed it, this carries the original press location
    /// and time and is followed at once by a `moved` to the latest position.
    case began(ContactSample)
    case moved(ContactSample)
    case ended(ContactSample)
    /// A recognizer claimed the contact: whatever the canvas did with it should vanish.
    case cancelled(ContactID)
}

/// One output of the engine, in the order things happened.
public enum GestureOutput<Tag: Hashable & Sendable>: Hashable, Sendable {
    case gesture(Tag, GestureEvent)
    case contact(ContactEvent)
}
