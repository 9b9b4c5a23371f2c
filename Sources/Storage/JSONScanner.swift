/// A strict JSON reader over bytes (RFC 8259), pulling one token at a time. The drawing decoder
/// drives it; every failure is a `DocumentError` pointing at the line and column it happened.
///
/// Why not Foundation's JSONDecoder: it keeps the first of two duplicate keys silently, reports
/// most damage as "not valid JSON" without a place, and builds a tree of the whole file first.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The line and column of the cursor. Costs a scan from the start: for errors only.
    var position: TextPosition { position(at: offset) }

    /// The line and column of byte `offset`. Costs a scan from the start: for errors only.
    func position(at offset: Int) -> TextPosition { TextPosition(offset: offset, in: bytes) }

    /// The byte at the cursor, nil at the end.
    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case .space, .tab, .newline, .carriageReturn: offset += 1
            default: return
            }
        }
    }

    /// Skips whitespace and consumes `byte` if it comes next; returns whether it did.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    /// Skips whitespace and consumes `byte`, or fails saying `expectation`.
    mutating func expect(_ byte: UInt8, _ expectation: String) throws(DocumentError) {
        guard consume(byte) else { throw unexpected(expectation) }
    }

    /// Reads an object's key and the ':' after it; returns the key and where it began. A key already in
    /// `keys` (the object's keys so far, to which it is added) is an error.
    mutating func readKey(unique keys: inout Set<String>) throws(DocumentError) -> (key: String, offset: Int) {
        skipWhitespace()
        let keyOffset = offset
        let key = try readString()
        guard keys.insert(key).inserted else { throw .duplicateKey(key, at: position(at: keyOffset)) }
        try expect(.colon, "expected ':'")
        return (key, keyOffset)
    }

    /// After a member or element: consumes ',' (returning true) or `closer` (returning false).
    mutating func continues(before closer: UInt8) throws(DocumentError) -> Bool {
        if consume(.comma) { return true }
        if consume(closer) { return false }
        throw unexpected("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
    }

    /// An error at the cursor: `expectation`, and what was found instead.
    func unexpected(_ expectation: String) -> DocumentError {
        .malformed("\(expectation), found \(foundDescription)", at: position)
    }

    private var foundDescription: String {
        guard let byte = peek else { return "the end of the file" }
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: Strings

    /// Reads a string that is most often one of `known` (a member's key: a file's keys are a handful, read
    /// hundreds of thousands of times): when its bytes spell one, with no escape, that very string, made once;
    /// else as `readString` reads it.
    mutating func readString(mostOften known: KnownStrings) throws(DocumentError) -> String {
        skipWhitespace()
        if peek == .quote {
            let contentStart = offset + 1
            for candidate in known.candidates {
                let end = contentStart + candidate.utf8.count
                guard end < bytes.count, bytes[end] == .quote else { continue }
                var index = 0
                while index < candidate.utf8.count, bytes[contentStart + index] == candidate.utf8[index] { index += 1 }
                if index == candidate.utf8.count {
                    offset = end + 1
                    return candidate.text
                }
            }
        }
        return try readString()
    }

    /// Strings `readString(mostOften:)` looks for first, each with its UTF-8.
    struct KnownStrings: Sendable {
        fileprivate let candidates: [(text: String, utf8: [UInt8])]
        init(_ texts: [String]) { candidates = texts.map { ($0, Array($0.utf8)) } }
    }

    /// Reads a string, escapes resolved. The text must be valid UTF-8 with no raw control characters.
    mutating func readString() throws(DocumentError) -> String {
        skipWhitespace()
        guard peek == .quote else { throw unexpected("expected a string") }
        let start = offset
        offset += 1
        let contentStart = offset
        var isASCII = true
        while offset < bytes.count, bytes[offset] != .quote, bytes[offset] != .backslash, bytes[offset] >= 0x20 {
            if bytes[offset] >= 0x80 { isASCII = false }
            offset += 1
        }
        if peek == .quote {  // The common case: no escapes.
            let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<offset])
            // ASCII is valid UTF-8 as it is (and the common case of the common case: keys).
            let text = isASCII ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
            guard let text else { throw DocumentError.malformed("a string is not valid UTF-8", at: position(at: start)) }
            offset += 1
            return text
        }
        var utf8 = Array(bytes[contentStart..<offset])
        while true {
            guard let byte = peek else { throw unexpected("expected '\"' to end the string") }
            switch byte {
            case .quote:
                offset += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw DocumentError.malformed("a string is not valid UTF-8", at: position(at: start))
                }
                return text
            case .backslash:
                offset += 1
                try readEscape(into: &utf8)
            case ..<0x20:
                throw unexpected("expected '\"' to end the string (control characters must be escaped)")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    /// Reads the escape after a backslash and appends its UTF-8.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(DocumentError) {
        guard let byte = peek else { throw unexpected("expected an escape") }
        offset += 1
        switch byte {
        case .quote, .backslash, .slash: utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(.newline)
        case UInt8(ascii: "r"): utf8.append(.carriageReturn)
        case UInt8(ascii: "t"): utf8.append(.tab)
        case UInt8(ascii: "u"):
            var value = try readHex4()
            if (0xD800..<0xDC00).contains(value) {  // A high surrogate needs its low half next.
                guard peek == .backslash, offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw unexpected("expected the second half of a \\u surrogate pair")
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw unexpected("expected the second half of a \\u surrogate pair") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw unexpected("expected a \\u escape of a character, not a lone surrogate") }
            utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
            offset -= 1
            throw unexpected("expected an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
        }
    }

    private mutating func readHex4() throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = hexValue(byte) else { throw unexpected("expected 4 hex digits after \\u") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Numbers

    /// Reads a number in JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`)
    /// and returns its text.
    mutating func readNumberText() throws(DocumentError) -> String {
        let number = try scanNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[number]), as: UTF8.self)
    }

    /// Reads a number in JSON's grammar and returns its value (±infinity when too large) and where its
    /// text is.
    mutating func readDouble() throws(DocumentError) -> (value: Double, text: Range<Int>) {
        let number = try scanNumber()
        let bytes = UnsafeBufferPointer(rebasing: bytes[number])
        // The JSON grammar is Double's: `Double(String)` reads whatever `DecimalNumber` leaves.
        return (DecimalNumber.double(bytes) ?? Double(String(decoding: bytes, as: UTF8.self))!, number)
    }

    /// Whether `number` (as `readDouble` returned it) lies within `range` by its exact decimal value.
    func isWithin(_ range: ClosedRange<Double>, _ number: (value: Double, text: Range<Int>)) -> Bool {
        DecimalNumber.isWithin(range, number.value, writtenAs: UnsafeBufferPointer(rebasing: bytes[number.text]))
    }

    /// The Float nearest to `number`'s text (as `readDouble` returned it); nil when it has none (too large).
    func nearestFloat(_ number: (value: Double, text: Range<Int>)) -> Float? {
        DecimalNumber.float(number.value, writtenAs: UnsafeBufferPointer(rebasing: bytes[number.text]))
    }

    /// The text of `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads a number in JSON's grammar and returns where its text is.
    private mutating func scanNumber() throws(DocumentError) -> Range<Int> {
        skipWhitespace()
        let start = offset
        _ = consumeByte(.minus)
        if consumeByte(.digitZero) {
            // A leading zero stands alone.
        } else if consumeDigits() == 0 {
            throw unexpected("expected a number")
        }
        if consumeByte(.period), consumeDigits() == 0 { throw unexpected("expected a digit after '.'") }
        if consumeByte(UInt8(ascii: "e")) || consumeByte(UInt8(ascii: "E")) {
            if !consumeByte(.plus) { _ = consumeByte(.minus) }
            if consumeDigits() == 0 { throw unexpected("expected a digit in the exponent") }
        }
        return start..<offset
    }

    private mutating func consumeByte(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    private mutating func consumeDigits() -> Int {
        let start = offset
        while let byte = peek, byte >= .digitZero, byte <= .digitNine { offset += 1 }
        return offset - start
    }

    // MARK: Skipping

    /// Reads and discards any one JSON value, nested at most `DocumentLimits.maxNesting` deep.
    mutating func skipValue(depth: Int = 0) throws(DocumentError) {
        guard depth < DocumentLimits.maxNesting else {
            throw unexpected("expected a value nested at most \(DocumentLimits.maxNesting) deep")
        }
        skipWhitespace()
        switch peek {
        case .openBrace?:
            offset += 1
            if consume(.closeBrace) { return }
            repeat {
                try skipString()
                try expect(.colon, "expected ':'")
                try skipValue(depth: depth + 1)
            } while try continues(before: .closeBrace)
        case .openBracket?:
            offset += 1
            if consume(.closeBracket) { return }
            repeat { try skipValue(depth: depth + 1) } while try continues(before: .closeBracket)
        case .quote?:
            try skipString()
        case UInt8(ascii: "t")?: try expectWord("true")
        case UInt8(ascii: "f")?: try expectWord("false")
        case UInt8(ascii: "n")?: try expectWord("null")
        case .minus?, (.digitZero ... .digitNine)?:
            _ = try scanNumber()
        default:
            throw unexpected("expected a value")
        }
    }

    /// Reads and discards a string, judged as `readString` judges it; ASCII without escapes (the
    /// common case) is judged without making it a `String`.
    private mutating func skipString() throws(DocumentError) {
        skipWhitespace()
        let start = offset
        if peek == .quote {
            offset += 1
            while offset < bytes.count, bytes[offset] != .quote, bytes[offset] < 0x80, bytes[offset] != .backslash, bytes[offset] >= 0x20 {
                offset += 1
            }
            if peek == .quote {
                offset += 1
                return
            }
        }
        offset = start
        _ = try readString()
    }

    /// Consumes `word` (`true`, `false`, `null`), or throws "expected a value" where it should begin.
    mutating func expectWord(_ word: StaticString) throws(DocumentError) {
        let start = offset
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek == expected else {
                offset = start
                throw unexpected("expected a value")
            }
            offset += 1
        }
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let period = UInt8(ascii: ".")
    static let digitZero = UInt8(ascii: "0")
    static let digitNine = UInt8(ascii: "9")
}
