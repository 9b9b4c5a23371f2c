import Foundation
import Gestures
import Shapes
import Storage
import TestSupport
import Testing
import Timing
@testable import TouchTracker

func at(_ milliseconds: Int64) -> Deadline { .zero + .milliseconds(1_000 + milliseconds) }

/// Plays the shell for an `AppCore`, as `Shell.performEffects` does: performs each effect in order,
/// answering saves (through a real store in a fresh folder, or with a failure the test scripts) and exports
/// at once, and records the rest; after each step it paints when the core says a frame is due, as the
/// shell's loop does. Time is passed in; nothing sleeps. Every step it has the core take is kept, as
/// `--record` keeps them: `recording` is the session so far.
final class CoreDriver {
    private let temporary: TemporaryFolder
    var folder: String { temporary.path }
    /// Where the document saves: another once the core opened another drawing or saved as.
    private(set) var store: DocumentStore
    let core: AppCore
    let start: RecordingStart
    /// Every step the core took, in order.
    private(set) var steps: [RecordingEntry] = []
    private(set) var now = at(0)
    /// Every drawing the core asked to save, in order, whether or not the save worked.
    private(set) var saveRequests: [Drawing] = []
    /// Every read of the file the core asked for: whether it kept a damaged file aside.
    private(set) var reads: [Bool] = []
    private(set) var messages: [String] = []
    private(set) var traces: [String] = []
    private(set) var titles: [String] = []
    private(set) var cursors: [String] = []
    /// Every picture the core exported, where it went.
    private(set) var exports: [FilePath] = []
    /// Every file chooser the core asked for (answered by the test, with `.fileChosen`).
    private(set) var choices: [FileChoice] = []
    /// How many new windows the core opened.
    private(set) var newWindows = 0
    private(set) var exitStatus: Int32?
    /// Every pen the core asked to remember, in order.
    private(set) var rememberedPens: [Pen] = []
    /// Every view the core asked to remember, in order.
    private(set) var rememberedViews: [RememberedView] = []
    /// The views remembered, by document, as the shell keeps them (a document opened finds its own here).
    var viewMemory = ViewMemory()
    /// How many times the core asked to bring the window forward.
    private(set) var raised = 0
    /// When frames were painted.
    private(set) var frames: [Deadline] = []
    /// Saves fail with this while it is set.
    var saveFailure: DocumentSaveError?
    /// While set, a save is held, as the shell's worker holds it while it writes, until `finishTheSave()`;
    /// the core takes other input meanwhile.
    var savesFinishLater = false
    /// The save asked for and not yet finished (`savesFinishLater`).
    private(set) var heldSave: (drawing: Drawing, expected: FileIdentity?, store: DocumentStore)?
    /// Reads of the file find this while it is set (another program's version, without the disk).
    var diskVersion: DiskVersion?
    /// Exports fail with this while it is set.
    var exportFailure: String?
    /// Every set of shapes the core put on the clipboard, in order.
    private(set) var copies: [Drawing] = []
    /// Taking the clipboard fails with this while it is set.
    var clipboardFailure: String?
    /// How many times the core asked for the clipboard's content (answered by the test, with `.clipboardReceived`).
    private(set) var pasteRequests = 0

    /// A window on the document `file` (holding `contents` or `drawing`, opened with `view` remembered), the
    /// toolbar hidden unless `toolbar`.
    init(file: String = "drawing.json", contents: String? = nil, drawing: Drawing? = nil, view: RememberedView? = nil,
         tracing: Bool = false, toolbar: Bool = false) throws {
        temporary = try TemporaryFolder("core")
        if let contents { try temporary.write(contents, to: file) }
        if let drawing { try DocumentStore(path: FilePath(temporary.file(file))).save(drawing) }
        let opened = try DocumentStore.open(path: FilePath(temporary.file(file)), now: civil)
        store = opened.store
        start = RecordingStart(document: opened, pen: Pen(showsToolbar: toolbar), view: view,
                               visibleArea: Rect(x: 0, y: 0, width: 400, height: 300), settings: .default, now: now)
        core = AppCore(start, tracing: tracing)
    }

