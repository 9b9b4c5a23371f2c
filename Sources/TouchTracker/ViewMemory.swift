import Shapes
import Storage

/// The views of the documents last viewed, remembered beside the pen (`$XDG_STATE_HOME/touchtracker/views`)
/// so that a document opens where it was left: per document (by the path it saves to, absolute, its symbolic links
/// resolved), the zoom and the document point in the middle of the window. The most recent first, at most
/// `capacity`: a document not opened for long is forgotten. The file is text, a header and a line each:
///
///     touchtracker-views 1
///     1.5 400.25 -20 /home/ann/drawing.json
///
/// zoom, centre x, centre y, then the path to the end of the line, its `%`, line breaks and bytes that are
/// not UTF-8 written `%XX` (a path is bytes). Read strictly: a file with anything else remembers nothing.
public struct ViewMemory: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var path: FilePath
        public var view: RememberedView
    }

    /// Most recent first.
    public private(set) var entries: [Entry] = []

    /// How many documents' views are kept.
    public static let capacity = 100
    /// The first line.
    static let header = "touchtracker-views 1"

    public init() {}

    /// The view remembered for the document at `path`, if any.
    public func view(for path: FilePath) -> RememberedView? { entries.first { $0.path == path }?.view }

    /// Remembers `view` for the document at `path`, as the most recent.
    public mutating func remember(_ view: RememberedView, for path: FilePath) {
        entries.removeAll { $0.path == path }
        entries.insert(Entry(path: path, view: view), at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }

    // MARK: - The file

    public var fileBytes: [UInt8] {
        var bytes = Array((Self.header + "\n").utf8)
        for entry in entries {
            let view = entry.view
            bytes += Array("\(view.zoom) \(view.centre.x) \(view.centre.y) ".utf8) + Self.escaped(entry.path.bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The views a file holds; nil when it is not such a file.
    public init?(fileBytes: [UInt8]) {
        var lines = fileBytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard fileBytes.last == UInt8(ascii: "\n"), lines.removeLast().isEmpty,
              let first = lines.first, String(decoding: first, as: UTF8.self) == Self.header else { return nil }
        for line in lines.dropFirst() {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let zoom = Double(String(decoding: fields[0], as: UTF8.self)),
                  let x = Double(String(decoding: fields[1], as: UTF8.self)),
                  let y = Double(String(decoding: fields[2], as: UTF8.self)),
                  [zoom, x, y].allSatisfy(\.isFinite), zoom > 0,
                  let path = Self.unescaped(Array(fields[3])), !path.isEmpty, entries.count < Self.capacity
            else { return nil }
            entries.append(Entry(path: FilePath(bytes: path), view: RememberedView(zoom: zoom, centre: Point(x: x, y: y))))
        }
    }

    /// `bytes` with `%`, control characters and whatever is not UTF-8 written `%XX`.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 sequence starting here (1 to 4 bytes) is kept as it is.
            let length = (1...4).last { index + $0 <= bytes.count && String(validating: bytes[index..<(index + $0)], as: UTF8.self) != nil } ?? 0
            let byte = bytes[index]
            if length > 1 || (length == 1 && byte >= 0x20 && byte != UInt8(ascii: "%") && byte != 0x7F) {
                result += bytes[index..<(index + max(length, 1))]
                index += max(length, 1)
            } else {
                result += Array("%".utf8) + Array(hex(byte).utf8)
                index += 1
            }
        }
        return result
    }

    /// What `escaped` wrote; nil when a `%` is not followed by two hex digits.
    static func unescaped(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else { result.append(bytes[index]); index += 1; continue }
            guard index + 2 < bytes.count + 0, index + 3 <= bytes.count,
                  let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else { return nil }
            result.append(byte)
            index += 3
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
