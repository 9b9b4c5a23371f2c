import CX11
import Document
import Timing
import TouchTracker

/// The shell's side of keeping the document: saving when the debounce says so, on Ctrl+S and on
/// every way of closing (WM_DELETE_WINDOW, Ctrl+Q, SIGTERM/SIGINT/SIGHUP, the X connection lost),
/// and keeping the window title current. The decisions are `DocumentSession`'s.
extension Shell {
    /// After each batch of events: notices edits, saves if due, updates the title.
    func keepDocument(now: Deadline) {
        document.observe(drawing, now: now)
        report(document.saveIfDue(drawing, now: now))
    }

    /// Saves unsaved edits before closing; the exit status: `status`, or 1 when the save failed.
    func closing(with status: Int32, now: Deadline) -> Int32 {
        guard let failure = document.saveBeforeClosing(drawing, now: now) else { return status }
        StandardError.write("touchtracker: \(failure)")
        return 1
    }

    /// Ctrl+S saves at once; Ctrl+Q closes. Returns whether `key` was one of them.
    func handleDocumentKey(_ key: KeyInput, now: Deadline) -> Bool {
        guard key.state & UInt32(ControlMask) != 0 else { return false }
        switch key.keysym {
        case UInt(XK_s), UInt(XK_S):
            report(document.save(drawing, now: now))
        case UInt(XK_q), UInt(XK_Q):
            exitStatus = closing(with: 0, now: now)
        default:
            return false
        }
        return true
    }

    /// When the X connection is lost: save, say so in one line, exit 1 (no X calls: it is gone).
    func saveWhenTheConnectionIsLost() {
        ConnectionLoss.install { [unowned self] in
            let failure = document.saveBeforeClosing(drawing, now: MonotonicClock.now())
            let outcome = failure ?? "the drawing is saved in \(document.store.path)"
            StandardError.write("touchtracker: lost the connection to the X server; \(outcome)")
        }
    }

    /// Prints `message` on stderr, if any, and shows the session's title if it changed.
    private func report(_ message: String?) {
        if let message { StandardError.write("touchtracker: \(message)") }
        if document.title != shownTitle {
            shownTitle = document.title
            window.setTitle(shownTitle)
        }
    }
}
