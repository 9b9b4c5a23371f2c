import FileChooser
import Rendering
import Shapes
import Storage
import Timing
import TouchTracker

/// The shell's side of files: the file chooser (a `ChooserSession` whose descriptors the loop waits on with the
/// X connection's, so the window goes on while it is open), opening another drawing and saving under another
/// name with the locks taken and released as at start, exports, and new windows (a new process of this very
/// binary). Every outcome goes back to the core as input; the decisions are the core's.
extension Shell {
    // MARK: - The chooser

    /// Shows the desktop's file chooser for `choice`; its answer reaches the core when it comes (`serviceChooser`),
    /// or at once when there is no chooser to show.
    func chooseFile(_ choice: FileChoice, now: Deadline) {
        let request = ChooserRequest(title: choice.title, isSaving: choice.purpose.isSaving, folder: choice.folder.bytes,
                                     name: choice.name?.bytes, filters: Self.filters(for: choice.purpose),
                                     acceptLabel: Self.acceptLabel(for: choice.purpose))
        chooser = ChooserSession(request: request, parentWindow: UInt(window.window), now: now)
        if let answer = chooserAnswer(readable: [], now: now) { take(.input(.fileChosen(answer), now: now)) }
    }

    private static func filters(for purpose: FileChoice.Purpose) -> [ChooserRequest.Filter] {
        switch purpose {
        case .open: [.init("Drawings", ["*.json"]), .init("All files", ["*"])]
        case .saveAs: [.init("Drawings", ["*.json"])]
        case .exportAs: [.init("Pictures: " + PictureFormat.extensions, PictureFormat.allCases.map { "*." + $0.rawValue })]
        }
    }

    private static func acceptLabel(for purpose: FileChoice.Purpose) -> String {
        switch purpose {
        case .open: "Open"
        case .saveAs: "Save"
        case .exportAs: "Export"
        }
    }

    /// Hands the chooser what became readable and the time; once it is over, its answer goes to the core.
    func serviceChooser(readable: [Int32], now: Deadline) {
        if let answer = chooserAnswer(readable: readable, now: now) { feed(.fileChosen(answer), now: now) }
    }

    /// The chooser's answer once it is over (the chooser is gone then).
    private func chooserAnswer(readable: [Int32], now: Deadline) -> FileChooserAnswer? {
        guard let chooser else { return nil }
        chooser.serve(readable: readable, now: now)
        chooser.advance(to: now)
        guard let outcome = chooser.outcome else { return nil }
        self.chooser = nil
        return switch outcome {
        case .chosen(let bytes): .chosen(FilePath(bytes: bytes))
        case .cancelled: .cancelled
        case .unavailable(let tools): .unavailable(lookedFor: tools)
        case .failed(let reason): .failed(reason)
        }
    }

    // MARK: - Opening and saving as

    /// Opens `requested` in the window as at start: its lock taken (a window holding it is asked to come
    /// forward instead), the file opened (damaged: kept aside; newer: refused), and only then this
    /// document's lock released.
    func openDocument(_ requested: FilePath) -> DocumentOpening {
        let path: FilePath
        do { path = try DocumentStore.resolvingLinks(requested) } catch { return .failed("\(requested): \(error)") }
        if path == store.path || DocumentStore.isSameFile(path, store.path) { return .alreadyHere }
        let claimed: (locks: DocumentLocks, warning: String?)
        switch claim(path) {
        case .success(let claim): claimed = claim
        case .failure(let refusal): return .openElsewhere(refusal.message)
        }
        let opened: OpenedDocument
        do {
            opened = try DocumentStore.open(path: path, now: CivilTime.now())
        } catch {
            claimed.locks.release()
            return .failed(error.description)
        }
        adopt(opened.store, locks: claimed.locks)
        return .opened(opened, warning: claimed.warning, view: Self.rememberedView(of: opened.store.path, in: viewsPath, warn: false))
    }

    /// Saves `drawing` at `requested` (the chooser asked before replacing a file there) and makes it the
    /// window's document: its lock taken first, this one's released once the save worked.
    func saveAs(_ drawing: Drawing, to requested: FilePath) -> SaveAsOutcome {
        let path: FilePath
        do {
            path = try DocumentStore.resolvingLinks(requested)
        } catch {
            return .failed(.refused(path: requested, reason: "\(error)"))
        }
        let isOurs = path == store.path || DocumentStore.isSameFile(path, store.path)
        var claimed: (locks: DocumentLocks, warning: String?)?
        if !isOurs {
            switch claim(path) {
            case .success(let claim): claimed = claim
            case .failure(let refusal): return .openElsewhere(refusal.message)
            }
        }
        let identity: FileIdentity
        do {
            identity = try DocumentStore(path: path).save(drawing)
        } catch {
            claimed?.locks.release()
            return .failed(error)
        }
        if let claimed { adopt(DocumentStore(path: path), locks: claimed.locks) }
        return .saved(path: path, identity: identity, warning: claimed?.warning)
    }

