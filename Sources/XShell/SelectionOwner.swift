import Timing

/// Serving the clipboard we own (ICCCM 2.x), without X: requests in, the properties to write and the
/// notifications to send out.
///
/// - `TARGETS` lists what we offer (ATOM, format 32), `TIMESTAMP` gives the time we took the clipboard
///   (INTEGER), `SAVE_TARGETS` asked of us is answered with an empty property of type NULL; every format
///   of the offer is converted when asked (`Offer.convert`).
/// - `MULTIPLE`: the requestor's property holds (target, property) pairs; each is converted into its
///   property, a failure sets the pair's property to None, and the list is written back (ATOM_PAIR).
/// - A conversion larger than `chunkSize` goes by INCR: the property gets type INCR and the size; we hear of
///   the requestor's property changes, and each time it deletes the property we write the next chunk (of
///   the real type), ending with an empty one. Transfers are keyed by (requestor, property), so one
///   requestor may read several at once (MULTIPLE), and one that stalls is dropped after `stallTimeout`.
/// - A request stamped before we took the clipboard, for another selection, or after we lost it, is refused.
/// - Quitting, we may hand the clipboard to a clipboard manager (`handOver`): it asks for SAVE_TARGETS of
///   CLIPBOARD_MANAGER, naming our targets, and we keep serving until it answers or `handOverTimeout` passes.
struct SelectionOwner {
    /// What we offer while we own the clipboard.
    struct Offer {
        /// When we took it: requests stamped earlier are refused, and TIMESTAMP answers this.
        var time: XTime
        /// The targets of our content (not TARGETS, TIMESTAMP, MULTIPLE or SAVE_TARGETS), in order.
        var formats: [XAtom]
        /// The bytes of a format (its type is the target itself), or nil when they cannot be made.
        var convert: (XAtom) -> [UInt8]?
    }

    let atoms: SelectionAtoms
    /// Our window: where the manager's SAVE_TARGETS names our targets.
    let window: XWindow
    /// The largest property written at once: more goes by INCR.
    let chunkSize: Int
    /// How long a transfer may wait for the requestor before it is dropped (GTK's IDLE_ABORT_TIME).
    static let stallTimeout = TimeAmount.seconds(30)
    /// How long quitting waits for a clipboard manager (a second or two: quitting must not hang).
    static let handOverTimeout = TimeAmount.seconds(2)

    /// What we offer; nil when we do not own the clipboard (never took it, or lost it).
    private(set) var offer: Offer?
    /// The INCR transfers under way.
    private var transfers: [TransferKey: Transfer] = [:]
    /// When each transfer is dropped unless its requestor reads on.
    private var stalls: TimerWheel<TransferKey>
    /// The handing over to a clipboard manager, while it waits for its answer.
    private var handOverDeadline: Deadline?

    /// A transfer is named by the requestor and its property.
    struct TransferKey: Hashable {
        var requestor: XWindow
        var property: XAtom
    }

    /// An INCR transfer: the bytes, their type, how much has been written, and its stall timer.
    private struct Transfer {
        var type: XAtom
        var bytes: [UInt8]
        var sent = 0
        var timer: TimerHandle
    }

    init(atoms: SelectionAtoms, window: XWindow, chunkSize: Int, now: Deadline) {
        self.atoms = atoms
        self.window = window
        self.chunkSize = max(1, chunkSize)
        stalls = TimerWheel(now: now)
    }

    /// The chunk size for a server whose largest request is `maxRequestUnits` 4-byte units (Xlib's
    /// `XExtendedMaxRequestSize`, else `XMaxRequestSize`): a request's worth less room for its header, at most
    /// 262144 bytes (GTK's cap).
    static func chunkSize(maxRequestUnits: Int) -> Int { max(1024, min(262_144, maxRequestUnits * 4 - 100)) }

    /// Every target we answer: ours first, then the formats.
    var targets: [XAtom] {
        [atoms.targets, atoms.timestamp, atoms.multiple, atoms.saveTargets] + (offer?.formats ?? [])
    }

    /// We took the clipboard (the shell confirmed it with the server) with `offer`.
    mutating func own(_ offer: Offer) { self.offer = offer }

    /// Another client took the clipboard (SelectionClear): we offer nothing more; transfers under way go on
    /// with the bytes they have.
    mutating func lost() { offer = nil }

    /// Whether INCR transfers are under way.
    var isTransferring: Bool { !transfers.isEmpty }

    /// When `advance(to:)` next has something to do.
    var nextDeadline: Deadline? { [stalls.nextDeadline, handOverDeadline].compactMap { $0 }.min() }

    // MARK: - Requests

