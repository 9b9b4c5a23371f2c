import Shapes
import Storage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The document's saves, made on a thread of their own beside the event loop: encoding, writing and
/// flushing 100,000 shapes takes about 100 ms, which on the loop's thread would freeze a drag begun half a
/// second after an edit. The loop starts a save (`begin`) with the drawing as it is (a copy-on-write value:
/// taking it costs nothing), waits on `fileDescriptor` with the X connection, and when it is readable hands
/// the outcome (`finish`) to the core, which goes on taking input meanwhile and asks for no second save
/// before the first's outcome. The store's checks (the file's identity before and after the rename) run
/// on the worker as they would on the loop: the loop only reads the file's identity meanwhile.
///
///     loop:    begin(drawing)  ... events, frames ...  fileDescriptor readable -> finish() -> core
///     worker:  store.save(drawing, replacing:)  -> outcome, one byte into the pipe; the thread ends
///
/// Where the loop cannot go on (the X connection is lost: Xlib's handler must return the exit status)
/// `finish(waiting: true)` waits for the save under way.
final class BackgroundSave {
    /// The pipe the worker writes one byte into when its save has ended; the loop waits on its read end.
    private let wake: (read: Int32, write: Int32)
    /// The save under way, and where its outcome is left.
    private var running: (thread: JoinedThread, outcome: Outcome)?

    /// Nil where no pipe can be made (out of descriptors): then the shell saves on the loop's thread.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {  // not inherited by Ctrl+N's new window; reads never block the loop
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        _ = finish(waiting: true)
        close(wake.read)
        close(wake.write)
    }

    /// Readable once the save under way has ended.
    var fileDescriptor: Int32 { wake.read }

    /// Whether a save is under way (its outcome not yet taken).
    var isRunning: Bool { running != nil }

    /// Starts saving `drawing` through `store`, replacing only the file with identity `expected`.
    func begin(_ drawing: Drawing, replacing expected: FileIdentity?, through store: DocumentStore) {
        precondition(running == nil, "the core asks for one save at a time")
        let outcome = Outcome()
        let signal = wake.write
        let thread = JoinedThread {
            outcome.value.withLock { $0 = store.save(drawing, replacing: expected) }
            var byte: UInt8 = 1
            _ = write(signal, &byte, 1)
        }
        running = (thread, outcome)
    }

    /// The outcome of the save under way once it has ended; nil while it runs (unless `waiting`: then this
    /// waits for it) or when there is none.
    func finish(waiting: Bool) -> SaveOutcome? {
        guard let (thread, outcome) = running else { return nil }
        guard waiting || outcome.value.withLock({ $0 != nil }) else { return nil }
        thread.join()
        running = nil
        var bytes = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
        while read(wake.read, &bytes, 4) > 0 {}  // the pipe is empty again for the next save
        return outcome.value.withLock { $0 }
    }

    /// Where the worker leaves the outcome.
    private final class Outcome: Sendable {
        let value = Mutex<SaveOutcome?>(nil)
    }
}
