import Foundation
import Storage
import TestSupport

extension TemporaryFolder {
    /// The path of `name` inside the folder, as the store takes it.
    func filePath(_ name: String) -> FilePath { FilePath(file(name)) }

    /// The names in the folder as the bytes on disk, sorted.
    func nameBytes() -> [[UInt8]] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
