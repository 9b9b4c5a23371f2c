// XResources: the X resource database string (the root window's RESOURCE_MANAGER, as `xrdb` loads it),
// reduced to what the app asks of it. Pure Swift; the shell reads the property and passes the text in.
//
// Each line is `name: value`. Lines starting with `!` are comments, lines starting with `#` are leftover
// preprocessor directives, and a line ending in a backslash continues on the next line. A later entry for the
// same name replaces an earlier one, as in `xrdb -merge`.

/// The entries of an X resource database, with the lookup Xft and GTK use for a fully qualified name.
public struct XResources: Hashable, Sendable {
    /// Values by resource name as written (`Xft.dpi`, `*dpi`, `XTerm*faceName`, ...).
    public private(set) var entries: [String: String] = [:]

    /// Reads a resource database string. Lines that are not `name: value` are skipped: the database is
    /// shared by every program on the display, and another program's typo is no reason to give up.
    public init(parsing text: String) {
        for line in Self.logicalLines(text) {
            guard let first = line.first, first != "!", first != "#", let colon = line.firstIndex(of: ":") else {
                continue
            }
            let name = line[..<colon].trimmingASCIIWhitespace
            guard !name.isEmpty else { continue }
            entries[name] = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
    }

    /// The value for a two-part name such as `Xft.dpi`: the exact entry if there is one, else the loose
    /// `Xft*dpi`, else `*dpi` (the more specific binding wins, as in Xrm).
    public func value(for name: String) -> String? {
        guard let dot = name.firstIndex(of: "."), let last = name.split(separator: ".").last else {
            return entries[name]
        }
        let candidates = [name, name[..<dot] + "*" + last, "*" + last]
        return candidates.lazy.compactMap { entries[$0] }.first
    }

    /// The lines of `text` with backslash-newline continuations joined.
    private static func logicalLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var pending = ""
        let lineBreaks: (Character) -> Bool = { $0 == "\n" || $0 == "\r\n" }
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: lineBreaks) {
            if physical.hasSuffix("\\") {
                pending += physical.dropLast()
            } else if pending.isEmpty {
                lines.append(physical)
            } else {
                lines.append(Substring(pending + physical))
                pending = ""
            }
        }
        if !pending.isEmpty { lines.append(Substring(pending)) }
        return lines
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, carriage returns and newlines.
    var trimmingASCIIWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
