import Desktop
import Testing

/// Fixtures written byte by byte from the XSETTINGS specification; the comments say what each row means.
enum Fixture {
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// LSBFirst, serial 42: an Integer, a String and a Color setting, with name and value padding.
    static let littleEndian: [UInt8] =
        [0x00, 0x00, 0x00, 0x00]  // byte order LSBFirst, 3 unused
        + [0x2A, 0x00, 0x00, 0x00]  // SERIAL 42
        + [0x03, 0x00, 0x00, 0x00]  // N_SETTINGS 3
        // Integer "Net/DoubleClickTime" = 500, last changed at serial 5
        + [0x00, 0x00, 0x13, 0x00]  // type 0, unused, name-len 19
        + ascii("Net/DoubleClickTime") + [0x00]  // name, pad(19) = 1
        + [0x05, 0x00, 0x00, 0x00]  // last-change-serial 5
        + [0xF4, 0x01, 0x00, 0x00]  // INT32 500
        // String "Net/ThemeName" = "Adwaita", last changed at serial 6
        + [0x01, 0x00, 0x0D, 0x00]  // type 1, unused, name-len 13
        + ascii("Net/ThemeName") + [0x00, 0x00, 0x00]  // name, pad(13) = 3
        + [0x06, 0x00, 0x00, 0x00]  // last-change-serial 6
        + [0x07, 0x00, 0x00, 0x00]  // value-len 7
        + ascii("Adwaita") + [0x00]  // value, pad(7) = 1
        // Color "Test/Background" = (0x1234, 0x5678, 0x9ABC, 0xFFFF), last changed at serial 7
        + [0x02, 0x00, 0x0F, 0x00]  // type 2, unused, name-len 15
        + ascii("Test/Background") + [0x00]  // name, pad(15) = 1
        + [0x07, 0x00, 0x00, 0x00]  // last-change-serial 7
        + [0x34, 0x12, 0x78, 0x56, 0xBC, 0x9A, 0xFF, 0xFF]  // red, green, blue, alpha

    /// The same table as `littleEndian`, MSBFirst.
    static let bigEndian: [UInt8] =
        [0x01, 0x00, 0x00, 0x00]  // byte order MSBFirst, 3 unused
        + [0x00, 0x00, 0x00, 0x2A]  // SERIAL 42
        + [0x00, 0x00, 0x00, 0x03]  // N_SETTINGS 3
        + [0x00, 0x00, 0x00, 0x13]  // type 0, unused, name-len 19
        + ascii("Net/DoubleClickTime") + [0x00]
        + [0x00, 0x00, 0x00, 0x05]  // last-change-serial 5
        + [0x00, 0x00, 0x01, 0xF4]  // INT32 500
        + [0x01, 0x00, 0x00, 0x0D]  // type 1, unused, name-len 13
        + ascii("Net/ThemeName") + [0x00, 0x00, 0x00]
        + [0x00, 0x00, 0x00, 0x06]  // last-change-serial 6
        + [0x00, 0x00, 0x00, 0x07]  // value-len 7
        + ascii("Adwaita") + [0x00]
        + [0x02, 0x00, 0x00, 0x0F]  // type 2, unused, name-len 15
        + ascii("Test/Background") + [0x00]
        + [0x00, 0x00, 0x00, 0x07]  // last-change-serial 7
        + [0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xFF, 0xFF]  // red, green, blue, alpha

    /// What both fixtures decode to.
    static let decoded = XSettings(serial: 42, settings: [
        XSetting(name: "Net/DoubleClickTime", value: .integer(500), lastChangeSerial: 5),
        XSetting(name: "Net/ThemeName", value: .string("Adwaita"), lastChangeSerial: 6),
        XSetting(
            name: "Test/Background",
            value: .color(XSettingColor(red: 0x1234, green: 0x5678, blue: 0x9ABC, alpha: 0xFFFF)),
            lastChangeSerial: 7),
    ])

    /// A header announcing `count` settings, LSBFirst, serial 1.
    static func header(count: [UInt8]) -> [UInt8] {
        [0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00] + count
    }
}

@Suite struct XSettingsParsingTests {
    @Test func aLittleEndianTableDecodesEveryValueType() throws {
        #expect(try XSettings(parsing: Fixture.littleEndian) == Fixture.decoded)
    }

    @Test func aBigEndianTableDecodesToTheSameSettings() throws {
        #expect(try XSettings(parsing: Fixture.bigEndian) == Fixture.decoded)
    }

    @Test func theConnectionSetupLettersLAndBAreAcceptedAsByteOrders() throws {
        #expect(try XSettings(parsing: [UInt8(ascii: "l")] + Fixture.littleEndian.dropFirst()) == Fixture.decoded)
        #expect(try XSettings(parsing: [UInt8(ascii: "B")] + Fixture.bigEndian.dropFirst()) == Fixture.decoded)
    }

    @Test func settingsAreFoundByName() throws {
        let settings = try XSettings(parsing: Fixture.littleEndian)
        #expect(settings["Net/ThemeName"] == .string("Adwaita"))
        #expect(settings["Net/DoubleClickTime"] == .integer(500))
        #expect(settings["Net/CursorBlink"] == nil)
    }

    @Test func integersAreSigned() throws {
        let bytes = Fixture.header(count: [0x01, 0x00, 0x00, 0x00])
            + [0x00, 0x00, 0x07, 0x00] + Fixture.ascii("Xft/DPI") + [0x00]  // Integer, name-len 7, pad 1
            + [0x00, 0x00, 0x00, 0x00]  // last-change-serial 0
            + [0xFF, 0xFF, 0xFF, 0xFF]  // INT32 -1
        #expect(try XSettings(parsing: bytes)["Xft/DPI"] == .integer(-1))
    }

