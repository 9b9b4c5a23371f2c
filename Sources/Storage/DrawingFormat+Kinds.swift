import Shapes

// How each kind of shape is written and read: its name in "kind" and the keys of its geometry. The
// switches over the kinds are here, one function per kind each way.
//
//   kind      "kind"     geometry keys
//   line      "line"     "begin", "end": the line's ends
//   ellipse   "circle"   "begin", "end": opposite corners of the box the ellipse is inscribed in

extension DrawingFormat {
    /// How a kind is written.
    static func kindName(_ kind: ShapeKind) -> String {
        switch kind {
        case .line: "line"
        case .ellipse: "circle"
        }
    }

    /// The kind written `name`, if any.
    static func kind(named name: String) -> ShapeKind? {
        ShapeKind.allCases.first { kindName($0) == name }
    }

    /// Whether every coordinate of `geometry` is within the limits (a file can hold it).
    public static func isSavable(_ geometry: ShapeGeometry) -> Bool {
        switch geometry {
        case .line(let segment): isSavable(segment)
        case .ellipse(let box): isSavable(box)
        }
    }

    /// Appends the keys of `geometry` (without the braces or a comma around them).
    static func append(_ geometry: ShapeGeometry, to bytes: inout [UInt8]) {
        switch geometry {
        case .line(let segment): appendLine(segment, to: &bytes)
        case .ellipse(let box): appendEllipse(box: box, to: &bytes)
        }
    }

    /// A line: `"begin":[x,y],"end":[x,y]`, its ends.
    private static func appendLine(_ segment: Segment, to bytes: inout [UInt8]) { appendEnds(segment, to: &bytes) }

    /// An ellipse: `"begin":[x,y],"end":[x,y]`, its box's corners.
    private static func appendEllipse(box: Segment, to bytes: inout [UInt8]) { appendEnds(box, to: &bytes) }

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
}

extension DrawingDecoder {
    /// Reads the value of `key` (at `offset`) into `keys` when it is a geometry key; false when it is none.
    mutating func read(_ key: String, into keys: inout GeometryKeys, at offset: Int) throws(DocumentError) -> Bool {
        switch key {
        case "begin": keys.begin = try readPoint(once: keys.begin, key, at: offset)
        case "end": keys.end = try readPoint(once: keys.end, key, at: offset)
        default: return false
        }
        return true
    }

    /// A point for `key`, whose value is `current` so far: a key given twice is an error.
    private mutating func readPoint(once current: Point?, _ key: String, at offset: Int) throws(DocumentError) -> Point {
        guard current == nil else { throw .duplicateKey(key, at: scanner.position(at: offset)) }
        return try readPoint()
    }

    /// The geometry of a shape of `kind` from the keys read; a key it needs and lacks is an error.
    func geometry(of kind: ShapeKind, from keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry {
        switch kind {
        case .line: try lineGeometry(keys)
        case .ellipse: try ellipseGeometry(keys)
        }
    }

    private func lineGeometry(_ keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry { .line(try ends(keys)) }

    private func ellipseGeometry(_ keys: GeometryKeys) throws(DocumentError) -> ShapeGeometry { .ellipse(box: try ends(keys)) }

    private func ends(_ keys: GeometryKeys) throws(DocumentError) -> Segment {
        guard let begin = keys.begin else { throw .missingKey("begin", at: scanner.position) }
        guard let end = keys.end else { throw .missingKey("end", at: scanner.position) }
        return Segment(begin: begin, end: end)
    }
}
