/// A small file of the app's own state between runs (the pen), read whole and written as documents are
/// (a new file renamed over the old, so it is never half written); its folder is made when missing. Its
/// name is the program's own: a symbolic link there is never followed.
public enum StateFile {
    /// The file's bytes; nil when there is none. Throws, saying why in one line, when it cannot be read,
    /// is not a regular file or is larger than `limit`.
    public static func read(_ path: FilePath, limit: Int = 4096) throws(ReadError) -> [UInt8]? {
        let contents: FileContents
        do { contents = try FileSystem.read(path, limit: limit) } catch { throw ReadError(description: error.description) }
        switch contents {
        case .missing: return nil
        case .bytes(let bytes, _): return bytes
        case .notARegularFile: throw ReadError(description: "cannot read \(path): not a regular file")
        case .tooLarge(let count, _): throw ReadError(description: "cannot read \(path): \(count) bytes, more than \(limit)")
        }
    }

    /// Why a state file could not be read, in one line.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Replaces the file with `bytes`.
    public static func write(_ bytes: [UInt8], to path: FilePath) throws(DocumentSaveError) {
        do { try FileSystem.makeFolders(path.folder) } catch { throw .system(error) }
        do { _ = try FileWriter.write(bytes, to: path, links: .neverFollowed) } catch { throw .write(path: path, error) }
    }
}
