/// One image of the window icon the window manager shows in task bars and switchers (`_NET_WM_ICON`).
/// The pixels are embedded (WindowIcon+Pixels.swift, generated from assets/touchtracker.svg): an installed
/// binary cannot count on finding the assets folder.
struct WindowIcon: Hashable, Sendable {
    let width: Int
    let height: Int
    /// Non-premultiplied 0xAARRGGBB, rows top to bottom.
    let pixels: [UInt32]

    /// The CARDINAL[] value of `_NET_WM_ICON` (EWMH): for each image its width, its height, then its pixels.
    /// One element per CARDINAL, as Xlib wants for format 32 (a C `long`, even on 64-bit machines).
    static func netWMIconValue(_ icons: [WindowIcon]) -> [Int] {
        icons.flatMap { icon in [icon.width, icon.height] + icon.pixels.map { Int($0) } }
    }
}
