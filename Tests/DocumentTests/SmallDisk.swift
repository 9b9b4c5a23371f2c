import Foundation
import TestSupport
@testable import Document

/// A tmpfs of a few KiB mounted on a fresh folder, for writes that run out of space (or, read-only,
/// cannot be made at all); unmounted and
/// removed when released. Mounting needs root (or CAP_SYS_ADMIN): tests using it are enabled only
/// where `canMount`.
final class SmallDisk {
    let folder: TemporaryFolder

    init?(kilobytes: Int, readOnly: Bool = false) {
        guard let folder = try? TemporaryFolder() else { return nil }
        self.folder = folder
        let flags = UInt(readOnly ? MS_RDONLY : 0)
        guard mount("tmpfs", folder.path, "tmpfs", flags, "size=\(kilobytes)k,mode=0700") == 0 else { return nil }
    }

    deinit { umount2(folder.path, Int32(MNT_DETACH)) }

    /// Whether this process may mount a tmpfs here.
    static let canMount = SmallDisk(kilobytes: 4) != nil

    static let cannotMount = "mounting a tmpfs needs root or CAP_SYS_ADMIN"
}
