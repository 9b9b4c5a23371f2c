import Timing

/// Another program's change to the document's file, from the first sign of it until the file is read.
/// Pure, like `Autosave`: time is an input, and the deadline it computes lives on the core's timer wheel.
///
/// A program that writes the file in place writes it in pieces (a shell's `>` then `>>`, an editor without
/// atomic saves, a slow copy): read in the middle, the file is half a drawing, and saved over in the middle,
/// the writer's next piece lands in our file. So the file is read only once it has been quiet: `quietPeriod`
/// after its last change when the writer has closed it, `patience` while a writer still holds it open. A file
/// that is not a drawing then is read again once it has been quiet for `patience` (its writer may only be
/// pausing), and only then is it kept aside as damaged. Until the file is read, nothing is saved over it.
///
///     a change seen:      noted(at:writerOpen:)           -> (re)schedule the read at `readAt`
///     the read:           keepsDamagedAside(at:) says how; unfinished -> readUnfinished(), read again at `readAt`
///     closing:            mustBeRead(by:)                 -> a close waits no longer than that
public struct DiskChange: Sendable, Equatable {
    /// How long the file must go unchanged, its writer gone, before it is read.
    public static let quietPeriod = TimeAmount.milliseconds(300)
    /// How long the file must go unchanged before it is read while a writer holds it open, and before a file
    /// that is not a drawing is taken to be damaged rather than unfinished.
    public static let patience = TimeAmount.seconds(5)

    /// When the file last changed (as far as the folder's watch tells).
    public private(set) var lastChange: Deadline
    /// Whether a program modified the file and has not closed it since.
    public private(set) var writerOpen: Bool
    /// Whether the file, read once quiet, was not a drawing (not kept aside yet).
    public private(set) var isUnfinished = false
    /// A close waits for the read no later than this.
    public private(set) var closeBy: Deadline?

    /// A change seen at `now`.
    public init(at now: Deadline, writerOpen: Bool) {
        lastChange = now
        self.writerOpen = writerOpen
    }

    /// Another change seen at `now`: the wait starts again.
    public mutating func noted(at now: Deadline, writerOpen: Bool) {
        (lastChange, self.writerOpen, isUnfinished) = (now, writerOpen, false)
    }

    /// The file, read once quiet, was not a drawing: it is read again once it has been quiet for `patience`.
    public mutating func readUnfinished() { isUnfinished = true }

    /// The window is closing: the file is read by `deadline` at the latest.
    public mutating func mustBeRead(by deadline: Deadline) { closeBy = min(closeBy ?? deadline, deadline) }

    /// When to read the file.
    public var readAt: Deadline {
        let settled = lastChange + (writerOpen || isUnfinished ? Self.patience : Self.quietPeriod)
        return closeBy.map { min($0, settled) } ?? settled
    }

    /// Whether a read at `now` keeps a file that is not a drawing aside as damaged: once the file has been
    /// quiet for `patience`, or when a close can wait no longer. Before that it is left as it is.
    public func keepsDamagedAside(at now: Deadline) -> Bool {
        now >= lastChange + Self.patience || closeBy.map { now >= $0 } ?? false
    }
}
