import Timing

/// Reading the clipboard for a paste (ICCCM 2.x), without X: it asks the owner for the first of `wanted`
/// (our own type, then text), falls back to the next when the owner refuses, and reads the answer from the
/// landing property on our window, deleting it — for INCR, that deletion starts the flow, and every new
/// value is read and deleted in turn until an empty one ends it. It waits for the owner at most `timeout`
/// at each step, so a stalled owner costs a paste, never the loop. One paste at a time.
struct SelectionReader {
    let atoms: SelectionAtoms
    /// The targets asked for, in order of preference.
    let wanted: [XAtom]
    /// How long the owner may take to answer a step (a conversion, a chunk) before the paste is given up.
    static let timeout = TimeAmount.seconds(5)

    /// Where the paste is.
    private enum State {
        case idle
        /// Asked for `wanted[index]`; the owner's SelectionNotify is awaited.
        case converting(index: Int, time: XTime)
        /// The owner answered INCR: chunks are awaited (`type`: theirs, once the first has come).
        case receiving(type: XAtom?, bytes: [UInt8])
    }

    /// What became of a paste.
    enum Outcome: Equatable {
        /// The owner gave `bytes` of `type` (the property's: some owners answer whatever is asked with
        /// what they hold, so the type says what it is, not the target asked for).
        case received(type: XAtom, bytes: [UInt8])
        /// The owner converts to none of the targets wanted.
        case refused
        /// The owner stopped answering, or its answer was lost (why).
        case failed(String)
    }

    private var state = State.idle
    private var deadline: Deadline?
    private var outcome: Outcome?

    init(atoms: SelectionAtoms, wanted: [XAtom]) {
        self.atoms = atoms
        self.wanted = wanted
    }

    /// Whether a paste is under way.
    var isReading: Bool {
        if case .idle = state { return false }
        return true
    }

    /// When `advance(to:)` next has something to do.
    var nextDeadline: Deadline? { deadline }

    /// The outcome of the paste that ended; taken once.
    mutating func takeOutcome() -> Outcome? {
        defer { outcome = nil }
        return outcome
    }

    /// Starts a paste stamped `time` (the key press that asked for it); nothing while one is under way.
    mutating func begin(time: XTime, now: Deadline) -> [SelectionAction] {
        guard !isReading else { return [] }
        return convert(index: 0, time: time, now: now)
    }

    private mutating func convert(index: Int, time: XTime, now: Deadline) -> [SelectionAction] {
        guard index < wanted.count else {
            finish(.refused)
            return []
        }
        state = .converting(index: index, time: time)
        deadline = now + Self.timeout
        return [.convert(selection: atoms.clipboard, target: wanted[index], property: atoms.landing, time: time)]
    }

    /// A SelectionNotify for our window: the owner converted (into `property`) or refused (0).
    mutating func notified(selection: XAtom, target: XAtom, property: XAtom, now: Deadline) -> [SelectionAction] {
        guard case .converting(let index, let time) = state, selection == atoms.clipboard, target == wanted[index] else { return [] }
        guard property != 0 else { return convert(index: index + 1, time: time, now: now) }
        deadline = now + Self.timeout
        return [.readAndDelete(property: atoms.landing)]
    }

    /// A property of our window got a new value: during INCR, the next chunk.
    mutating func propertyChanged(property: XAtom, now: Deadline) -> [SelectionAction] {
        guard case .receiving = state, property == atoms.landing else { return [] }
        deadline = now + Self.timeout
        return [.readAndDelete(property: atoms.landing)]
    }

    /// What `.readAndDelete` found (nil: no such property).
    mutating func read(_ content: PropertyContent?, now: Deadline) -> [SelectionAction] {
        switch state {
        case .idle:
            return []
        case .converting:
            guard let content else {
                finish(.failed("the clipboard's owner said it answered, but its answer is not there"))
                return []
            }
            if content.type == atoms.incr {
                // Deleting the INCR property (done by the read) asks for the first chunk.
                state = .receiving(type: nil, bytes: [])
                deadline = now + Self.timeout
            } else if case .bytes(let bytes) = content.value {
                finish(.received(type: content.type, bytes: bytes))
            } else {
                finish(.failed("the clipboard's owner answered with a property of format 32"))
            }
        case .receiving(let type, var bytes):
            // A property deleted meanwhile reads as none: its new value is yet to come.
            guard let content, case .bytes(let chunk) = content.value else { return [] }
            guard !chunk.isEmpty else {
                finish(.received(type: type ?? content.type, bytes: bytes))
                return []
            }
            bytes += chunk
            state = .receiving(type: type ?? content.type, bytes: bytes)
        }
        return []
    }

    /// Lets time pass: an owner that stopped answering ends the paste.
    mutating func advance(to now: Deadline) {
        guard let deadline, deadline <= now else { return }
        finish(.failed("the clipboard's owner stopped answering (\(Self.timeout.nanoseconds / 1_000_000_000) s)"))
    }

    private mutating func finish(_ ending: Outcome) {
        state = .idle
        deadline = nil
        outcome = ending
    }
}
