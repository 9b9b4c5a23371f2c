import Storage

/// Why bytes could not be read as a recording. Every case is one line for people, naming the line and
/// column of the problem, like a damaged drawing's.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a recording of this format, or damaged: what was expected, and where.
    case damaged(String, at: TextPosition)
    /// A recording in a newer version of the format: refused, never read as if it were this one.
    case newerVersion(Int, at: TextPosition)
    /// A drawing inside the recording (the document as opened, a file another program wrote) is not one;
    /// its position is the recording's.
    case drawing(DocumentError)
    /// The recording ends before the session began: it has no start.
    case noStart(lines: Int)

    public var description: String {
        switch self {
        case .damaged(let what, let position):
            return "not a recording: \(position): \(what)"
        case .newerVersion(let version, let position):
            return "made by a newer TouchTracker (\(position): recording format version \(version); "
                + "this one reads up to \(RecordingFormat.version))"
        case .drawing(let error):
            return "\(error)"
        case .noStart(let lines):
            return "the recording ends before the session began (it has \(lines) complete line\(lines == 1 ? "" : "s"); "
                + "the first two are its format and its start)"
        }
    }
}
