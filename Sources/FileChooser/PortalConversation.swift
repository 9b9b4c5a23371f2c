/// The conversation with the desktop's file chooser portal (`org.freedesktop.portal.FileChooser`) over the
/// session bus, without I/O: bytes from the bus in, bytes to send out, and its outcome.
///
///     authenticate   "\0AUTH EXTERNAL <uid in hex>\r\n" → "OK <guid>\r\n" → "BEGIN\r\n"
///     Hello          → our unique name (":1.42"), which names the request's handle
///     AddMatch       the Response signal of /org/freedesktop/portal/desktop/request/1_42/TOKEN — before the
///                    call, as the portal's documentation asks, so that no response can come unheard
///     OpenFile / SaveFile (ssa{sv}: parent window, title, options) → the handle (a portal that predates
///                    handle tokens answers another path: it is listened to as well)
///     Response       (u response, a{sv} results): 0 chosen (`uris`), 1 cancelled, 2 ended otherwise
///
/// An error answering a step before the dialog shows (no bus daemon accepting us, no portal, a portal without
/// FileChooser) means "no portal here" (`Outcome.unavailable`): the chooser falls back to the next tool.
public struct PortalConversation: Sendable {
    /// How it ended.
    public enum Outcome: Hashable, Sendable {
        /// The user chose the file at this URI.
        case chosen(uri: String)
        case cancelled
        /// The portal showed a dialog that ended otherwise (why).
        case failed(String)
        /// There is no portal to ask (why): try another chooser.
        case unavailable(String)
    }

    /// Where the conversation is.
    private enum Step: Hashable {
        case authenticating
        case greeting
        case calling
        case waiting(handles: Set<String>)
        case over
    }

    public static let bus = "org.freedesktop.DBus"
    public static let portal = "org.freedesktop.portal.Desktop"
    public static let portalPath = "/org/freedesktop/portal/desktop"
    public static let fileChooser = "org.freedesktop.portal.FileChooser"
    public static let request = "org.freedesktop.portal.Request"

    let chooser: ChooserRequest
    /// The window the dialog belongs to: "x11:<XID in hex>", or "".
    let parentWindow: String
    /// The handle's last element: letters, digits and underscores.
    let token: String
    let uid: UInt32

    private var step = Step.authenticating
    private var line: [UInt8] = []
    private var framer = DBusFramer()
    private var serial: UInt32 = 0
    private var callSerial: UInt32 = 0
    public private(set) var outcome: Outcome?

    public init(chooser: ChooserRequest, parentWindow: String, token: String, uid: UInt32) {
        self.chooser = chooser
        self.parentWindow = parentWindow
        self.token = token
        self.uid = uid
    }

    /// The first bytes to send: the NUL every connection begins with, and the authentication.
    public func start() -> [UInt8] {
        let hexUID = String(uid).utf8.map { String($0, radix: 16) }.joined()
        return [0] + Array("AUTH EXTERNAL \(hexUID)\r\n".utf8)
    }

    /// Whether the dialog is showing (the portal answered the call): from then on the outcome is the user's.
    public var isShowing: Bool {
        if case .waiting = step { return true }
        return false
    }

    /// Takes bytes read from the bus; returns the bytes to send.
    public mutating func receive(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes[...]
        var reply: [UInt8] = []
        if step == .authenticating {
            while let byte = bytes.popFirst() {
                line.append(byte)
                guard line.suffix(2) == [UInt8(ascii: "\r"), UInt8(ascii: "\n")] else { continue }
                let text = String(decoding: line.dropLast(2), as: UTF8.self)
                line = []
                guard text.hasPrefix("OK ") else {
                    finish(.unavailable("the session bus refused us (\(text))"))
                    return []
                }
                step = .greeting
                reply += Array("BEGIN\r\n".utf8)
                reply += send(.call(serial: 0, destination: Self.bus, path: "/org/freedesktop/DBus", interface: Self.bus, member: "Hello"))
                break
            }
            if step == .authenticating { return reply }
        }
        let messages: [DBusMessage]
        do {
            messages = try framer.receive(Array(bytes))
        } catch {
            finish(isShowing ? .failed("the session bus sent a damaged message (\(error))")
                             : .unavailable("the session bus sent a damaged message (\(error))"))
            return reply
        }
        for message in messages where outcome == nil { reply += handle(message) }
        return reply
    }

