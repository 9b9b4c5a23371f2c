import CX11
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// One window per drawing on a display. The window holding a drawing's lock owns an X selection named
/// after the lock file (its device and inode, the same for every path that leads to the drawing); a
/// second start that finds the lock held sends that selection's owner `_TOUCHTRACKER_COME_FORWARD`, and
/// the holder brings itself to the front (`CanvasWindow.comeForward`). No owner on this display means the
/// holder's window is on another display or host.
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

    /// Gives the selection up: `window` holds another drawing now.
    func disown(for window: Window) {
        guard XGetSelectionOwner(connection.display, selection) == window else { return }
        XSetSelectionOwner(connection.display, selection, 0, UInt(CurrentTime))
    }

    /// Asks the window holding the drawing on this display to come to the front; false when no window on
    /// this display holds it.
    func askTheHolderToComeForward() -> Bool {
        let display = connection.display
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0 else { return false }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = connection.atoms.comeForward
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(selection)
        XSendEvent(display, owner, 0, 0, &event)
        XSync(display, 0)
        return true
    }
}

/// What a start found when it locked its drawing.
public enum DocumentClaim {
    /// This window holds the drawing.
    case locked(DocumentLock)
    /// The drawing's folder cannot hold a lock (read-only, say): the window opens it without one.
    case unlocked(warning: String)
    /// Another window on this display holds it and was asked to come forward: say so, exit 0.
    case handedOver(message: String)
    /// A window elsewhere (another display or host) holds it: say so, exit 1.
    case heldElsewhere(message: String)
}

extension DocumentPresence {
    /// How long a second start waits for a holder on this display that has the lock but no window yet.
    static let startingHolderPatience = 2.0

    /// Locks the drawing at `path` (a link already resolved) for this process, or finds who holds it.
    public static func claim(_ path: FilePath, on connection: XConnection) -> DocumentClaim {
        let holder = LockHolder(pid: getpid(), host: CanvasWindow.hostName ?? "localhost", display: connection.name)
        let other: LockHolder?
        do {
            return .locked(try DocumentLock.acquire(for: path, holder: holder))
        } catch {
            switch error {
            case .system(let error):
                return .unlocked(warning: "\(error); opening \(path) without a lock, so another window could save over it")
            case .heldBy(let holder): other = holder
            }
        }
        let name = path.fileName
        if let id = DocumentLock.lockFileIdentity(for: path) {
            let presence = DocumentPresence(connection: connection, device: id.device, inode: id.inode)
            // A holder on this very display may have the lock and not yet its window: give it a moment.
            let mayBeStarting = other.map { $0.host == holder.host && $0.display == holder.display } ?? false
            let attempts = mayBeStarting ? Int(startingHolderPatience / 0.05) : 1
            for attempt in 0..<attempts {
                if attempt > 0 { usleep(50_000) }
                if presence.askTheHolderToComeForward() {
                    let who = other.map { " (\($0))" } ?? ""
                    return .handedOver(message: "\(name) is already open in another window\(who); brought it to the front")
                }
            }
        }
        let who = other.map { "\($0)" } ?? "another TouchTracker (its lock file names no holder)"
        return .heldElsewhere(message: "\(path) is open in \(who); close it there, or name another FILE")
    }
}
