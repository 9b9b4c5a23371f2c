/// A path as the kernel sees it: bytes, not text. Linux file names need not be valid UTF-8 (a name in
/// Latin-1 from an old archive, say), and the program must open, lock, watch, save and export that very
/// file, never the file a repaired string would name. Text is made only for people: `description`
/// shows invalid bytes escaped (`\xFC`) and control characters as `\u{…}`.
///
/// Pure: the few path operations here (folder, name, join, extension) work on bytes; `/` and `.` are
/// ASCII and cannot occur inside a multi-byte UTF-8 sequence, so splitting on them is safe.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL (a path never contains one).
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        precondition(!bytes.contains(0), "a path cannot contain a NUL byte")
        self.bytes = bytes
    }

    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// The bytes of a NUL-terminated C string: a program argument, an environment variable's value.
    public init(cString: UnsafePointer<CChar>) {
        var count = 0
        while cString[count] != 0 { count += 1 }
        self.init(bytes: UnsafeBufferPointer(start: cString, count: count).map { UInt8(bitPattern: $0) })
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var isEmpty: Bool { bytes.isEmpty }
    public var isAbsolute: Bool { bytes.first == .slash }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    public func withCString<Result, Failure: Error>(
        _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
            try buffer.withMemoryRebound(to: CChar.self) { (chars) throws(Failure) -> Result in
                try body(chars.baseAddress!)
            }
        }
    }

    // MARK: - Parts

    /// The path without trailing slashes ("/" stays "/").
    private var trimmed: ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > 1, bytes[end - 1] == .slash { end -= 1 }
        return bytes[..<end]
    }

    /// The folder holding the file: "." for a bare name, "/" for a file in the root.
    public var folder: FilePath {
        let path = trimmed
        guard let slash = path.lastIndex(of: .slash) else { return "." }
        var end = slash
        while end > path.startIndex, path[end - 1] == .slash { end -= 1 }
        return end == path.startIndex ? "/" : FilePath(bytes: Array(path[..<end]))
    }

    /// The last component: the file's name.
    public var fileName: FilePath {
        let path = trimmed
        guard let slash = path.lastIndex(of: .slash), path.count > 1 else { return FilePath(bytes: Array(path)) }
        return FilePath(bytes: Array(path[(slash + 1)...]))
    }

    /// `name` inside this folder, joined by exactly one slash.
    public func appending(_ name: FilePath) -> FilePath {
        if name.isAbsolute { return name }
        return FilePath(bytes: bytes.last == .slash || bytes.isEmpty ? bytes + name.bytes : bytes + [.slash] + name.bytes)
    }

    /// This path with `suffix` added to its last component ("drawing.json" + ".lock").
    public func appendingToName(_ suffix: String) -> FilePath { FilePath(bytes: Array(trimmed) + Array(suffix.utf8)) }

    /// The name's extension (after the last dot, not a leading one), lowercased for comparing; nil if none.
    public var pathExtension: String? {
        let name = fileName.bytes
        guard let dot = name.lastIndex(of: .dot), dot > name.startIndex else { return nil }
        return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// The path without its name's extension; a leading dot (`.hidden`) is not an extension.
    public var removingExtension: FilePath {
        let name = fileName.bytes
        guard let dot = name.lastIndex(of: .dot), dot > name.startIndex else { return self }
        let stem = FilePath(bytes: Array(name[..<dot]))
        return bytes.contains(.slash) ? folder.appending(stem) : stem
    }

    /// The path with its name's extension (if any) replaced by `newExtension`.
    public func replacingExtension(with newExtension: String) -> FilePath {
        removingExtension.appendingToName("." + newExtension)
    }

    // MARK: - For people

    /// The path for messages and titles: UTF-8 where it is valid, other bytes as `\xHH`, control
    /// characters as `\u{H}`, so a message is always one line and names the exact bytes.
    public var description: String {
        var result = ""
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = Self.validSequenceLength(bytes, at: index)
            guard length > 0 else {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
                continue
            }
            var sequence = bytes[index..<(index + length)].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&sequence) {
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator, .format:
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
            index += length
        }
        return result
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 if there is none.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) { return 0 }
        return length
    }
}

extension UInt8 {
    static let dot = UInt8(ascii: ".")
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
