#if canImport(Glibc)
import Glibc
#endif

/// Tells when the document's file may have changed on disk, through inotify on its folder (a file
/// replaced by an atomic save is a new inode, so the folder is watched, not the file).
///
/// The event loop adds `fileDescriptor` (non-blocking) to its `pselect` read set and calls `drain()`
/// when it is readable. `.changed` means "look": an event named the document's file (compared as bytes),
/// so compare `DocumentStore.currentIdentity()` with the identity last read or written. The program's
/// own saves show up here too; their identity is the one the save returned, so they compare equal.
/// It also says whether a program is writing the file in place and has not closed it yet (a modification
/// seen, `IN_MODIFY`, and no `IN_CLOSE_WRITE` since): the cheap sign that the file is not finished.
///
/// A folder that does not exist yet (the default document before its first save) is not an error:
/// the nearest existing folder above it is watched, and the watch moves down as the folders appear
/// (`drain()` says "look" when it reaches the document's folder). Likewise, when the folder is
/// deleted or moved away, the watch moves up.
public final class DocumentWatcher {
    /// The inotify descriptor, for the loop's read set.
    public let fileDescriptor: Int32
    /// The document's folder and its file's name.
    private let folder: FilePath
    private let name: [UInt8]
    /// The folder watched now (the document's, or the nearest existing one above it) and its watch.
    private var watched: (folder: FilePath, descriptor: Int32)?
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Whether the last event about the file was a program writing it, and not closing it.
    private var writerOpen = false

    /// What `drain()` saw.
    public enum Activity: Hashable, Sendable {
        /// Nothing about the document's file.
        case none
        /// The file may have changed; `writerOpen`: a program modified it and has not closed it since.
        case changed(writerOpen: Bool)
    }

    /// What changes to the document's file look like in its folder.
    private static let fileEvents = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB)
    /// Those that leave the file open for writing: it is being written.
    private static let openingEvents = UInt32(IN_MODIFY)
    /// Those after which nobody writes the file at that name: closed, or the name now names another file or none.
    private static let closingEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
    /// A watched folder going away, which moves the watch.
    private static let folderEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches the file at `path` (the store's path: a link already resolved).
    public init(for path: FilePath) throws(SystemError) {
        folder = path.folder
        name = path.fileName.bytes
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else { throw .last("watch", path) }
        do {
            try watchNearestFolder()
        } catch {
            close(fileDescriptor)
            throw error
        }
    }

    deinit { close(fileDescriptor) }

    /// Whether the watch is on the document's own folder (else on one above it, or nowhere).
    public var watchesTheDocumentsFolder: Bool { watched?.folder == folder }

    /// Reads every pending event: whether one may have changed the document's file.
    public func drain() -> Activity {
        var mayHaveChanged = false
        var folderChanged = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }  // EAGAIN: drained
            var offset = 0
            while offset + 16 <= count {
                let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let eventName = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    mayHaveChanged = true  // events were lost: look
                    folderChanged = true
                    writerOpen = false
                    continue
                }
                guard descriptor == watched?.descriptor else { continue }  // a watch already moved from
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 || !watchesTheDocumentsFolder {
                    folderChanged = true
                } else if eventName.elementsEqual(name) {
                    mayHaveChanged = true
                    if mask & Self.closingEvents != 0 {
                        writerOpen = false
                    } else if mask & Self.openingEvents != 0 {
                        writerOpen = true
                    }
                }
            }
        }
        if folderChanged {
            let wasWatchingTheDocumentsFolder = watchesTheDocumentsFolder
            try? watchNearestFolder()
            if wasWatchingTheDocumentsFolder != watchesTheDocumentsFolder { mayHaveChanged = true }
        }
        return mayHaveChanged ? .changed(writerOpen: writerOpen) : .none
    }

    /// Moves the watch to the document's folder, or the nearest existing folder above it.
    private func watchNearestFolder() throws(SystemError) {
        var candidate = folder
        while true {
            let mask = Self.folderEvents | (candidate == folder ? Self.fileEvents : UInt32(IN_CREATE | IN_MOVED_TO))
            let descriptor = candidate.withCString { inotify_add_watch(fileDescriptor, $0, mask) }
            if descriptor >= 0 {
                if let old = watched, old.descriptor != descriptor { inotify_rm_watch(fileDescriptor, old.descriptor) }
                watched = (candidate, descriptor)
                return
            }
            guard errno == ENOENT || errno == ENOTDIR, candidate.folder != candidate else {
                throw .last("watch the folder", candidate)
            }
            candidate = candidate.folder
        }
    }
}
