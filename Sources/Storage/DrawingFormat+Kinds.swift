import Shapes

// How each kind of shape is written and read: its name in "kind" and the keys of its geometry. The
// switches over the kinds are here, one function per kind each way.
//
//   kind      "kind"     geometry keys
//   line      "line"     "begin", "end": the line's ends
//   ellipse   "circle"   "begin", "end": opposite corners of the box the ellipse is inscribed in
//   ink       "ink"      "points": [[x,y],...], at least one; "widths": [w,...], one a point, only where the
//                        widths vary (each a fraction of the shape's "width", within
//                        `DocumentLimits.pointWidths`). Version 3 and later.
//
// Ink's numbers are `Float`s, as the stroke stores them, written in their own shortest form and read by
// their text (so a file read and written again is the same, byte for byte).

extension DrawingFormat {
    /// How a kind is written.
    static func kindName(_ kind: ShapeKind) -> String {
        switch kind {
        case .line: "line"
        case .ellipse: "circle"
        case .ink: "ink"
        }
    }

    /// The kind written `name`, if any, in a file of `version`.
    static func kind(named name: String, version: Int) -> ShapeKind? {
        ShapeKind.allCases.first { kindName($0) == name && version >= firstVersion(of: $0) }
    }

    /// The first version of the format that has `kind`: a drawing with no shape of a later version's kind
    /// is written as the earlier version, which the previous release reads.
    static func firstVersion(of kind: ShapeKind) -> Int {
        switch kind {
        case .line: 1
        case .ellipse: 2
        case .ink: 3
        }
    }

    /// Whether every coordinate of `geometry` is within the limits (a file can hold it).
    public static func isSavable(_ geometry: ShapeGeometry) -> Bool {
        switch geometry {
        case .line(let segment): isSavable(segment)
        case .ellipse(let box): isSavable(box)
        case .ink(let ink): isSavable(ink)
        }
    }

    /// Appends the keys of `geometry` (without the braces or a comma around them).
    static func append(_ geometry: ShapeGeometry, to bytes: inout [UInt8]) {
        switch geometry {
        case .line(let segment): appendLine(segment, to: &bytes)
        case .ellipse(let box): appendEllipse(box: box, to: &bytes)
        case .ink(let ink): appendInk(ink, to: &bytes)
        }
    }

    /// A line: `"begin":[x,y],"end":[x,y]`, its ends.
    private static func appendLine(_ segment: Segment, to bytes: inout [UInt8]) { appendEnds(segment, to: &bytes) }

    /// An ellipse: `"begin":[x,y],"end":[x,y]`, its box's corners.
    private static func appendEllipse(box: Segment, to bytes: inout [UInt8]) { appendEnds(box, to: &bytes) }

    /// Ink: `"points":[[x,y],...]`, then `"widths":[w,...]` where the widths vary.
    private static func appendInk(_ ink: Ink, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #""points":["#.utf8)
        for index in 0..<ink.count {
            if index > 0 { bytes.append(.comma) }
            let (x, y) = ink.storedPoint(index)
            bytes.append(.openBracket)
            bytes.append(contentsOf: x.description.utf8)
            bytes.append(.comma)
            bytes.append(contentsOf: y.description.utf8)
            bytes.append(.closeBracket)
        }
        bytes.append(.closeBracket)
        guard ink.hasWidths else { return }
        bytes.append(contentsOf: #","widths":["#.utf8)
        for index in 0..<ink.count {
            if index > 0 { bytes.append(.comma) }
            bytes.append(contentsOf: ink.storedWidth(index).description.utf8)
        }
        bytes.append(.closeBracket)
    }

    private static func isSavable(_ ink: Ink) -> Bool {
        guard ink.count <= DocumentLimits.maxPointsPerStroke else { return false }
        for index in 0..<ink.count {
            let (x, y) = ink.storedPoint(index)
            guard DocumentLimits.isValidCoordinate(Double(x)), DocumentLimits.isValidCoordinate(Double(y)) else { return false }
            if ink.hasWidths, !DocumentLimits.isValidPointWidth(ink.storedWidth(index)) { return false }
        }
        return true
    }

    private static func appendEnds(_ segment: Segment, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #""begin":["#.utf8)
        append(segment.begin, to: &bytes)
        bytes.append(contentsOf: #"],"end":["#.utf8)
        append(segment.end, to: &bytes)
        bytes.append(.closeBracket)
    }

    private static func isSavable(_ segment: Segment) -> Bool { isSavable(segment.begin) && isSavable(segment.end) }

    private static func isSavable(_ point: Point) -> Bool {
        DocumentLimits.isValidCoordinate(point.x) && DocumentLimits.isValidCoordinate(point.y)
    }

    private static func append(_ point: Point, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: point.x.description.utf8)
        bytes.append(.comma)
        bytes.append(contentsOf: point.y.description.utf8)
    }
}

/// The geometry keys of a shape as read, whatever its kind (they may come before "kind"): its kind's
/// reader takes those it needs.
struct GeometryKeys {
    var begin: Point?
    var end: Point?
    /// Ink's points as stored: x₀, y₀, x₁, y₁, …
    var points: [Float]?
    var widths: [Float]?
    /// Where each key read is (a key the kind does not have is an error there): fields, not a list, so that
    /// reading a shape allocates nothing for them.
    var beginAt = 0, endAt = 0, pointsAt = 0, widthsAt = 0

