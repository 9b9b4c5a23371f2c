import Timing

/// The press a continuous recognizer (long press, pan) is latched to, and its motion since.
struct ContinuousAttempt {
    var serial: PressSerial
    var source: InputSource
    var pressLocation: GesturePoint
    var pressTime: ServerTime
    var pressReadTime: Deadline
    var lastInputReadTime: Deadline
    var velocity: VelocityTracker

    init(_ input: RecognizerInput, serial: PressSerial) {
        self.serial = serial
        source = input.event.source
        pressLocation = input.location
        pressTime = input.time
        pressReadTime = input.event.readTime
        lastInputReadTime = input.event.readTime
        velocity = VelocityTracker(location: input.location, time: input.time)
    }

    /// Records a motion and returns the `changed` step for it.
    mutating func move(_ input: RecognizerInput) -> RecognizerStep {
        velocity.add(input.location, at: input.time)
        lastInputReadTime = input.event.readTime
        return .changed(.changed(input.location, translation: input.location.offset(from: pressLocation),
                                 velocity: velocity.velocity))
    }
}
