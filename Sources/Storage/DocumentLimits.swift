/// The bounds every saved drawing keeps, checked on load and on save (the saver never writes a
/// file the loader would refuse).
///
/// The limits fit together: the longest shape the encoder can write is 197 bytes (a 16-digit id,
/// "circle", four 24-character coordinates, a colour, a 10-character width and the separators), so
/// `maxShapes` worst-case shapes (about 79 MB) fit in `maxFileBytes`.

import Shapes

public enum DocumentLimits {
    /// The largest file read as a drawing: 80 MiB. Larger files are refused before being read.
    public static let maxFileBytes = 80 << 20
    /// The most shapes a drawing may hold.
    public static let maxShapes = 400_000
    /// A shape's width in px at 96 dpi (a stylus's lightest touch to a marker).
    public static let widths = 0.5...100.0

    /// Whether `width` may be saved as a shape's width.
    public static func isValidWidth(_ width: Float) -> Bool { widths.contains(Double(width)) }
    /// Every coordinate is finite and within ±1,000,000 px.
    public static let maxCoordinateMagnitude = 1_000_000.0
    /// Ids run from 1 to 2^53 − 1, so every id is also exact as a JSON (double) number elsewhere.
    public static let maxID: UInt64 = (1 << 53) - 1
    /// How deeply values the loader skips (unknown keys) may nest.
    public static let maxNesting = 64

    /// Whether `value` may be saved as a coordinate.
    public static func isValidCoordinate(_ value: Double) -> Bool {
        value.isFinite && value.magnitude <= maxCoordinateMagnitude
    }

    /// Whether `id` may be saved as a shape id.
    public static func isValidID(_ id: ShapeID) -> Bool { id.rawValue >= 1 && id.rawValue <= maxID }
}
