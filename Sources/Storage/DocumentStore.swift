/// The drawing's file: opening it (damaged files kept aside, newer versions refused) and saving it
/// atomically. The decisions, in one place:
///
/// - No file yet: an empty drawing; the file (and its folders) appear on the first save.
/// - A damaged file (not a drawing, too large, out of bounds; see `DocumentError.isDamage`) is never
///   overwritten or deleted: it is renamed to `FILE.damaged-YYYYMMDD-HHMMSS` (`-2`, `-3`, ... if
///   taken), and the drawing starts empty, saving to FILE. `OpenedDocument.recovery` says so.
/// - A file from a newer version is refused (`DocumentOpenError.newerVersion`) and left as it is:
///   no store exists for it, so nothing can save over it. The app exits 1 with the message.
/// - A file that exists but cannot be read (permissions), is not a regular file (a folder, a FIFO, a
///   device), or is damaged and cannot be renamed, is refused the same way: its bytes are never at risk.
/// - A save that fails (unwritable folder, full disk) throws; the old file is untouched and the
///   drawing stays in memory (the app says "unsaved" and tries again later). Saves go through
///   `FileWriter`, as exports do.
///
/// Paths are bytes (`FilePath`): a name that is not UTF-8 opens and saves that very file.
///
/// Links: the path the user gave is followed through symbolic links they (or root) own, and refused when
/// another user owns one (`UntrustedLink`); from then on the store works on the file it found, and a link
/// that appears at that path later is never followed.

import Shapes

public struct DocumentStore: Hashable, Sendable {
    /// The file the drawing saves to.
    public let path: FilePath

    /// A store for `path`; does no I/O.
    public init(path: FilePath) { self.path = path }

    /// True when `a` and `b` name one existing file (through links, `.` or another spelling).
    public static func isSameFile(_ a: FilePath, _ b: FilePath) -> Bool { FileSystem.isSameFile(a, b) }

    /// The document's name for the window title: the file's name (invalid UTF-8 shown escaped).
    public var displayName: String { path.fileName.description }

    /// The file a document at `requested` is saved to: a symbolic link's target (so that it can be locked
    /// before it is opened), when the user or root owns the link.
    public static func resolvingLinks(_ requested: FilePath) throws(UntrustedLink) -> FilePath {
        try FileSystem.followingTrustedLinks(requested)
    }

    /// Reads the drawing at `path`, as described above. `now` names a damaged file kept aside.
    /// A symbolic link the user or root owns is followed: the store saves to its target, keeping the link.
    public static func open(path requested: FilePath, now: CivilTime) throws(DocumentOpenError) -> OpenedDocument {
        let store: DocumentStore
        do { store = DocumentStore(path: try resolvingLinks(requested)) } catch { throw .untrustedLink(error) }
        FileWriter.removeAbandonedTemporaries(beside: store.path)
        switch store.readCurrent(now: now) {
        case .missing:
            return OpenedDocument(store: store, drawing: Drawing(), identity: nil, recovery: nil)
        case .drawing(let drawing, let identity):
            return OpenedDocument(store: store, drawing: drawing, identity: identity, recovery: nil)
        case .damaged(let recovery):
            return OpenedDocument(store: store, drawing: Drawing(), identity: nil, recovery: recovery)
        case .unfinished:
            preconditionFailure("read keeping damaged files aside")
        case .newer(let problem, _):
            throw .newerVersion(path: store.path, problem)
        case .unreadable(let error):
            throw error
        }
    }