    /// A window on `drawing` as if it had been read from the document's file, which is not written (a
    /// large drawing costs no round trip through the disk).
    init(opening drawing: Drawing) throws {
        temporary = try TemporaryFolder("core")
        let opened = OpenedDocument(store: DocumentStore(path: FilePath(temporary.file("drawing.json"))), drawing: drawing,
                                    identity: nil, recovery: nil)
        store = opened.store
        start = RecordingStart(document: opened, pen: Pen(showsToolbar: false), visibleArea: Rect(x: 0, y: 0, width: 400, height: 300),
                               settings: .default, now: now)
        core = AppCore(start)
    }

    /// The text of each panel shown (the menu, the help, a notice), its lines joined: a notice wrapped to the
    /// window's width reads as it was said.
    var panelTexts: [String] { core.scene.overlays.map { $0.texts.joined(separator: " ") } }

    /// The session so far, as `--record` writes it.
    var recording: Recording { Recording(start: start, entries: steps) }

    func handle(_ input: AppInput) {
        take(.input(input, now: now))
        perform()
        paint()
    }

    /// Every step of the core is taken here, as in the shell.
    private func take(_ step: CoreStep) {
        steps.append(.step(step))
        core.take(step)
    }

    /// Moves the clock to `time` and lets the core's timers fire, as the loop does when it wakes.
    func advance(to time: Deadline) {
        now = time
        take(.advance(to: now))
        perform()
        paint()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) { handle(.key(key, modifiers)) }

    /// The held save is written now (or fails with `saveFailure`) and its outcome handed in, as the shell does
    /// when its worker is done.
    func finishTheSave() {
        guard let (drawing, expected, store) = heldSave else { return }
        heldSave = nil
        handle(.saveFinished(saveFailure.map(SaveOutcome.failed) ?? store.save(drawing, replacing: expected)))
    }

    /// The held save is answered with `outcome` without writing (the test wrote it itself).
    func discardTheHeldSave(answering outcome: SaveOutcome) throws {
        _ = try #require(heldSave)
        heldSave = nil
        handle(.saveFinished(outcome))
    }

    /// What the shell does when the folder's watch says the file may have changed: hand in its identity now
    /// and whether a writer holds it open. The core reads it once quiet (`advance`, or `noticeTheDisk()`).
    func seeTheDisk(writerOpen: Bool = false) {
        handle(.diskActivity(try? store.currentIdentity(), writerOpen: writerOpen))
    }

    /// The folder's watch says the file changed, and it then stays quiet long enough to be read.
    func noticeTheDisk() {
        seeTheDisk()
        advance(to: now + DiskChange.quietPeriod)
    }

    /// Another program writes `drawing` over the document (a new file renamed over it, as `cp` and sync
    /// tools do, or in place).
    func anotherProgramWrites(_ drawing: Drawing) throws {
        try DocumentStore(path: store.path).save(drawing)
    }

    /// Draws a line with the mouse: press, move, release (an edit).
    func drawLine(from a: GesturePoint, to b: GesturePoint, at milliseconds: Int64) {
        now = at(milliseconds)
        let time = ServerTime(milliseconds: UInt32(milliseconds))
        let contact = ContactID(device: 2)
        // One loop iteration: the three events are read together, then a frame.
        for kind in [GestureInput.Kind.press(button: 1), .motion, .release(button: 1)] {
            handle(.pointer(GestureInput(kind, contact: contact, location: kind == .press(button: 1) ? a : b,
                                         serverTime: time, readTime: now)))
        }
        paint()
    }

    /// Clicks with the mouse at `p`: press and release, read as they happen (the click waits for the
    /// double click to fail until the core's deadline: `advance(to:)`).
    func click(at p: GesturePoint, at milliseconds: Int64) {
        now = at(milliseconds)
        let time = ServerTime(milliseconds: UInt32(milliseconds))
        for kind in [GestureInput.Kind.press(button: 1), .release(button: 1)] {
            handle(.pointer(GestureInput(kind, contact: ContactID(device: 2), location: p, serverTime: time, readTime: now)))
        }
        paint()
    }