    /// Answers `request`: the properties to write, then the notification.
    mutating func handle(_ request: ConversionRequest, now: Deadline) -> [SelectionAction] {
        // An obsolete client names no property: the target's name is the property's (ICCCM 2.2).
        let property = request.property == 0 ? request.target : request.property
        func notify(_ property: XAtom) -> SelectionAction {
            .notify(requestor: request.requestor, selection: request.selection, target: request.target,
                    property: property, time: request.time)
        }
        guard let offer, request.selection == atoms.clipboard, request.time == 0 || isAtOrAfter(request.time, offer.time) else {
            return [notify(0)]
        }
        if request.target == atoms.multiple {
            guard request.property != 0, var pairs = request.pairs, pairs.count % 2 == 0 else { return [notify(0)] }
            var actions: [SelectionAction] = []
            for index in stride(from: 0, to: pairs.count, by: 2) {
                let (target, destination) = (pairs[index], pairs[index + 1])
                if target == atoms.multiple || destination == 0 {
                    pairs[index + 1] = 0
                } else if let written = write(target, into: destination, of: request.requestor, offer: offer, now: now) {
                    actions += written
                } else {
                    pairs[index + 1] = 0
                }
            }
            actions.append(.setProperty(window: request.requestor, property: property, type: atoms.atomPair, value: .items(pairs)))
            return actions + [notify(property)]
        }
        guard let actions = write(request.target, into: property, of: request.requestor, offer: offer, now: now) else {
            return [notify(0)]
        }
        return actions + [notify(property)]
    }

    /// The actions that put `target`'s conversion into `property` of `requestor`; nil when we cannot convert.
    private mutating func write(_ target: XAtom, into property: XAtom, of requestor: XWindow, offer: Offer,
                                now: Deadline) -> [SelectionAction]? {
        func set(_ type: XAtom, _ value: PropertyValue) -> SelectionAction {
            .setProperty(window: requestor, property: property, type: type, value: value)
        }
        switch target {
        case atoms.targets: return [set(atoms.atom, .items(targets))]
        case atoms.timestamp: return [set(atoms.integer, .items([offer.time]))]
        case atoms.saveTargets: return [set(atoms.null, .items([]))]
        default:
            guard offer.formats.contains(target), let bytes = offer.convert(target) else { return nil }
            guard bytes.count > chunkSize else { return [set(target, .bytes(bytes))] }
            let key = TransferKey(requestor: requestor, property: property)
            var actions: [SelectionAction] = []
            if let replaced = transfers.removeValue(forKey: key) {
                stalls.cancel(replaced.timer)
            } else if !transfers.keys.contains(where: { $0.requestor == requestor }) {
                actions.append(.watchProperties(requestor, true))  // before the INCR property: its deletion must be heard
            }
            transfers[key] = Transfer(type: target, bytes: bytes, timer: stalls.schedule(at: now + Self.stallTimeout, key))
            return actions + [set(atoms.incr, .items([UInt(bytes.count)]))]
        }
    }

    /// A property of a window we watch was deleted: the requestor read the last chunk (or the INCR
    /// announcement), so the next one follows; after the empty one the transfer is over.
    mutating func propertyDeleted(window: XWindow, property: XAtom, now: Deadline) -> [SelectionAction] {
        let key = TransferKey(requestor: window, property: property)
        guard var transfer = transfers[key] else { return [] }
        stalls.cancel(transfer.timer)
        let end = min(transfer.bytes.count, transfer.sent + chunkSize)
        let chunk = Array(transfer.bytes[transfer.sent..<end])
        let write = SelectionAction.setProperty(window: window, property: property, type: transfer.type, value: .bytes(chunk))
        guard !chunk.isEmpty else { return [write] + finish(key) }
        transfer.sent = end
        transfer.timer = stalls.schedule(at: now + Self.stallTimeout, key)
        transfers[key] = transfer
        return [write]
    }

    /// Ends the transfer `key`: we stop hearing of its requestor's properties when it has no other.
    private mutating func finish(_ key: TransferKey) -> [SelectionAction] {
        if let transfer = transfers.removeValue(forKey: key) { stalls.cancel(transfer.timer) }
        return transfers.keys.contains(where: { $0.requestor == key.requestor }) ? [] : [.watchProperties(key.requestor, false)]
    }

    /// Lets time pass: stalled transfers are dropped, and a clipboard manager that has not answered is given up.
    mutating func advance(to now: Deadline) -> [SelectionAction] {
        var actions: [SelectionAction] = []
        while let expired = stalls.popExpired(now: now) {
            if let transfer = transfers[expired.payload], transfer.timer == expired.handle { actions += finish(expired.payload) }
        }
        if let deadline = handOverDeadline, deadline <= now { handOverDeadline = nil }
        return actions
    }

    // MARK: - Handing over to a clipboard manager

    /// Quitting: asks the clipboard manager to save our targets (the shell has checked that CLIPBOARD_MANAGER
    /// has an owner). Nothing when we do not own the clipboard.
    mutating func handOver(time: XTime, now: Deadline) -> [SelectionAction] {
        guard let offer else { return [] }
        handOverDeadline = now + Self.handOverTimeout
        return [.setProperty(window: window, property: atoms.landing, type: atoms.atom, value: .items(offer.formats)),
                .convert(selection: atoms.clipboardManager, target: atoms.saveTargets, property: atoms.landing, time: time)]
    }

    /// Whether we still wait for the clipboard manager.
    var isHandingOver: Bool { handOverDeadline != nil }

    /// A SelectionNotify came: the clipboard manager's answer ends the handing over (saved or not).
    mutating func notified(selection: XAtom, target: XAtom) {
        if selection == atoms.clipboardManager, target == atoms.saveTargets { handOverDeadline = nil }
    }
}
