#if canImport(Glibc)
import Glibc
#endif

/// The one way the program writes a file: documents and exports alike.
///
/// What the path names decides how:
/// - A regular file, or nothing yet: replaced atomically. A new file is made beside it (exclusive
///   create, unique name ".NAME.tmp-PID-RANDOM", never through a link), written, flushed to disk,
///   renamed over the path, and the folder flushed: even after a crash or power cut the path holds the
///   old contents or the new, whole, and a failed write leaves the old file as it was. The new file
///   keeps the old one's permissions.
/// - A symbolic link: followed only where the user named the path and owns the link (or root does),
///   `Links.followedWhenTrusted`; its target is then written as above and the link kept. Names the
///   program made up (`Links.neverFollowed`) are never followed: a link there is refused.
/// - A character device or a FIFO (`/dev/full`, a named pipe) the user named: written directly, never
///   renamed over. A FIFO without a reader is an error (ENXIO), not a wait.
/// - Anything else (a folder, a socket; a device or FIFO at a made-up name): refused as not a regular file.
///
/// The writer creates no folders: a missing one is `WriteError.missingFolder`.
public enum FileWriter {
    /// How the path's symbolic links are taken.
    public enum Links: Sendable {
        /// The user named the path (on the command line): a link owned by the user or by root is followed
        /// (the rule `fs.protected_symlinks` applies in sticky folders, here everywhere), a link owned by
        /// anyone else is refused; a device or a FIFO is written directly.
        case followedWhenTrusted
        /// The program made the name up (an export beside the document, its own state, a document whose
        /// links were resolved when it was opened): a link is never followed, and only a regular file, or
        /// nothing, is there to be replaced.
        case neverFollowed
    }

