/// How a shape is drawn: its colour and its width. Seven bytes of alignment 1 (the colour's three and the
/// width's four), so that a shape with its identity and geometry takes 48 (see `Shape`).
public struct ShapeStyle: Hashable, Sendable {
    public var colour: Colour
    /// The width as stored: a `Float` holds every width the app makes (they are rounded to 1/100 px) and
    /// is written and read back by its own shortest form. Kept as its bit pattern in bytes, so that the
    /// style packs into the byte the geometry's tag leaves over and the six after it.
    private var widthBits: PackedFloat

    /// The width as stored (the file writes it by its own shortest form).
    public var storedWidth: Float { widthBits.value }

    /// The stroke's width in px at 96 dpi (the renderer scales it with the screen's resolution).
    public var width: Double {
        get { Double(widthBits.value) }
        set { widthBits = PackedFloat(Float(newValue)) }
    }

    public init(colour: Colour = .black, width: Double = ShapeStyle.standardWidth) {
        self.colour = colour
        widthBits = PackedFloat(Float(width))
    }

    /// The book's (and version 1 files') width.
    public static let standardWidth = 10.0
    /// Black, 10 px: every line of a version 1 file.
    public static let standard = ShapeStyle()
}

/// A `Float` as the four bytes of its bit pattern: alignment 1, so it packs after an odd-sized field.
/// Equal when the bits are (the widths a drawing holds are never NaN or -0).
private struct PackedFloat: Hashable, Sendable {
    private var b0, b1, b2, b3: UInt8

    init(_ value: Float) {
        let bits = value.bitPattern
        (b0, b1, b2, b3) = (UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
                            UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 24))
    }

    var value: Float {
        Float(bitPattern: UInt32(b0) | UInt32(b1) << 8 | UInt32(b2) << 16 | UInt32(b3) << 24)
    }
}
