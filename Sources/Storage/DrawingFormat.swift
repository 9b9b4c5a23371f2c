// The drawing file: versioned JSON, read strictly, written deterministically.
//
// Reading starts at `DrawingFormat.decode` (DrawingDecoder.swift drives JSONScanner.swift); the file
// on disk is handled by `DocumentStore` (open, atomic save, damaged files kept aside).

import Shapes

/// The file format of a drawing, version 3 (written when the drawing has ink; else version 2, the same
/// without ink, which the previous release reads):
///
///     {"format":"touchtracker-drawing","version":3,"shapes":[
///     {"id":1,"kind":"line","begin":[10.0,20.5],"end":[300.0,40.0],"colour":"#000000","width":10.0},
///     {"id":2,"kind":"circle","begin":[0.0,0.0],"end":[120.0,80.0],"colour":"#1E50DC","width":5.0},
///     {"id":3,"kind":"ink","points":[[5.0,5.0],[9.5,7.25],[20.0,6.0]],"colour":"#000000","width":10.0},
///     {"id":4,"kind":"ink","points":[[5.0,50.0],[30.0,52.0]],"widths":[0.5,1.0],"colour":"#000000","width":8.0}
///     ]}
///
/// - "format" names the format; "version" is a whole number. A version above `version` is refused
///   (`DocumentError.newerVersion`), never read as if it were this one.
/// - "shapes" lists the finished shapes; an id is a whole number from 1 to `DocumentLimits.maxID`,
///   unique in the drawing; "kind" is "line" (from "begin" to "end") or "circle" (inscribed in the box
///   with "begin" and "end" at opposite corners); "begin" and "end" are `[x, y]` pairs of finite numbers
///   within ±`DocumentLimits.maxCoordinateMagnitude`; "colour" is "#RRGGBB" (sRGB); "width" is the
///   stroke's width in px at 96 dpi, within `DocumentLimits.widths`. "ink" (version 3) is a freehand stroke
///   drawn as a smooth curve through "points" (at most `DocumentLimits.maxPointsPerStroke`, and
///   `DocumentLimits.maxPoints` in a drawing), each point's width a fraction of "width" given in "widths"
///   where the widths vary (one a point), else none. Every other key is required. Shapes in
///   progress are not saved. Each kind's geometry keys are read and written in DrawingFormat+Kinds.swift.
/// - Version 1 had "lines" instead of "shapes", each with only "id", "begin" and "end": straight lines,
///   black, 10 px. It is still read (a drawing opened from it is saved as version 2 after its first edit).
/// - Keys may come in any order; a key given twice, a key the version does not define and anything
///   after the object are errors. The size limits are in `DocumentLimits`.
///
/// Encoding is deterministic: keys in the order above, shapes by id, one line of text per shape,
/// numbers in Swift's shortest round-trip form; so `encode(decode(encode(d)))` equals `encode(d)`
/// byte for byte.
public enum DrawingFormat {
    /// The value of "format".
    public static let name = "touchtracker-drawing"
    /// The newest version this program reads, and the one it writes when the drawing has ink.
    public static let version = 3

    /// The file's bytes for `drawing` (its finished shapes).
    public static func encode(_ drawing: Drawing) throws(DrawingEncodingError) -> [UInt8] {
        guard drawing.shapes.count <= DocumentLimits.maxShapes else {
            throw .tooManyShapes(count: drawing.shapes.count)
        }
        guard drawing.inkPointCount <= DocumentLimits.maxPoints else { throw .tooManyPoints(count: drawing.inkPointCount) }
        // The earliest version that has every kind the drawing holds.
        let version = drawing.inkPointCount > 0 ? 3 : 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + 64 * drawing.shapes.count + 16 * drawing.inkPointCount)
        bytes.append(contentsOf: #"{"format":"\#(name)","version":\#(version),"shapes":["#.utf8)
        for (index, shape) in drawing.shapes.enumerated() {
            guard DocumentLimits.isValidID(shape.id) else { throw .invalidID(shape.id) }
            guard isSavable(shape.geometry) else {
                throw shape.kind == .ink ? .inkOutOfRange(shape.id) : .coordinateOutOfRange(shape.id)
            }
            guard DocumentLimits.isValidWidth(shape.style.storedWidth) else { throw .widthOutOfRange(shape.id) }
            // Piece by piece rather than interpolated: saving a large drawing blocks the window meanwhile.
            bytes.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
            bytes.append(contentsOf: #"{"id":"#.utf8)
            bytes.append(contentsOf: shape.id.rawValue.description.utf8)
            bytes.append(contentsOf: #","kind":""#.utf8)
            bytes.append(contentsOf: kindName(shape.kind).utf8)
            bytes.append(contentsOf: #"","#.utf8)
            append(shape.geometry, to: &bytes)
            bytes.append(contentsOf: #","colour":""#.utf8)
            shape.style.colour.appendHex(to: &bytes)
            bytes.append(contentsOf: #"","width":"#.utf8)
            bytes.append(contentsOf: shape.style.storedWidth.description.utf8)
            bytes.append(.closeBrace)
        }
        bytes.append(contentsOf: drawing.shapes.isEmpty ? "]}\n".utf8 : "\n]}\n".utf8)
        return bytes
    }


    /// The drawing in `bytes`, or the first reason they are not one (`DocumentError.description`
    /// is a one-line message).
    public static func decode(_ bytes: [UInt8]) throws(DocumentError) -> Drawing {
        guard bytes.count <= DocumentLimits.maxFileBytes else { throw .tooLarge(byteCount: bytes.count) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DocumentError) -> Drawing in
            var decoder = DrawingDecoder(JSONScanner(buffer))
            return try decoder.decodeDrawing()
        }
    }
}
