#if canImport(Glibc)
import Glibc
#endif
import Timing

/// SIGTERM, SIGINT and SIGHUP reach the event loop, not a handler that does work (st's pselect).
///
/// The signals stay blocked except while the loop waits in `pselect`, which unblocks them
/// atomically for the wait. Their handler only records which signal came (`received`); `pselect`
/// then returns EINTR, and the recorded signal tells a termination signal from any other that
/// interrupted the wait. A signal sent while the loop is busy stays pending and ends the next wait
/// at once, so none is lost and the loop saves first.
struct TerminationSignals {
    static let numbers = [SIGTERM, SIGINT, SIGHUP]

    /// The termination signal the handler saw, or 0. Written only by the handler, which runs only
    /// inside `pselect` (the signals are blocked everywhere else), and read after it returns.
    nonisolated(unsafe) static var received: Int32 = 0

    /// The signal mask to wait with: the one the process had, with the termination signals open.
    private var waitMask = sigset_t()

    /// What ended a wait.
    enum Wake: Equatable {
        /// These descriptors are readable.
        case input([Int32])
        case timeout
        case terminationSignal
        /// Some other signal interrupted the wait.
        case interrupted
        /// The wait itself failed (errno names why).
        case failed(Int32)
    }

    /// Blocks the termination signals and installs the handler that records them. Call on the main thread
    /// before any other thread starts (threads inherit the mask).
    init() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in Self.numbers { sigaddset(&blocked, number) }
        sigprocmask(SIG_BLOCK, &blocked, &waitMask)
        for number in Self.numbers {
            sigdelset(&waitMask, number)
            var action = sigaction()
            // Interrupts pselect and notes which signal it was; nothing else.
            action.__sigaction_handler.sa_handler = { number in TerminationSignals.received = number }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// Waits until one of `descriptors` is readable, `timeout` passes (nil: no limit) or a termination
    /// signal comes.
    func wait(for descriptors: [Int32], timeout: TimeAmount?) -> Wake {
        var readable = fd_set()
        withUnsafeMutableBytes(of: &readable) { bits in  // FD_SET: bit `descriptor`, little-endian words.
            for descriptor in descriptors {
                precondition(descriptor >= 0 && Int(descriptor) < bits.count * 8, "descriptor beyond FD_SETSIZE")
                bits[Int(descriptor) / 8] |= UInt8(1) << (descriptor % 8)
            }
        }
        let count = (descriptors.max() ?? -1) + 1
        var mask = waitMask
        let result: Int32
        if let timeout {
            let nanoseconds = max(0, timeout.nanoseconds)
            var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
            result = pselect(count, &readable, nil, nil, &time, &mask)
        } else {
            result = pselect(count, &readable, nil, nil, nil, &mask)
        }
        if result > 0 {
            return .input(withUnsafeBytes(of: &readable) { bits in
                descriptors.filter { bits[Int($0) / 8] & UInt8(1) << ($0 % 8) != 0 }
            })
        }
        if result == 0 { return .timeout }
        guard errno == EINTR else { return .failed(errno) }
        // Another signal (a debugger's, say) may interrupt the wait too: only ours end the program.
        defer { Self.received = 0 }
        return Self.numbers.contains(Self.received) ? .terminationSignal : .interrupted
    }
}
