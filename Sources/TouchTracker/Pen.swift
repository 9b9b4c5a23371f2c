import Shapes

/// What the next shape is drawn with: a tool (`Tool`: what a drag draws), a colour (one of the palette's,
/// or by the shape's angle) and a width (one of four, or by the pointer's speed; a stylus's pressure wins
/// over speed when it reports one). With a shape selected, choosing a colour or a width changes that shape
/// too. All of it is remembered between runs (Pen+File.swift).
public struct Pen: Hashable, Sendable {
    public enum ColourChoice: Hashable, Sendable {
        case fixed(Colour)
        /// The book's colour challenge: a finished shape's colour follows its angle (`AngleColour`).
        case byAngle
    }

    public var colour: ColourChoice
    /// The width in pixels at 96 dpi: one of `widths`; used unless `widthBySpeed`.
    public var width: Double
    /// The book's speed-and-size challenge: slow and thick, fast and thin (`SpeedWidth`); with a stylus
    /// that reports pressure, by pressure instead.
    public var widthBySpeed: Bool
    /// What a contact draws with it.
    public var tool: Tool
    /// Whether the toolbar shows (F9): remembered with the pen, as where one draws from.
    public var showsToolbar: Bool

    public init(colour: ColourChoice = .fixed(Pen.palette[0].colour), width: Double = Pen.normalWidth,
                widthBySpeed: Bool = false, tool: Tool = .standard, showsToolbar: Bool = true) {
        self.colour = colour
        self.width = width
        self.widthBySpeed = widthBySpeed
        self.tool = tool
        self.showsToolbar = showsToolbar
    }

    /// The palette, keys 1–8.
    public static let palette: [(name: String, colour: Colour)] = [
        ("Black", Colour(hex: 0x000000)), ("Blue", Colour(hex: 0x1E50DC)), ("Orange", Colour(hex: 0xF08C00)),
        ("Purple", Colour(hex: 0x8C28B4)), ("Brown", Colour(hex: 0x8C5A28)), ("Teal", Colour(hex: 0x008C8C)),
        ("Magenta", Colour(hex: 0xDC288C)), ("Grey", Colour(hex: 0x787878)),
    ]

    /// The widths `[` and `]` step through, in pixels at 96 dpi.
    public static let widths: [(name: String, pixels: Double)] = [("Thin", 2), ("Medium", 5), ("Normal", 10), ("Thick", 16)]

    /// Today's (and the book's) width, the default.
    public static let normalWidth = 10.0

    /// The colour this pen gives a shape of `geometry`: its fixed colour, or the colour of the shape's angle.
    public func colour(for geometry: ShapeGeometry) -> Colour {
        guard case .fixed(let colour) = colour else { return AngleColour.colour(of: geometry) }
        return colour
    }

    /// `]` (+1) or `[` (-1): the next width in `widths`, stopping at either end; width by speed goes off.
    public mutating func stepWidth(by step: Int) {
        let current = Self.widths.firstIndex { $0.pixels >= width } ?? Self.widths.count - 1
        width = Self.widths[max(0, min(Self.widths.count - 1, current + step))].pixels
        widthBySpeed = false
    }

    /// Whether its colour and width are a new pen's (whatever its tool).
    public var strokesAsStandard: Bool { colour == Pen().colour && width == Pen().width && widthBySpeed == Pen().widthBySpeed }

    /// A few words for the title: "Blue, Thick", "By angle, by speed" (the colour and the width; the tool
    /// is named on its own).
    public var summary: String {
        let colourName: String
        switch colour {
        case .fixed(let colour): colourName = Self.palette.first { $0.colour == colour }?.name ?? colour.description
        case .byAngle: colourName = "By angle"
        }
        let widthName = widthBySpeed ? "by speed" : Self.widths.first { $0.pixels == width }?.name ?? "\(width) px"
        return "\(colourName), \(widthName)"
    }
}
