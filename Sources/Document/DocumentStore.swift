/// The drawing's file: opening it (damaged files kept aside, newer versions refused) and saving it
/// atomically. The decisions, in one place:
///
/// - No file yet: an empty drawing; the file (and its folders) appear on the first save.
/// - A damaged file (not a drawing, too large, out of bounds; see `DocumentError.isDamage`) is never
///   overwritten or deleted: it is renamed to `FILE.damaged-YYYYMMDD-HHMMSS` (`-2`, `-3`, ... if
///   taken), and the drawing starts empty, saving to FILE. `OpenedDocument.recovery` says so.
/// - A file from a newer version is refused (`DocumentOpenError.newerVersion`) and left as it is:
///   no store exists for it, so nothing can save over it. The app exits 1 with the message.
/// - A file that exists but cannot be read (permissions, a folder), or a damaged file that cannot be
///   renamed, is refused the same way: its bytes are never at risk.
/// - A save that fails (unwritable folder, full disk) throws; the old file is untouched and the
///   drawing stays in memory (the app says "unsaved" and tries again later).
public struct DocumentStore: Hashable, Sendable {
    /// The file the drawing saves to.
    public let path: String

    /// A store for `path`; does no I/O.
    public init(path: String) { self.path = path }

    /// True when `a` and `b` name one existing file (through links, `.` or another spelling).
    public static func isSameFile(_ a: String, _ b: String) -> Bool { FileSystem.isSameFile(a, b) }

    /// The document's name for the window title: the file's name.
    public var displayName: String { DocumentLocation.fileName(of: path) }

    /// Reads the drawing at `path`, as described above. `now` names a damaged file kept aside.
    /// A symbolic link is followed: the store saves to its target, keeping the link.
    public static func open(path requested: String, now: CivilTime) throws(DocumentOpenError) -> OpenedDocument {
        let path = FileSystem.resolvingSymbolicLink(requested)
        let store = DocumentStore(path: path)
        FileSystem.removeAbandonedTemporaries(beside: path)
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: DocumentLimits.maxFileBytes) } catch {
            throw .unreadable(error)
        }
        let problem: DocumentError
        switch contents {
        case .missing:
            return OpenedDocument(store: store, drawing: Drawing(), recovery: nil)
        case .tooLarge(let byteCount):
            problem = .tooLarge(byteCount: byteCount)
        case .bytes(let bytes):
            do {
                return OpenedDocument(store: store, drawing: try DrawingFormat.decode(bytes).renumbered(), recovery: nil)
            } catch {
                problem = error
            }
        }
        guard problem.isDamage else { throw .newerVersion(path: path, problem) }
        let candidates = [path + ".damaged-" + now.stamp] + (2...999).map { path + ".damaged-\(now.stamp)-\($0)" }
        do {
            let keptAs = try FileSystem.moveAside(path, candidates: candidates)
            return OpenedDocument(store: store, drawing: Drawing(), recovery: DamagedFileRecovery(path: path, keptAs: keptAs, problem: problem))
        } catch {
            throw .cannotKeepDamaged(path: path, problem, error)
        }
    }

    /// Reads the drawing at `path` and changes nothing on disk (for `--export`): a missing, damaged
    /// or newer file is an error.
    public static func load(path: String) throws(DocumentLoadError) -> Drawing {
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: DocumentLimits.maxFileBytes) } catch {
            throw .unreadable(error)
        }
        switch contents {
        case .missing:
            throw .missing(path: path)
        case .tooLarge(let byteCount):
            throw .invalid(path: path, .tooLarge(byteCount: byteCount))
        case .bytes(let bytes):
            do { return try DrawingFormat.decode(bytes) } catch { throw .invalid(path: path, error) }
        }
    }

    /// Replaces the file with `drawing`, atomically: after a crash at any moment the file holds the
    /// previous drawing or this one, whole. Creates missing folders.
    public func save(_ drawing: Drawing) throws(DocumentSaveError) {
        let bytes: [UInt8]
        do { bytes = try DrawingFormat.encode(drawing) } catch { throw .unsavable(path: path, error) }
        do { try FileSystem.writeAtomically(bytes, to: path) } catch { throw .system(error) }
    }
}

/// The result of opening a document.
public struct OpenedDocument: Sendable {
    /// Where the drawing saves to (a symbolic link's target).
    public let store: DocumentStore
    /// The drawing read, or an empty one (no file yet, or a damaged file kept aside).
    public let drawing: Drawing
    /// Set when the file was damaged: it was kept aside and the drawing starts empty.
    public let recovery: DamagedFileRecovery?
}

/// A damaged file that was renamed out of the way.
public struct DamagedFileRecovery: Hashable, Sendable, CustomStringConvertible {
    /// Where the damaged file was.
    public let path: String
    /// Where its bytes are now.
    public let keptAs: String
    /// What was wrong with it.
    public let problem: DocumentError

    /// One line for stderr and the title.
    public var description: String {
        "\(path) was damaged (\(problem)); kept it as \(keptAs) and started an empty drawing"
    }
}

/// Why a document could not be opened. In every case the file is left exactly as it was.
public enum DocumentOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is from a newer version of the format.
    case newerVersion(path: String, DocumentError)
    /// The file exists but cannot be read.
    case unreadable(SystemError)
    /// The file is damaged, and renaming it out of the way failed.
    case cannotKeepDamaged(path: String, DocumentError, SystemError)

    public var description: String {
        switch self {
        case .newerVersion(let path, let problem):
            return "\(path): \(problem); left it untouched"
        case .unreadable(let error):
            return "\(error)"
        case .cannotKeepDamaged(let path, let problem, let error):
            return "\(path) is damaged (\(problem)) and could not be kept aside (\(error)); left it untouched"
        }
    }
}

/// Why a document could not be read for export. Nothing on disk is changed.
public enum DocumentLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no file at the path.
    case missing(path: String)
    /// The file exists but cannot be read.
    case unreadable(SystemError)
    /// Damaged, or from a newer version.
    case invalid(path: String, DocumentError)

    public var description: String {
        switch self {
        case .missing(let path): return "there is no drawing at \(path)"
        case .unreadable(let error): return "\(error)"
        case .invalid(let path, let problem): return "\(path): \(problem)"
        }
    }
}

/// Why a save failed. The file on disk is unchanged; the drawing is still in memory.
public enum DocumentSaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The drawing breaks a limit of the format.
    case unsavable(path: String, DrawingEncodingError)
    /// A system call failed: no permission, no space, ...
    case system(SystemError)

    public var description: String {
        switch self {
        case .unsavable(let path, let error): return "cannot save \(path): \(error)"
        case .system(let error): return "\(error)"
        }
    }
}
