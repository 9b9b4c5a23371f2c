/// The bounds every saved drawing keeps, checked on load and on save (the saver never writes a
/// file the loader would refuse).
///
/// The limits fit together: the longest shape the encoder can write is 197 bytes (a 16-digit id,
/// "circle", four 24-character coordinates, a colour, a 10-character width and the separators), an ink
/// stroke's at most that (its keys and empty lists) plus 45 bytes a point (two 15-character `Float`
/// coordinates, an 11-character width and the separators), so `maxShapes` worst-case shapes and `maxPoints`
/// worst-case points (about 79 + 13.5 MB) fit in `maxFileBytes`. A file at these limits opens to its first
/// frame within about a second (`startup_to_first_frame_ms_ink_limit` in the bench).

import Shapes

public enum DocumentLimits {
    /// The largest file read as a drawing: 96 MiB. Larger files are refused before being read.
    public static let maxFileBytes = 96 << 20
    /// The most shapes a drawing may hold.
    public static let maxShapes = 400_000
    /// A shape's width in px at 96 dpi (a stylus's lightest touch to a marker).
    public static let widths = 0.5...100.0

    /// The most points an ink stroke may hold: a longer one being drawn is finished there and a new one
    /// continues. (Simplified, a 2 s scribble keeps under 100.)
    public static let maxPointsPerStroke = 10_000
    /// The most points a drawing's ink strokes may hold together.
    public static let maxPoints = 300_000
    /// A point's width as a fraction of its stroke's (`ShapeStyle.width`, the widest point's).
    public static let pointWidths = 0.01...1.0

    /// Whether `width` may be saved as a point's width (a fraction of its stroke's).
    public static func isValidPointWidth(_ width: Float) -> Bool { pointWidths.contains(Double(width)) }

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
