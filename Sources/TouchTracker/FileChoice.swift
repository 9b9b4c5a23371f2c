import Storage

/// A file the user is asked to choose in the desktop's file chooser (`AppEffect.chooseFile`): what for, the
/// dialog's title, and where it starts.
public struct FileChoice: Hashable, Sendable {
    /// What the file is for: the chooser opens an existing file, or names one to write.
    public enum Purpose: Hashable, Sendable {
        /// Ctrl+O: a drawing to open in this window.
        case open
        /// Ctrl+Shift+S: the drawing's new file.
        case saveAs
        /// Ctrl+Shift+E: a picture to export to.
        case exportAs

        /// Whether the chooser names a file to write (and asks before replacing one).
        public var isSaving: Bool { self != .open }
    }

    public var purpose: Purpose
    /// The dialog's title.
    public var title: String
    /// The folder it opens in.
    public var folder: FilePath
    /// The name it suggests (nil: none, when opening).
    public var name: FilePath?

    public init(purpose: Purpose, title: String, folder: FilePath, name: FilePath?) {
        self.purpose = purpose
        self.title = title
        self.folder = folder
        self.name = name
    }
}

/// What became of a file chooser (`.fileChosen`).
public enum FileChooserAnswer: Hashable, Sendable {
    /// The user chose this file.
    case chosen(FilePath)
    /// The user closed the chooser without choosing.
    case cancelled
    /// There is no file chooser on this desktop: none of these tools was found.
    case unavailable(lookedFor: [String])
    /// The chooser failed (why, in a few words).
    case failed(String)
}
