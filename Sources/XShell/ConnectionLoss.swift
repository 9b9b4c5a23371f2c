import CX11
#if canImport(Glibc)
import Glibc
#endif

/// What happens when the X connection is lost (server gone, killed, network down): Xlib calls its
/// I/O error handler and exits when the handler returns, so the last chance to save is in there.
enum ConnectionLoss {
    /// The shell's last words: save, say so on stderr, and the exit status. Set once on the main thread
    /// before the loop; Xlib calls the handler on the thread that used the connection, the main thread.
    nonisolated(unsafe) private static var lastWords: (() -> Int32)?

    /// Installs `lastWords` to run when the connection is lost; the process exits with its status.
    static func install(_ lastWords: @escaping () -> Int32) {
        Self.lastWords = lastWords
        XSetIOErrorHandler { _ in
            exit(ConnectionLoss.lastWords?() ?? 1)
        }
    }
}
