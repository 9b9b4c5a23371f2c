/// Where a document lives: pure functions of the environment and of path text (no I/O).
public enum DocumentLocation {
    /// The document's path below the data folder.
    public static let relativeDefaultPath = "touchtracker/drawing.json"

    /// `$XDG_DATA_HOME/touchtracker/drawing.json`, or `$HOME/.local/share/touchtracker/drawing.json`
    /// when XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore relative values).
    /// Nil when neither gives an absolute folder (the caller asks for FILE).
    public static func defaultPath(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, relativeDefaultPath)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(joined(home, ".local/share"), relativeDefaultPath)
        }
        return nil
    }

    /// The folder holding the file at `path`: "." for a bare name, "/" for a file in the root.
    public static func folder(of path: String) -> String {
        let trimmed = path.droppingTrailingSlashes
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = String(trimmed[..<slash]).droppingTrailingSlashes
        return folder.isEmpty ? "/" : folder
    }

    /// The file's name: the last component of `path` (for the window title and messages).
    public static func fileName(of path: String) -> String {
        let trimmed = path.droppingTrailingSlashes
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with its file name's extension (after the last dot, if any) replaced by `newExtension`:
    /// "a/drawing.json" -> "a/drawing.png", "a.b/notes" -> "a.b/notes.png".
    /// Where Ctrl+E writes the picture of the document at `path`: beside it, with the picture's extension,
    /// and never the document itself (`sketch.png` exports to `sketch-export.png`).
    public static func exportPath(forDocument path: String, extension newExtension: String) -> String {
        let beside = replacingExtension(of: path, with: newExtension)
        return beside == path ? withoutExtension(path) + "-export." + newExtension : beside
    }

    /// `path` with its file name's extension (if any) replaced by `newExtension`.
    public static func replacingExtension(of path: String, with newExtension: String) -> String {
        withoutExtension(path) + "." + newExtension
    }

    /// `path` without its file name's extension; a leading dot (`.hidden`) is not an extension.
    private static func withoutExtension(_ path: String) -> String {
        let name = fileName(of: path)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        return path.contains("/") ? joined(folder(of: path), stem) : stem
    }

    /// `folder` and `name` joined by exactly one slash.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

extension String {
    /// The path without trailing slashes ("/" stays "/").
    fileprivate var droppingTrailingSlashes: String {
        var result = Substring(self)
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return String(result)
    }
}
