import Shapes
import Storage
import Timing

/// Files, as the core decides them: Ctrl+O, Ctrl+Shift+S and Ctrl+Shift+E ask the shell for the desktop's file
/// chooser (`AppEffect.chooseFile`, answered by `.fileChosen` while the loop goes on), then open, save as or
/// export what was chosen; Ctrl+E exports beside the document under the first free numbered name; Ctrl+N
/// starts another window. Opening another drawing never loses this one: it is saved first, and only once
/// that worked is the other opened (by the shell, as at start: locks, damaged files, newer versions).
/// Everything the shell found comes back as input, so a recording holds what was opened and a replay reads
/// no file.
extension AppCore {
    /// The files' state in the core.
    struct FileState {
        /// The chooser that is open, and what for: one at a time.
        var choosing: FileChoice.Purpose?
        /// A drawing chosen to open, waiting for this one's save.
        var opening: FilePath?
        /// A name chosen to save as, waiting for the save under way (which writes the file it was begun for).
        var savingAs: FilePath?
        /// The export under way: where it may go, the first free one (or the one chosen).
        var exporting: [FilePath]?
    }

    // MARK: - The chooser

    /// Asks for the file chooser, for `purpose`, opening in the document's folder.
    func choose(_ purpose: FileChoice.Purpose, now: Deadline) {
        guard files.choosing == nil else { return show("A file chooser is open already", now: now) }
        files.choosing = purpose
        let path = document.path
        let choice = switch purpose {
        case .open:
            FileChoice(purpose: .open, title: "Open a drawing", folder: path.folder, name: nil)
        case .saveAs:
            FileChoice(purpose: .saveAs, title: "Save the drawing as", folder: path.folder, name: path.fileName)
        case .exportAs:
            FileChoice(purpose: .exportAs, title: "Export the drawing as \(PictureFormat.extensions)", folder: path.folder,
                       name: DocumentLocation.exportPath(forDocument: path, extension: PictureFormat.png.rawValue).fileName)
        }
        effects.append(.chooseFile(choice))
    }

    /// The chooser closed.
    func fileChosen(_ answer: FileChooserAnswer, now: Deadline) {
        guard let purpose = files.choosing else { return }
        files.choosing = nil
        switch answer {
        case .cancelled: break
        case .failed(let reason): tell("the file chooser failed: \(reason)", now: now)
        case .unavailable(let tools): tell(Self.noChooser(for: purpose, lookedFor: tools, document: document.path), now: now)
        case .chosen(let path):
            switch purpose {
            case .open: open(path, now: now)
            case .saveAs: if isSaving { files.savingAs = path } else { effects.append(.saveAs(controller.model.drawing, to: path)) }
            case .exportAs: exportAs(path, now: now)
            }
        }
    }

    /// What to install, and what the command line does meanwhile.
    static func noChooser(for purpose: FileChoice.Purpose, lookedFor tools: [String], document: FilePath) -> String {
        let meanwhile = switch purpose {
        case .open: "to open another drawing meanwhile, run: touchtracker FILE"
        case .saveAs: "to save under another name meanwhile, run: cp \(document) NEW.json; touchtracker NEW.json"
        case .exportAs: "to export meanwhile, run: touchtracker --export OUT.svg \(document)"
        }
        return "no file chooser (looked for \(tools.joined(separator: ", "))): install zenity or kdialog; \(meanwhile)"
    }

    // MARK: - Opening

    /// Opens `path` in this window once this drawing is saved (at once when nothing is unsaved).
    private func open(_ path: FilePath, now: Deadline) {
        guard document.hasUnsavedEdits else { return effects.append(.openDocument(path)) }
        files.opening = path
        save(now: now)
    }

    /// A save ended: a name chosen to save as while it ran is saved to now.
    func savedBeforeSavingAs() {
        guard let path = files.savingAs else { return }
        files.savingAs = nil
        effects.append(.saveAs(controller.model.drawing, to: path))
    }

