#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure, which `join` waits for: the first frame's parallel work (Rendering's
/// `Parallel`) and the save beside the event loop (XShell's `BackgroundSave`) run on threads that end, so an
/// idle window has no thread left to wake (a shared pool such as libdispatch's keeps a manager thread waking
/// every second forever). A thread that cannot be started (the system out of threads) leaves its closure to
/// `join`, which runs it on the caller's thread instead.
public struct JoinedThread: Sendable {
    private let body: Body
    private let thread: pthread_t?

    public init(_ body: @escaping @Sendable () -> Void) {
        self.body = Body(body)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(self.body).toOpaque())
        if started == 0 {
            self.thread = thread
        } else {
            Unmanaged.passUnretained(self.body).release()
            self.thread = nil
        }
    }

    public func join() {
        guard let thread else { return body.run() }
        pthread_join(thread, nil)
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
