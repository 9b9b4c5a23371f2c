import CX11
import Shapes
import Timing
import TouchTracker

/// The CLIPBOARD selection over Xlib: it carries out what `SelectionOwner` (serving the shapes we copied)
/// and `SelectionReader` (a paste) decide, and hands them the events that concern them. Single-threaded
/// and never waiting on another client: every answer comes as an event to the shell's loop.
///
/// - Ownership is taken at the triggering event's server time (never CurrentTime) and confirmed with
///   `XGetSelectionOwner`.
/// - A paste asks for our own type, then UTF8_STRING; with no owner, or when we own the clipboard
///   ourselves, it is answered at once without a round trip through another client.
/// - Requestors' windows may vanish at any moment: X errors about them are expected and not reported
///   (`XConnection.foreignWindows`).
final class ClipboardService {
    private let connection: XConnection
    private let window: Window
    let atoms: SelectionAtoms
    /// Each format's target atom, in the order TARGETS lists them.
    private let formats: [(format: ClipboardContent.Format, atom: Atom)]
    private var owner: SelectionOwner
    private var reader: SelectionReader
    /// What we offer while we own the clipboard.
    private var content: ClipboardContent?
    /// The paste's answer when it needed no other client.
    private var immediate: ClipboardReceipt?

    init(connection: XConnection, window: Window, now: Deadline) {
        self.connection = connection
        self.window = window
        let formats = ClipboardContent.Format.allCases
        let names = ["CLIPBOARD", "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "INCR", "ATOM_PAIR", "NULL",
                     "CLIPBOARD_MANAGER", "_TOUCHTRACKER_CLIPBOARD"] + formats.map(\.name)
        let interned = connection.intern(names)
        atoms = SelectionAtoms(clipboard: interned[0], targets: interned[1], timestamp: interned[2], multiple: interned[3],
                               saveTargets: interned[4], incr: interned[5], atom: XA_ATOM, integer: XA_INTEGER,
                               atomPair: interned[6], null: interned[7], clipboardManager: interned[8], landing: interned[9])
        self.formats = Array(zip(formats, interned[10...]))
        let display = connection.display
        let units = XExtendedMaxRequestSize(display) > 0 ? XExtendedMaxRequestSize(display) : XMaxRequestSize(display)
        owner = SelectionOwner(atoms: atoms, window: window, chunkSize: SelectionOwner.chunkSize(maxRequestUnits: units), now: now)
        let shapes = self.formats.first { $0.format == .shapes }!.atom
        let text = self.formats.first { $0.format == .utf8String }!.atom
        reader = SelectionReader(atoms: atoms, wanted: [shapes, text])
    }

    /// The atom of `format`.
    func atom(of format: ClipboardContent.Format) -> Atom { formats.first { $0.format == format }!.atom }

    // MARK: - Copying

    /// Takes the clipboard with `shapes` at `time`, the server time of the event that asked; nil when we own
    /// it, else why not.
    func own(_ shapes: Drawing, time: XTime) -> String? {
        let display = connection.display
        XSetSelectionOwner(display, atoms.clipboard, window, time)
        guard XGetSelectionOwner(display, atoms.clipboard) == window else {
            return "the X server gave the clipboard to another program"
        }
        let content = ClipboardContent(shapes: shapes)
        self.content = content
        let byAtom = Dictionary(uniqueKeysWithValues: formats.map { ($0.atom, $0.format) })
        owner.own(SelectionOwner.Offer(time: time, formats: formats.map(\.atom)) { target in
            byAtom[target].flatMap(content.bytes)
        })
        return nil
    }

    /// Whether we own the clipboard (as far as the events read so far say).
    var ownsTheClipboard: Bool { owner.offer != nil }

    // MARK: - Pasting

    /// Starts a paste stamped `time`; its receipt comes from `takeReceipt()` (at once when no other client
    /// is involved). Nothing while a paste is under way.
    func requestPaste(time: XTime, now: Deadline) {
        guard !reader.isReading, immediate == nil else { return }
        let current = XGetSelectionOwner(connection.display, atoms.clipboard)
        if current == 0 {
            immediate = .empty
        } else if current == window, let content {
            immediate = content.bytes(.shapes).map(ClipboardReceipt.shapes) ?? .unavailable("the copied shapes cannot be written")
        } else {
            perform(reader.begin(time: time, now: now), now: now)
        }
    }

    /// What the paste under way received, once it is over.
    func takeReceipt() -> ClipboardReceipt? {
        if let immediate {
            self.immediate = nil
            return immediate
        }
        switch reader.takeOutcome() {
        case nil: return nil
        case .received(let type, let bytes)?:
            if type == atom(of: .shapes) { return .shapes(bytes) }
            if [ClipboardContent.Format.utf8String, .utf8PlainText, .string, .plainText].map(atom(of:)).contains(type) {
                return .text(bytes)
            }
            return .unavailable("the clipboard holds \(connection.name(of: type)), not TouchTracker shapes")
        case .refused?: return .unavailable("the clipboard holds no TouchTracker shapes and no text")
        case .failed(let reason)?: return .unavailable(reason)
        }
    }

