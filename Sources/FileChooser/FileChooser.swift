// FileChooser: the desktop's file chooser for a program with no toolkit. The
// `org.freedesktop.portal.FileChooser` portal on the session bus where one runs, else `zenity`, else `kdialog`
// (tinyfiledialogs' order; kdialog first on KDE and LXQt), each run as an argument vector, never through a
// shell. Depends on libc only: a D-Bus client of its own (the wire format in DBusValue, DBusMarshalling and
// DBusMessage; the portal's conversation in PortalConversation), no library beyond the C one.
//
// Start at `ChooserSession`: it tries the tools in order and hands its descriptors to the caller's loop, which
// waits on them (pselect) with everything else, so the window goes on while the chooser is open. The
// decisions — which tools, in which order, with which arguments, what an answer means — are pure and tested
// without a desktop (`ChooserTool`, `ChooserRequest`); `ChildProcess` and `BusSocket` do the I/O.

/// What the user is asked for.
public struct ChooserRequest: Hashable, Sendable {
    /// A filter the chooser offers: its name and glob patterns.
    public struct Filter: Hashable, Sendable {
        public var name: String
        public var patterns: [String]

        public init(_ name: String, _ patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }
    }

    public var title: String
    /// Whether a file to write is named (the chooser asks before replacing one), or an existing one opened.
    public var isSaving: Bool
    /// The folder the chooser opens in, as bytes (a path need not be UTF-8).
    public var folder: [UInt8]
    /// The name suggested when saving.
    public var name: [UInt8]?
    public var filters: [Filter]
    /// The accepting button's label ("Open", "Save", "Export").
    public var acceptLabel: String

    public init(title: String, isSaving: Bool, folder: [UInt8], name: [UInt8]?, filters: [Filter], acceptLabel: String) {
        self.title = title
        self.isSaving = isSaving
        self.folder = folder
        self.name = name
        self.filters = filters
        self.acceptLabel = acceptLabel
    }

    /// The folder and the name joined, as the choosers that take one path want it.
    var suggestedPath: [UInt8] {
        let folder = self.folder.last == UInt8(ascii: "/") ? self.folder : self.folder + [UInt8(ascii: "/")]
        return folder + (isSaving ? name ?? [] : [])
    }
}

/// What became of a chooser.
public enum ChooserOutcome: Hashable, Sendable {
    /// The file chosen, as bytes.
    case chosen([UInt8])
    case cancelled
    /// No chooser could be shown; the tools looked for, by name.
    case unavailable(lookedFor: [String])
    /// The chooser failed (why).
    case failed(String)
}

/// A way to show a file chooser.
public enum ChooserTool: String, Hashable, Sendable, CaseIterable {
    case portal, zenity, kdialog

    /// The tool's name in messages.
    public var name: String {
        switch self {
        case .portal: "the desktop portal (org.freedesktop.portal.FileChooser)"
        case .zenity: "zenity"
        case .kdialog: "kdialog"
        }
    }

    /// The tools to try, in order: the portal where a session bus is known, then zenity and kdialog as
    /// tinyfiledialogs orders them — kdialog first when the session is KDE's or LXQt's (`XDG_SESSION_DESKTOP`
    /// or `XDG_CURRENT_DESKTOP`), or when zenity is missing. `installed` says which programs were found.
    public static func order(sessionBus: Bool, installed: Set<ChooserTool>, desktop: String?) -> [ChooserTool] {
        let desktop = desktop?.lowercased() ?? ""
        let kde = ["kde", "plasma", "lxqt"].contains { desktop.contains($0) }
        let programs: [ChooserTool] = kde ? [.kdialog, .zenity] : [.zenity, .kdialog]
        return (sessionBus ? [.portal] : []) + programs.filter(installed.contains)
    }

    /// The argument vector (program first) that shows `request` with this program; nil for the portal.
    public func arguments(for request: ChooserRequest) -> [[UInt8]]? {
        let path = request.suggestedPath
        switch self {
        case .portal:
            return nil
        case .zenity:
            var arguments = ["zenity", "--file-selection", "--modal", "--title=\(request.title)"].map { Array($0.utf8) }
            arguments.append(Array("--filename=".utf8) + path)
            if request.isSaving { arguments += ["--save", "--confirm-overwrite"].map { Array($0.utf8) } }
            for filter in request.filters {
                arguments.append(Array("--file-filter=\(filter.name) | \(filter.patterns.joined(separator: " "))".utf8))
            }
            return arguments
        case .kdialog:
            let filters = request.filters.map { "\($0.patterns.joined(separator: " ")) | \($0.name)" }.joined(separator: "\n")
            return [Array("kdialog".utf8), Array("--title".utf8), Array(request.title.utf8),
                    Array((request.isSaving ? "--getsavefilename" : "--getopenfilename").utf8), path, Array(filters.utf8)]
        }
    }

    /// What a program's exit and output mean: status 0 with a path on stdout is a choice, 1 a cancel (both
    /// zenity's and kdialog's), anything else a failure.
    public func outcome(status: Int32, output: [UInt8]) -> ChooserOutcome {
        var path = output
        while path.last == UInt8(ascii: "\n") || path.last == UInt8(ascii: "\r") { path.removeLast() }
        switch status {
        case 0 where !path.isEmpty && !path.contains(UInt8(ascii: "\n")): return .chosen(path)
        case 0: return .failed("\(rawValue) answered no single file")
        case 1: return .cancelled
        default: return .failed("\(rawValue) exited with status \(status)")
        }
    }
}

/// A `file://` URI (as the portal answers) as the path's bytes; nil for any other URI.
public func localPath(ofFileURI uri: String) -> [UInt8]? {
    let utf8 = Array(uri.utf8)
    var rest: ArraySlice<UInt8>
    if utf8.starts(with: Array("file:///".utf8)) {
        rest = utf8.dropFirst("file://".utf8.count)
    } else if utf8.starts(with: Array("file://localhost/".utf8)) {
        rest = utf8.dropFirst("file://localhost".utf8.count)
    } else {
        return nil
    }
    var path: [UInt8] = []
    while let byte = rest.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            path.append(byte)
            continue
        }
        guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
        rest = rest.dropFirst(2)
        path.append(value)
    }
    guard !path.contains(0) else { return nil }
    return path
}
