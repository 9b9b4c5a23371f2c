import Timing

/// The contacts one attempt of a recognizer of several contacts (swipe, multi-contact) is latched
/// to: pressed together, and where each is since.
///
/// A group starts with a press of button 1 (a finger, or a pointer's left button) from one of the
/// recognizer's `sources` while no other contact is down. Each further press of the same family
/// (touches with touches; mouse, pen and eraser with each other) and from those sources joins it if
/// it lands within the multi-contact window of the first press (server time, exclusive), until
/// `required` are down: then the group is complete. Any other press (another family, source or
/// button, a late one, one too many) cannot join it, and the window passing with too few is the end
/// of it, so the group's presses are consecutive serials. Plain data (inline storage).
struct ContactGroup {
    struct Member {
        var press: GesturePoint
        var location: GesturePoint
    }

    private(set) var required = 0
    private(set) var sources = InputSources.all
    private var members = Members(repeating: Member(press: GesturePoint(x: 0, y: 0), location: GesturePoint(x: 0, y: 0)))
    /// Member `i` is press `firstSerial + i`.
    private(set) var firstSerial: PressSerial = 0
    private(set) var count = 0
    /// The first press's kind: the group's family, and the thresholds that apply to it.
    private(set) var source = InputSource.mouse
    private(set) var firstPressTime = ServerTime(milliseconds: 0)
    private(set) var firstPressReadTime = Deadline.zero
    /// When the last contact landed: the group's clock once it is complete.
    private(set) var completeTime = ServerTime(milliseconds: 0)
    private(set) var completeReadTime = Deadline.zero
    private(set) var lastInputReadTime = Deadline.zero

    /// The members, inline; as many as one hand's fingers.
    private typealias Members = InlineArray<5, Member>
    /// The most contacts a group holds.
    static let capacity = Members.count

    /// No group: what a machine holds before its first attempt.
    init() {}

    /// A group begun by `input`, or nil when it cannot begin one: not a press of button 1 with a
    /// serial from one of `sources`, or another contact is down.
    init?(_ input: RecognizerInput, required: Int, sources: InputSources) {
        guard input.kind == .press(button: 1), let serial = input.serial, !input.otherContactsDown,
            sources.contains(input.event.source)
        else { return nil }
        self.required = required
        self.sources = sources
        members[0] = Member(press: input.location, location: input.location)
        firstSerial = serial
        count = 1
        source = input.event.source
        firstPressTime = input.time
        firstPressReadTime = input.event.readTime
        completeTime = input.time
        completeReadTime = input.event.readTime
        lastInputReadTime = input.event.readTime
    }

    var isComplete: Bool { count == required }

    /// Lets the press `input` (which has a serial) join; nil when it joined, else why it cannot.
    mutating func admit(_ input: RecognizerInput) -> DecisionReason? {
        guard let serial = input.serial else { return nil }
        guard input.kind == .press(button: 1), input.event.source.isTouch == source.isTouch,
            sources.contains(input.event.source)
        else { return .otherKindOfContact }
        guard !isComplete else { return .anotherPress }
        guard !landingWindowPassed(at: input.time, input.thresholds) else { return .tooFewContacts }
        assert(serial == firstSerial + PressSerial(count), "a group's presses are consecutive")
        members[count] = Member(press: input.location, location: input.location)
        count += 1
        lastInputReadTime = input.event.readTime
        if isComplete {
            completeTime = input.time
            completeReadTime = input.event.readTime
        }
        return nil
    }

    /// Whether the multi-contact window, from the first press, has passed at `time`.
    func landingWindowPassed(at time: ServerTime, _ thresholds: GestureSettings.Thresholds) -> Bool {
        time.milliseconds(since: firstPressTime) >= thresholds.multiContactWindowMilliseconds
    }

    /// When the window closes on a group of fingers still short of contacts (nil once complete). A group
    /// of pointers needs no timer: nothing of it is held back, a late press is judged by its own
    /// timestamp (R3) and a lift fails it (R8), so a lone mouse drag leaves no timer behind.
    func landingDeadline(_ settings: GestureSettings) -> Deadline? {
        guard !isComplete, source.isTouch else { return nil }
        return firstPressReadTime + .milliseconds(settings.thresholds(for: source).multiContactWindowMilliseconds)
    }

    func contains(_ serial: PressSerial?) -> Bool { index(of: serial) != nil }

    private func index(of serial: PressSerial?) -> Int? {
        guard let serial, serial >= firstSerial, serial - firstSerial < PressSerial(count) else { return nil }
        return Int(serial - firstSerial)
    }

    /// Follows `input` (a motion or the release of a member) to its location; false when it is no
    /// member's.
    mutating func follow(_ input: RecognizerInput) -> Bool {
        guard let i = index(of: input.serial) else { return false }
        members[i].location = input.location
        lastInputReadTime = input.event.readTime
        return true
    }

    /// Whether a member is farther than `distance` from where it pressed.
    func hasMoved(beyond distance: Double) -> Bool {
        (0..<count).contains { members[$0].location.distance(to: members[$0].press) > distance }
    }

    /// Where each member is, in press order (at most `ContactPoints.capacity` of them).
    var points: ContactPoints {
        var points = ContactPoints([])
        for i in 0..<count { points.append(members[i].location) }
        return points
    }

    /// Where the first contact pressed.
    var firstPress: GesturePoint { members[0].press }

    /// The mean of the members' presses: where the group began.
    var pressCentroid: GesturePoint { centroid(\.press) }

    /// How far the members moved together: the mean of their displacements from their presses.
    var displacement: GestureVector { centroid(\.location).offset(from: pressCentroid) }

    private func centroid(_ point: KeyPath<Member, GesturePoint>) -> GesturePoint {
        var x = 0.0, y = 0.0
        for i in 0..<count { x += members[i][keyPath: point].x; y += members[i][keyPath: point].y }
        return GesturePoint(x: x / Double(count), y: y / Double(count))
    }

    /// The presses of the group.
    var serials: ClosedRange<PressSerial> { firstSerial...firstSerial + PressSerial(count - 1) }

    /// The presses the group holds back from the canvas while its recognizer may want them (when it
    /// delays contacts): only fingers. A pointer is never held back: a lone mouse drag draws at once.
    var delayedSerials: ClosedRange<PressSerial>? { source.isTouch ? serials : nil }

    var origin: (firstPress: ServerTime, lastInputRead: Deadline) { (firstPressTime, lastInputReadTime) }
}

/// A machine latched to a `ContactGroup` (swipe, multi-contact), and what the arbiter asks of it.
protocol GroupMachine {
    /// The contacts of the current attempt, if `hasAttempt`.
    var group: ContactGroup { get }
    var hasAttempt: Bool { get }
}

extension GroupMachine {
    var claimedPresses: ClosedRange<PressSerial>? { hasAttempt ? group.serials : nil }
    var delayedPresses: ClosedRange<PressSerial>? { hasAttempt ? group.delayedSerials : nil }
    var origin: (firstPress: ServerTime, lastInputRead: Deadline)? { hasAttempt ? group.origin : nil }
}