    // MARK: - Events

    /// A SelectionRequest for a selection we own (or owned).
    func requested(_ request: ConversionRequest, now: Deadline) {
        var request = request
        XConnection.noteForeignWindow(request.requestor)
        if request.target == atoms.multiple, request.property != 0 {
            request.pairs = readItems(of: request.requestor, property: request.property)
        }
        perform(owner.handle(request, now: now), now: now)
    }

    /// Another client took a selection from us (SelectionClear).
    func cleared(selection: Atom) {
        guard selection == atoms.clipboard else { return }
        owner.lost()
        content = nil
    }

    /// A SelectionNotify: the answer to a paste's conversion, or the clipboard manager's to SAVE_TARGETS.
    func notified(selection: Atom, target: Atom, property: Atom, now: Deadline) {
        owner.notified(selection: selection, target: target)
        perform(reader.notified(selection: selection, target: target, property: property, now: now), now: now)
    }

    /// A property changed on a window we hear of: a requestor read a chunk (deleted), or a chunk of a paste
    /// came (a new value on ours).
    func propertyChanged(window changed: Window, atom: Atom, deleted: Bool, now: Deadline) {
        if deleted {
            perform(owner.propertyDeleted(window: changed, property: atom, now: now), now: now)
        } else if changed == window {
            perform(reader.propertyChanged(property: atom, now: now), now: now)
        }
    }

    /// When `advance(to:)` next has work: a stalled transfer, a paste whose owner went quiet, a clipboard
    /// manager that does not answer.
    var nextDeadline: Deadline? { [owner.nextDeadline, reader.nextDeadline].compactMap { $0 }.min() }

    func advance(to now: Deadline) {
        perform(owner.advance(to: now), now: now)
        reader.advance(to: now)
    }

    // MARK: - Quitting

    /// Quitting while we own the clipboard and a clipboard manager runs: asks it to save our targets.
    /// Returns whether to wait for its answer (serving its requests meanwhile).
    func beginHandOver(time: XTime, now: Deadline) -> Bool {
        guard ownsTheClipboard, XGetSelectionOwner(connection.display, atoms.clipboardManager) != 0 else { return false }
        perform(owner.handOver(time: time, now: now), now: now)
        return owner.isHandingOver
    }

    /// Whether the clipboard manager is still being waited for.
    var isHandingOver: Bool { owner.isHandingOver }

    // MARK: - Carrying out

    private func perform(_ actions: [SelectionAction], now: Deadline) {
        var pending = actions[...]
        let display = connection.display
        while let action = pending.popFirst() {
            switch action {
            case .setProperty(let target, let property, let type, let value):
                switch value {
                case .bytes(let bytes):
                    bytes.withUnsafeBufferPointer { buffer in
                        _ = XChangeProperty(display, target, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(buffer.count))
                    }
                case .items(let items):
                    items.withUnsafeBytes { buffer in
                        _ = XChangeProperty(display, target, property, type, 32, PropModeReplace,
                                            buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(items.count))
                    }
                }
            case .notify(let requestor, let selection, let target, let property, let time):
                var event = XEvent()
                event.xselection.type = SelectionNotify
                event.xselection.display = display
                event.xselection.requestor = requestor
                event.xselection.selection = selection
                event.xselection.target = target
                event.xselection.property = property
                event.xselection.time = time
                XSendEvent(display, requestor, 0, 0, &event)
            case .watchProperties(let target, let on):
                guard target != window else { continue }  // ours always hears of its properties
                // Added to or taken from what we already select there (the settings manager's window, say).
                var attributes = XWindowAttributes()
                guard XGetWindowAttributes(display, target, &attributes) != 0 else { continue }  // gone
                XSelectInput(display, target, on ? attributes.your_event_mask | PropertyChangeMask
                                                 : attributes.your_event_mask & ~PropertyChangeMask)
            case .convert(let selection, let target, let property, let time):
                XConvertSelection(display, selection, target, property, window, time)
            case .readAndDelete(let property):
                pending = reader.read(readProperty(property), now: now)[...] + pending
            }
        }
        XFlush(display)
    }

    /// `property` of our window, deleted once read; nil when there is none.
    private func readProperty(_ property: Atom) -> PropertyContent? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(connection.display, window, property, 0, Int(Int32.max) / 4, 1, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else { return nil }
        switch format {
        case 32:
            let items = data.map { pointer in
                pointer.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            } ?? []
            return PropertyContent(type: type, value: .items(items))
        default:
            let length = Int(count) * (format == 16 ? 2 : 1)
            return PropertyContent(type: type, value: .bytes(data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []))
        }
    }

    /// The items of a format-32 property of another client's window, left in place; nil when it has none.
    private func readItems(of requestor: Window, property: Atom) -> [XAtom]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(connection.display, requestor, property, 0, 1 << 16, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0, format == 32, let data else { return nil }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }
}
