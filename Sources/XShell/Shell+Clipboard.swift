import CX11
import Shapes
import Timing
import TouchTracker

/// The shell's side of the clipboard: the core's `ownClipboard` and `requestClipboard` carried out by the
/// `ClipboardService`, selection events handed to it, a paste's content handed to the core when it has come,
/// and, when the window closes while it owns the clipboard, the content handed to a clipboard manager.
extension Shell {
    /// Takes the clipboard with the shapes the core copied, at the time of the event that asked; the core
    /// hears at once whether it worked.
    func ownClipboard(_ shapes: Drawing, now: Deadline) {
        let failure = isDisconnected ? "the X connection is gone" : clipboard.own(shapes, time: lastEventTime)
        take(.input(.clipboardOwned(failure: failure), now: now))
    }

    /// Asks for the clipboard's content; it reaches the core when it comes (`deliverPaste`).
    func requestClipboard(now: Deadline) {
        guard !isDisconnected else {
            return take(.input(.clipboardReceived(.unavailable("the X connection is gone"), pointer: nil), now: now))
        }
        clipboard.requestPaste(time: lastEventTime, now: now)
        deliverPaste(now: now)
    }

    /// Hands the core what a paste received, with where the pointer is now, once it has all come.
    func deliverPaste(now: Deadline) {
        guard let receipt = clipboard.takeReceipt() else { return }
        take(.input(.clipboardReceived(receipt, pointer: pointerPosition()), now: now))
    }

    /// The pointer in window coordinates; nil when it is on another screen.
    private func pointerPosition() -> Point? {
        var root: Window = 0, child: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(connection.display, window.window, &root, &child, &rootX, &rootY, &x, &y, &mask) != 0 else { return nil }
        return Point(x: Double(x), y: Double(y))
    }

    /// Lets the clipboard's time pass (a stalled transfer, an owner gone quiet), and delivers a paste that
    /// has come.
    func serviceClipboard(now: Deadline) {
        guard !isDisconnected else { return }
        clipboard.advance(to: now)
        deliverPaste(now: now)
    }

    /// The selection events, for the clipboard; false for any other event.
    func dispatchToClipboard(_ event: ShellEvent, now: Deadline) -> Bool {
        switch event {
        case .selectionRequested(let request): clipboard.requested(request, now: now)
        case .selectionCleared(let selection): clipboard.cleared(selection: selection)
        case .selectionNotified(let selection, let target, let property):
            clipboard.notified(selection: selection, target: target, property: property, now: now)
        case .propertyChanged(let changed, let atom, let deleted):
            clipboard.propertyChanged(window: changed, atom: atom, deleted: deleted, now: now)
            return false  // the desktop's settings watcher hears of properties too
        default: return false
        }
        return true
    }

    /// Closing while we own the clipboard, with a clipboard manager running: asks it to take the content
    /// (SAVE_TARGETS) and serves its requests until it answers or `SelectionOwner.handOverTimeout` passes. The
    /// drawing is saved already; a termination signal or a failing wait ends this at once.
    func handOverTheClipboard(signals: TerminationSignals) {
        guard !isDisconnected, clipboard.beginHandOver(time: lastEventTime, now: MonotonicClock.now()) else { return }
        let display = connection.display
        while clipboard.isHandingOver {
            let now = MonotonicClock.now()
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                _ = dispatchToClipboard(ShellEvent(event, atoms: connection.atoms, canvas: window.window, readTime: now), now: now)
            }
            clipboard.advance(to: now)
            XFlush(display)
            guard clipboard.isHandingOver else { return }
            if XPending(display) > 0 { continue }
            let timeout = clipboard.nextDeadline.map { $0 - MonotonicClock.now() }
            switch signals.wait(for: [connection.fileDescriptor], timeout: timeout) {
            case .terminationSignal, .failed: return
            case .input, .timeout, .interrupted: continue
            }
        }
    }
}
