/// Who holds a document's lock, as its lock file says: enough to tell the user where the drawing is
/// open. The file holds one line, "PID<TAB>HOST<TAB>DISPLAY<LF>", read strictly: anything else is a
/// holder nobody can name (a garbled file, or one its holder is still writing).
public struct LockHolder: Hashable, Sendable, CustomStringConvertible {
    public let pid: Int32
    /// The host name, non-empty.
    public let host: String
    /// The X display the holder's window is on (its DISPLAY), possibly empty.
    public let display: String

    /// Tabs and line breaks, which the line cannot carry, become spaces.
    public init(pid: Int32, host: String, display: String) {
        func oneField(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
        self.pid = pid
        self.host = oneField(host)
        self.display = oneField(display)
    }

    /// The lock file's contents.
    var line: [UInt8] { Array("\(pid)\t\(host)\t\(display)\n".utf8) }

    /// The holder a lock file names; nil unless it is exactly one well-formed line.
    init?(line bytes: [UInt8]) {
        guard bytes.last == UInt8(ascii: "\n"), let text = String(validating: bytes.dropLast(), as: UTF8.self) else { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, !text.contains("\n"),
              let first = fields[0].first, first != "0", fields[0].allSatisfy({ $0.isASCII && $0.isNumber }),
              let pid = Int32(fields[0]), !fields[1].isEmpty else { return nil }
        self.init(pid: pid, host: String(fields[1]), display: String(fields[2]))
    }

    public var description: String {
        "process \(pid) on \(host)" + (display.isEmpty ? "" : ", display \(display)")
    }
}
