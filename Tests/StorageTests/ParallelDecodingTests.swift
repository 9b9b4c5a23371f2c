import Shapes
@testable import Storage
import Testing

/// A large file's shapes are read on every core (DrawingDecoder+Parallel): the result is the sequential
/// read's, shape for shape, and a problem anywhere is the same one-line error, with its line and column, as
/// when the shapes are read one after another.
@Suite("Opening a large drawing on every core")
struct ParallelDecodingTests {
    /// `count` shapes of every kind and style, with growing ids: what the program writes (line 2 onward, a
    /// shape a line).
    private func drawing(_ count: Int) -> Drawing {
        Drawing(shapes: (1...count).map { index in
            let x = Double(index % 997), y = Double(index / 997)
            let segment = Segment(begin: Point(x: x, y: y), end: Point(x: x + 40.25, y: y - 7.5))
            return Shape(id: ShapeID(UInt64(index)), geometry: index % 3 == 0 ? .ellipse(box: segment) : .line(segment),
                         style: ShapeStyle(colour: index % 2 == 0 ? .black : Colour(red: 30, green: 80, blue: 220), width: Double(1 + index % 16)))
        })
    }

    private func lines(_ drawing: Drawing) throws -> [String] {
        String(decoding: try DrawingFormat.encode(drawing), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func decode(_ lines: [String]) throws(DocumentError) -> Drawing {
        try DrawingFormat.decode(Array(lines.joined(separator: "\n").utf8))
    }

    @Test func aLargeFileIsCutIntoPartsThatMeetAndReadsAsWritten() throws {
        let original = drawing(15_000)
        let bytes = try DrawingFormat.encode(original)
        #expect(bytes.count > DrawingDecoder.parallelThreshold, "large enough to be read in parts")
        // The parts are really taken (on a machine with more than one core).
        let parts = bytes.withUnsafeBufferPointer { buffer -> Int? in
            var decoder = DrawingDecoder(JSONScanner(buffer))
            let list = Array("\"shapes\":[".utf8)
            guard let at = (0..<buffer.count).first(where: { Array(buffer[$0..<$0 + list.count]) == list }) else { return nil }
            decoder.scanner.offset = at + list.count
            decoder.scanner.skipWhitespace()
            return decoder.readShapesInParallel(version: 2)?.count
        }
        #expect(parts == (Parallel.cores > 1 ? 15_000 : nil))
        #expect(try DrawingFormat.decode(bytes) == original)
    }

    @Test(arguments: [2, 7_000, 14_999, 15_001])
    func aWidthOutOfRangeAnywhereIsTheSameErrorAtTheSameLine(line: Int) throws {
        var text = try lines(drawing(15_000))
        let row = text[line - 1].replacingOccurrences(of: #""width":"#, with: #""width":100.5,"x":"#)
        text[line - 1] = row
        let column = row.utf8.distance(from: row.startIndex, to: row.range(of: "100.5")!.lowerBound) + 1
        let expected = DocumentError.widthOutOfRange("100.5", at: TextPosition(line: line, column: column))
        #expect(throws: expected) { try decode(text) }
    }

    @Test func anIdRepeatedInAnotherPartIsRefusedWhereItRepeats() throws {
        var text = try lines(drawing(15_000))
        text[13_000] = text[13_000].replacingOccurrences(of: #"{"id":13000,"#, with: #"{"id":10,"#)
        #expect(throws: DocumentError.duplicateID(ShapeID(10), at: TextPosition(line: 13_001, column: 1))) { try decode(text) }
    }

    @Test func idsThatDoNotGrowButNeverRepeatAreRead() throws {
        var original = drawing(15_000).shapes
        original.swapAt(5, 14_000)
        let text = try lines(Drawing(shapes: original))
        #expect(try decode(text).shapes.map(\.geometry) == original.sorted { $0.id < $1.id }.map(\.geometry), "in the order of their ids")
    }

    @Test func aFileWrittenOnOneLineIsReadOneShapeAfterAnother() throws {
        let original = drawing(15_000)
        let text = try lines(original)
        let oneLine = text.joined(separator: "")
        #expect(try DrawingFormat.decode(Array(oneLine.utf8)) == original)
    }

    @Test func anEmptyObjectWhereAPartWouldBeginIsTheSequentialReadersError() throws {
        var text = try lines(drawing(15_000))
        text[7_500] += "\n{},"  // a line of its own after line 7,501: where a part may begin
        #expect(throws: DocumentError.missingKey("id", at: TextPosition(line: 7_502, column: 3))) { try decode(text) }
    }
}