    /// What the file holds now, decided as at opening: a damaged file is kept aside (the caller starts
    /// from an empty drawing or keeps its own), a newer one is left alone. For a file another program
    /// wrote while the document was open (see `DocumentWatcher`); the drawing is renumbered 1...n.
    /// Unless `keepingDamagedAside`, a file that is not a drawing is left where it is (`.unfinished`): right
    /// after another program changed it, it may be half written.
    public func readCurrent(now: CivilTime, keepingDamagedAside: Bool = true) -> DiskVersion {
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: DocumentLimits.maxFileBytes) } catch {
            return .unreadable(.unreadable(error))
        }
        let problem: DocumentError
        switch contents {
        case .missing:
            return .missing
        case .notARegularFile:
            return .unreadable(.notARegularFile(path: path))
        case .tooLarge(let byteCount, let identity):
            problem = .tooLarge(byteCount: byteCount)
            guard keepingDamagedAside else { return .unfinished(problem, identity) }
        case .bytes(let bytes, let identity):
            do { return .drawing(try DrawingFormat.decode(bytes).renumbered(), identity) } catch {
                guard error.isDamage else { return .newer(error, identity) }
                guard keepingDamagedAside else { return .unfinished(error, identity) }
                problem = error
            }
        }
        let candidates = [path.appendingToName(".damaged-" + now.stamp)] + (2...999).map { path.appendingToName(".damaged-\(now.stamp)-\($0)") }
        do {
            let keptAs = try FileSystem.moveAside(path, candidates: candidates)
            return .damaged(DamagedFileRecovery(path: path, keptAs: keptAs, problem: problem))
        } catch {
            return .unreadable(.cannotKeepDamaged(path: path, problem, error))
        }
    }

    /// The identity of the file at `path` now; nil when there is none (deleted, or never saved).
    public func currentIdentity() throws(SystemError) -> FileIdentity? { try FileSystem.identity(of: path) }

    /// Reads the drawing at `path` and changes nothing on disk (for `--export`): a missing, damaged
    /// or newer file is an error, and so is a link another user owns.
    public static func load(path requested: FilePath) throws(DocumentLoadError) -> Drawing {
        let path: FilePath
        do { path = try resolvingLinks(requested) } catch { throw .untrustedLink(error) }
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: DocumentLimits.maxFileBytes) } catch {
            throw .unreadable(error)
        }
        switch contents {
        case .missing:
            throw .missing(path: path)
        case .notARegularFile:
            throw .notARegularFile(path: path)
        case .tooLarge(let byteCount, _):
            throw .invalid(path: path, .tooLarge(byteCount: byteCount))
        case .bytes(let bytes, _):
            do { return try DrawingFormat.decode(bytes) } catch { throw .invalid(path: path, error) }
        }
    }

    /// Replaces the file with `drawing`, atomically: after a crash at any moment the file holds the
    /// previous drawing or this one, whole. Creates missing folders. Returns the identity of the file
    /// written, for a later `save(_:replacing:)`.
    @discardableResult
    public func save(_ drawing: Drawing) throws(DocumentSaveError) -> FileIdentity {
        let bytes = try encode(drawing)
        try makeFolders()
        do { return try FileWriter.write(bytes, to: path, links: .neverFollowed) } catch { throw .write(path: path, error) }
    }

    /// Saves `drawing` as `save(_:)` does, but only over the file last read or written: `expected`,
    /// its identity then (nil: there was no file). When the file is not that one any more (another
    /// program wrote, replaced, created or deleted it) nothing is written: `.changedOnDisk`. The file
    /// is checked before writing and again just before the rename; only a change within that last
    /// moment can slip through, as between any two programs that do not share a lock.
    ///
    /// A document deleted while open gives `.changedOnDisk` too, and then `currentIdentity()` is nil:
    /// to write it again, save with `replacing: nil`.
    public func save(_ drawing: Drawing, replacing expected: FileIdentity?) -> SaveOutcome {
        let bytes: [UInt8]
        do {
            bytes = try encode(drawing)
            if expected == nil { try makeFolders() }  // A file that was there had its folders.
        } catch {
            return .failed(error)
        }
        do {
            guard let identity = try FileWriter.write(bytes, to: path, replacing: expected) else { return .changedOnDisk }
            return .saved(identity)
        } catch {
            return .failed(.write(path: path, error))
        }
    }

    private func encode(_ drawing: Drawing) throws(DocumentSaveError) -> [UInt8] {
        do { return try DrawingFormat.encode(drawing) } catch { throw .unsavable(path: path, error) }
    }

    private func makeFolders() throws(DocumentSaveError) {
        do { try FileSystem.makeFolders(path.folder) } catch { throw .system(error) }
    }
}

/// The result of opening a document.
public struct OpenedDocument: Hashable, Sendable {
    /// Where the drawing saves to (a symbolic link's target).
    public let store: DocumentStore
    /// The drawing read, or an empty one (no file yet, or a damaged file kept aside).
    public let drawing: Drawing
    /// The identity of the file read; nil when there was none (or it was kept aside as damaged).
    public let identity: FileIdentity?
    /// Set when the file was damaged: it was kept aside and the drawing starts empty.
    public let recovery: DamagedFileRecovery?