    /// The bus closed the connection.
    public mutating func closed() {
        guard outcome == nil else { return }
        finish(isShowing ? .failed("the session bus closed the connection") : .unavailable("the session bus closed the connection"))
    }

    /// Gives up: the portal took too long to answer (`isShowing` false) — the next chooser is tried.
    public mutating func timedOut() {
        guard outcome == nil else { return }
        finish(.unavailable("the portal did not answer"))
    }

    private mutating func handle(_ message: DBusMessage) -> [UInt8] {
        switch (step, message.kind) {
        case (.greeting, .methodReturn) where message.replySerial == 1:
            guard let name = message.body.first?.text else {
                finish(.unavailable("the session bus gave us no name"))
                return []
            }
            expectedHandle = Self.handle(sender: name, token: token)
            step = .calling
            return addMatch(expectedHandle) + call()
        case (.greeting, .error), (.calling, .error):
            if message.replySerial == 1 || message.replySerial == callSerial {
                finish(.unavailable(message.errorName ?? "the bus answered with an error"))
            }
            return []  // AddMatch's own error leaves the call to tell
        case (.calling, .methodReturn) where message.replySerial == callSerial:
            guard case .objectPath(let handle)? = message.body.first else {
                finish(.unavailable("the portal answered without a request handle"))
                return []
            }
            // A portal that predates handle tokens answers a path of its own: it is listened to as well.
            step = .waiting(handles: [expectedHandle, handle])
            return handle == expectedHandle ? [] : addMatch(handle)
        case (.waiting(let handles), .signal)
            where message.interface == Self.request && message.member == "Response" && handles.contains(message.path ?? ""):
            guard message.body.count == 2, case .uint32(let response) = message.body[0] else {
                finish(.failed("the portal's response is malformed"))
                return []
            }
            switch response {
            case 0:
                guard let uri = message.body[1].dictionary?["uris"]?.elements?.first?.text else {
                    finish(.failed("the portal's response names no file"))
                    return []
                }
                finish(.chosen(uri: uri))
            case 1: finish(.cancelled)
            default: finish(.failed("the portal ended the dialog (response \(response))"))
            }
            return []
        default:
            return []
        }
    }

    /// The handle the request should get, known once the bus has named us.
    private var expectedHandle = ""

    private mutating func addMatch(_ handle: String) -> [UInt8] {
        let rule = "type='signal',sender='\(Self.portal)',path='\(handle)',interface='\(Self.request)',member='Response'"
        return send(.call(serial: 0, destination: Self.bus, path: "/org/freedesktop/DBus", interface: Self.bus, member: "AddMatch",
                          body: [.string(rule)]))
    }

    private mutating func call() -> [UInt8] {
        var options: [(String, DBusValue)] = [("handle_token", .string(token)), ("modal", .boolean(true))]
        options.append(("accept_label", .string(chooser.acceptLabel)))
        if !chooser.filters.isEmpty {
            let filters = chooser.filters.map { filter in
                DBusValue.structure([.string(filter.name),
                                     .array(element: "(us)", filter.patterns.map { .structure([.uint32(0), .string($0)]) })])
            }
            options.append(("filters", .array(element: "(sa(us))", filters)))
        }
        options.append(("current_folder", .bytes(chooser.folder + [0])))
        if chooser.isSaving, let name = chooser.name { options.append(("current_name", .string(String(decoding: name, as: UTF8.self)))) }
        let message = DBusMessage.call(serial: 0, destination: Self.portal, path: Self.portalPath, interface: Self.fileChooser,
                                       member: chooser.isSaving ? "SaveFile" : "OpenFile",
                                       body: [.string(parentWindow), .string(chooser.title), .vardict(options)])
        let bytes = send(message)
        callSerial = serial
        return bytes
    }

    /// Numbers `message` with the next serial and encodes it.
    private mutating func send(_ message: DBusMessage) -> [UInt8] {
        serial += 1
        var message = message
        message.serial = serial
        return message.encoded
    }

    private mutating func finish(_ ending: Outcome) {
        outcome = ending
        step = .over
    }

    /// The handle a request made by `sender` with `token` gets: /org/freedesktop/portal/desktop/request/SENDER/TOKEN,
    /// SENDER the unique name without its ':' and with '.' as '_'.
    public static func handle(sender: String, token: String) -> String {
        let name = sender.drop { $0 == ":" }.replacingOccurrences(of: ".", with: "_")
        return "\(portalPath)/request/\(name)/\(token)"
    }
}

extension Substring {
    fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
