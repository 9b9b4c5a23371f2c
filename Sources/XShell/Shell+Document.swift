import Document
import Rendering
import Timing
import TouchTracker

/// The shell's side of keeping the document: saving when the debounce says so, on Ctrl+S and on
/// every way of closing (WM_DELETE_WINDOW, Ctrl+Q, SIGTERM/SIGINT/SIGHUP, the X connection lost),
/// Ctrl+E's PNG beside the document, and the window title. The decisions are `DocumentSession`'s.
extension Shell {
    /// The document's drawing, as the app model holds it.
    private var drawing: Drawing { app.model.drawing }

    /// After each batch of events: notices edits (which move the debounce's deadline), then saves when
    /// the autosave timer on the loop's wheel has come due, and updates the title.
    func keepDocument(now: Deadline) {
        document.observe(drawing, now: now)
        followAutosaveDeadline()
        while let timer = loopTimers.popExpired(now: now) {
            switch timer.payload {
            case .autosave:
                autosaveTimer = nil
                report(document.saveIfDue(drawing, now: now))
            }
            followAutosaveDeadline()
        }
    }

    /// Keeps the wheel's autosave timer on the debounce's deadline: rescheduled when an edit, a save or
    /// a failed save moves it, cancelled when everything is saved.
    private func followAutosaveDeadline() {
        let due = document.nextDeadline
        guard autosaveTimer?.due != due else { return }
        if let scheduled = autosaveTimer { loopTimers.cancel(scheduled.handle) }
        autosaveTimer = due.map { (handle: loopTimers.schedule(at: $0, .autosave), due: $0) }
    }

    /// Ctrl+S: saves at once.
    func saveNow(now: Deadline) {
        report(document.save(drawing, now: now))
    }

    /// Saves unsaved edits before closing; the exit status: `status`, or 1 when the save failed.
    func closing(with status: Int32, now: Deadline) -> Int32 {
        guard let failure = document.saveBeforeClosing(drawing, now: now) else { return status }
        StandardError.write("touchtracker: \(failure)")
        return 1
    }

    /// Ctrl+E: saves, then renders the drawing to a PNG beside the document and says where on stderr.
    func exportPNG(now: Deadline) {
        saveNow(now: now)  // The document (and its folder) exist before the picture beside it.
        let path = DocumentLocation.exportPath(forDocument: document.store.path, extension: "png")
        do {
            try Exporter.export(drawing, to: path, format: .png)
            StandardError.write("touchtracker: exported \(path)")
        } catch {
            StandardError.write("touchtracker: cannot export \(path): \(error)")
        }
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