    /// The first key read, in the file's order, that a shape of `kind` does not have, and where it is.
    func foreignKey(for kind: ShapeKind) -> (key: String, offset: Int)? {
        let (first, second) = kind == .ink
            ? ((key: "begin", offset: begin.map { _ in beginAt }), (key: "end", offset: end.map { _ in endAt }))
            : ((key: "points", offset: points.map { _ in pointsAt }), (key: "widths", offset: widths.map { _ in widthsAt }))
        switch (first.offset, second.offset) {
        case (let one?, let other?): return one < other ? (first.key, one) : (second.key, other)
        case (let one?, nil): return (first.key, one)
        case (nil, let other?): return (second.key, other)
        case (nil, nil): return nil
        }
    }
}

extension DrawingDecoder {
    /// Reads the value of `key` (at `offset`) into `keys` when it is a geometry key; false when it is none.
    /// (`version` is the file's: ink's keys are version 3's.)
    mutating func read(_ key: String, into keys: inout GeometryKeys, at offset: Int, version: Int) throws(DocumentError) -> Bool {
        switch key {
        case "begin": (keys.begin, keys.beginAt) = (try readPoint(once: keys.begin, key, at: offset), offset)
        case "end": (keys.end, keys.endAt) = (try readPoint(once: keys.end, key, at: offset), offset)
        case "points" where version >= 3:
            guard keys.points == nil else { throw .duplicateKey(key, at: scanner.position(at: offset)) }
            (keys.points, keys.pointsAt) = (try readInkPoints(), offset)
        case "widths" where version >= 3:
            guard keys.widths == nil else { throw .duplicateKey(key, at: scanner.position(at: offset)) }
            (keys.widths, keys.widthsAt) = (try readInkWidths(), offset)
        default: return false
        }
        return true
    }

    /// `[[x,y],...]`: at least one point, at most `DocumentLimits.maxPointsPerStroke`.
    private mutating func readInkPoints() throws(DocumentError) -> [Float] {
        try scanner.expect(.openBracket, "expected '[' to begin an ink stroke's points")
        guard !scanner.consume(.closeBracket) else { throw scanner.unexpected("expected an ink stroke's first point") }
        var coordinates: [Float] = []
        repeat {
            scanner.skipWhitespace()
            guard coordinates.count < 2 * DocumentLimits.maxPointsPerStroke else { throw .tooManyPoints(at: scanner.position) }
            try scanner.expect(.openBracket, "expected '[' to begin a point [x, y]")
            coordinates.append(try readInkCoordinate())
            try scanner.expect(.comma, "expected ',' between x and y")
            coordinates.append(try readInkCoordinate())
            try scanner.expect(.closeBracket, "expected ']' to end a point [x, y]")
        } while try scanner.continues(before: .closeBracket)
        return coordinates
    }

    /// A coordinate judged by its text, exactly, and stored as the `Float` nearest to its text.
    private mutating func readInkCoordinate() throws(DocumentError) -> Float {
        let number = try scanner.readDouble()
        let limit = DocumentLimits.maxCoordinateMagnitude
        guard scanner.isWithin(-limit...limit, number), let value = scanner.nearestFloat(number) else {
            throw .coordinateOutOfRange(scanner.text(number.text), at: scanner.position(at: number.text.lowerBound))
        }
        return value + 0  // −0 is stored as 0
    }

    /// `[w,...]`: each within `DocumentLimits.pointWidths`.
    private mutating func readInkWidths() throws(DocumentError) -> [Float] {
        try scanner.expect(.openBracket, "expected '[' to begin an ink stroke's widths")
        var widths: [Float] = []
        if scanner.consume(.closeBracket) { return widths }
        repeat {
            scanner.skipWhitespace()
            guard widths.count < DocumentLimits.maxPointsPerStroke else { throw .tooManyPoints(at: scanner.position) }
            let number = try scanner.readDouble()
            guard scanner.isWithin(DocumentLimits.pointWidths, number), let value = scanner.nearestFloat(number) else {
                throw .pointWidthOutOfRange(scanner.text(number.text), at: scanner.position(at: number.text.lowerBound))
            }
            widths.append(value)
        } while try scanner.continues(before: .closeBracket)
        return widths
    }

    /// A point for `key`, whose value is `current` so far: a key given twice is an error.
    private mutating func readPoint(once current: Point?, _ key: String, at offset: Int) throws(DocumentError) -> Point {
        guard current == nil else { throw .duplicateKey(key, at: scanner.position(at: offset)) }
        return try readPoint()
    }

    /// The geometry of a shape of `kind` from the keys read; a key it needs and lacks is an error.
    func geometry(of kind: ShapeKind, from keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry {
        if let other = keys.foreignKey(for: kind) { throw .unknownKey(other.key, at: scanner.position(at: other.offset)) }
        return switch kind {
        case .line: try lineGeometry(keys)
        case .ellipse: try ellipseGeometry(keys)
        case .ink: try inkGeometry(keys)
        }
    }

    private func inkGeometry(_ keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry {
        guard let points = keys.points else { throw .missingKey("points", at: scanner.position) }
        if let widths = keys.widths, 2 * widths.count != points.count {
            throw .malformed("an ink stroke has \(points.count / 2) points and \(widths.count) widths", at: scanner.position)
        }
        return .ink(Ink(coordinates: points, widths: keys.widths))
    }

    private func lineGeometry(_ keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry { .line(try ends(keys)) }

    private func ellipseGeometry(_ keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry { .ellipse(box: try ends(keys)) }

    private func ends(_ keys: GeometryKeys) throws(DocumentError) -> Segment {
        guard let begin = keys.begin else { throw .missingKey("begin", at: scanner.position) }
        guard let end = keys.end else { throw .missingKey("end", at: scanner.position) }
        return Segment(begin: begin, end: end)
    }
}
