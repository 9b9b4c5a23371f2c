/// A visual the screen offers (one entry of `XGetVisualInfo`), and the choice of the one the window draws in.
struct ScreenVisual: Hashable, Sendable {
    /// The X visual classes. Only TrueColor maps colours to pixels by arithmetic, which is what drawing
    /// needs; the others go through colormaps (PseudoColor, DirectColor) or have no colour at all.
    enum Kind: Int, Hashable, Sendable {
        case staticGray, grayScale, staticColor, pseudoColor, trueColor, directColor
    }

    var id: UInt
    var kind: Kind
    var format: PixelFormat
    /// The screen's default visual (the root window's).
    var isDefault = false

    /// The visual the window draws in, or nil when the screen has no TrueColor visual it can draw in.
    /// Best first:
    ///   1. opaque: no bits beside the colours (a 32-bit visual's alpha would make the window translucent
    ///      under a compositor wherever a pixel left it clear),
    ///   2. Cairo's own RGB24 layout (24-bit 8-8-8): the back buffer's pixels go out unconverted,
    ///   3. the default visual: what the screen shows, so the server converts nothing either,
    ///   4. more colour bits.
    /// Ties go to the one listed first.
    static func best(of visuals: [ScreenVisual]) -> ScreenVisual? {
        let candidates = visuals.filter { $0.kind == .trueColor && $0.format.isDrawable }
        return candidates.enumerated().min { a, b in a.element.rank(a.offset) < b.element.rank(b.offset) }?.element
    }

    /// Smaller is better; see `best(of:)`.
    private func rank(_ position: Int) -> (Int, Int, Int, Int, Int) {
        (format.fillBits == 0 ? 0 : 1, format == .rgb24 ? 0 : 1, isDefault ? 0 : 1, -format.colourBits, position)
    }

    /// How a message names it: "depth 8 PseudoColor".
    var summary: String {
        let name = switch kind {
        case .staticGray: "StaticGray"
        case .grayScale: "GrayScale"
        case .staticColor: "StaticColor"
        case .pseudoColor: "PseudoColor"
        case .trueColor: "TrueColor"
        case .directColor: "DirectColor"
        }
        return "depth \(format.depth) \(name)"
    }
}
