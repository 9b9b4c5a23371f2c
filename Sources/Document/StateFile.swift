/// A small file of the app's own state between runs (the pen), read whole and written as documents are
/// (a new file renamed over the old, so it is never half written); its folder is made when missing.
public enum StateFile {
    /// The file's bytes; nil when there is none, it is larger than `limit`, or it cannot be read.
    public static func read(_ path: FilePath, limit: Int = 4096) -> [UInt8]? {
        guard case .bytes(let bytes, _)? = try? FileSystem.read(path, limit: limit) else { return nil }
        return bytes
    }

    /// Replaces the file with `bytes`.
    public static func write(_ bytes: [UInt8], to path: FilePath) throws(DocumentSaveError) {
        do { try FileSystem.makeFolders(path.folder) } catch { throw .system(error) }
        do { _ = try FileWriter.write(bytes, to: path) } catch { throw .write(path: path, error) }
    }
}
