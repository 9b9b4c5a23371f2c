// XSettings: the `_XSETTINGS_SETTINGS` property of the XSETTINGS manager, decoded.
//
// Pure Swift on purpose (no CX11 here): the shell reads the property's bytes off the manager's window and
// hands them to `XSettings(parsing:)`; everything that can go wrong with those bytes is decided here and
// tested with hand-built fixtures. `DesktopSettings` turns the decoded table into the numbers the app uses.
//
// Wire format (freedesktop XSETTINGS specification, version 0.5):
//
//     1  CARD8    byte-order     0 = LSBFirst, 1 = MSBFirst
//     3           unused
//     4  CARD32   SERIAL
//     4  CARD32   N_SETTINGS
//        then N_SETTINGS times:
//     1  SETTING_TYPE  type      0 = Integer, 1 = String, 2 = Color
//     1           unused
//     2  n        name-len
//     n  STRING8  name
//     P           unused, P = pad(n), padding to a multiple of 4
//     4  CARD32   last-change-serial
//        Integer: 4 INT32 value
//        String:  4 CARD32 value-len m; m STRING8 value; pad(m) unused
//        Color:   4 × CARD16 red, green, blue, alpha
//
// The specification's table lists the colour channels as "red, blue, green, alpha"; every manager and
// client in use (GNOME's, Xfce's, GTK's reader) writes and reads red, green, blue, alpha, so this does too.
//
// Nothing here trusts a length: every read is checked against the bytes that are really there, so truncated
// data or a lying `N_SETTINGS`, `name-len` or `value-len` becomes an `XSettingsError`, never a crash.

/// A colour setting; each channel is 0...65535.
public struct XSettingColor: Hashable, Sendable {
    public var red: UInt16
    public var green: UInt16
    public var blue: UInt16
    public var alpha: UInt16

    public init(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// The value of one XSETTINGS setting: the protocol knows exactly three types.
public enum XSettingValue: Hashable, Sendable {
    case integer(Int32)
    case string(String)
    case color(XSettingColor)
}

/// One named setting with the manager's serial at its last change.
public struct XSetting: Hashable, Sendable {
    public var name: String
    public var value: XSettingValue
    public var lastChangeSerial: UInt32

    public init(name: String, value: XSettingValue, lastChangeSerial: UInt32) {
        self.name = name
        self.value = value
        self.lastChangeSerial = lastChangeSerial
    }
}

/// Why a `_XSETTINGS_SETTINGS` property could not be decoded. Offsets are byte offsets into the property.
public enum XSettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The first byte is neither 0 (LSBFirst) nor 1 (MSBFirst) (nor the letters `l` / `B`).
    case unknownByteOrder(UInt8)
    /// A field at `offset` needs `needed` bytes but only `available` remain: the data is truncated, or a count
    /// or length before it claims more than there is.
    case truncated(offset: Int, needed: Int, available: Int)
    /// A setting's type byte is not 0, 1 or 2; its value's length is unknown, so nothing after it can be read.
    case unknownValueType(UInt8, setting: String)
    /// The same name appears twice in one table.
    case duplicateName(String)

    public var description: String {
        switch self {
        case .unknownByteOrder(let byte):
            "unknown byte order \(byte) (expected 0 or 1)"
        case .truncated(let offset, let needed, let available):
            "truncated at byte \(offset): \(needed) bytes needed, \(available) left"
        case .unknownValueType(let type, let setting):
            "setting \(setting.quotedForWarning) has unknown type \(type)"
        case .duplicateName(let name):
            "setting \(name.quotedForWarning) appears twice"
        }
    }
}

/// A decoded XSETTINGS table: the manager's serial and its settings by name.
public struct XSettings: Hashable, Sendable {
    /// Incremented by the manager on every change of the property.
    public var serial: UInt32
    /// The settings in property order.
    public var settings: [XSetting]

    public init(serial: UInt32, settings: [XSetting]) {
        self.serial = serial
        self.settings = settings
    }

    /// Decodes the raw bytes of a `_XSETTINGS_SETTINGS` property (format 8), in either byte order.
    /// Bytes after the last setting are ignored.
    public init(parsing bytes: [UInt8]) throws(XSettingsError) {
        var reader = try XSettingsReader(bytes)
        reader.skip(3)  // unused
        serial = try reader.card32()
        let count = try reader.card32()
        // A setting takes at least 12 bytes: never reserve more than the data could hold (a lying count).
        settings = []
        settings.reserveCapacity(min(Int(count), reader.remaining / 12))
        var names = Set<String>()
        for _ in 0..<count {
            let setting = try reader.setting()
            guard names.insert(setting.name).inserted else { throw .duplicateName(setting.name) }
            settings.append(setting)
        }
    }

    /// The value of the setting called `name`, if the manager has one.
    public subscript(name: String) -> XSettingValue? {
        settings.first { $0.name == name }?.value
    }
}

/// A cursor over the property's bytes that checks every read and knows the byte order.
private struct XSettingsReader {
    private let bytes: [UInt8]
    private let bigEndian: Bool
    private(set) var offset = 0

    var remaining: Int { bytes.count - offset }

    init(_ bytes: [UInt8]) throws(XSettingsError) {
        guard let first = bytes.first else { throw .truncated(offset: 0, needed: 1, available: 0) }
        switch first {
        case 0, UInt8(ascii: "l"): bigEndian = false
        case 1, UInt8(ascii: "B"): bigEndian = true
        default: throw .unknownByteOrder(first)
        }
        self.bytes = bytes
        offset = 1
    }

    /// The next `count` bytes, or `.truncated` when fewer remain.
    mutating func take(_ count: Int) throws(XSettingsError) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw .truncated(offset: offset, needed: count, available: remaining) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Skips unused bytes; at the very end of the data a missing pad is tolerated, as it carries nothing.
    mutating func skip(_ count: Int) {
        offset += min(count, remaining)
    }

    mutating func card8() throws(XSettingsError) -> UInt8 {
        let field = try take(1)
        return field[field.startIndex]
    }

    mutating func card16() throws(XSettingsError) -> UInt16 {
        UInt16(truncatingIfNeeded: try unsigned(2))
    }

    mutating func card32() throws(XSettingsError) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(4))
    }

    private mutating func unsigned(_ width: Int) throws(XSettingsError) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in try take(width).enumerated() {
            let significance = bigEndian ? width - 1 - index : index
            value |= UInt64(byte) << (8 * significance)
        }
        return value
    }

    /// A STRING8 of `length` bytes followed by its padding to a multiple of 4.
    mutating func paddedString(length: Int) throws(XSettingsError) -> String {
        let text = String(decoding: try take(length), as: UTF8.self)
        skip(Self.padding(length))
        return text
    }

    mutating func setting() throws(XSettingsError) -> XSetting {
        let type = try card8()
        skip(1)  // unused
        let name = try paddedString(length: Int(try card16()))
        let lastChangeSerial = try card32()
        let value: XSettingValue
        switch type {
        case 0:
            value = .integer(Int32(bitPattern: try card32()))
        case 1:
            value = .string(try paddedString(length: Int(try card32())))
        case 2:
            value = .color(XSettingColor(red: try card16(), green: try card16(), blue: try card16(), alpha: try card16()))
        default:
            throw .unknownValueType(type, setting: name)
        }
        return XSetting(name: name, value: value, lastChangeSerial: lastChangeSerial)
    }

    /// pad(n) of the specification: bytes that bring `n` up to a multiple of 4.
    static func padding(_ length: Int) -> Int { (4 - length % 4) % 4 }
}
