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

    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (or in `subfolder`), sorted.
    func names(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map { path + "/" + $0 } ?? path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func write(_ bytes: [UInt8], to name: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(bytes))
    }

    func write(_ text: String, to name: String) { write(Array(text.utf8), to: name) }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { Array($0) }
    }
}

let testTime = CivilTime(year: 2026, month: 11, day: 30, hour: 0, minute: 20, second: 5)
