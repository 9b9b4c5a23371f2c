/// The colours the end-to-end tests read back, as 0xRRGGBB.
enum Colours {
    static let white: UInt32 = 0xFFFFFF
    static let black: UInt32 = 0x000000
    static let red: UInt32 = 0xFF0000
    static let green: UInt32 = 0x00FF00
}
