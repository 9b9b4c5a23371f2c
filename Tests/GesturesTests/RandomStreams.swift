import Gestures
import SeededRandom
import Timing

/// Builds random but plausible input: clicks, double clicks, drags, long presses, hover, right
/// clicks, chords, several touches and pointers at once, with gaps around every threshold and
/// some events read late. Server time starts near the 32-bit wrap so streams cross it.
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

    /// A finished stream of random actions, at least `count` events long.
    init(seed: UInt64, actions count: Int) {
        self.init(seed: seed)
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
        switch int(0...9) {
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
            for _ in 0..<int(0...12) {
                let i = Int(int(0...Int64(down.count - 1)))
                down[i].1 = GesturePoint(x: down[i].1.x + Double(int(-12...12)), y: down[i].1.y + Double(int(-12...12)))
                emit(.motion, down[i].0, down[i].1)
                wait(int(0...40))
            }
            for (touch, p) in down.shuffled(using: &random) {
                emit(chance(0.03) ? .cancel : .release(button: 1), touch, p)
                wait(int(0...100))
            }
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

    /// Clicks by one mouse, nothing else: each press held 5-150 ms without moving.
    mutating func addClick() {
        let last = events.last?.location
        press(ContactID(device: 2), at: point(near: last), duration: int(5...150), moves: 0, step: 0)
        wait(gap())
    }
}
