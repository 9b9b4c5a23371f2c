import CX11
import Storage
import Timing
#if canImport(Glibc)
import Glibc
#endif

/// One window per drawing on a display. The window holding a drawing's locks (`DocumentLocks`: by name
/// and by the file's identity) owns an X selection named after each lock file (its device and inode, the
/// same for every path that leads to it); a second start that finds a lock held sends that selection's
/// owner `_TOUCHTRACKER_COME_FORWARD` with a window of its own to answer to. The holder brings itself to
/// the front (`CanvasWindow.comeForward`) and answers `_TOUCHTRACKER_CAME_FORWARD` with its process id,
/// which the second start checks against the holder its lock file names: another client that owns the
/// selection (or answers for it) is not the holder. No owner on this display means the holder's window
/// is on another display or host.
public struct DocumentPresence {
    let connection: XConnection
    /// `_TOUCHTRACKER_DRAWING_<device>_<inode>`.
    let selection: Atom

    init(connection: XConnection, device: UInt64, inode: UInt64) {
        self.connection = connection
        selection = XInternAtom(connection.display, "_TOUCHTRACKER_DRAWING_\(device)_\(inode)", 0)
    }

    init(connection: XConnection, lock: DocumentLock) {
        self.init(connection: connection, device: lock.device, inode: lock.inode)
    }

    /// Makes `window` the one a second start asks to come forward.
    func claim(for window: Window) {
        XSetSelectionOwner(connection.display, selection, window, UInt(CurrentTime))
        XFlush(connection.display)
    }

    /// Gives the selection up when `window` still owns it (its lock was released).
    func disown(from window: Window) {
        guard XGetSelectionOwner(connection.display, selection) == window else { return }
        XSetSelectionOwner(connection.display, selection, 0, UInt(CurrentTime))
    }

    /// The holder's side: a second start asked, in `request` (a `_TOUCHTRACKER_COME_FORWARD` message), for
    /// the window to come forward; the answer names this process.
    static func answer(_ request: ShellEvent.ComeForwardRequest, on connection: XConnection) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = request.replyTo
        event.xclient.message_type = connection.atoms.cameForward
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(request.selection)
        event.xclient.data.l.1 = Int(getpid())
        XSendEvent(connection.display, request.replyTo, 0, 0, &event)
        XFlush(connection.display)
    }

    /// What became of asking the selection's owner to come forward.
    enum Answer: Equatable {
        /// Nobody on this display owns the selection.
        case noOwner
        /// The owner answered, as process `pid`.
        case answered(pid: Int32)
        /// The owner did not answer in time.
        case silent
    }

    /// How long a second start waits for the holder's answer (a holder busy opening a large drawing answers
    /// once its loop runs).
    static let answerPatience = TimeAmount.seconds(5)

    /// Asks the window owning the selection on this display to come to the front, and waits for its answer.
    func askTheOwnerToComeForward() -> Answer {
        let display = connection.display
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { return .noOwner }
        let replyTo = XCreateSimpleWindow(display, connection.root, -1, -1, 1, 1, 0, 0, 0)
        defer {
            XDestroyWindow(display, replyTo)
            XSync(display, 0)
        }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = connection.atoms.comeForward
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(selection)
        event.xclient.data.l.1 = Int(replyTo)
        XSendEvent(display, owner, 0, 0, &event)
        XSync(display, 0)
        let deadline = MonotonicClock.now() + Self.answerPatience
        while true {
            while XPending(display) > 0 {
                var reply = XEvent()
                XNextEvent(display, &reply)
                let message = reply.xclient
                if reply.type == ClientMessage, message.window == replyTo, message.message_type == connection.atoms.cameForward,
                   message.format == 32, Atom(bitPattern: message.data.l.0) == selection {
                    return .answered(pid: Int32(truncatingIfNeeded: message.data.l.1))
                }
            }
            let left = deadline - MonotonicClock.now()
            guard left > .zero else { return .silent }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(left.nanoseconds / 1_000_000 + 1, 1_000)))
        }
    }
}

