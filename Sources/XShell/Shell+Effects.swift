import Rendering
import Shapes
import Storage
import Timing
import TouchTracker

/// The shell's side of the core's effects: it performs each, in order, and answers those that can fail
/// before the next (a read of the file, an export), or, for a save, once its worker is done (BackgroundSave). The decisions (when to save, what to say, whether to quit) are
/// the core's.
extension Shell {
    func performEffects(now: Deadline) {
        var pending = core.takeEffects()[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .save(let drawing, let expected):
                if let saves, !isDisconnected {
                    saves.begin(drawing, replacing: expected, through: store)  // its outcome wakes the loop
                } else {
                    take(.input(.saveFinished(store.save(drawing, replacing: expected)), now: now))
                    pending += core.takeEffects()
                }
            case .readDisk(let keepingDamagedAside):
                take(.input(.diskChanged(store.readCurrent(now: CivilTime.now(), keepingDamagedAside: keepingDamagedAside)), now: now))
                pending += core.takeEffects()
            case .export(let drawing, let format, let candidates, let replacing):
                let (failure, written) = export(drawing, format: format, to: candidates, replacing: replacing)
                take(.input(.exportFinished(failure: failure, written: written), now: now))
                pending += core.takeEffects()
            case .chooseFile(let choice):
                chooseFile(choice, now: now)
                pending += core.takeEffects()
            case .openDocument(let path):
                take(.input(.documentOpened(isDisconnected ? .failed("the X connection is gone") : openDocument(path)), now: now))
                pending += core.takeEffects()
            case .saveAs(let drawing, let path):
                take(.input(.savedAs(saveAs(drawing, to: path)), now: now))
                pending += core.takeEffects()
            case .openNewWindow:
                take(.input(.newWindowOpened(openNewWindow()), now: now))
                pending += core.takeEffects()
            case .ownClipboard(let shapes):
                ownClipboard(shapes, now: now)
                pending += core.takeEffects()
            case .requestClipboard:
                requestClipboard(now: now)
                pending += core.takeEffects()
            case .rememberPen(let pen):
                remember(pen)
            case .rememberView(let view, let path):
                remember(view, for: path)
            case .raiseWindow:
                if !isDisconnected { window.comeForward() }
            case .setTitle(let title):
                if !isDisconnected { window.setTitle(title) }
            case .setCursor(let name):
                if !isDisconnected { window.showCursor(named: name) }
            case .message(let line):
                StandardError.write("touchtracker: \(line)")
            case .trace(let line):
                StandardError.write(line)
            case .exit(let status):
                exitStatus = status
                return
            }
        }
        followTheFile()
    }

    /// Keeps the lock on the file's identity on the file the core last read or wrote (a save, or another
    /// program's file, is a new inode), and the X selection a second start asks with it.
    func followTheFile() {
        guard let locks else { return }
        let previous = locks.byIdentity
        locks.follow(core.diskIdentity)
        guard locks.byIdentity !== previous, !isDisconnected else { return }
        if let previous { DocumentPresence(connection: connection, lock: previous).disown(from: window.window) }
        if let held = locks.byIdentity { DocumentPresence(connection: connection, lock: held).claim(for: window.window) }
    }

    /// Writes the pen where the next run finds it; a failure is told once (the pen is a convenience).
    private func remember(_ pen: Pen) {
        guard let penPath else { return }
        do {
            try StateFile.write(pen.fileBytes, to: penPath)
        } catch {
            if !hasReportedPenFailure { StandardError.write("touchtracker: \(error); the pen will not be remembered") }
            hasReportedPenFailure = true
        }
    }

    /// Writes the view of the document at `path` among the others remembered (read again first: another window
    /// may have remembered one since); a failure is told once.
    private func remember(_ view: RememberedView, for path: FilePath) {
        guard let viewsPath else { return }
        var memory = Self.rememberedViews(at: viewsPath, warn: false)
        memory.remember(view, for: Self.viewName(of: path))
        do {
            try StateFile.write(memory.fileBytes, to: viewsPath)
        } catch {
            if !hasReportedViewsFailure { StandardError.write("touchtracker: \(error); the view will not be remembered") }
            hasReportedViewsFailure = true
        }
    }

    /// Hands the outcome of the save under way to the core once it has ended (`waiting`: waits for it).
    func takeTheSavesOutcome(waiting: Bool) {
        guard let outcome = saves?.finish(waiting: waiting) else { return }
        feed(.saveFinished(outcome), now: MonotonicClock.now())
    }

    /// The folder's watch said the document's file may have changed: the core is told its identity now (our
    /// own saves have the one it knows) and whether a writer still holds it; it reads the file once quiet.
    /// Returns whether the watch saw the document's file (other names in its folder are nothing).
    @discardableResult
    func checkTheDocumentOnDisk(now: Deadline) -> Bool {
        guard let watcher, case .changed(let writerOpen) = watcher.drain() else { return false }
        let identity: FileIdentity?
        do {
            identity = try store.currentIdentity()  // nil: deleted
        } catch {
            return true  // cannot even look at it now; the next save checks again
        }
        feed(.diskActivity(identity, writerOpen: writerOpen), now: now)
        return true
    }

    /// When the X connection is lost Xlib calls its I/O error handler and exits when it returns: the core
    /// saves and says so there (no X calls: the connection is gone).
    func reportTheLossOfTheConnection() {
        ConnectionLoss.install { [unowned self] in
            isDisconnected = true
            feed(.connectionLost, now: MonotonicClock.now())
            // The handler cannot return to the loop: a save under way is waited for here (the core's next
            // save, if it asks for one, runs on this thread now that the connection is gone).
            while exitStatus == nil, saves?.isRunning == true { takeTheSavesOutcome(waiting: true) }
            locks?.release()
            return exitStatus ?? 1
        }
    }
}