    /// Writes `bytes` to `path` as described above; returns the identity of the file written.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: FilePath, links: Links) throws(WriteError) -> FileIdentity {
        // Without a check the write always goes ahead.
        try write(bytes, to: path, links: links, onlyIf: nil)!
    }

    /// Writes `bytes` to `path`, never through a link, only where there is no file yet: the name is taken
    /// only while it is free (a hard link made to the new file, where the file system has them); returns nil,
    /// having written nothing, when there is one.
    public static func writeNew(_ bytes: [UInt8], to path: FilePath) throws(WriteError) -> FileIdentity? {
        try write(bytes, to: path, replacing: nil)
    }

    /// Writes `bytes` to the regular file at `path` (never through a link) only while the path still names
    /// `expected` (nil: nothing). The file is looked at first and again just before the rename, so a change
    /// made while the new bytes were written is seen too; and it keeps a second name while ours takes its
    /// place, so a change made in that last moment is seen after the rename and the file is put back.
    /// Returns nil, having written nothing, when it is not. (`justBeforeRenaming` lets a test play a writer
    /// in that last moment.)
    static func write(_ bytes: [UInt8], to path: FilePath, replacing expected: FileIdentity?,
                      justBeforeRenaming: () -> Void = {}) throws(WriteError) -> FileIdentity? {
        try write(bytes, to: path, links: .neverFollowed, onlyIf: { $0 == expected }, justBeforeRenaming: justBeforeRenaming)
    }

    private static func write(_ bytes: [UInt8], to path: FilePath, links: Links, onlyIf isExpected: ((FileIdentity?) -> Bool)?,
                              justBeforeRenaming: () -> Void = {}) throws(WriteError) -> FileIdentity? {
        var target = path
        if links == .followedWhenTrusted {
            do { target = try FileSystem.followingTrustedLinks(path) } catch { throw .untrustedLink(owner: error.owner) }
        }
        guard let status = FileSystem.linkStatus(of: target) else {
            guard errno == ENOENT else { throw .system(code: errno) }
            if let isExpected, !isExpected(nil) { return nil }
            return try replaceAtomically(target, with: bytes, mode: nil, onlyIf: isExpected, justBeforeRenaming: justBeforeRenaming)
        }
        if let isExpected, !isExpected(FileIdentity(status)) { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return try replaceAtomically(target, with: bytes, mode: status.st_mode & 0o7777, onlyIf: isExpected,
                                         justBeforeRenaming: justBeforeRenaming)
        case S_IFLNK: throw .symbolicLink
        case S_IFCHR, S_IFIFO where links == .followedWhenTrusted: return try writeDirectly(bytes, to: target)
        default: throw .notARegularFile
        }
    }

    private static func replaceAtomically(_ target: FilePath, with bytes: [UInt8], mode: mode_t?,
                                          onlyIf isExpected: ((FileIdentity?) -> Bool)?,
                                          justBeforeRenaming: () -> Void) throws(WriteError) -> FileIdentity? {
        let (fd, temporary) = try uniqueName(beside: target) { name in
            name.withCString { Glibc.open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666) }
        }
        var renamed = false
        defer {
            if !renamed { _ = temporary.withCString { unlink($0) } }
        }
        let identity: FileIdentity
        do {
            defer { close(fd) }
            if let mode, fchmod(fd, mode) != 0 { throw WriteError.system(code: errno) }
            try writeAll(bytes, to: fd)
            guard fsync(fd) == 0 else { throw WriteError.system(code: errno) }
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw WriteError.system(code: errno) }
            identity = FileIdentity(status)  // a rename changes none of it
        }
        // The file there must still be the one expected, just before the rename; it keeps a second name
        // (a hard link, where the file system has them) while ours takes its place. Where there was none,
        // ours takes the name only while it is free: a hard link is never made over an existing name.
        var kept: FilePath?, nameMustBeFree = false
        if let isExpected {
            let current: FileIdentity?
            do { current = try FileSystem.identity(of: target) } catch { throw .system(code: error.code) }
            guard isExpected(current) else { return nil }
            if current != nil {
                kept = try? uniqueName(beside: target) { name in
                    target.withCString { from in name.withCString { link(from, $0) } } == 0 ? 0 : -1
                }.1
            } else {
                nameMustBeFree = true
            }
        }
        justBeforeRenaming()
        if nameMustBeFree {
            if temporary.withCString({ from in target.withCString { link(from, $0) } }) == 0 {
                do { try FileSystem.flushFolder(target.folder) } catch { throw .system(code: error.code) }
                return identity  // the temporary name goes with the deferred unlink
            }
            if errno == EEXIST { return nil }  // someone made the file meanwhile
            // No hard links here: renamed as below.
        }
        guard temporary.withCString({ from in target.withCString { rename(from, $0) } }) == 0 else {
            let code = errno
            if let kept { _ = kept.withCString { unlink($0) } }
            throw .system(code: code)
        }
        renamed = true
        if let kept, let isExpected {
            // Checked again after: a writer that changed the file between the check and the rename (its
            // bytes would be lost with it) gets it back, and ours is not written.
            let after = try? FileSystem.identity(of: kept)
            if !isExpected(after), kept.withCString({ from in target.withCString { rename(from, $0) } }) == 0 {
                try? FileSystem.flushFolder(target.folder)
                return nil
            }
            _ = kept.withCString { unlink($0) }
        }
        do { try FileSystem.flushFolder(target.folder) } catch { throw .system(code: error.code) }
        return identity
    }

    private static func writeDirectly(_ bytes: [UInt8], to path: FilePath) throws(WriteError) -> FileIdentity {
        // O_NONBLOCK only to open: a FIFO nobody reads fails at once instead of hanging; then the
        // writes block as usual while a reader is slow.
        let fd = path.withCString { Glibc.open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard fd >= 0 else { throw .system(code: errno) }
        var status = stat()
        guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0, fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw .system(code: code)
        }
        do {
            try writeAll(bytes, to: fd)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 || errno == EINTR else { throw .system(code: errno) }
        return FileIdentity(status)
    }

    /// The prefix of the temporary files the writer makes beside the file named `name`: ".NAME.tmp-PID-",
    /// with at most `nameBytesKept` bytes of NAME, so that a temporary's name is never too long where
    /// the file's name is not (255 bytes at most).
    static func temporaryPrefix(for name: FilePath, pid: Int32) -> FilePath {
        FilePath(bytes: temporaryMarker(for: name) + Array("\(pid)-".utf8))
    }

    /// ".NAME.tmp-": what every temporary beside `name` begins with, whichever process made it.
    private static func temporaryMarker(for name: FilePath) -> [UInt8] {
        [.dot] + name.fileName.bytes.prefix(nameBytesKept) + Array(".tmp-".utf8)
    }

    /// 255 bytes, less the dots, ".tmp-", a process id and a random number in base 36.
    private static let nameBytesKept = 200

    /// Makes a new entry beside `path` under a unique temporary name with `make` (which returns -1 with
    /// errno set, EEXIST when the name is taken: it must create exclusively, never through a link), and
    /// returns what it returned and the name.
    private static func uniqueName(beside path: FilePath, _ make: (FilePath) -> Int32) throws(WriteError) -> (Int32, FilePath) {
        let folder = path.folder
        let prefix = temporaryPrefix(for: path, pid: getpid())
        for _ in 0..<100 {
            let name = folder.appending(prefix.appendingToName(String(UInt64.random(in: 0...UInt64.max), radix: 36)))
            let result = make(name)
            if result >= 0 { return (result, name) }
            switch errno {
            case EEXIST: continue
            case ENOENT: throw .missingFolder(folder)
            default: throw .system(code: errno)
            }
        }
        throw .system(code: EEXIST)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(WriteError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(code: errno)
            }
            written += result
        }
    }

    /// Deletes temporary files the writer left beside `path` when its process died mid-write (their
    /// process id no longer runs). Best effort: failures are ignored.
    static func removeAbandonedTemporaries(beside path: FilePath) {
        let folder = path.folder
        let marker = temporaryMarker(for: path)
        guard let directory = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.starts(with: marker) else { continue }
            let rest = name.dropFirst(marker.count)
            guard let dash = rest.firstIndex(of: UInt8(ascii: "-")),
                  let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                _ = folder.appending(FilePath(bytes: name)).withCString { unlink($0) }
            }
        }
    }
}
