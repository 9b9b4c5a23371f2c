/// Where a document lives: pure functions of the environment and of paths (no I/O).
public enum DocumentLocation {
    /// The document's path below the data folder.
    public static let relativeDefaultPath: FilePath = "touchtracker/drawing.json"

    /// `$XDG_DATA_HOME/touchtracker/drawing.json`, or `$HOME/.local/share/touchtracker/drawing.json`
    /// when XDG_DATA_HOME is unset, empty or relative (the XDG spec says to ignore relative values).
    /// Nil when neither gives an absolute folder (the caller asks for FILE). The variables' values
    /// are bytes, as the environment holds them: a folder whose name is not UTF-8 is that folder.
    public static func defaultPath(environment: [String: FilePath]) -> FilePath? {
        if let data = environment["XDG_DATA_HOME"], data.isAbsolute {
            return data.appending(relativeDefaultPath)
        }
        if let home = environment["HOME"], home.isAbsolute {
            return home.appending(".local/share").appending(relativeDefaultPath)
        }
        return nil
    }

    /// Where the app keeps `name`, a small file of its own state between runs (the pen):
    /// `$XDG_STATE_HOME/touchtracker/NAME`, or `$HOME/.local/state/touchtracker/NAME` when XDG_STATE_HOME is
    /// unset, empty or relative; nil when neither gives an absolute folder.
    public static func statePath(_ name: FilePath, environment: [String: FilePath]) -> FilePath? {
        if let state = environment["XDG_STATE_HOME"], state.isAbsolute {
            return state.appending("touchtracker").appending(name)
        }
        if let home = environment["HOME"], home.isAbsolute {
            return home.appending(".local/state/touchtracker").appending(name)
        }
        return nil
    }

    /// Where Ctrl+E writes the picture of the document at `path`: beside it, with the picture's extension,
    /// and never the document itself (`sketch.png` exports to `sketch-export.png`).
    public static func exportPath(forDocument path: FilePath, extension newExtension: String) -> FilePath {
        let beside = path.replacingExtension(with: newExtension)
        return beside == path ? path.removingExtension.appendingToName("-export." + newExtension) : beside
    }
}