    /// A save ended (`failure`: why not): a drawing waiting for it is opened now, or not at all.
    func savedBeforeOpening(failure: DocumentSaveError?, now: Deadline) {
        guard let path = files.opening else { return }
        files.opening = nil
        if let failure { return tell("not opening \(path): this drawing could not be saved (\(failure.reason))", now: now) }
        effects.append(.openDocument(path))
    }

    /// The shell opened the drawing (or found why not): the window shows it, with a history of its own.
    func documentOpened(_ opening: DocumentOpening, now: Deadline) {
        switch opening {
        case .opened(let opened, let warning, let view):
            cancel(.autosave)
            viewsDocumentChanges(rememberedAs: view)
            document = DocumentSession(opened)
            controller.show(opened.drawing, rememberedView: view)
            if let warning { effects.append(.message(warning)) }
            if let recovery = opened.recovery {
                tell("\(recovery)", now: now)
            } else {
                show("Opened \(opened.store.path)", now: now)
            }
        case .alreadyHere:
            show("\(document.name) is open in this window already", now: now)
        case .openElsewhere(let message):
            tell(message, now: now)
        case .failed(let reason):
            tell("not opened: \(reason)", now: now)
        }
    }

    // MARK: - Saving as

    /// The drawing was saved under another name, which is the document now; undo goes on as before.
    func savedAs(_ outcome: SaveAsOutcome, now: Deadline) {
        switch outcome {
        case .saved(let path, let identity, let warning):
            cancel(.autosave)
            viewsDocumentChanges(rememberedAs: nil)  // the view shown now is remembered for the new name too
            let saved = OpenedDocument(store: DocumentStore(path: path), drawing: controller.model.drawing, identity: identity,
                                       recovery: nil)
            document = DocumentSession(saved)
            if let warning { effects.append(.message(warning)) }
            show("Saved as \(path)", now: now)
        case .openElsewhere(let message):
            tell(message, now: now)
        case .failed(let error):
            tell("\(error)", now: now)
        }
    }

    // MARK: - Exporting

    /// Ctrl+E: saves, then writes a PNG beside the document under the first name that has no file
    /// (`drawing.png`, `drawing-2.png`, …): an earlier export is never replaced, and nor is any other file.
    func exportBesideTheDocument(now: Deadline) {
        save(now: now)  // the document (and its folder) exist before the picture beside it
        export(.png, to: DocumentLocation.numberedExportPaths(forDocument: document.path, extension: PictureFormat.png.rawValue),
               replacing: false)
    }

    /// Ctrl+Shift+E chose `path`: its extension names the format (none: a PNG); the chooser asked before
    /// replacing a file, so what is there is replaced — but never the drawing itself.
    private func exportAs(_ chosen: FilePath, now: Deadline) {
        let path = chosen.pathExtension == nil ? chosen.appendingToName("." + PictureFormat.png.rawValue) : chosen
        guard let format = PictureFormat(path: path) else {
            return tell("cannot export to \(path.fileName): name a \(PictureFormat.extensions) file", now: now)
        }
        guard path != document.path else { return tell("cannot export over the drawing itself: name another file", now: now) }
        export(format, to: [path], replacing: true)
    }

    private func export(_ format: PictureFormat, to candidates: [FilePath], replacing: Bool) {
        files.exporting = candidates
        effects.append(.export(controller.model.drawing, format: format, to: candidates, replacing: replacing))
    }

    /// The export ended: the full path it wrote, or why not.
    func exportFinished(failure: String?, written: FilePath?, now: Deadline) {
        guard let candidates = files.exporting else { return }
        files.exporting = nil
        let path = written ?? candidates[0]
        if let failure {
            effects.append(.message("cannot export \(path): \(failure)"))
            show("Cannot export \(path.fileName): \(failure)", now: now)
        } else {
            effects.append(.message("exported \(path)"))
            show("Exported \(path)", now: now)
        }
    }

    // MARK: - A new window

    func newWindowOpened(_ outcome: NewWindowOutcome, now: Deadline) {
        switch outcome {
        case .opened(let path): show("Opened a new window on \(path)", now: now)
        case .failed(let reason): tell("cannot open a new window: \(reason)", now: now)
        }
    }
}