    @Test func anEmptyTableHasNoSettings() throws {
        let settings = try XSettings(parsing: Fixture.header(count: [0x00, 0x00, 0x00, 0x00]))
        #expect(settings == XSettings(serial: 1, settings: []))
    }

    @Test func bytesAfterTheLastSettingAreIgnored() throws {
        #expect(try XSettings(parsing: Fixture.littleEndian + [0xDE, 0xAD, 0xBE, 0xEF]) == Fixture.decoded)
    }

    @Test func aMissingPadAtTheVeryEndIsTolerated() throws {
        // The string "Adwaita" is last here and its one pad byte is cut off: the value itself is complete.
        let stringLast = Fixture.header(count: [0x01, 0x00, 0x00, 0x00])
            + [0x01, 0x00, 0x0D, 0x00] + Fixture.ascii("Net/ThemeName") + [0x00, 0x00, 0x00]
            + [0x06, 0x00, 0x00, 0x00] + [0x07, 0x00, 0x00, 0x00] + Fixture.ascii("Adwaita")
        #expect(try XSettings(parsing: stringLast)["Net/ThemeName"] == .string("Adwaita"))
    }

    @Test func invalidUTF8InAStringIsRepairedNotFatal() throws {
        let bytes = Fixture.header(count: [0x01, 0x00, 0x00, 0x00])
            + [0x01, 0x00, 0x01, 0x00] + Fixture.ascii("S") + [0x00, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00] + [0x02, 0x00, 0x00, 0x00] + [0xC3, 0x28, 0x00, 0x00]
        #expect(try XSettings(parsing: bytes)["S"] == .string("\u{FFFD}("))
    }
}

@Suite struct XSettingsMalformedDataTests {
    @Test func everyTruncationOfAValidTableIsATruncatedError() {
        for byteOrder in [Fixture.littleEndian, Fixture.bigEndian] {
            for length in 0..<byteOrder.count {
                do {
                    let settings = try XSettings(parsing: Array(byteOrder.prefix(length)))
                    Issue.record("a prefix of \(length) bytes decoded to \(settings)")
                } catch {
                    guard case .truncated = error else {
                        Issue.record("a prefix of \(length) bytes: \(error), expected .truncated")
                        continue
                    }
                }
            }
        }
    }

    @Test func emptyDataIsTruncatedAtTheFirstByte() {
        #expect(throws: XSettingsError.truncated(offset: 0, needed: 1, available: 0)) {
            try XSettings(parsing: [])
        }
    }

    @Test func aByteOrderOtherThanZeroOrOneIsRejected() {
        #expect(throws: XSettingsError.unknownByteOrder(2)) {
            try XSettings(parsing: [0x02] + Fixture.littleEndian.dropFirst())
        }
    }

    @Test func aSettingsCountLargerThanTheDataIsTruncatedAfterTheLastRealSetting() {
        var lying = Fixture.littleEndian
        lying.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])  // N_SETTINGS 4294967295
        #expect(throws: XSettingsError.truncated(offset: lying.count, needed: 1, available: 0)) {
            try XSettings(parsing: lying)
        }
    }

    @Test func aNameLengthLargerThanTheDataIsTruncated() {
        var lying = Fixture.littleEndian
        lying.replaceSubrange(14..<16, with: [0xFF, 0xFF])  // name-len 65535 for the first setting
        #expect(throws: XSettingsError.truncated(offset: 16, needed: 65_535, available: lying.count - 16)) {
            try XSettings(parsing: lying)
        }
    }

    @Test func aStringLengthLargerThanTheDataIsTruncated() {
        var lying = Fixture.littleEndian
        let valueLength = 12 + 32 + 24  // header, the Integer setting, the String's type/name/serial
        #expect(Array(lying[valueLength..<valueLength + 4]) == [0x07, 0x00, 0x00, 0x00])
        lying.replaceSubrange(valueLength..<valueLength + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let available = lying.count - (valueLength + 4)
        #expect(throws: XSettingsError.truncated(offset: valueLength + 4, needed: 0xFFFF_FFFF, available: available)) {
            try XSettings(parsing: lying)
        }
    }

    @Test func aStringLengthOneByteTooLongIsTruncated() {
        let bytes = Fixture.header(count: [0x01, 0x00, 0x00, 0x00])
            + [0x01, 0x00, 0x01, 0x00] + Fixture.ascii("S") + [0x00, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00] + [0x05, 0x00, 0x00, 0x00] + Fixture.ascii("four")
        #expect(throws: XSettingsError.truncated(offset: 28, needed: 5, available: 4)) {
            try XSettings(parsing: bytes)
        }
    }

    @Test func anUnknownValueTypeStopsTheParseWithItsSettingName() {
        var unknown = Fixture.littleEndian
        unknown[12] = 0x03  // the first setting's type byte
        #expect(throws: XSettingsError.unknownValueType(3, setting: "Net/DoubleClickTime")) {
            try XSettings(parsing: unknown)
        }
    }

    @Test func aNameThatAppearsTwiceIsRejected() {
        let integer: [UInt8] = [0x00, 0x00, 0x01, 0x00] + Fixture.ascii("A") + [0x00, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00] + [0x01, 0x00, 0x00, 0x00]
        let bytes = Fixture.header(count: [0x02, 0x00, 0x00, 0x00]) + integer + integer
        #expect(throws: XSettingsError.duplicateName("A")) { try XSettings(parsing: bytes) }
    }

    @Test func errorsDescribeThemselvesForTheWarning() {
        #expect(XSettingsError.truncated(offset: 16, needed: 4, available: 2).description
            == "truncated at byte 16: 4 bytes needed, 2 left")
        #expect(XSettingsError.unknownValueType(7, setting: "X/Y").description == "setting \"X/Y\" has unknown type 7")
    }
}
