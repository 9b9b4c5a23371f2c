import Storage

/// Writes a session as it happens (`--record REC`): the format's line and the start, then each entry as
/// the shell takes it, a line with one write, so that a crash keeps everything before it (`RecordingFormat`).
/// The shell hands it every step of the core from the one place it takes them; the core knows nothing of it.
///
/// Recording is not the session: when a write fails (a full disk) the recorder says so once and stops,
/// and the session goes on.
public final class Recorder {
    public var path: FilePath { file.path }
    private let file: AppendOnlyFile
    /// Set once a write failed: nothing more is written.
    private var hasStopped = false

    /// Creates `path` (never over an existing file) for a recording.
    public init(creating path: FilePath) throws(WriteError) {
        file = try AppendOnlyFile(creating: path)
    }

    /// Writes the format's line and the start; returns the failure, once, should that fail.
    public func begin(_ start: RecordingStart) -> String? {
        write { () throws(DrawingEncodingError) in RecordingFormat.header + (try RecordingFormat.encode(start)) }
    }

    /// Writes `entry`; returns the failure, once, should that fail.
    public func record(_ entry: RecordingEntry) -> String? {
        write { () throws(DrawingEncodingError) in try RecordingFormat.encode(entry) }
    }

    /// Writes what `encode` makes (a drawing beyond the format's limits cannot be written, as a full disk cannot).
    private func write(_ encode: () throws(DrawingEncodingError) -> [UInt8]) -> String? {
        guard !hasStopped else { return nil }
        do {
            try file.append(try encode())
            return nil
        } catch {
            hasStopped = true
            return "cannot record to \(path): \(error); recording stopped, the session goes on"
        }
    }
}
