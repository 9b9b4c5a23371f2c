/// The picture formats a drawing is exported to (`--export`, Ctrl+E, Ctrl+Shift+E), each named by its file
/// extension: the one list of them.
public enum PictureFormat: String, CaseIterable, Hashable, Sendable {
    case png, svg, pdf

    /// The format a path's extension names (case-insensitive), if any.
    public init?(path: FilePath) {
        guard let fileExtension = path.pathExtension else { return nil }
        self.init(rawValue: fileExtension)
    }

    /// ".png, .svg or .pdf", for messages.
    public static var extensions: String {
        let names = allCases.map { "." + $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
