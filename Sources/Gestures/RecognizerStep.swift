import Timing

/// Identifies one press of one contact for the engine's lifetime (a mouse contact presses many
/// times with the same `ContactID`; each press gets a new serial).
typealias PressSerial = UInt64

/// An input as a recognizer sees it: the event plus what the engine knows about it.
struct RecognizerInput {
    var event: GestureInput
    /// The press this event belongs to; nil for hover motion and for a chord (a second button on a
    /// contact already down) and its release.
    var serial: PressSerial?
    /// Whether any other contact is down (for a press: excluding this one).
    var otherContactsDown: Bool
    var thresholds: GestureSettings.Thresholds

    var kind: GestureInput.Kind { event.kind }
    var isPress: Bool { if case .press = event.kind { true } else { false } }
    /// A release or a cancel: the press is over.
    var endsPress: Bool {
        switch event.kind {
        case .release, .cancel: true
        case .press, .motion: false
        }
    }
    var location: GesturePoint { event.location }
    var time: ServerTime { event.serverTime }
}

/// Why a recognizer made a decision (for traces, R12).
public enum DecisionReason: String, Hashable, Sendable {
    case tapCompleted = "taps completed"
    case movedBeyondSlop = "moved beyond drag threshold"
    case anotherPress = "another press"
    case windowPassed = "multi-tap window passed"
    case pressTooSoon = "next press inside minimum gap (bounce)"
    case pressTooFar = "next press beyond multi-tap distance"
    case pointerMovedAway = "pointer moved beyond multi-tap distance between taps"
    case otherButtonOrDevice = "next press by another button, device or source"
    case heldLongEnough = "held for the long-press duration"
    case movedBeyondAllowance = "moved beyond long-press allowable movement"
    case releasedEarly = "released before the long-press duration"
    case shouldBeginDeclined = "shouldBegin declined"
    case endedWithoutBeginning = "ended without beginning (R8)"
    case movedPastSlop = "moved beyond drag threshold, began"
    case moved = "moved"
    case released = "released"
    case awaitedGestureFailed = "every gesture it requires to fail has failed"
    case awaitedGestureSucceeded = "a gesture it requires to fail succeeded"
    case waitingForRequirements = "waiting for required gestures to fail"
    case excludedByOtherGesture = "another gesture claimed the press"
    case recognizerRemoved = "recognizer removed"
    case contactCancelled = "contact cancelled"
    case contactsLanded = "all its contacts landed together"
    case tooFewContacts = "too few contacts within the multi-contact window"
    case otherKindOfContact = "a press of another kind of contact or another button"
    case swiped = "moved far and fast enough in its direction"
    case wrongDirection = "moved beyond drag threshold in a direction it does not accept"
    case liftedShort = "a contact lifted before the swipe"
    case tooSlow = "did not move far enough in time"
    case liftedTooSoon = "a contact lifted before all had landed"
    case heldTooLong = "held for the long-press duration, too long for a tap"
}

/// What a recognizer's transition asks of the engine.
enum RecognizerStep {
    case none
    case failed(DecisionReason)
    /// A discrete gesture is recognized (`event` is `.recognized`) or a continuous one is ready to
    /// begin (`.began`, `.contactsBegan`); its first press went down at `press`.
    case succeeded(GestureEvent, press: GesturePoint, DecisionReason)
    /// A continuous gesture moved (`.changed`, `.contactsChanged`).
    case changed(GestureEvent)
    /// A continuous gesture ended (`.ended`, `.contactsEnded`).
    case ended(GestureEvent)
    /// A continuous gesture can go on no more: a contact of it was cancelled, or `reason`.
    case cancelled(DecisionReason)
}

/// Tracks a contact's velocity from successive samples (px/s by server time).
struct VelocityTracker {
    var location: GesturePoint
    var time: ServerTime
    var velocity: GestureVector = .zero

    init(location: GesturePoint, time: ServerTime) { self.location = location; self.time = time }

    mutating func add(_ newLocation: GesturePoint, at newTime: ServerTime) {
        let elapsed = newTime.milliseconds(since: time)
        if elapsed > 0 {
            let offset = newLocation.offset(from: location)
            let perSecond = 1000 / Double(elapsed)
            velocity = GestureVector(dx: offset.dx * perSecond, dy: offset.dy * perSecond)
        }
        location = newLocation
        time = newTime
    }
}
