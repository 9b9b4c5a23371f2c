// TestSupport: helpers every test target may use; Foundation is allowed here, as in the tests.
import Foundation

/// A fresh folder in the temporary directory for one test, removed with its contents when released.
public final class TemporaryFolder {
    /// Why the folder could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder's absolute path.
    public let path: String

    /// Makes `touchtracker-PURPOSE-XXXXXX` in the temporary directory (`TMPDIR`, else /tmp).
    public init(_ purpose: String = "tests") throws {
        let parent = FileManager.default.temporaryDirectory.path
        var template = Array("\(parent)/touchtracker-\(purpose)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot make a temporary folder in \(parent): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` (which may contain slashes) inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (or in `subfolder`), sorted; empty when there is no such folder.
    public func names(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map(file) ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Creates or replaces the file `name` with `bytes`, making the folders on its way.
    public func write(_ bytes: [UInt8], to name: String) throws {
        let url = URL(fileURLWithPath: file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    public func write(_ text: String, to name: String) throws { try write(Array(text.utf8), to: name) }

    /// The bytes of the file `name`, or nil when it cannot be read.
    public func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { Array($0) }
    }
}