/// What a start found when it locked its drawing.
public enum DocumentClaim {
    /// This window holds the drawing's locks (what it could take: `warnings` say what it could not).
    case locked(DocumentLocks, warnings: [String])
    /// Another window on this display holds it, was asked to come forward and answered: say so, exit 0.
    case handedOver(message: String)
    /// A window elsewhere (another display or host) holds it, or one here that did not answer as its
    /// holder: say so, exit 1.
    case heldElsewhere(message: String)
}

extension DocumentPresence {
    /// How long a second start waits for a holder on this display that has the lock but no window yet.
    static let startingHolderPatience = 2.0

    /// Locks the drawing at `path` (a link already resolved) for this process, by name and, when the file
    /// exists and there is a lock folder, by its identity (`DocumentLocks`); or finds who holds it.
    public static func claim(_ path: FilePath, lockFolder: FilePath?, on connection: XConnection) -> DocumentClaim {
        let holder = LockHolder(pid: getpid(), host: CanvasWindow.hostName ?? "localhost", display: connection.name)
        var warnings: [String] = []
        let byName: DocumentLock?
        do {
            byName = try DocumentLock.acquire(for: path, holder: holder)
        } catch {
            switch error {
            case .system(let error):
                warnings.append("\(error); opening \(path) without a lock beside it, so another window could save over it")
                byName = nil
            case .heldBy(let other):
                return handOver(path, lockFile: DocumentLock.lockPath(for: path), heldBy: other, connection: connection, us: holder)
            }
        }
        var byIdentity: DocumentLock?
        let identity = try? DocumentStore(path: path).currentIdentity()
        if let lockFolder, let identity {
            let lockFile = DocumentLock.lockPath(forFile: identity, in: lockFolder)
            do {
                byIdentity = try DocumentLock.acquire(lockFile, holder: holder)
            } catch {
                switch error {
                case .system(let error):
                    warnings.append("\(error); another name of \(path) (a hard link) could be opened in a second window")
                case .heldBy(let other):
                    byName?.release()
                    return handOver(path, lockFile: lockFile, heldBy: other, connection: connection, us: holder)
                }
            }
        }
        return .locked(DocumentLocks(byName: byName, byIdentity: byIdentity, of: identity, folder: lockFolder, holder: holder),
                       warnings: warnings)
    }

    /// The drawing's lock file `lockFile` is held by `other` (as the file names it): ask its window to come
    /// forward when it is on this display, and believe it only when the holder itself answers.
    private static func handOver(_ path: FilePath, lockFile: FilePath, heldBy other: LockHolder?,
                                 connection: XConnection, us: LockHolder) -> DocumentClaim {
        let elsewhere = "\(path) is open in \(other.map { "\($0)" } ?? "another TouchTracker (its lock file names no holder)")"
        guard let id = DocumentLock.lockFileIdentity(at: lockFile) else {
            return .heldElsewhere(message: "\(elsewhere); close it there, or name another FILE")
        }
        let presence = DocumentPresence(connection: connection, device: id.device, inode: id.inode)
        // A holder on this very display may have the lock and not yet its window: give it a moment.
        let mayBeStarting = other.map { $0.host == us.host && $0.display == us.display } ?? false
        let attempts = mayBeStarting ? Int(startingHolderPatience / 0.05) : 1
        for attempt in 0..<attempts {
            if attempt > 0 { usleep(50_000) }
            switch presence.askTheOwnerToComeForward() {
            case .noOwner:
                continue
            case .answered(let pid):
                guard let other, pid == other.pid else {
                    return .heldElsewhere(message: "\(elsewhere), but process \(pid) answered for its window; close it there, or name another FILE")
                }
                return .handedOver(message: "\(path.fileName) is already open in another window (\(other)); brought it to the front")
            case .silent:
                return .heldElsewhere(message: "\(elsewhere), whose window did not answer; close it there, or name another FILE")
            }
        }
        return .heldElsewhere(message: "\(elsewhere); close it there, or name another FILE")
    }
}
