/// Writes D-Bus values in the wire format (little-endian), each aligned to its type's boundary counted from
/// the start of the message.
struct DBusWriter {
    private(set) var bytes: [UInt8] = []

    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func write(_ value: DBusValue) {
        switch value {
        case .byte(let byte): bytes.append(byte)
        case .boolean(let flag): writeInteger(UInt32(flag ? 1 : 0))
        case .int16(let number): writeInteger(number)
        case .uint16(let number): writeInteger(number)
        case .int32(let number): writeInteger(number)
        case .uint32(let number): writeInteger(number)
        case .int64(let number): writeInteger(number)
        case .uint64(let number): writeInteger(number)
        case .double(let number): writeInteger(number.bitPattern)
        case .string(let text), .objectPath(let text):
            let utf8 = Array(text.utf8)
            writeInteger(UInt32(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .signature(let text):
            let utf8 = Array(text.utf8)
            bytes.append(UInt8(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .array(let element, let elements):
            pad(to: 4)
            let lengthAt = bytes.count
            bytes += [0, 0, 0, 0]
            pad(to: DBusSignature.alignment(of: element.utf8.first ?? UInt8(ascii: "y")))
            let start = bytes.count
            for element in elements { write(element) }
            let length = UInt32(bytes.count - start)
            withUnsafeBytes(of: length.littleEndian) { bytes.replaceSubrange(lengthAt..<(lengthAt + 4), with: $0) }
        case .structure(let fields):
            pad(to: 8)
            for field in fields { write(field) }
        case .dictEntry(let key, let value):
            pad(to: 8)
            write(key)
            write(value)
        case .variant(let inner):
            write(.signature(inner.signature))
            write(inner)
        case .unixFD(let index): writeInteger(index)
        }
    }

    private mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        pad(to: MemoryLayout<Integer>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}

/// Reads D-Bus values from a message's bytes in the byte order its first byte names, checking every length
/// against what is there: bytes from another process never crash the reader.
struct DBusReader {
    let bytes: [UInt8]
    let isLittleEndian: Bool
    private(set) var offset: Int
    /// Where the reading stops (the end of the message).
    let end: Int

    init(_ bytes: [UInt8], isLittleEndian: Bool, offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.isLittleEndian = isLittleEndian
        self.offset = offset
        self.end = end ?? bytes.count
    }

    mutating func skip(to alignment: Int) throws(DBusError) {
        let aligned = (offset + alignment - 1) / alignment * alignment
        guard aligned <= end else { throw DBusError("message cut short") }
        offset = aligned
    }

    /// One value of the complete type `signature`.
    mutating func read(_ signature: String) throws(DBusError) -> DBusValue {
        try read(Array(signature.utf8)[...], depth: 0)
    }

    private mutating func read(_ code: ArraySlice<UInt8>, depth: Int) throws(DBusError) -> DBusValue {
        guard depth < 64 else { throw DBusError("value nested too deep") }
        guard let first = code.first else { throw DBusError("empty signature") }
        switch first {
        case UInt8(ascii: "y"): return .byte(try take(1).first!)
        case UInt8(ascii: "b"):
            let flag: UInt32 = try integer()
            guard flag <= 1 else { throw DBusError("a boolean is \(flag)") }
            return .boolean(flag == 1)
        case UInt8(ascii: "n"): return .int16(try integer())
        case UInt8(ascii: "q"): return .uint16(try integer())
        case UInt8(ascii: "i"): return .int32(try integer())
        case UInt8(ascii: "u"): return .uint32(try integer())
        case UInt8(ascii: "x"): return .int64(try integer())
        case UInt8(ascii: "t"): return .uint64(try integer())
        case UInt8(ascii: "d"): return .double(Double(bitPattern: try integer()))
        case UInt8(ascii: "h"): return .unixFD(try integer())
        case UInt8(ascii: "s"): return .string(try string())
        case UInt8(ascii: "o"): return .objectPath(try string())
        case UInt8(ascii: "g"): return .signature(try signature())
        case UInt8(ascii: "v"):
            let inner = try signature()
            let types = try DBusSignature.completeTypes(inner)
            guard types.count == 1 else { throw DBusError("a variant's signature \"\(inner)\" is not one type") }
            return .variant(try read(Array(inner.utf8)[...], depth: depth + 1))
        case UInt8(ascii: "a"):
            let element = code.dropFirst()
            let length = Int(try integer() as UInt32)
            guard length <= 1 << 26 else { throw DBusError("an array of \(length) bytes is longer than D-Bus allows") }
            try skip(to: DBusSignature.alignment(of: element.first ?? 0))
            let stop = offset + length
            guard stop <= end else { throw DBusError("message cut short") }
            var elements: [DBusValue] = []
            while offset < stop { elements.append(try read(element, depth: depth + 1)) }
            guard offset == stop else { throw DBusError("an array's elements overrun its length") }
            return .array(element: String(decoding: element, as: UTF8.self), elements)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            try skip(to: 8)
            let inside = code.dropFirst().dropLast()
            var fields: [DBusValue] = []
            var index = inside.startIndex
            let codes = Array(code)
            while index < inside.endIndex {
                let stop = try DBusSignature.endOfCompleteType(codes, from: index - code.startIndex, depth: depth) + code.startIndex
                fields.append(try read(code[index..<stop], depth: depth + 1))
                index = stop
            }
            if first == UInt8(ascii: "{") {
                guard fields.count == 2 else { throw DBusError("a dictionary entry without key and value") }
                return .dictEntry(fields[0], fields[1])
            }
            return .structure(fields)
        default:
            throw DBusError("unknown type code '\(Character(Unicode.Scalar(first)))'")
        }
    }

    private mutating func take(_ count: Int) throws(DBusError) -> ArraySlice<UInt8> {
        guard count >= 0, offset + count <= end else { throw DBusError("message cut short") }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func integer<Integer: FixedWidthInteger>() throws(DBusError) -> Integer {
        try skip(to: MemoryLayout<Integer>.size)
        let raw = try take(MemoryLayout<Integer>.size)
        var value = Integer.zero
        for (shift, byte) in (isLittleEndian ? Array(raw) : raw.reversed()).enumerated() {
            value |= Integer(truncatingIfNeeded: byte) << (8 * shift)
        }
        return value
    }

    private mutating func string() throws(DBusError) -> String {
        let length = Int(try integer() as UInt32)
        let text = try take(length)
        guard try take(1).first == 0 else { throw DBusError("a string without its NUL") }
        guard let string = String(validating: text, as: UTF8.self), !text.contains(0) else {
            throw DBusError("a string that is not UTF-8")
        }
        return string
    }

    private mutating func signature() throws(DBusError) -> String {
        let length = Int(try take(1).first!)
        let text = try take(length)
        guard try take(1).first == 0 else { throw DBusError("a signature without its NUL") }
        return String(decoding: text, as: UTF8.self)
    }
}
