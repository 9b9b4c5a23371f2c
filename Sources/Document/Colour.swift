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

    /// `#RRGGBB` (either case); nil for anything else.
    public init?(parsing text: some StringProtocol) {
        guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16),
              text.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        self.init(hex: value)
    }

    /// `0xRRGGBB`.
    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// `#RRGGBB`, upper case.
    public var description: String {
        let digits = String(hex, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    public static let white = Colour(hex: 0xFFFFFF)
    public static let black = Colour(hex: 0x000000)
    public static let red = Colour(hex: 0xFF0000)
    public static let green = Colour(hex: 0x00FF00)
}
