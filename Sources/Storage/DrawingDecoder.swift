/// Reads the drawing format (see `DrawingFormat`) from a `JSONScanner`.
///
/// The top-level object is read first with its list of shapes only skipped, so "format" and "version"
/// are judged wherever they appear: a newer version is refused before its shapes are looked at (they
/// may have another form). Then the shapes ("lines" in version 1) are read strictly, stopping as soon
/// as a limit is passed.
/// (So as not to read them twice, the shapes are read strictly where they stand, by the reader their
/// key names, and kept for the end; should that fail, they are skipped as described and the failure is
/// the end's, as if read then.)

import Shapes

struct DrawingDecoder {
    var scanner: JSONScanner

    init(_ scanner: JSONScanner) { self.scanner = scanner }

    mutating func decodeDrawing() throws(DocumentError) -> Drawing {
        try scanner.expect(.openBrace, "expected '{' to begin the drawing")
        var format: String?
        var version: Int?
        // "lines" (version 1) or "shapes": where the key is, and the list as read where it stands.
        var lists: [String: (key: Int, read: Result<[Shape], DocumentError>)] = [:]
        var unknownKey: (key: String, offset: Int)?
        var keys = Set<String>()
        if !scanner.consume(.closeBrace) {
            repeat {
                let (key, keyOffset) = try scanner.readKey(unique: &keys)
                switch key {
                case "format": format = try readFormat()
                case "version": version = try readVersion()
                case "lines", "shapes":
                    scanner.skipWhitespace()
                    let start = scanner.offset
                    // The version may come after the list: "shapes" is read as the newest version's, whose
                    // keys are a superset of the earlier ones', and judged by the version below.
                    let read = Result { () throws(DocumentError) in try readShapes(version: key == "lines" ? 1 : DrawingFormat.version) }
                    if case .failure = read {
                        scanner.offset = start
                        try scanner.skipValue()
                    }
                    lists[key] = (keyOffset, read)
                default:
                    if unknownKey == nil { unknownKey = (key, keyOffset) }
                    try scanner.skipValue()
                }
            } while try scanner.continues(before: .closeBrace)
        }
        let end = scanner.offset
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.unexpected("expected the end of the file after the drawing") }

