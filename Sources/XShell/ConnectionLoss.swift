import CX11
#if canImport(Glibc)
import Glibc
#endif

/// What happens when the X connection is lost (server gone, killed, network down): Xlib calls its
/// I/O error handler and exits when the handler returns, so the last chance to save is in there.
enum ConnectionLoss {
    /// The shell's last words: save, say so on stderr. Set once on the main thread before the loop;
    /// Xlib calls the handler on the thread that used the connection, the main thread.
    nonisolated(unsafe) private static var lastWords: (() -> Void)?

    /// Installs `lastWords` to run, then exit 1, when the connection is lost.
    static func install(_ lastWords: @escaping () -> Void) {
        Self.lastWords = lastWords
        XSetIOErrorHandler { _ in
            ConnectionLoss.lastWords?()
            exit(1)
        }
    }
}
