import Gestures
import Testing
import Timing

/// The tags the app uses, in the order tests expect them to be visited.
enum G: Hashable, Comparable, Sendable {
    case select, clear, longPress, moveLine, menu, swipe, circle, undoTap, redoTap
}

/// Drives an engine from a script that reads as a behaviour, like Flutter's gesture tests:
///
///     "down 50ms up 100ms down 50ms up"
///
/// Tokens (separated by spaces):
/// - `Nms`: time passes N ms, then the engine's timers run (`advance(to:)`).
/// - `Nms~`: time passes without the loop running timers (events are queued meanwhile).
/// - `tick`: run the timers now.
/// - `[C.]verb[:button][@x,y][%pressure][+lag]` with verb `down`, `up`, `move` or `cancel`: an event of
///   contact `C` (`A` the first mouse, the default; `B` a second master pointer; `P` a pen and `E` an
///   eraser, each on a master pointer of its own; `T1`, `T2`, ... touches), at its last location unless
///   `@x,y` is given, stamped now and read `lag` ms later (default 0). A `move` of a contact that is
///   not down is hover.
struct Timeline {
    let engine: GestureEngine<G>
    /// Milliseconds since the script began, by the server's clock.
    private(set) var elapsed: Int64 = 0
    let serverStart: ServerTime
    private var positions: [String: GesturePoint] = [:]
    private var buffer: [GestureOutput<G>] = []
    /// Everything the engine said, with the ms (since start) of the call that produced it.
    private(set) var log: [(ms: Int64, output: GestureOutput<G>)] = []

    init(_ engine: GestureEngine<G>, serverStart: UInt32 = 1_000) {
        self.engine = engine
        self.serverStart = ServerTime(milliseconds: serverStart)
    }

    /// The monotonic time matching `elapsed` (+ a read lag).
    func readTime(lag: Int64 = 0) -> Deadline {
        Deadline(nanoseconds: UInt64(10_000 + elapsed + lag) * 1_000_000)
    }

    mutating func run(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for token in script.split(separator: " ") { step(String(token), sourceLocation) }
    }

    private mutating func step(_ token: String, _ sourceLocation: SourceLocation) {
        if token == "tick" {
            advance()
        } else if token.hasSuffix("ms~"), let n = Int64(token.dropLast(3)) {
            elapsed += n
        } else if token.hasSuffix("ms"), let n = Int64(token.dropLast(2)) {
            elapsed += n
            advance()
        } else if let event = parseEvent(token) {
            buffer.removeAll(keepingCapacity: true)
            engine.handle(event, into: &buffer)
            for output in buffer { log.append((elapsed, output)) }
        } else {
            Issue.record("bad timeline token \(token)", sourceLocation: sourceLocation)
        }
    }

    mutating func advance() {
        buffer.removeAll(keepingCapacity: true)
        engine.advance(to: readTime(), into: &buffer)
        for output in buffer { log.append((elapsed, output)) }
    }

    private mutating func parseEvent(_ token: String) -> GestureInput? {
        var rest = Substring(token)
        var name = "A"
        let head = rest.prefix { $0 != "@" }
        if let dot = head.firstIndex(of: ".") {
            name = String(rest[..<dot])
            rest = rest[rest.index(after: dot)...]
        }
        var lag: Int64 = 0
        if let plus = rest.firstIndex(of: "+") {
            guard let n = Int64(rest[rest.index(after: plus)...]) else { return nil }
            lag = n
            rest = rest[..<plus]
        }
        var pressure: Double?
        if let percent = rest.firstIndex(of: "%") {
            guard let p = Double(rest[rest.index(after: percent)...]) else { return nil }
            pressure = p
            rest = rest[..<percent]
        }
        if let at = rest.firstIndex(of: "@") {
            let coordinates = rest[rest.index(after: at)...].split(separator: ",").compactMap { Double($0) }
            guard coordinates.count == 2 else { return nil }
            positions[name] = GesturePoint(x: coordinates[0], y: coordinates[1])
            rest = rest[..<at]
        }
        var button = 1
        if let colon = rest.firstIndex(of: ":") {
            guard let n = Int(rest[rest.index(after: colon)...]) else { return nil }
            button = n
            rest = rest[..<colon]
        }
        let kind: GestureInput.Kind
        switch rest {
        case "down": kind = .press(button: button)
        case "up": kind = .release(button: button)
        case "move": kind = .motion
        case "cancel": kind = .cancel
        default: return nil
        }
        guard let contact = Self.contact(named: name) else { return nil }
        return GestureInput(
            kind, contact: contact, source: Self.source(of: contact), location: positions[name] ?? GesturePoint(x: 0, y: 0),
            pressure: pressure, serverTime: serverStart.advanced(byMilliseconds: elapsed), readTime: readTime(lag: lag))
    }

