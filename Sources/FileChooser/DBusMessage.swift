/// A D-Bus message (the specification's "Message Format"): a fixed header, header fields, the body.
///
///     byte endianness ('l'), byte type, byte flags, byte version (1), uint32 body length, uint32 serial,
///     a(yv) header fields (PATH o, INTERFACE s, MEMBER s, ERROR_NAME s, REPLY_SERIAL u, DESTINATION s,
///     SENDER s, SIGNATURE g), padding to 8, the body's values one after the other.
public struct DBusMessage: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case methodCall = 1, methodReturn = 2, error = 3, signal = 4
    }

    public var kind: Kind
    /// NO_REPLY_EXPECTED is 1, NO_AUTO_START 2.
    public var flags: UInt8 = 0
    public var serial: UInt32
    public var path: String?
    public var interface: String?
    public var member: String?
    public var errorName: String?
    public var replySerial: UInt32?
    public var destination: String?
    public var sender: String?
    public var body: [DBusValue] = []

    public init(kind: Kind, serial: UInt32, path: String? = nil, interface: String? = nil, member: String? = nil,
                errorName: String? = nil, replySerial: UInt32? = nil, destination: String? = nil, sender: String? = nil,
                body: [DBusValue] = []) {
        self.kind = kind
        self.serial = serial
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.replySerial = replySerial
        self.destination = destination
        self.sender = sender
        self.body = body
    }

    /// A method call.
    public static func call(serial: UInt32, destination: String, path: String, interface: String, member: String,
                            body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .methodCall, serial: serial, path: path, interface: interface, member: member, destination: destination,
                    body: body)
    }

    /// The body's signature.
    public var signature: String { body.map(\.signature).joined() }

    /// The largest message D-Bus allows (128 MiB).
    public static let largestMessage = 1 << 27

    // MARK: - Wire format

    /// The message's bytes (little-endian).
    public var encoded: [UInt8] {
        var body = DBusWriter()
        for value in self.body { body.write(value) }
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        field(7, sender.map(DBusValue.string))
        if !self.body.isEmpty { field(8, .signature(signature)) }
        var header = DBusWriter()
        for byte in [UInt8(ascii: "l"), kind.rawValue, flags, 1] { header.write(.byte(byte)) }
        header.write(.uint32(UInt32(body.bytes.count)))
        header.write(.uint32(serial))
        header.write(.array(element: "(yv)", fields))
        header.pad(to: 8)
        return header.bytes + body.bytes
    }

    /// How many bytes the message at the start of `bytes` takes, once its fixed header and header fields'
    /// length have come; nil while fewer than 16 bytes have.
    static func length(ofMessageAtStartOf bytes: ArraySlice<UInt8>) throws(DBusError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let header = Array(bytes.prefix(16))
        guard header[0] == UInt8(ascii: "l") || header[0] == UInt8(ascii: "B") else { throw DBusError("unknown byte order") }
        var reader = DBusReader(header, isLittleEndian: header[0] == UInt8(ascii: "l"), offset: 4)
        let bodyLength = Int(try reader.integer() as UInt32)
        _ = try reader.integer() as UInt32
        let fieldsLength = Int(try reader.integer() as UInt32)
        let headerLength = (16 + fieldsLength + 7) / 8 * 8
        let total = headerLength + bodyLength
        guard total <= largestMessage else { throw DBusError("a message of \(total) bytes is larger than D-Bus allows") }
        return total
    }

    /// The message in `bytes` (exactly one).
    public init(decoding bytes: [UInt8]) throws(DBusError) {
        guard bytes.count >= 16 else { throw DBusError("message cut short") }
        let isLittleEndian = bytes[0] == UInt8(ascii: "l")
        guard isLittleEndian || bytes[0] == UInt8(ascii: "B") else { throw DBusError("unknown byte order") }
        guard let kind = Kind(rawValue: bytes[1]) else { throw DBusError("unknown message type \(bytes[1])") }
        guard bytes[3] == 1 else { throw DBusError("protocol version \(bytes[3])") }
        var reader = DBusReader(bytes, isLittleEndian: isLittleEndian, offset: 4)
        let bodyLength = Int(try reader.integer() as UInt32)
        let serial: UInt32 = try reader.integer()
        guard let fields = try reader.read("a(yv)").elements else { throw DBusError("no header fields") }
        try reader.skip(to: 8)
        guard reader.offset + bodyLength == bytes.count else { throw DBusError("the body's length does not match") }
        self.init(kind: kind, serial: serial)
        flags = bytes[2]
        var signature = ""
        for case .structure(let parts) in fields where parts.count == 2 {
            guard case .byte(let code) = parts[0] else { continue }
            let value = parts[1].unwrapped
            switch code {
            case 1: path = value.text
            case 2: interface = value.text
            case 3: member = value.text
            case 4: errorName = value.text
            case 5: replySerial = value.uint32Value
            case 6: destination = value.text
            case 7: sender = value.text
            case 8: signature = value.text ?? ""
            default: break  // UNIX_FDS and fields to come
            }
        }
        var bodyReader = DBusReader(bytes, isLittleEndian: isLittleEndian, offset: reader.offset)
        for type in try DBusSignature.completeTypes(signature) { body.append(try bodyReader.read(type)) }
        guard bodyReader.offset == bytes.count else { throw DBusError("the body holds more than its signature says") }
    }
}

/// The messages in a byte stream, as they come from the bus's socket in pieces.
public struct DBusFramer: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    /// Adds `bytes` read from the socket; returns every message now whole, in order.
    public mutating func receive(_ bytes: [UInt8]) throws(DBusError) -> [DBusMessage] {
        buffer += bytes
        var messages: [DBusMessage] = []
        while let length = try DBusMessage.length(ofMessageAtStartOf: buffer[...]), buffer.count >= length {
            messages.append(try DBusMessage(decoding: Array(buffer.prefix(length))))
            buffer.removeFirst(length)
        }
        return messages
    }
}
