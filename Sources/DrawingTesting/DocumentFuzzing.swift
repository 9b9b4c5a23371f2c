import SeededRandom
import Shapes
import Storage

/// A seeded fuzzer for the loader, shared by the test suite (100k documents) and the bench's long
/// mode: valid documents are damaged (truncated, bits flipped, bytes and JSON tokens inserted,
/// deleted, duplicated) and decoded. The loader must never crash; every rejection must be a
/// one-line message; every acceptance must be a drawing within the limits that round-trips.
/// The same seed always makes the same documents.
public enum DocumentFuzzing {
    /// What a run found.
    public struct Report: Sendable, CustomStringConvertible {
        public var documents = 0
        public var accepted = 0
        public var rejected = 0
        /// The kinds of rejection seen (`DocumentError` case names), with counts.
        public var rejectionsByKind: [String: Int] = [:]
        /// Broken properties, as "seed/document: what" (at most the first 10).
        public var failures: [String] = []

        public var description: String {
            let kinds = rejectionsByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(documents) documents: \(accepted) accepted, \(rejected) rejected (\(kinds)); \(failures.count) failures"
        }
    }

    /// Decodes `count` damaged documents made from `seed` and checks each outcome.
    public static func run(seed: UInt64, count: Int) -> Report {
        var random = SeededGenerator(seed: seed)
        var report = Report()
        var original: [UInt8] = []
        for index in 0..<count {
            if index % 64 == 0 { original = randomDocument(using: &random) }
            let damaged = damage(original, using: &random)
            report.documents += 1
            do {
                let drawing = try DrawingFormat.decode(damaged)
                report.accepted += 1
                if let problem = problemWithAccepted(drawing) { report.fail("\(seed)/\(index): \(problem)") }
            } catch {
                report.rejected += 1
                report.rejectionsByKind[error.kind, default: 0] += 1
                let message = error.description
                if message.isEmpty || message.contains("\n") || message.utf8.count > 300 {
                    report.fail("\(seed)/\(index): not a one-line message: \(message.debugDescription)")
                }
            }
        }
        return report
    }

    /// Why an accepted drawing breaks the format's promises, or nil.
    private static func problemWithAccepted(_ drawing: Drawing) -> String? {
        guard drawing.shapes.count <= DocumentLimits.maxShapes else { return "too many shapes accepted" }
        guard Set(drawing.shapes.map(\.id)).count == drawing.shapes.count else { return "duplicate ids accepted" }
        for shape in drawing.shapes {
            guard DocumentLimits.isValidID(shape.id) else { return "id \(shape.id) accepted" }
            let ends = shape.geometry.segment
            for value in [ends.begin.x, ends.begin.y, ends.end.x, ends.end.y] where !DocumentLimits.isValidCoordinate(value) {
                return "coordinate \(value) accepted"
            }
            guard DocumentLimits.isValidWidth(shape.style.storedWidth) else { return "width \(shape.style.width) accepted" }
        }
        do {
            let bytes = try DrawingFormat.encode(drawing)
            let again = try DrawingFormat.decode(bytes)
            guard again == drawing else { return "an accepted drawing changes in a round trip" }
            guard try DrawingFormat.encode(again) == bytes else { return "re-encoding is not byte-equal" }
        } catch {
            return "an accepted drawing does not round-trip: \(error)"
        }
        return nil
    }

    /// `randomDrawing` as a document's bytes.
    public static func randomDocument(using random: inout SeededGenerator) -> [UInt8] {
        // Valid by construction: ids rise from 1 and coordinates stay in bounds.
        (try? DrawingFormat.encode(randomDrawing(using: &random))) ?? []
    }