        guard let format else { throw .missingKey("format", at: scanner.position(at: end)) }
        guard format == DrawingFormat.name else { throw .wrongFormat(format) }
        guard let version else { throw .missingKey("version", at: scanner.position(at: end)) }
        guard version <= DrawingFormat.version else { throw .newerVersion(version) }
        guard version >= 1 else { throw .unsupportedVersion(version) }
        let listKey = version == 1 ? "lines" : "shapes", otherKey = version == 1 ? "shapes" : "lines"
        if let other = lists[otherKey], unknownKey.map({ other.key < $0.offset }) ?? true { unknownKey = (otherKey, other.key) }
        if let unknownKey { throw .unknownKey(unknownKey.key, at: scanner.position(at: unknownKey.offset)) }
        guard let list = lists[listKey] else { throw .missingKey(listKey, at: scanner.position(at: end)) }
        let shapes = try list.read.get()
        // A kind later than the file's version (ink in a version 2 file) is not a kind that version has.
        if let shape = shapes.first(where: { DrawingFormat.firstVersion(of: $0.kind) > version }) {
            throw .unknownKind(DrawingFormat.kindName(shape.kind), at: scanner.position(at: list.key))
        }
        return Drawing(shapes: shapes)
    }

    private mutating func readFormat() throws(DocumentError) -> String {
        scanner.skipWhitespace()
        guard scanner.peek == .quote else { throw scanner.unexpected("expected the format's name (a string)") }
        return try scanner.readString()
    }

    private mutating func readVersion() throws(DocumentError) -> Int {
        scanner.skipWhitespace()
        let start = scanner.offset
        let text = try scanner.readNumberText()
        guard let version = Int(text) else {
            throw .malformed("version \(text.printable) is not a whole number", at: scanner.position(at: start))
        }
        return version
    }

    private mutating func readShapes(version: Int) throws(DocumentError) -> [Shape] {
        try scanner.expect(.openBracket, "expected '[' to begin the lines")
        var shapes: [Shape] = []
        // While ids only grow (as the program writes them) none can repeat: the set of ids seen is made
        // only once one does not.
        var ids: Set<ShapeID>?
        var points = 0
        if scanner.consume(.closeBracket) { return shapes }
        scanner.skipWhitespace()
        if let shapes = readShapesInParallel(version: version) { return shapes }
        repeat {
            scanner.skipWhitespace()
            let start = scanner.offset
            guard shapes.count < DocumentLimits.maxShapes else { throw .tooManyShapes(at: scanner.position(at: start)) }
            let shape = try readShape(version: version)
            if ids == nil, let last = shapes.last, shape.id <= last.id { ids = Set(shapes.lazy.map(\.id)) }
            if ids?.insert(shape.id).inserted == false { throw .duplicateID(shape.id, at: scanner.position(at: start)) }
            points += shape.geometry.inkPointCount
            guard points <= DocumentLimits.maxPoints else { throw .tooManyPoints(at: scanner.position(at: start)) }
            shapes.append(shape)
        } while try scanner.continues(before: .closeBracket)
        return shapes
    }

    /// The keys of a shape's members, the most frequent first (`JSONScanner.readString(mostOften:)`).
    static let shapeKeys = JSONScanner.KnownStrings(["id", "begin", "end", "kind", "colour", "width", "points", "widths"])

    /// A shape: in version 2 "id", "kind", "begin", "end", "colour" and "width", all required; in version 1
    /// (lines) "id", "begin" and "end" alone, read as black lines 10 px wide.
    mutating func readShape(version: Int) throws(DocumentError) -> Shape {
        try scanner.expect(.openBrace, version == 1 ? "expected '{' to begin a line" : "expected '{' to begin a shape")
        var id: ShapeID?
        var kind: ShapeKind?
        var geometryKeys = GeometryKeys()
        var colour: Colour?
        var width: Double?
        if !scanner.consume(.closeBrace) {
            repeat {
                scanner.skipWhitespace()
                let keyOffset = scanner.offset
                let key = try scanner.readString(mostOften: Self.shapeKeys)
                try scanner.expect(.colon, "expected ':'")
                func once<Value>(_ value: Value?) throws(DocumentError) {
                    guard value == nil else { throw .duplicateKey(key, at: scanner.position(at: keyOffset)) }
                }
                switch key {
                case "id": try once(id); id = try readID()
                case "kind" where version > 1: try once(kind); kind = try readKind()
                case "colour" where version > 1: try once(colour); colour = try readColour()
                case "width" where version > 1: try once(width); width = try readWidth()
                default:
                    // A key of some kind's geometry (DrawingFormat+Kinds.swift), or none the version defines.
                    guard try read(key, into: &geometryKeys, at: keyOffset, version: version) else {
                        throw .unknownKey(key, at: scanner.position(at: keyOffset))
                    }
                }
            } while try scanner.continues(before: .closeBrace)
        }
        if version == 1 { (kind, colour, width) = (.line, .black, ShapeStyle.standardWidth) }
        guard let id else { throw .missingKey("id", at: scanner.position) }
        guard let kind else { throw .missingKey("kind", at: scanner.position) }
        let geometry = try self.geometry(of: kind, from: geometryKeys)
        guard let colour else { throw .missingKey("colour", at: scanner.position) }
        guard let width else { throw .missingKey("width", at: scanner.position) }
        return Shape(id: id, geometry: geometry, style: ShapeStyle(colour: colour, width: width))
    }

    private mutating func readKind() throws(DocumentError) -> ShapeKind {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard scanner.peek == .quote else { throw scanner.unexpected("expected the shape's kind (a string)") }
        let text = try scanner.readString()
        guard let kind = DrawingFormat.kind(named: text, version: DrawingFormat.version) else {
            throw .unknownKind(text, at: scanner.position(at: start))
        }
        return kind
    }

    private mutating func readColour() throws(DocumentError) -> Colour {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard scanner.peek == .quote else { throw scanner.unexpected("expected a colour (a string \"#RRGGBB\")") }
        let text = try scanner.readString()
        guard let colour = Colour(parsing: text) else { throw .invalidColour(text, at: scanner.position(at: start)) }
        return colour
    }

    private mutating func readWidth() throws(DocumentError) -> Double {
        scanner.skipWhitespace()
        let start = scanner.offset
        let number = try scanner.readDouble()
        // Judged by the number as written, exactly: 100.000001 is beyond 100 even though its Float is 100.
        let text = scanner.text(number.text)
        guard scanner.isWithin(DocumentLimits.widths, number), let value = Float(text) else {
            throw .widthOutOfRange(text, at: scanner.position(at: start))
        }
        return Double(value)  // rounded once, from the text (the Double would round it twice)
    }

    private mutating func readID() throws(DocumentError) -> ShapeID {
        scanner.skipWhitespace()
        let start = scanner.offset
        let text = try scanner.readNumberText()
        // Digits only: no sign, fraction or exponent (UInt64("1e2") is nil, as is an overflow).
        guard let value = UInt64(text), DocumentLimits.isValidID(ShapeID(value)) else {
            throw .invalidID(text, at: scanner.position(at: start))
        }
        return ShapeID(value)
    }

    mutating func readPoint() throws(DocumentError) -> Point {
        try scanner.expect(.openBracket, "expected '[' to begin a point [x, y]")
        let x = try readCoordinate()
        try scanner.expect(.comma, "expected ',' between x and y")
        let y = try readCoordinate()
        try scanner.expect(.closeBracket, "expected ']' to end a point [x, y]")
        return Point(x: x, y: y)
    }

    private mutating func readCoordinate() throws(DocumentError) -> Double {
        let number = try scanner.readDouble()
        guard scanner.isWithin(-DocumentLimits.maxCoordinateMagnitude...DocumentLimits.maxCoordinateMagnitude, number) else {
            throw .coordinateOutOfRange(scanner.text(number.text), at: scanner.position(at: number.text.lowerBound))
        }
        return number.value
    }
}
