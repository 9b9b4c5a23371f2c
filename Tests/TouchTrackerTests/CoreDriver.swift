import Document
import Foundation
import Gestures
import Testing
import Timing
@testable import TouchTracker

func at(_ milliseconds: Int64) -> Deadline { .zero + .milliseconds(1_000 + milliseconds) }

/// Plays the shell for an `AppCore`, as `Shell.performEffects` does: performs each effect in order,
/// answering saves (through a real store in a fresh folder, or with a failure the test scripts) and exports
/// at once, and records the rest; after each step it paints when the core says a frame is due, as the
/// shell's loop does. Time is passed in; nothing sleeps.
final class CoreDriver {
    let folder: String
    let store: DocumentStore
    let core: AppCore
    private(set) var now = at(0)
    /// Every drawing the core asked to save, in order, whether or not the save worked.
    private(set) var saveRequests: [Drawing] = []
    private(set) var messages: [String] = []
    private(set) var traces: [String] = []
    private(set) var titles: [String] = []
    private(set) var exports: [FilePath] = []
    private(set) var exitStatus: Int32?
    /// When frames were painted.
    private(set) var frames: [Deadline] = []
    /// Saves fail with this while it is set.
    var saveFailure: DocumentSaveError?
    /// Exports fail with this while it is set.
    var exportFailure: String?

    init(file: String = "drawing.json", contents: String? = nil, tracing: Bool = false) throws {
        var template = Array("/tmp/touchtracker-core-XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        if let contents { _ = FileManager.default.createFile(atPath: folder + "/" + file, contents: Data(contents.utf8)) }
        let civil = CivilTime(year: 2026, month: 11, day: 30, hour: 1, minute: 2, second: 3)
        let opened = try DocumentStore.open(path: folder + "/" + file, now: civil)
        store = opened.store
        core = AppCore(document: opened, visibleArea: Rect(x: 0, y: 0, width: 400, height: 300), now: now, tracing: tracing)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func handle(_ input: AppInput) {
        core.handle(input, now: now)
        perform()
        paint()
    }

    /// Moves the clock to `time` and lets the core's timers fire, as the loop does when it wakes.
    func advance(to time: Deadline) {
        now = time
        core.advance(to: now)
        perform()
        paint()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) { handle(.key(key, modifiers)) }

    /// Draws a line with the mouse: press, move, release (an edit).
    func drawLine(from a: GesturePoint, to b: GesturePoint, at milliseconds: Int64) {
        now = at(milliseconds)
        let time = ServerTime(milliseconds: UInt32(milliseconds))
        let contact = ContactID(device: 2)
        // One loop iteration: the three events are read together, then a frame.
        for kind in [GestureInput.Kind.press, .motion, .release] {
            core.handle(.pointer(GestureInput(kind, contact: contact, location: kind == .press ? a : b, serverTime: time, readTime: now)), now: now)
            perform()
        }
        paint()
    }

    /// Paints when a frame is due, as the shell's loop does after each iteration.
    private func paint() {
        if core.takeFrame(now: now) != nil { frames.append(now) }
    }

    /// The drawing on disk, as the app's loader reads it.
    func savedDrawing() throws -> Drawing {
        try DrawingFormat.decode(Array(FileManager.default.contents(atPath: store.path) ?? Data()))
    }

    var fileExists: Bool { FileManager.default.fileExists(atPath: store.path) }

    private func perform() {
        var pending = core.takeEffects()[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .save(let drawing):
                saveRequests.append(drawing)
                var failure = saveFailure
                if failure == nil {
                    do { try store.save(drawing) } catch { failure = error }
                }
                core.handle(.saveFinished(failure), now: now)
                pending += core.takeEffects()
            case .exportPNG(_, let path):
                exports.append(path)
                core.handle(.exportFinished(failure: exportFailure), now: now)
                pending += core.takeEffects()
            case .setTitle(let title): titles.append(title)
            case .message(let line): messages.append(line)
            case .trace(let line): traces.append(line)
            case .exit(let status):
                exitStatus = status
                return
            }
        }
    }
}

/// A save failure as the store reports one: no space left on the device.
let diskFull = DocumentSaveError.system(SystemError("write", "/tmp/x/.drawing.json.tmp-1-abc", code: ENOSPC))