    static func contact(named name: String) -> ContactID? {
        switch name {
        case "A": ContactID(device: 2)
        case "B": ContactID(device: 3)
        case "P": ContactID(device: 4)
        case "E": ContactID(device: 5)
        default:
            if name.first == "T", let id = UInt32(name.dropFirst()) { ContactID(device: 9, touch: id) } else { nil }
        }
    }

    static func source(of contact: ContactID) -> InputSource {
        switch contact.device {
        case 4: .pen
        case 5: .eraser
        case 9: .touch
        default: .mouse
        }
    }

    static func name(of contact: ContactID) -> String {
        switch (contact.device, contact.touch) {
        case (2, 0): "A"
        case (3, 0): "B"
        case (4, 0): "P"
        case (5, 0): "E"
        case (9, let id): "T\(id)"
        default: "\(contact)"
        }
    }

    // MARK: Reading the log

    /// Gesture outputs as short strings: "select provisional", "clear recognized", "moveLine changed".
    var gestures: [String] {
        log.compactMap { entry in
            guard case .gesture(let tag, let event) = entry.output else { return nil }
            return "\(tag) \(Self.kind(of: event))"
        }
    }

    /// Gesture outputs with their locations: "select recognized (10, 0)".
    var gesturesWithLocations: [String] {
        log.compactMap { entry in
            guard case .gesture(let tag, let event) = entry.output else { return nil }
            return "\(tag) \(Self.describe(event))"
        }
    }

    /// Each continuous gesture's beginning with its press: "moveLine began (20, 4) pressed at (3, 4)".
    var beginnings: [String] {
        log.compactMap { entry in
            guard case .gesture(let tag, .began(let p, let press)) = entry.output else { return nil }
            return "\(tag) began \(Self.point(p)) pressed at \(Self.point(press))"
        }
    }

    /// What the canvas saw: "A began (0, 0)", "A moved (20, 0)", "A ended (20, 0)", "A cancelled".
    var canvas: [String] {
        log.compactMap { entry in
            guard case .contact(let event) = entry.output else { return nil }
            switch event {
            case .began(let s): return "\(Self.name(of: s.contact)) began \(Self.point(s.location))"
            case .moved(let s): return "\(Self.name(of: s.contact)) moved \(Self.point(s.location))"
            case .ended(let s): return "\(Self.name(of: s.contact)) ended \(Self.point(s.location))"
            case .cancelled(let c): return "\(Self.name(of: c)) cancelled"
            }
        }
    }

    /// The ms (since start) at which the first output matching `gesture` ("select confirmed") came.
    func when(_ gesture: String) -> Int64? {
        log.first { entry in
            if case .gesture(let tag, let event) = entry.output { "\(tag) \(Self.kind(of: event))" == gesture } else { false }
        }?.ms
    }

    /// The ms (since start) at which the canvas saw its first output matching `contact` ("T1 began (0, 0)").
    func whenCanvas(_ contact: String) -> Int64? {
        zip(log.filter { if case .contact = $0.output { true } else { false } }, canvas).first { $0.1 == contact }?.0.ms
    }

    /// Time passes long enough for every window; then the engine must be at rest (R11).
    mutating func expectRest(sourceLocation: SourceLocation = #_sourceLocation) {
        run("2000ms")
        #expect(engine.isAtRest, "engine not at rest", sourceLocation: sourceLocation)
        #expect(engine.pendingTimerCount == 0, "timers leaked", sourceLocation: sourceLocation)
        #expect(engine.nextDeadline == nil, sourceLocation: sourceLocation)
    }

    static func kind(of event: GestureEvent) -> String {
        switch event {
        case .recognized: "recognized"
        case .provisional: "provisional"
        case .confirmed: "confirmed"
        case .superseded: "superseded"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .contactsBegan: "began"
        case .contactsChanged: "changed"
        case .contactsEnded: "ended"
        }
    }

    static func describe(_ event: GestureEvent) -> String {
        switch event {
        case .recognized(let p): "recognized \(point(p))"
        case .provisional(let p): "provisional \(point(p))"
        case .began(let p, _): "began \(point(p))"
        case .changed(let p, let t, _): "changed \(point(p)) by \(point(GesturePoint(x: t.dx, y: t.dy)))"
        case .ended(let p): "ended \(point(p))"
        case .contactsBegan(let points): "began \(Self.points(points))"
        case .contactsChanged(let points): "changed \(Self.points(points))"
        case .contactsEnded(let points): "ended \(Self.points(points))"
        default: kind(of: event)
        }
    }