    /// Paints when a frame is due, as the shell's loop does after each iteration.
    private func paint() {
        if core.takeFrame(now: now) != nil { frames.append(now) }
    }

    /// The drawing on disk, as the app's loader reads it.
    func savedDrawing() throws -> Drawing {
        try DrawingFormat.decode(Array(FileManager.default.contents(atPath: store.path.description) ?? Data()))
    }

    var fileExists: Bool { FileManager.default.fileExists(atPath: store.path.description) }

    private func perform() {
        var pending = core.takeEffects()[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .save(let drawing, let expected):
                saveRequests.append(drawing)
                if savesFinishLater {
                    precondition(heldSave == nil, "the core asked for a second save before the first's outcome")
                    heldSave = (drawing, expected, store)  // the worker writes where the save was begun
                    continue
                }
                let outcome = saveFailure.map(SaveOutcome.failed) ?? store.save(drawing, replacing: expected)
                take(.input(.saveFinished(outcome), now: now))
                pending += core.takeEffects()
            case .readDisk(let keepingDamagedAside):
                reads.append(keepingDamagedAside)
                let version = diskVersion ?? store.readCurrent(now: civil, keepingDamagedAside: keepingDamagedAside)
                take(.input(.diskChanged(version), now: now))
                pending += core.takeEffects()
            case .raiseWindow:
                raised += 1
            case .rememberPen(let pen):
                rememberedPens.append(pen)
            case .rememberView(let view, let path):
                rememberedViews.append(view)
                viewMemory.remember(view, for: path)
            case .export(_, _, let candidates, let replacing):
                // As the shell: the first candidate without a file (a placeholder stands for the picture).
                let path = replacing ? candidates.first : candidates.first { !FileManager.default.fileExists(atPath: $0.description) }
                if let path, exportFailure == nil { _ = FileManager.default.createFile(atPath: path.description, contents: Data("picture".utf8)) }
                exports.append(path ?? candidates[0])
                take(.input(.exportFinished(failure: exportFailure ?? (path == nil ? "every name is taken" : nil), written: path), now: now))
                pending += core.takeEffects()
            case .chooseFile(let choice):
                choices.append(choice)
            case .openDocument(let path):
                let opening: DocumentOpening
                do {
                    let opened = try DocumentStore.open(path: path, now: civil)
                    store = opened.store
                    opening = .opened(opened, warning: nil, view: viewMemory.view(for: opened.store.path))
                } catch {
                    opening = .failed("\(error)")
                }
                take(.input(.documentOpened(opening), now: now))
                pending += core.takeEffects()
            case .saveAs(let drawing, let path):
                let outcome: SaveAsOutcome
                do {
                    outcome = .saved(path: path, identity: try DocumentStore(path: path).save(drawing), warning: nil)
                    store = DocumentStore(path: path)
                } catch {
                    outcome = .failed(error)
                }
                take(.input(.savedAs(outcome), now: now))
                pending += core.takeEffects()
            case .openNewWindow:
                newWindows += 1
                take(.input(.newWindowOpened(.opened(FilePath(folder + "/untitled-\(newWindows).json"))), now: now))
                pending += core.takeEffects()
            case .ownClipboard(let shapes):
                copies.append(shapes)
                take(.input(.clipboardOwned(failure: clipboardFailure), now: now))
                pending += core.takeEffects()
            case .requestClipboard:
                pasteRequests += 1
            case .setTitle(let title): titles.append(title)
            case .setCursor(let name): cursors.append(name)
            case .message(let line): messages.append(line)
            case .trace(let line): traces.append(line)
            case .exit(let status):
                exitStatus = status
                return
            }
        }
    }
}

private let civil = CivilTime(year: 2026, month: 11, day: 30, hour: 1, minute: 2, second: 3)

/// A save failure as the store reports one: no space left on the device.
let diskFull = DocumentSaveError.write(path: "/tmp/x/drawing.json", .system(code: ENOSPC))
