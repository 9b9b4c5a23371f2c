/// A value of the D-Bus type system, as a message's body or header holds it. Marshalled by `DBusWriter`
/// and unmarshalled by `DBusReader`, in either byte order (we write little-endian, 'l').
public indirect enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array of values of one complete type, `element` (needed for an empty array's signature).
    case array(element: String, [DBusValue])
    case structure([DBusValue])
    /// An entry of a dictionary: an array of entries, `a{KV}`.
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)
    case unixFD(UInt32)

    /// The value's type signature ("s", "a{sv}", "(us)").
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        case .unixFD: "h"
        }
    }

    // MARK: - Building

    /// A dictionary `a{sv}`: string keys, values in variants.
    public static func vardict(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An array of strings, `as`.
    public static func strings(_ strings: [String]) -> DBusValue { .array(element: "s", strings.map(DBusValue.string)) }

    /// An array of bytes, `ay`.
    public static func bytes(_ bytes: [UInt8]) -> DBusValue { .array(element: "y", bytes.map(DBusValue.byte)) }

    // MARK: - Reading

    /// The string of a string, object path or signature.
    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The number of an unsigned 32-bit integer.
    public var uint32Value: UInt32? {
        if case .uint32(let value) = self { return value }
        return nil
    }

    /// The elements of an array.
    public var elements: [DBusValue]? {
        if case .array(_, let elements) = self { return elements }
        return nil
    }

    /// The value inside a variant (or the value itself).
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// An `a{sv}` (or any dictionary with string keys) as key and value pairs, the values unwrapped.
    public var dictionary: [String: DBusValue]? {
        guard let elements else { return nil }
        var result: [String: DBusValue] = [:]
        for case .dictEntry(let key, let value) in elements {
            guard let name = key.text else { return nil }
            result[name] = value.unwrapped
        }
        return result
    }
}

/// Why bytes are not a D-Bus message.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Signatures: strings of type codes, split into complete types.
public enum DBusSignature {
    /// The complete types of `signature` in order ("sa{sv}" → "s", "a{sv}").
    public static func completeTypes(_ signature: String) throws(DBusError) -> [String] {
        let codes = Array(signature.utf8)
        var types: [String] = []
        var index = 0
        while index < codes.count {
            let end = try endOfCompleteType(codes, from: index, depth: 0)
            types.append(String(decoding: codes[index..<end], as: UTF8.self))
            index = end
        }
        return types
    }

    /// The index after the complete type starting at `start`.
    static func endOfCompleteType(_ codes: [UInt8], from start: Int, depth: Int) throws(DBusError) -> Int {
        guard depth < 64 else { throw DBusError("signature nested too deep") }
        guard start < codes.count else { throw DBusError("signature ends inside a type") }
        switch codes[start] {
        case UInt8(ascii: "a"):
            return try endOfCompleteType(codes, from: start + 1, depth: depth + 1)
        case UInt8(ascii: "("):
            var index = start + 1
            while index < codes.count, codes[index] != UInt8(ascii: ")") {
                index = try endOfCompleteType(codes, from: index, depth: depth + 1)
            }
            guard index < codes.count, index > start + 1 else { throw DBusError("malformed structure in signature") }
            return index + 1
        case UInt8(ascii: "{"):
            let key = try endOfCompleteType(codes, from: start + 1, depth: depth + 1)
            let value = try endOfCompleteType(codes, from: key, depth: depth + 1)
            guard value < codes.count, codes[value] == UInt8(ascii: "}") else { throw DBusError("malformed dictionary entry in signature") }
            return value + 1
        case let code where basicCodes.contains(code) || code == UInt8(ascii: "v"):
            return start + 1
        case let code:
            throw DBusError("unknown type code '\(Character(Unicode.Scalar(code)))' in signature")
        }
    }

    static let basicCodes = Array("ybnqiuxtdsogh".utf8)

    /// The alignment of values of the type starting with `code`.
    static func alignment(of code: UInt8) -> Int {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): 1
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 4  // b i u s o a h
        }
    }
}