    /// A document as `open` found it (or as a recording of a session says it was).
    public init(store: DocumentStore, drawing: Drawing, identity: FileIdentity?, recovery: DamagedFileRecovery?) {
        self.store = store
        self.drawing = drawing
        self.identity = identity
        self.recovery = recovery
    }
}

/// A damaged file that was renamed out of the way.
public struct DamagedFileRecovery: Hashable, Sendable, CustomStringConvertible {
    /// Where the damaged file was.
    public let path: FilePath
    /// Where its bytes are now.
    public let keptAs: FilePath
    /// What was wrong with it.
    public let problem: DocumentError

    public init(path: FilePath, keptAs: FilePath, problem: DocumentError) {
        self.path = path
        self.keptAs = keptAs
        self.problem = problem
    }

    /// One line for stderr and the title.
    public var description: String {
        "\(path) was damaged (\(problem)); kept it as \(keptAs) and started an empty drawing"
    }
}

/// Why a document could not be opened. In every case the file is left exactly as it was.
public enum DocumentOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is from a newer version of the format.
    case newerVersion(path: FilePath, DocumentError)
    /// The file exists but cannot be read.
    case unreadable(SystemError)
    /// The path names a folder, a FIFO, a device or a socket.
    case notARegularFile(path: FilePath)
    /// The file is damaged, and renaming it out of the way failed.
    case cannotKeepDamaged(path: FilePath, DocumentError, SystemError)
    /// The path is a symbolic link another user owns, which is not followed.
    case untrustedLink(UntrustedLink)

    public var description: String {
        switch self {
        case .newerVersion(let path, let problem):
            return "\(path): \(problem); left it untouched"
        case .unreadable(let error):
            return "\(error)"
        case .notARegularFile(let path):
            return "\(path) is not a regular file"
        case .cannotKeepDamaged(let path, let problem, let error):
            return "\(path) is damaged (\(problem)) and could not be kept aside (\(error)); left it untouched"
        case .untrustedLink(let link):
            return "\(link)"
        }
    }
}

/// Why a document could not be read for export. Nothing on disk is changed.
public enum DocumentLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no file at the path.
    case missing(path: FilePath)
    /// The file exists but cannot be read.
    case unreadable(SystemError)
    /// The path names a folder, a FIFO, a device or a socket.
    case notARegularFile(path: FilePath)
    /// Damaged, or from a newer version.
    case invalid(path: FilePath, DocumentError)
    /// The path is a symbolic link another user owns, which is not followed.
    case untrustedLink(UntrustedLink)

    public var description: String {
        switch self {
        case .missing(let path): return "there is no drawing at \(path)"
        case .unreadable(let error): return "\(error)"
        case .notARegularFile(let path): return "\(path) is not a regular file"
        case .invalid(let path, let problem): return "\(path): \(problem)"
        case .untrustedLink(let link): return "\(link)"
        }
    }
}

/// Why a save failed. The file on disk is unchanged; the drawing is still in memory.
///
/// Every case names the document and the cause, never the temporary file a save writes first, so two
/// failures with the same cause are equal: the caller reports a failure once, not at every retry.
public enum DocumentSaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The drawing breaks a limit of the format.
    case unsavable(path: FilePath, DrawingEncodingError)
    /// A folder on the way to the document could not be created.
    case system(SystemError)
    /// Writing the document failed: no permission, no space, ...
    case write(path: FilePath, WriteError)
    /// The file now at the path is one this program must not write over (another program put a newer
    /// version's drawing there, or something it cannot read): `reason` says which.
    case refused(path: FilePath, reason: String)

    public var description: String {
        switch self {
        case .unsavable(let path, let error): return "cannot save \(path): \(error)"
        case .system(let error): return "\(error)"
        case .write(let path, let error): return "cannot save \(path): \(error)"
        case .refused(let path, let reason): return "not saving over \(path): \(reason)"
        }
    }

    /// The cause alone, for a notice that names the document elsewhere: "No space left on device".
    public var reason: String {
        switch self {
        case .unsavable(_, let error): "\(error)"
        case .system(let error): SystemError.reason(error.code)
        case .write(_, let error): "\(error)"
        case .refused(_, let reason): reason
        }
    }
}
