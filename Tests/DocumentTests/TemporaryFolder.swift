import Foundation
@testable import Document

/// A fresh folder under /tmp for one test, removed with its contents when released.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/touchtracker-tests-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> FilePath { FilePath(path + "/" + name) }

    /// The same path as text, for libc calls in tests (every name here is ASCII).
    func at(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (or in `subfolder`), sorted.
    func names(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map { path + "/" + $0 } ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The names in the folder as the bytes on disk, sorted.
    func nameBytes() -> [[UInt8]] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [.dot], name != [.dot, .dot] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func write(_ bytes: [UInt8], to name: String) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }

    func write(_ text: String, to name: String) { write(Array(text.utf8), to: name) }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map { Array($0) }
    }
}

let testTime = CivilTime(year: 2026, month: 11, day: 30, hour: 0, minute: 20, second: 5)