    /// Why a drawing's lock was not ours to take: another window has it (brought forward when on this display).
    struct HeldElsewhere: Error {
        let message: String
    }

    /// Locks the drawing at `path` (a link resolved) as at start (`DocumentPresence.claim`): its locks, with a
    /// warning for those that could not be taken, or the refusal when another window holds it (asked to come
    /// forward when it is on this display). The asking is done on a connection of its own, whose events are
    /// the answer's only: the window's own events wait on the window's connection meanwhile.
    private func claim(_ path: FilePath) -> Result<(locks: DocumentLocks, warning: String?), HeldElsewhere> {
        guard let asking = try? XConnection(name: connection.name) else {
            return .failure(HeldElsewhere(message: "cannot open \(path): the X display does not accept another connection"))
        }
        switch DocumentPresence.claim(path, lockFolder: lockFolder, on: asking) {
        case .locked(let held, let warnings): return .success((held, warnings.isEmpty ? nil : warnings.joined(separator: "; ")))
        case .handedOver(let message), .heldElsewhere(let message): return .failure(HeldElsewhere(message: message))
        }
    }

    /// The window's document is at `newStore` now, under `newLocks`: the old locks are released (and a second
    /// start of the old drawing no longer asks for this window), the new folder watched, the new locks' X
    /// selections claimed for the window.
    private func adopt(_ newStore: DocumentStore, locks newLocks: DocumentLocks) {
        for lock in locks?.all ?? [] { DocumentPresence(connection: connection, lock: lock).disown(from: window.window) }
        locks?.release()
        store = newStore
        locks = newLocks
        do {
            watcher = try DocumentWatcher(for: newStore.path)
        } catch {
            watcher = nil
            StandardError.write("touchtracker: \(error); changes other programs make to it will be noticed only when saving")
        }
        for lock in newLocks.all { DocumentPresence(connection: connection, lock: lock).claim(for: window.window) }
    }

    // MARK: - Exporting

    /// Writes the picture: over the one chosen (`replacing`), or to the first candidate with no file. The
    /// path written, or why not.
    func export(_ drawing: Drawing, format: PictureFormat, to candidates: [FilePath], replacing: Bool) -> (failure: String?, written: FilePath?) {
        guard let first = candidates.first else { return ("nowhere to write it", nil) }
        do {
            if replacing {
                try Exporter.export(drawing, to: first, format: format, links: .followedWhenTrusted)  // the user named it
                return (nil, first)
            }
            guard let written = try Exporter.export(drawing, toFirstFreeOf: candidates, format: format) else {
                return ("\(first.fileName) … \(candidates[candidates.count - 1].fileName) are all taken", nil)
            }
            return (nil, written)
        } catch {
            return ("\(error)", nil)
        }
    }

    // MARK: - New windows

    /// Starts this program again on a new drawing in the data folder, under the first name not taken
    /// (`untitled-1.json`, …). The name is taken by creating the empty drawing there (never over a file), so
    /// two quick Ctrl+N never pick the same one.
    func openNewWindow() -> NewWindowOutcome {
        let folder = dataFolder ?? store.path.folder
        for candidate in DocumentLocation.untitledPaths(in: folder) {
            switch DocumentStore(path: candidate).save(Drawing(), replacing: nil) {
            case .changedOnDisk: continue  // taken
            case .failed(let error): return .failed("\(error)")
            case .saved:
                do {
                    let process = try Subprocess(executable: Array("/proc/self/exe".utf8),
                                                 arguments: [Array("touchtracker".utf8), candidate.bytes],
                                                 capturesOutput: false, keepsErrors: true, newSession: true)
                    newWindows.append(process)
                    return .opened(candidate)
                } catch {
                    return .failed(error.description)
                }
            }
        }
        return .failed("untitled-1.json … untitled-999.json are all taken in \(folder)")
    }

    /// Reaps the new windows that have exited (they are our children until then).
    func reapNewWindows() {
        newWindows.removeAll { $0.reap() != nil }
    }
}
