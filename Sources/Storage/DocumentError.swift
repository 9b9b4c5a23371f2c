/// A place in a document's text, for messages: 1-based line and column (in bytes).

import Shapes

public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) { self.line = line; self.column = column }

    /// The position of byte `offset` in `bytes`.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        self.init(line: line, column: offset - lineStart + 1)
    }

    public var description: String { "line \(line), column \(column)" }
}

/// Why bytes could not be read as a drawing. Every case has a one-line `description` for people.
///
/// All cases but `newerVersion` mean the file is damaged (see `isDamage`): the store keeps its bytes
/// aside and starts an empty drawing. A newer version is not damage: it is refused and left alone.
public enum DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is larger than `DocumentLimits.maxFileBytes` (checked before reading it).
    case tooLarge(byteCount: Int)
    /// Not JSON, or JSON of the wrong shape; the text says what was expected.
    case malformed(String, at: TextPosition)
    /// A required key ("format", "version", "shapes" (version 1: "lines"); "id", "kind", "begin", "end",
    /// "colour", "width" in a shape) is absent.
    case missingKey(String, at: TextPosition)
    /// A key appears twice in one object.
    case duplicateKey(String, at: TextPosition)
    /// A key this version of the format does not define.
    case unknownKey(String, at: TextPosition)
    /// A JSON document of some other format (its "format" value).
    case wrongFormat(String)
    /// A document from a newer version of the format: refused, never downgraded.
    case newerVersion(Int)
    /// A version number below 1.
    case unsupportedVersion(Int)
    /// More than `DocumentLimits.maxShapes` lines (detected while reading, before the rest is read).
    case tooManyShapes(at: TextPosition)
    /// A coordinate that is not finite or is beyond `DocumentLimits.maxCoordinateMagnitude`, as written.
    case coordinateOutOfRange(String, at: TextPosition)
    /// An id that is not a whole number from 1 to `DocumentLimits.maxID`, as written.
    case invalidID(String, at: TextPosition)
    /// Two lines with the same id.
    case duplicateID(ShapeID, at: TextPosition)
    /// A shape's "kind" is not "line", "circle" or "ink" (ink from version 3 on).
    case unknownKind(String, at: TextPosition)
    /// A shape's "colour" is not "#RRGGBB".
    case invalidColour(String, at: TextPosition)
    /// A shape's "width" is not a number within `DocumentLimits.widths`, as written.
    case widthOutOfRange(String, at: TextPosition)
    /// An ink stroke with more than `DocumentLimits.maxPointsPerStroke` points, or a drawing with more than
    /// `DocumentLimits.maxPoints` (detected while reading, before the rest is read).
    case tooManyPoints(at: TextPosition)
    /// A point's width (a fraction of the stroke's) beyond `DocumentLimits.pointWidths`.
    case pointWidthOutOfRange(String, at: TextPosition)

    /// True unless the document is merely newer than this program: such a file is intact.
    public var isDamage: Bool {
        if case .newerVersion = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .tooLarge(let byteCount):
            return "too large: \(byteCount) bytes (a drawing is at most \(DocumentLimits.maxFileBytes) bytes)"
        case .malformed(let what, let position):
            return "not a drawing: \(position): \(what)"
        case .missingKey(let key, let position):
            return "not a drawing: \(position): missing \"\(key)\""
        case .duplicateKey(let key, let position):
            return "not a drawing: \(position): \"\(key.printable)\" appears twice"
        case .unknownKey(let key, let position):
            return "not a drawing: \(position): unknown key \"\(key.printable)\""
        case .wrongFormat(let format):
            return "not a drawing: its format is \"\(format.printable)\", not \"\(DrawingFormat.name)\""
        case .newerVersion(let version):
            return "made by a newer TouchTracker (format version \(version); this one reads up to \(DrawingFormat.version))"
        case .unsupportedVersion(let version):
            return "not a drawing: format version \(version) does not exist"
        case .tooManyShapes(let position):
            return "too many shapes: \(position): a drawing holds at most \(DocumentLimits.maxShapes)"
        case .coordinateOutOfRange(let text, let position):
            return "not a drawing: \(position): coordinate \(text.printable) is beyond ±\(Int(DocumentLimits.maxCoordinateMagnitude))"
        case .invalidID(let text, let position):
            return "not a drawing: \(position): id \(text.printable) is not a whole number from 1 to \(DocumentLimits.maxID)"
        case .duplicateID(let id, let position):
            return "not a drawing: \(position): id \(id.rawValue) is used twice"
        case .unknownKind(let text, let position):
            return "not a drawing: \(position): kind \"\(text.printable)\" is not \"line\", \"circle\" or \"ink\""
        case .invalidColour(let text, let position):
            return "not a drawing: \(position): colour \"\(text.printable)\" is not #RRGGBB"
        case .widthOutOfRange(let text, let position):
            return "not a drawing: \(position): width \(text.printable) is not \(DocumentLimits.widths.lowerBound) to \(DocumentLimits.widths.upperBound) px"
        case .tooManyPoints(let position):
            return "too many points: \(position): an ink stroke holds at most \(DocumentLimits.maxPointsPerStroke), a drawing \(DocumentLimits.maxPoints)"
        case .pointWidthOutOfRange(let text, let position):
            return "not a drawing: \(position): a point's width \(text.printable) is not \(DocumentLimits.pointWidths.lowerBound) to \(DocumentLimits.pointWidths.upperBound) of the stroke's"
        }
    }
}

