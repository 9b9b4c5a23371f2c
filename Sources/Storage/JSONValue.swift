/// A JSON value as read or to be written, for formats built of small JSON objects (a recording of a
/// session, one object a line) that may hold a drawing. Read strictly by `JSONScanner`: a key given twice
/// in one object is an error, and every value remembers where it was, so a reader can say where its
/// problem is. Written deterministically: members in the order given, numbers as their text, strings
/// escaped only where JSON requires it.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        /// A number, as its text: exact for a 64-bit integer and for a Double in Swift's shortest form.
        case number(String)
        case string(String)
        case array([JSONValue])
        /// The members in the order they were read or are to be written.
        case object([(key: String, value: JSONValue)])
        /// JSON written elsewhere (a drawing's file), written as it is; never read back as this.
        case raw([UInt8])
    }

    public var kind: Kind
    /// Where the value was in the text read, in bytes; empty for a value made in code.
    public var range: Range<Int>

    public init(_ kind: Kind, range: Range<Int> = 0..<0) {
        self.kind = kind
        self.range = range
    }

    public static let null = JSONValue(.null)
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    public static func integer<Integer: BinaryInteger>(_ value: Integer) -> JSONValue { JSONValue(.number(String(value))) }
    /// A finite number in Swift's shortest round-trip form; JSON has no infinities or NaN, which are written
    /// as the strings "inf", "-inf" and "nan" (`JSONValue.double` reads them back).
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf") }
        return JSONValue(.number(value.description))
    }
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    public static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(members.map { (key: $0.key, value: $0.value) }))
    }
    public static func raw(_ bytes: [UInt8]) -> JSONValue { JSONValue(.raw(bytes)) }
}

/// Why text is not one JSON value, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and found ("expected ',' or '}', found 'x'").
    public let problem: String
    public let position: TextPosition

    public var description: String { "\(position): \(problem)" }
}

// MARK: - Reading

extension JSONValue {
    /// The one JSON value `bytes` hold (whitespace around it allowed), nested at most
    /// `DocumentLimits.maxNesting` deep.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> JSONValue in
                var scanner = JSONScanner(buffer)
                let value = try read(&scanner, depth: 0)
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.unexpected("expected nothing after the value") }
                return value
            }
        } catch {
            switch error {
            case .malformed(let problem, let position): throw JSONSyntaxError(problem: problem, position: position)
            case .duplicateKey(let key, let position):
                throw JSONSyntaxError(problem: "\"\(key.printable)\" appears twice", position: position)
            default: throw JSONSyntaxError(problem: error.description, position: TextPosition(line: 1, column: 1))
            }
        }
    }

    private static func read(_ scanner: inout JSONScanner, depth: Int) throws(DocumentError) -> JSONValue {
        guard depth < DocumentLimits.maxNesting else {
            throw scanner.unexpected("expected a value nested at most \(DocumentLimits.maxNesting) deep")
        }
        scanner.skipWhitespace()
        let start = scanner.offset
        let kind: Kind
        switch scanner.peek {
        case .openBrace?:
            scanner.offset += 1
            var members: [(key: String, value: JSONValue)] = []
            var keys = Set<String>()
            if !scanner.consume(.closeBrace) {
                repeat {
                    let key = try scanner.readKey(unique: &keys).key
                    members.append((key, try read(&scanner, depth: depth + 1)))
                } while try scanner.continues(before: .closeBrace)
            }
            kind = .object(members)
        case .openBracket?:
            scanner.offset += 1
            var elements: [JSONValue] = []
            if !scanner.consume(.closeBracket) {
                repeat { elements.append(try read(&scanner, depth: depth + 1)) } while try scanner.continues(before: .closeBracket)
            }
            kind = .array(elements)
        case .quote?:
            kind = .string(try scanner.readString())
        case .minus?, (.digitZero ... .digitNine)?:
            kind = .number(try scanner.readNumberText())
        case UInt8(ascii: "t")?:
            try scanner.expectWord("true")
            kind = .bool(true)
        case UInt8(ascii: "f")?:
            try scanner.expectWord("false")
            kind = .bool(false)
        case UInt8(ascii: "n")?:
            try scanner.expectWord("null")
            kind = .null
        default:
            throw scanner.unexpected("expected a value")
        }
        return JSONValue(kind, range: start..<scanner.offset)
    }
}

// MARK: - Writing

extension JSONValue {
    /// The value as JSON text on one line.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return bytes
    }

    public func write(to bytes: inout [UInt8]) {
        switch kind {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): Self.write(text, to: &bytes)
        case .raw(let json): bytes.append(contentsOf: json)
        case .array(let elements):
            bytes.append(.openBracket)
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(.comma) }
                element.write(to: &bytes)
            }
            bytes.append(.closeBracket)
        case .object(let members):
            bytes.append(.openBrace)
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(.comma) }
                Self.write(member.key, to: &bytes)
                bytes.append(.colon)
                member.value.write(to: &bytes)
            }
            bytes.append(.closeBrace)
        }
    }

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`, the rest
    /// as UTF-8.
    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(.quote)
        for byte in text.utf8 {
            switch byte {
            case .quote, .backslash: bytes += [.backslash, byte]
            case .newline: bytes += [.backslash, UInt8(ascii: "n")]
            case .tab: bytes += [.backslash, UInt8(ascii: "t")]
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(.quote)
    }
}
