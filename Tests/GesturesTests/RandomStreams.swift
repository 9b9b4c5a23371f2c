import Gestures
import SeededRandom
import Timing

/// Builds random but plausible input: clicks, double clicks, drags, long presses, hover, right
/// clicks, chords, several touches and pointers at once, with gaps around every threshold and
/// some events read late. Server time starts near the 32-bit wrap so streams cross it. With
/// `groups`, also fingers landing together and swiping, and pointers pressed together.
struct StreamBuilder {
    var random: SeededGenerator
    var events: [GestureInput] = []
    /// When each event reached the client (its server time on the monotonic clock); it is read
    /// at `readTime`, usually at once, sometimes late while the loop is busy.
    var arrivals: [Deadline] = []
    /// Server ms since the start (the monotonic clock runs alongside, offset by `readOrigin`).
    var elapsed: Int64 = 0
    let serverStart: ServerTime
    var nextTouch: UInt32 = 1

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        serverStart = ServerTime(milliseconds: UInt32.max - UInt32.random(in: 0...20_000, using: &random))
    }

    /// Whether actions include fingers landing together and swiping, and pointers pressed together.
    var groups = false

    /// A finished stream of random actions, at least `count` events long.
    init(seed: UInt64, actions count: Int, groups: Bool = false) {
        self.init(seed: seed)
        self.groups = groups
        while events.count < count { addAction() }
        finish()
    }

    mutating func int(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// A gap that often lands near a threshold (40, 400, 500 ms).
    mutating func gap() -> Int64 {
        switch int(0...5) {
        case 0: int(0...60)
        case 1: int(380...420)
        case 2: int(480...520)
        case 3: int(60...380)
        default: int(0...900)
        }
    }

    mutating func point(near p: GesturePoint? = nil) -> GesturePoint {
        guard let p, chance(0.7) else {
            return GesturePoint(x: Double(int(0...200)), y: Double(int(0...200)))
        }
        return GesturePoint(x: p.x + Double(int(-7...7)), y: p.y + Double(int(-7...7)))
    }

    mutating func emit(_ kind: GestureInput.Kind, _ contact: ContactID, _ location: GesturePoint) {
        let lag: Int64 = chance(0.05) ? int(20...300) : int(0...2)
        arrivals.append(Deadline(nanoseconds: UInt64(1_000_000 + elapsed) * 1_000_000))
        events.append(GestureInput(
            kind, contact: contact, source: contact.touch == 0 ? .mouse : .touch,
            location: location, serverTime: serverStart.advanced(byMilliseconds: elapsed),
            readTime: Deadline(nanoseconds: UInt64(1_000_000 + elapsed + lag) * 1_000_000)))
    }

    mutating func wait(_ ms: Int64) { elapsed += ms }

    /// Whether releases may be replaced by a cancel or lost (a grab broke) now and then.
    var ending = true

    /// One press of `contact`: held `duration` ms with `moves` motions of up to `step` px each.
    mutating func press(_ contact: ContactID, at start: GesturePoint, button: Int = 1, duration: Int64,
                        moves: Int, step: Int64) {
        var location = start
        emit(.press(button: button), contact, location)
        let slice = moves > 0 ? max(1, duration / Int64(moves + 1)) : duration
        for _ in 0..<moves {
            wait(slice)
            location = GesturePoint(x: location.x + Double(int(-step...step)), y: location.y + Double(int(-step...step)))
            emit(.motion, contact, location)
        }
        wait(moves > 0 ? max(0, duration - slice * Int64(moves)) : duration)
        if ending && chance(0.02) {
            emit(.cancel, contact, location)
        } else if !(ending && button == 1 && chance(0.01)) {  // else lost: the next left press heals it
            emit(.release(button: button), contact, location)
        }
    }

    /// Ends the stream with a click by each pointer (healing any lost release).
    mutating func finish() {
        ending = false
        wait(1000)
        press(ContactID(device: 2), at: point(), duration: 50, moves: 0, step: 0)
        press(ContactID(device: 3), at: point(), duration: 50, moves: 0, step: 0)
    }

    /// Appends one random user action, and a random pause after it.
    mutating func addAction() {
        let pointer = ContactID(device: chance(0.85) ? 2 : 3)
        var last = point()
        switch int(0...(groups ? 11 : 9)) {
        case 0, 1:  // clicks in a burst, near each other or not
            for _ in 0..<int(1...4) {
                last = point(near: last)
                press(pointer, at: last, duration: int(5...200), moves: chance(0.3) ? 1 : 0, step: 6)
                wait(gap())
            }
        case 2, 3:  // drag
            press(pointer, at: last, duration: int(50...900), moves: Int(int(1...30)), step: 15)
        case 4:  // long press, maybe then a drag
            press(pointer, at: last, duration: int(450...800), moves: Int(int(0...6)), step: chance(0.5) ? 3 : 20)
        case 5:  // right click, sometimes as a chord
            if chance(0.3) {
                emit(.press(button: 1), pointer, last)
                wait(int(10...100))
                press(pointer, at: last, button: 3, duration: int(10...100), moves: 0, step: 0)
                wait(int(0...100))
                emit(.release(button: 1), pointer, last)
            } else {
                press(pointer, at: last, button: 3, duration: int(10...200), moves: 0, step: 0)
            }
        case 6:  // hover
            for _ in 0..<int(1...10) {
                last = point(near: last)
                emit(.motion, pointer, last)
                wait(int(1...30))
            }
        case 7, 8:  // several touches overlapping
            var down: [(ContactID, GesturePoint)] = []
            for _ in 0..<int(1...3) {
                let touch = ContactID(device: 9, touch: nextTouch)
                nextTouch += 1
                let p = point(near: down.last?.1)
                emit(.press(button: 1), touch, p)
                down.append((touch, p))
                wait(int(0...150))
            }
            wander(&down, rounds: int(0...12), step: 12)
            lift(down)
        case 10:  // fingers landing together (or nearly), swiping in some direction at some speed
            swipe()
        case 11:  // two pointers pressed together (or nearly), both moving
            var down: [(ContactID, GesturePoint)] = []
            for device in [UInt16(2), 3].shuffled(using: &random) {
                let p = point()
                emit(.press(button: 1), ContactID(device: device), p)
                down.append((ContactID(device: device), p))
                wait(chance(0.5) ? int(0...40) : int(250...350))
            }
            wander(&down, rounds: int(0...10), step: 25)
            lift(down)
        default:  // two pointers at once
            let a = ContactID(device: 2), b = ContactID(device: 3)
            let pa = point(), pb = point()
            emit(.press(button: 1), a, pa)
            wait(int(0...100))
            emit(.press(button: 1), b, pb)
            wait(int(0...100))
            emit(.motion, a, GesturePoint(x: pa.x + 20, y: pa.y))
            emit(.release(button: 1), b, pb)
            wait(int(0...100))
            emit(.release(button: 1), a, GesturePoint(x: pa.x + 20, y: pa.y))
        }
        wait(gap())
    }

    /// One to four fingers (often three) landing within about the multi-contact window (some too
    /// late), moving together in one direction (often up) at a speed around the swipe's, sometimes
    /// one lifting early.
    mutating func swipe() {
        var down: [(ContactID, GesturePoint)] = []
        for _ in 0..<(chance(0.5) ? 3 : int(1...4)) {
            let touch = ContactID(device: 9, touch: nextTouch)
            nextTouch += 1
            let p = GesturePoint(x: Double(int(0...300)), y: Double(int(0...300)))
            emit(.press(button: 1), touch, p)
            down.append((touch, p))
            wait(chance(0.8) ? int(0...60) : int(130...170))
        }
        let (dx, dy): (Double, Double) = chance(0.5) ? (0, -1) : [(0, -1), (0, 1), (-1, 0), (1, 0)][Int(int(0...3))]
        for _ in 0..<int(1...8) {
            let stride = Double(int(2...40))
            for i in down.indices {
                down[i].1 = GesturePoint(x: down[i].1.x + dx * stride + Double(int(-4...4)),
                                         y: down[i].1.y + dy * stride + Double(int(-4...4)))
                emit(.motion, down[i].0, down[i].1)
                wait(int(0...5))
            }
            wait(int(5...40))
            if chance(0.1), let early = down.popLast() { emit(.release(button: 1), early.0, early.1) }
            if down.isEmpty { return }
        }
        lift(down)
    }

    /// Moves the contacts in `down` at random, `rounds` times, up to `step` px each time.
    mutating func wander(_ down: inout [(ContactID, GesturePoint)], rounds: Int64, step: Int64) {
        for _ in 0..<rounds {
            let i = Int(int(0...Int64(down.count - 1)))
            down[i].1 = GesturePoint(x: down[i].1.x + Double(int(-step...step)), y: down[i].1.y + Double(int(-step...step)))
            emit(.motion, down[i].0, down[i].1)
            wait(int(0...40))
        }
    }

    /// Lifts the contacts in `down` in random order (a few are cancelled instead).
    mutating func lift(_ down: [(ContactID, GesturePoint)]) {
        for (contact, p) in down.shuffled(using: &random) {
            emit(chance(0.03) ? .cancel : .release(button: 1), contact, p)
            wait(int(0...100))
        }
    }

    /// Clicks by one mouse, nothing else: each press held 5-150 ms without moving.
    mutating func addClick() {
        let last = events.last?.location
        press(ContactID(device: 2), at: point(near: last), duration: int(5...150), moves: 0, step: 0)
        wait(gap())
    }
}