    /// A valid drawing of 0 to 5 shapes (lines and circles, in any colour and width) with awkward numbers.
    public static func randomDrawing(using random: inout SeededGenerator) -> Drawing {
        let awkward: [Double] = [0, -0.0, 1, -1, 0.1, 1e-7, .leastNonzeroMagnitude, 123.456, 999_999.999, -1_000_000, 1_000_000]
        func coordinate() -> Double {
            if random.next() % 2 == 0 { return awkward[Int(random.next() % UInt64(awkward.count))] }
            let numerator: Int64 = Int64(random.next() % 2_000_001) - 1_000_000
            let denominator: UInt64 = 1 + random.next() % 1000
            return Double(numerator) / Double(denominator)
        }
        var shapes: [Shape] = []
        var id: UInt64 = 0
        for _ in 0..<random.next() % 6 {
            id += 1 + random.next() % 3
            let colour = Colour(hex: UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF)
            let widths: [Double] = [0.5, 2, 10, 16, 9.374_512_3, 100]
            let style = ShapeStyle(colour: colour, width: widths[Int(random.next() % UInt64(widths.count))])
            let segment = Segment(begin: Point(x: coordinate(), y: coordinate()), end: Point(x: coordinate(), y: coordinate()))
            shapes.append(Shape(id: ShapeID(id), geometry: random.next() % 3 == 0 ? .ellipse(box: segment) : .line(segment),
                                style: style))
        }
        return Drawing(shapes: shapes)
    }

    /// Fragments that make interesting damage when spliced into a document.
    private static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "-", ".", "e", "0", "1", " ", "\n",
        "null", "true", "NaN", "Infinity", "1e999", "-1e999", "1e-400", "-0", "0.5", "01", "1.", "1e", "+1",
        "9007199254740991", "9007199254740992", "18446744073709551616", "1000000.0000001",
        "\"id\"", "\"begin\"", "\"end\"", "\"lines\"", "\"shapes\"", "\"format\"", "\"version\"", "\"version\":1",
        "\"version\":3", "\"version\":0", "\"kind\"", "\"line\"", "\"circle\"", "\"colour\"", "\"#1E50DC\"", "\"#1E50D\"",
        "\"width\"", "0.4", "100.1", "{\"id\":1,\"begin\":[0,0],\"end\":[1,1]}", "[[[[[[[[", "\"\\ud800\"", "\"\\u0041\"", "\"\\x\"",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x00], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80]]

    /// `bytes` with one to four random kinds of damage.
    public static func damage(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0...random.next() % 4 {
            let position = result.isEmpty ? 0 : Int(random.next() % UInt64(result.count))
            switch random.next() % 8 {
            case 0:  // Truncate, as a crash mid-write would without atomic saves.
                result.removeSubrange(position...)
            case 1:  // Flip a bit.
                if !result.isEmpty { result[position] ^= 1 << (random.next() % 8) }
            case 2:  // Overwrite a byte.
                if !result.isEmpty { result[position] = UInt8(truncatingIfNeeded: random.next()) }
            case 3:  // Delete a short run.
                result.removeSubrange(position..<min(result.count, position + 1 + Int(random.next() % 8)))
            case 4:  // Duplicate a short run elsewhere.
                let run = Array(result[position..<min(result.count, position + 1 + Int(random.next() % 16))])
                result.insert(contentsOf: run, at: result.isEmpty ? 0 : Int(random.next() % UInt64(result.count + 1)))
            case 5, 6:  // Insert a token.
                result.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
            default:  // Replace a run with a token.
                let end = min(result.count, position + 1 + Int(random.next() % 6))
                result.replaceSubrange(position..<end, with: tokens[Int(random.next() % UInt64(tokens.count))])
            }
        }
        return result
    }
}

extension DocumentFuzzing.Report {
    fileprivate mutating func fail(_ failure: String) {
        if failures.count < 10 { failures.append(failure) }
    }
}

extension DocumentError {
    /// The case's name, for counting rejections by kind.
    var kind: String {
        switch self {
        case .tooLarge: "tooLarge"
        case .malformed: "malformed"
        case .missingKey: "missingKey"
        case .duplicateKey: "duplicateKey"
        case .unknownKey: "unknownKey"
        case .wrongFormat: "wrongFormat"
        case .newerVersion: "newerVersion"
        case .unsupportedVersion: "unsupportedVersion"
        case .tooManyShapes: "tooManyShapes"
        case .coordinateOutOfRange: "coordinateOutOfRange"
        case .invalidID: "invalidID"
        case .duplicateID: "duplicateID"
        case .unknownKind: "unknownKind"
        case .invalidColour: "invalidColour"
        case .widthOutOfRange: "widthOutOfRange"
        case .tooManyPoints: "tooManyPoints"
        case .pointWidthOutOfRange: "pointWidthOutOfRange"
        }
    }
}