    static func point(_ p: GesturePoint) -> String {
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        return "(\(n(p.x)), \(n(p.y)))"
    }

    static func points(_ points: ContactPoints) -> String { points.map(point).joined(separator: " ") }
}

/// A long press that requires a double tap to fail: it succeeds, then waits until the double tap
/// has failed before it begins.
func longPressAwaitingDoubleTap() throws -> GestureEngine<G> {
    let engine = GestureEngine<G>()
    engine.add(.select, TapRecognizer(taps: 2))
    engine.add(.longPress, LongPressRecognizer())
    try engine.require(.longPress, toFail: .select)
    return engine
}

/// The app's engine with the recognizers of several contacts the app has: a three-finger swipe up (the
/// palette; fingers only), a circle between two contacts (fingers or pointers), and two and three contacts
/// tapped together (undo, redo), all holding fingers back and taking their contacts from the canvas; the
/// circle waits for the swipe and the two-contact tap to fail.
func appEngineWithGroups(
    lineAt: @escaping (GesturePoint) -> Bool = { _ in false },
    selectedLineAt: @escaping (GesturePoint) -> Bool = { _ in false },
    order: [G] = [.clear, .select, .longPress, .moveLine, .menu, .swipe, .circle, .undoTap, .redoTap]
) -> GestureEngine<G> {
    appEngine(lineAt: lineAt, selectedLineAt: selectedLineAt, order: order)
}

/// The engine as the app (`AppController`) configures it, with a right-button tap (`menu`) beside: the app's
/// right press now goes to its menu before the engine, and the tap keeps a second button in the rules' tests.
/// `lineAt` says whether a line is under a point; `selectedLineAt` whether the selected line is.
func appEngine(
    settings: GestureSettings = .default,
    lineAt: @escaping (GesturePoint) -> Bool = { _ in false },
    selectedLineAt: @escaping (GesturePoint) -> Bool = { _ in false },
    order: [G] = [.clear, .select, .longPress, .moveLine, .menu],
    doubleTapDelaysContacts: Bool = true
) -> GestureEngine<G> {
    let engine = GestureEngine<G>(settings: settings, now: Deadline(nanoseconds: 10_000_000_000))
    for tag in order {
        switch tag {
        case .clear:
            engine.add(.clear, TapRecognizer(taps: 2, button: 1), delaysContactsBegan: doubleTapDelaysContacts)
        case .select:
            engine.add(.select, TapRecognizer(taps: 1, button: 1), provisional: true, delaysContactsBegan: true)
        case .longPress:
            engine.add(.longPress, LongPressRecognizer(shouldBegin: lineAt), cancelsContacts: true)
        case .moveLine:
            engine.add(.moveLine, PanRecognizer(button: 1, shouldBegin: selectedLineAt), cancelsContacts: true)
        case .menu: engine.add(.menu, TapRecognizer(taps: 1, button: 3))
        case .swipe:
            engine.add(.swipe, SwipeRecognizer(contacts: 3, direction: .up, sources: .touch), delaysContactsBegan: true,
                       cancelsContacts: true)
        case .circle:
            engine.add(.circle, MultiContactRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        case .undoTap:
            engine.add(.undoTap, MultiContactTapRecognizer(contacts: 2), delaysContactsBegan: true, cancelsContacts: true)
        case .redoTap:
            engine.add(.redoTap, MultiContactTapRecognizer(contacts: 3), delaysContactsBegan: true, cancelsContacts: true)
        }
    }
    do {
        try engine.require(.select, toFail: .clear)
        if order.contains(.swipe) && order.contains(.circle) { try engine.require(.circle, toFail: .swipe) }
        if order.contains(.undoTap) && order.contains(.circle) { try engine.require(.circle, toFail: .undoTap) }
    } catch {
        Issue.record("the app's engine cannot make its requirements: \(error)")
    }
    return engine
}

/// Runs `script` through the engine `engine(order)` makes for each of `orders` and expects the same
/// output from all (R9); returns it, each output with the ms it came at.
func expectTheSameOutput(
    in orders: [[G]], _ script: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ engine: ([G]) -> GestureEngine<G>
) -> [String]? {
    var reference: [String]?
    for order in orders {
        var t = Timeline(engine(order))
        t.run(script)
        let output = t.log.map { "\($0.ms) \($0.output)" }
        if let reference {
            #expect(output == reference, "order \(order)", sourceLocation: sourceLocation)
        } else {
            reference = output
        }
    }
    return reference
}
