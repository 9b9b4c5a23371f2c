import Desktop

/// Writes an XSETTINGS table the way a settings manager does, for tests that need many tables.
/// Checked byte for byte against the hand-written `Fixture`s, so it cannot hide a parser bug.
enum XSettingsEncoder {
    static func encode(_ table: XSettings, bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ value: UInt16) { append(UInt64(value), width: 2) }
        func card32(_ value: UInt32) { append(UInt64(value), width: 4) }
        func append(_ value: UInt64, width: Int) {
            let littleEndian = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
            bytes += bigEndian ? littleEndian.reversed() : littleEndian
        }
        func padded(_ text: String) {
            bytes += Array(text.utf8) + Array(repeating: 0, count: (4 - text.utf8.count % 4) % 4)
        }
        card32(table.serial)
        card32(UInt32(table.settings.count))
        for setting in table.settings {
            let type: UInt8 = switch setting.value {
            case .integer: 0
            case .string: 1
            case .color: 2
            }
            bytes += [type, 0]
            card16(UInt16(setting.name.utf8.count))
            padded(setting.name)
            card32(setting.lastChangeSerial)
            switch setting.value {
            case .integer(let value):
                card32(UInt32(bitPattern: value))
            case .string(let value):
                card32(UInt32(value.utf8.count))
                padded(value)
            case .color(let color):
                [color.red, color.green, color.blue, color.alpha].forEach(card16)
            }
        }
        return bytes
    }

    /// A table of integer settings, serial 1, each last changed at serial 1.
    static func integers(_ values: KeyValuePairs<String, Int32>, bigEndian: Bool = false) -> [UInt8] {
        encode(
            XSettings(serial: 1, settings: values.map { XSetting(name: $0.key, value: .integer($0.value), lastChangeSerial: 1) }),
            bigEndian: bigEndian)
    }
}