extension DocumentError {
    /// This error with its position in a larger text that holds the drawing read, beginning at `origin`
    /// (a drawing inside a recording of a session), so that a message points into that text.
    public func relocated(to origin: TextPosition) -> DocumentError {
        func moved(_ position: TextPosition) -> TextPosition {
            position.line == 1
                ? TextPosition(line: origin.line, column: origin.column + position.column - 1)
                : TextPosition(line: origin.line + position.line - 1, column: position.column)
        }
        switch self {
        case .malformed(let what, let position): return .malformed(what, at: moved(position))
        case .missingKey(let key, let position): return .missingKey(key, at: moved(position))
        case .duplicateKey(let key, let position): return .duplicateKey(key, at: moved(position))
        case .unknownKey(let key, let position): return .unknownKey(key, at: moved(position))
        case .tooManyShapes(let position): return .tooManyShapes(at: moved(position))
        case .coordinateOutOfRange(let text, let position): return .coordinateOutOfRange(text, at: moved(position))
        case .invalidID(let text, let position): return .invalidID(text, at: moved(position))
        case .duplicateID(let id, let position): return .duplicateID(id, at: moved(position))
        case .unknownKind(let text, let position): return .unknownKind(text, at: moved(position))
        case .invalidColour(let text, let position): return .invalidColour(text, at: moved(position))
        case .widthOutOfRange(let text, let position): return .widthOutOfRange(text, at: moved(position))
        case .tooManyPoints(let position): return .tooManyPoints(at: moved(position))
        case .pointWidthOutOfRange(let text, let position): return .pointWidthOutOfRange(text, at: moved(position))
        case .tooLarge, .wrongFormat, .newerVersion, .unsupportedVersion: return self
        }
    }
}

/// Why a drawing cannot be saved: it breaks a `DocumentLimits` bound (saving it would make a file
/// the loader refuses).
public enum DrawingEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More than `DocumentLimits.maxShapes` lines.
    case tooManyShapes(count: Int)
    /// The line has a coordinate that is not finite or is beyond ±`DocumentLimits.maxCoordinateMagnitude`.
    case coordinateOutOfRange(ShapeID)
    /// The line's id is beyond `DocumentLimits.maxID`.
    case invalidID(ShapeID)
    /// The shape's width is not within `DocumentLimits.widths`.
    case widthOutOfRange(ShapeID)
    /// The ink stroke has more than `DocumentLimits.maxPointsPerStroke` points, or a point's width is beyond
    /// `DocumentLimits.pointWidths`.
    case inkOutOfRange(ShapeID)
    /// The drawing's ink has more than `DocumentLimits.maxPoints` points.
    case tooManyPoints(count: Int)

    public var description: String {
        switch self {
        case .tooManyShapes(let count):
            return "the drawing has \(count) shapes; a file holds at most \(DocumentLimits.maxShapes)"
        case .coordinateOutOfRange(let id):
            return "shape \(id.rawValue) lies beyond ±\(Int(DocumentLimits.maxCoordinateMagnitude)) px"
        case .invalidID(let id):
            return "shape id \(id.rawValue) is beyond \(DocumentLimits.maxID)"
        case .widthOutOfRange(let id):
            return "shape \(id.rawValue) is not \(DocumentLimits.widths.lowerBound) to \(DocumentLimits.widths.upperBound) px wide"
        case .inkOutOfRange(let id):
            return "ink stroke \(id.rawValue) has more than \(DocumentLimits.maxPointsPerStroke) points or a point's width beyond \(DocumentLimits.pointWidths)"
        case .tooManyPoints(let count):
            return "the drawing's ink has \(count) points; a file holds at most \(DocumentLimits.maxPoints)"
        }
    }
}

extension String {
    /// The text made safe for a one-line message: control characters escaped, at most 40 characters.
    var printable: String {
        var result = ""
        for scalar in unicodeScalars.prefix(40) {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .format:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return unicodeScalars.count > 40 ? result + "…" : result
    }
}
