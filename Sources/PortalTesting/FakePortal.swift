import FileChooser
import Foundation

/// A file-chooser portal played by the test on a `SessionBus`: it owns org.freedesktop.portal.Desktop and
/// answers FileChooser.OpenFile and SaveFile as xdg-desktop-portal does — the request's handle at once, then
/// the Response signal on it with the answer the test scripted (or none, for a dialog left open). Every call
/// is kept for the test to look at. Serves on the caller's thread (`serve`) or on a thread of its own
/// (`serveInBackground`, for a real app started by the test).
public final class FakePortal: @unchecked Sendable {
    /// What the user "does" in the dialog a call shows.
    public enum Answer: Sendable {
        /// Chooses the file at this URI.
        case choose(String)
        case cancel
        /// Leaves the dialog open: no Response.
        case none
    }

    /// A call as the portal received it.
    public struct Call: Sendable {
        public let member: String
        public let parentWindow: String
        public let title: String
        public let options: [String: DBusValue]
        /// The handle answered: where the Response goes.
        public let handle: String
    }

    private let socket: BusSocket
    private var framer = DBusFramer()
    private var serial: UInt32 = 0
    private let lock = NSLock()
    private var answers: [Answer]
    private var received: [Call] = []
    private var isStopped = false
    private var thread: Thread?

    /// Connects to `bus`, takes the portal's name, and answers calls with `answers` in turn (then `.cancel`).
    public init(bus: SessionBus, answers: [Answer]) throws {
        socket = try BusSocket(address: bus.address)
        self.answers = answers
        let hexUID = String(getuid()).utf8.map { String($0, radix: 16) }.joined()
        guard socket.send([0] + Array("AUTH EXTERNAL \(hexUID)\r\nBEGIN\r\n".utf8)) else { throw SessionBus.Failure(description: "cannot write to the bus") }
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            guard wait(timeout: 5), let bytes = socket.receive() else {
                throw SessionBus.Failure(description: "the bus did not answer the fake portal's authentication")
            }
            line += bytes
        }
        guard line.starts(with: Array("OK ".utf8)) else {
            throw SessionBus.Failure(description: "the bus refused the fake portal: \(String(decoding: line, as: UTF8.self))")
        }
        send(.call(serial: 0, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                   member: "Hello"))
        send(.call(serial: 0, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                   member: "RequestName", body: [.string(PortalConversation.portal), .uint32(4)]))
        // The name is ours once RequestName (serial 2) is answered 1, "primary owner".
        var owned = false
        while !owned {
            guard wait(timeout: 5), let bytes = socket.receive() else {
                throw SessionBus.Failure(description: "the bus did not give the fake portal its name")
            }
            for message in try framer.receive(bytes) where message.replySerial == 2 {
                guard message.kind == .methodReturn, message.body.first == .uint32(1) else {
                    throw SessionBus.Failure(description: "the portal's name is taken: \(message)")
                }
                owned = true
            }
        }
    }

    deinit { stop() }

    /// The calls received so far.
    public var calls: [Call] { lock.withLock { received } }

    /// Answers what has come, waiting at most `timeout` seconds for something to come.
    public func serve(timeout: Double) {
        guard wait(timeout: timeout) else { return }
        guard let bytes = socket.receive(), let messages = try? framer.receive(bytes) else { return }
        for message in messages where message.kind == .methodCall { answer(message) }
    }

    /// Serves on a thread of its own until `stop`.
    public func serveInBackground() {
        let thread = Thread { [self] in
            while !lock.withLock({ isStopped }) { serve(timeout: 0.05) }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops serving (and waits for the thread to see it).
    public func stop() {
        lock.withLock { isStopped = true }
        while let thread, !thread.isFinished { usleep(1_000) }
    }

    /// Sends the Response of `call` now: for a test that left a dialog open (`.none`).
    public func respond(to call: Call, with answer: Answer) {
        switch answer {
        case .choose(let uri): signal(call.handle, response: 0, results: [("uris", .strings([uri]))])
        case .cancel: signal(call.handle, response: 1, results: [])
        case .none: break
        }
    }

    private func answer(_ message: DBusMessage) {
        guard message.interface == PortalConversation.fileChooser, message.member == "OpenFile" || message.member == "SaveFile",
              message.body.count == 3, let parent = message.body[0].text, let title = message.body[1].text,
              let options = message.body[2].dictionary, let sender = message.sender
        else {
            send(DBusMessage(kind: .error, serial: 0, errorName: "org.freedesktop.DBus.Error.UnknownMethod", replySerial: message.serial,
                             destination: message.sender, body: [.string("the fake portal does not do that")]))
            return
        }
        let token = options["handle_token"]?.text ?? "t\(message.serial)"
        let call = Call(member: message.member ?? "", parentWindow: parent, title: title, options: options,
                        handle: PortalConversation.handle(sender: sender, token: token))
        let answer = lock.withLock {
            received.append(call)
            return answers.isEmpty ? Answer.cancel : answers.removeFirst()
        }
        send(DBusMessage(kind: .methodReturn, serial: 0, replySerial: message.serial, destination: sender, body: [.objectPath(call.handle)]))
        respond(to: call, with: answer)
    }

    private func signal(_ path: String, response: UInt32, results: [(String, DBusValue)]) {
        send(DBusMessage(kind: .signal, serial: 0, path: path, interface: PortalConversation.request, member: "Response",
                         body: [.uint32(response), .vardict(results)]))
    }

    private func send(_ message: DBusMessage) {
        var message = message
        lock.withLock {
            serial += 1
            message.serial = serial
            _ = socket.send(message.encoded)
        }
    }

    /// Whether the socket became readable within `timeout` seconds.
    private func wait(timeout: Double) -> Bool {
        var ready = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, Int32(timeout * 1000)) > 0
    }
}
