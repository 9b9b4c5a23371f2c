/// A colour as a drawing stores it: sRGB, 8 bits a channel, written `#RRGGBB`.
public struct Colour: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }

    /// The colour `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// `#RRGGBB` (either case); nil for anything else. (Read byte by byte: a drawing has one a shape.)
    public init?(parsing text: some StringProtocol) {
        let utf8 = text.utf8
        guard utf8.count == 7, utf8.first == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in utf8.dropFirst() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        self.init(hex: value)
    }

    /// `0xRRGGBB`.
    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// `#RRGGBB`, upper case.
    public var description: String {
        var bytes: [UInt8] = []
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description`'s bytes, as a drawing's encoder writes them.
    public func appendHex(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "#"))
        for shift in stride(from: 20, through: 0, by: -4) { bytes.append(Self.digits[Int(hex >> UInt32(shift) & 0xF)]) }
    }

    private static let digits = Array("0123456789ABCDEF".utf8)

    public static let white = Colour(hex: 0xFFFFFF)
    public static let black = Colour(hex: 0x000000)
    public static let red = Colour(hex: 0xFF0000)
    public static let green = Colour(hex: 0x00FF00)
}
