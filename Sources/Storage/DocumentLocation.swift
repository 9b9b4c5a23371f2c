/// Where a document lives: pure functions of the environment and of paths (no I/O).
public enum DocumentLocation {
    /// The document's path below the data folder.
    public static let relativeDefaultPath: FilePath = "touchtracker/drawing.json"

    /// `$XDG_DATA_HOME/touchtracker/drawing.json`, or `$HOME/.local/share/touchtracker/drawing.json`
    /// when XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore relative values).
    /// Nil when neither gives an absolute folder (the caller asks for FILE). The variables' values
    /// are bytes, as the environment holds them: a folder whose name is not UTF-8 is that folder.
    public static func defaultPath(environment: [String: FilePath]) -> FilePath? {
        baseFolder("XDG_DATA_HOME", orInHome: ".local/share", environment)?.appending(relativeDefaultPath)
    }

    /// Where the app keeps `name`, a small file of its own state between runs (the pen):
    /// `$XDG_STATE_HOME/touchtracker/NAME`, or `$HOME/.local/state/touchtracker/NAME` when XDG_STATE_HOME is
    /// unset, empty or relative; nil when neither gives an absolute folder.
    public static func statePath(_ name: FilePath, environment: [String: FilePath]) -> FilePath? {
        baseFolder("XDG_STATE_HOME", orInHome: ".local/state", environment)?.appending("touchtracker").appending(name)
    }

    /// Where the locks on files by their identity live (`DocumentLocks`): `$XDG_RUNTIME_DIR/touchtracker`,
    /// the user's own folder that the system empties at logout, or `$XDG_STATE_HOME/touchtracker/locks`
    /// (`$HOME/.local/state/...`) where there is none; nil when neither gives an absolute folder.
    public static func lockFolder(environment: [String: FilePath]) -> FilePath? {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.isAbsolute { return runtime.appending("touchtracker") }
        return statePath("locks", environment: environment)
    }

    /// The XDG base folder `variable` names when it is absolute, else `fallback` in `$HOME` when that is
    /// absolute; nil otherwise.
    private static func baseFolder(_ variable: String, orInHome fallback: FilePath,
                                   _ environment: [String: FilePath]) -> FilePath? {
        if let folder = environment[variable], folder.isAbsolute { return folder }
        if let home = environment["HOME"], home.isAbsolute { return home.appending(fallback) }
        return nil
    }

    /// Where Ctrl+E writes the picture of the document at `path`: beside it, with the picture's extension,
    /// and never the document itself (`sketch.png` exports to `sketch-export.png`).
    public static func exportPath(forDocument path: FilePath, extension newExtension: String) -> FilePath {
        let beside = path.replacingExtension(with: newExtension)
        return beside == path ? path.removingExtension.appendingToName("-export." + newExtension) : beside
    }

    /// Where Ctrl+E may write the picture of the document at `path`, in order: beside it (`exportPath`), then
    /// numbered (`drawing-2.png` … `drawing-999.png`). The first with no file is written, so that an earlier
    /// export, or any other file, is never replaced.
    public static func numberedExportPaths(forDocument path: FilePath, extension newExtension: String) -> [FilePath] {
        let first = exportPath(forDocument: path, extension: newExtension)
        let stem = first.removingExtension
        return [first] + (2...999).map { stem.appendingToName("-\($0)." + newExtension) }
    }

    /// The names a new drawing (Ctrl+N) may take in `folder`, in order: `untitled-1.json` … `untitled-999.json`.
    public static func untitledPaths(in folder: FilePath) -> [FilePath] {
        (1...999).map { folder.appending(FilePath("untitled-\($0).json")) }
    }
}
