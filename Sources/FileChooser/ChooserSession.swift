#if canImport(Glibc)
import Glibc
#endif
import Timing

/// One file chooser, from asking to its answer, driven by the caller's loop: it tries the tools in order
/// (`ChooserTool.order`) — the portal over the session bus, then zenity or kdialog as a child process — and
/// moves to the next when one is not there (no bus, no portal, no program). The caller waits on
/// `descriptors` and `nextDeadline` with everything else and hands in what became readable and the time;
/// nothing here waits.
public final class ChooserSession {
    /// What the session needs to know of its surroundings: inputs, so that the order is tested without them.
    public struct Surroundings: Sendable {
        /// The session bus's address, when one is known.
        public var sessionBus: String?
        /// The programs found, by tool, with the path each runs from.
        public var programs: [ChooserTool: [UInt8]]
        /// XDG_SESSION_DESKTOP, else XDG_CURRENT_DESKTOP.
        public var desktop: String?

        public init(sessionBus: String?, programs: [ChooserTool: [UInt8]], desktop: String?) {
            self.sessionBus = sessionBus
            self.programs = programs
            self.desktop = desktop
        }

        /// This process's surroundings, from its environment and PATH.
        public static func current() -> Surroundings {
            var environment: [String: String] = [:]
            for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_SESSION_DESKTOP", "XDG_CURRENT_DESKTOP", "PATH"] {
                if let value = getenv(name) { environment[name] = String(cString: value) }
            }
            let bus = BusAddress.session(environment: environment) { path in
                var status = stat()
                return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
            }
            let searchPath = Array((environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").utf8)
            var programs: [ChooserTool: [UInt8]] = [:]
            for tool in [ChooserTool.zenity, .kdialog] {
                if let path = Subprocess.find(tool.rawValue, in: searchPath) { programs[tool] = path }
            }
            return Surroundings(sessionBus: bus, programs: programs,
                                desktop: environment["XDG_SESSION_DESKTOP"] ?? environment["XDG_CURRENT_DESKTOP"])
        }
    }

    /// How long the portal may take to answer the call (D-Bus's own default), before the next tool is tried.
    public static let portalPatience = TimeAmount.seconds(25)
    /// How often a program that closed its output is looked at until it has exited.
    static let exitPoll = TimeAmount.milliseconds(10)

    private let request: ChooserRequest
    private let parentWindow: UInt
    private let surroundings: Surroundings
    private var remaining: ArraySlice<ChooserTool>
    private var running: Running?
    private var deadline: Deadline?
    /// Set once it is over.
    public private(set) var outcome: ChooserOutcome?

    /// The tool being tried.
    private enum Running {
        case portal(BusSocket, PortalConversation)
        case program(ChooserTool, Subprocess)
    }

    private nonisolated(unsafe) static var requests = 0

    /// Starts showing `request` for the window `parentWindow` (an X window id; 0: none) at `now`.
    public init(request: ChooserRequest, parentWindow: UInt, surroundings: Surroundings = .current(), now: Deadline) {
        self.request = request
        self.parentWindow = parentWindow
        self.surroundings = surroundings
        remaining = ChooserTool.order(sessionBus: surroundings.sessionBus != nil, installed: Set(surroundings.programs.keys),
                                      desktop: surroundings.desktop)[...]
        startNext(now: now)
    }

    deinit { cancel() }

    /// The descriptors to wait on for reading.
    public var descriptors: [Int32] {
        switch running {
        case .portal(let socket, _): return [socket.descriptor]
        case .program(_, let process): return process.output >= 0 ? [process.output] : []
        case nil: return []
        }
    }

    /// When `advance(to:)` has something to do: the portal's patience, or a program's exit to look for.
    public var nextDeadline: Deadline? { deadline }

    /// Hands in the descriptors that are readable now.
    public func serve(readable: [Int32], now: Deadline) {
        switch running {
        case .portal(let socket, var conversation) where readable.contains(socket.descriptor):
            if let bytes = socket.receive() {
                let reply = conversation.receive(bytes)
                if !reply.isEmpty, !socket.send(reply) { conversation.closed() }
            } else {
                conversation.closed()
            }
            running = .portal(socket, conversation)
            if conversation.isShowing { deadline = nil }
            if let ending = conversation.outcome { portalEnded(ending, now: now) }
        case .program(let tool, let process) where readable.contains(process.output):
            process.readOutput()
            if process.output < 0 { programEnded(tool, process, now: now) }
        default:
            break
        }
    }

    /// Lets time pass.
    public func advance(to now: Deadline) {
        guard let deadline, deadline <= now else { return }
        self.deadline = nil
        switch running {
        case .portal(let socket, var conversation):
            conversation.timedOut()
            running = .portal(socket, conversation)
            if let ending = conversation.outcome { portalEnded(ending, now: now) }
        case .program(let tool, let process):
            programEnded(tool, process, now: now)
        case nil:
            break
        }
    }

    /// Closes the chooser (the window is closing): the program is asked to end, the bus connection closed.
    public func cancel() {
        switch running {
        case .portal(let socket, _): socket.close()
        case .program(_, let process):
            process.terminate()
            process.reap()
        case nil: break
        }
        running = nil
        deadline = nil
    }

    // MARK: - Trying the tools

    private func startNext(now: Deadline) {
        while let tool = remaining.popFirst() {
            if tool == .portal, let address = surroundings.sessionBus {
                guard let socket = try? BusSocket(address: address) else { continue }
                Self.requests += 1
                let conversation = PortalConversation(chooser: request, parentWindow: parentWindow == 0 ? "" : "x11:" + String(parentWindow, radix: 16),
                                                      token: "touchtracker_\(getpid())_\(Self.requests)", uid: getuid())
                guard socket.send(conversation.start()) else { continue }
                running = .portal(socket, conversation)
                deadline = now + Self.portalPatience
                return
            }
            guard let executable = surroundings.programs[tool], let arguments = tool.arguments(for: request),
                  let process = try? Subprocess(executable: executable, arguments: arguments, capturesOutput: true, keepsErrors: false)
            else { continue }
            running = .program(tool, process)
            deadline = nil
            return
        }
        running = nil
        deadline = nil
        outcome = .unavailable(lookedFor: ChooserTool.allCases.map(\.name))
    }

    private func portalEnded(_ ending: PortalConversation.Outcome, now: Deadline) {
        if case .portal(let socket, _) = running { socket.close() }
        running = nil
        deadline = nil
        switch ending {
        case .unavailable: startNext(now: now)
        case .cancelled: outcome = .cancelled
        case .failed(let reason): outcome = .failed(reason)
        case .chosen(let uri):
            outcome = localPath(ofFileURI: uri).map(ChooserOutcome.chosen) ?? .failed("the portal chose \(uri), which is not a local file")
        }
    }

    /// The program closed its output: once it has exited, what it printed and its status are the outcome.
    private func programEnded(_ tool: ChooserTool, _ process: Subprocess, now: Deadline) {
        guard let status = process.reap() else {
            deadline = now + Self.exitPoll  // it closed its output a moment before exiting
            return
        }
        running = nil
        deadline = nil
        outcome = tool.outcome(status: status, output: process.bytes)
    }
}
