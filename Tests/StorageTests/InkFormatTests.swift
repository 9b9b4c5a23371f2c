import Shapes
@testable import Storage
import Testing

private func decode(_ text: String) throws(DocumentError) -> Drawing {
    try DrawingFormat.decode(Array(text.utf8))
}

private func text(_ drawing: Drawing) throws -> String {
    String(decoding: try DrawingFormat.encode(drawing), as: UTF8.self)
}

private let header3 = #"{"format":"touchtracker-drawing","version":3,"shapes":["#

@Suite("Storage: ink in format version 3")
struct InkFormatTests {
    private func stroke(_ count: Int, widths: Bool = false) -> Ink {
        let points: [Point] = (0..<count).map { (i: Int) -> Point in Point(x: Double(i) * 0.5 + 0.25, y: Double(i % 7) * 1.125) }
        let varying: [Double]? = widths ? (0..<count).map { (i: Int) -> Double in 0.25 + Double(i % 4) * 0.25 } : nil
        return Ink(points: points, widths: varying)
    }

    @Test func inkIsWrittenAsVersion3AndReadBackTheSame() throws {
        var drawing = Drawing()
        _ = drawing.add(.line(Segment(begin: Point(x: 1, y: 2), end: Point(x: 3, y: 4))))
        _ = drawing.add(.ink(Ink(points: [Point(x: 5, y: 5), Point(x: 9.5, y: 7.25), Point(x: 20, y: 6)])))
        _ = drawing.add(.ink(Ink(points: [Point(x: 5, y: 50), Point(x: 30, y: 52)], widths: [0.5, 1])), style: ShapeStyle(colour: .black, width: 8))
        let written = try text(drawing)
        #expect(written == """
            {"format":"touchtracker-drawing","version":3,"shapes":[
            {"id":1,"kind":"line","begin":[1.0,2.0],"end":[3.0,4.0],"colour":"#000000","width":10.0},
            {"id":2,"kind":"ink","points":[[5.0,5.0],[9.5,7.25],[20.0,6.0]],"colour":"#000000","width":10.0},
            {"id":3,"kind":"ink","points":[[5.0,50.0],[30.0,52.0]],"widths":[0.5,1.0],"colour":"#000000","width":8.0}
            ]}

            """)
        let read = try decode(written)
        #expect(read == drawing)
        #expect(try text(read) == written, "read and written again, byte for byte")
        let long = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .ink(stroke(5_000, widths: true)))])
        #expect(try decode(text(long)) == long)
    }

    @Test func aDrawingWithoutInkIsStillWrittenAsVersion2() throws {
        var drawing = Drawing()
        let id = drawing.add(.ink(stroke(3)))
        _ = drawing.add(.ellipse(box: Segment(begin: Point(x: 0, y: 0), end: Point(x: 8, y: 8))))
        #expect(try text(drawing).hasPrefix(header3))
        _ = drawing.remove(id)
        #expect(try text(drawing).hasPrefix(#"{"format":"touchtracker-drawing","version":2,"#), "the previous release reads it")
    }

    /// The previous release (version 2) refuses a version 3 file by its number, untouched, before reading
    /// its shapes: a newer version is never read as damage. This one refuses version 4 so.
    @Test func versionsAreJudgedByNumber() throws {
        let error = #expect(throws: DocumentError.self) {
            try decode(#"{"format":"touchtracker-drawing","version":4,"shapes":[{"id":1,"kind":"spline"}]}"#)
        }
        #expect(error == .newerVersion(4) && error?.isDamage == false)
        // Ink is version 3's: a version 2 file holding ink is not a version 2 file.
        #expect(throws: DocumentError.unknownKind("ink", at: TextPosition(line: 1, column: 46))) {
            try decode(##"{"format":"touchtracker-drawing","version":2,"shapes":[{"id":1,"kind":"ink","points":[[1,2]],"colour":"#000000","width":1}]}"##)
        }
        // Each kind has only its own keys.
        #expect(throws: DocumentError.self) {
            try decode(header3 + ##"{"id":1,"kind":"line","begin":[0,0],"end":[1,1],"points":[[1,2]],"colour":"#000000","width":1}]}"##)
        }
        #expect(throws: DocumentError.self) {
            try decode(header3 + ##"{"id":1,"kind":"ink","begin":[0,0],"points":[[1,2]],"colour":"#000000","width":1}]}"##)
        }
    }

    @Test func badInkIsRefusedWithAReason() {
        func refused(_ shape: String) -> DocumentError? {
            #expect(throws: DocumentError.self) { try decode(header3 + shape + "]}") }
        }
        #expect(refused(##"{"id":1,"kind":"ink","points":[],"colour":"#000000","width":1}"##) != nil)
        #expect(refused(##"{"id":1,"kind":"ink","colour":"#000000","width":1}"##)?.description.contains("missing \"points\"") == true)
        #expect(refused(##"{"id":1,"kind":"ink","points":[[1,2],[3,4]],"widths":[1],"colour":"#000000","width":1}"##)?
            .description.contains("2 points and 1 widths") == true)
        #expect(refused(##"{"id":1,"kind":"ink","points":[[1,2]],"widths":[1.0000001],"colour":"#000000","width":1}"##)?
            .description.contains("a point's width 1.0000001") == true)
        #expect(refused(##"{"id":1,"kind":"ink","points":[[1,2]],"widths":[0.0099999999],"colour":"#000000","width":1}"##) != nil)
        #expect(refused(##"{"id":1,"kind":"ink","points":[[1000000.0000001,2]],"colour":"#000000","width":1}"##)?
            .description.contains("coordinate 1000000.0000001") == true, "judged by its text, exactly")
    }

    @Test func aDrawingWithTheMostPointsIsReadAndOneMoreIsNot() throws {
        let full = DocumentLimits.maxPointsPerStroke
        let most = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .ink(stroke(full)))])
        #expect(try decode(text(most)).inkPointCount == full)
        let tooLong = Drawing(shapes: [Shape(id: ShapeID(1), geometry: .ink(stroke(full + 1)))])
        #expect(throws: DrawingEncodingError.inkOutOfRange(ShapeID(1))) { _ = try DrawingFormat.encode(tooLong) }
        let written = try text(most).replacingOccurrences(of: "]],", with: "],[1,1]],")
        let tooMany = #expect(throws: DocumentError.self) { try decode(written) }
        guard case .tooManyPoints = tooMany else { Issue.record("\(String(describing: tooMany))"); return }
        let strokes = DocumentLimits.maxPoints / full
        let fileFull = Drawing(shapes: (1...strokes).map { Shape(id: ShapeID(UInt64($0)), geometry: .ink(stroke(full))) })
        #expect(fileFull.inkPointCount == DocumentLimits.maxPoints)
        let bytes = try DrawingFormat.encode(fileFull)
        #expect(try DrawingFormat.decode(bytes).inkPointCount == DocumentLimits.maxPoints)
        let over = Drawing(shapes: fileFull.shapes + [Shape(id: ShapeID(UInt64(strokes + 1)), geometry: .ink(stroke(1)))])
        #expect(throws: DrawingEncodingError.tooManyPoints(count: DocumentLimits.maxPoints + 1)) { _ = try DrawingFormat.encode(over) }
        var overText = bytes
        overText.removeLast(4)  // "\n]}\n"
        overText.append(contentsOf: ##",{"id":99999,"kind":"ink","points":[[1,1]],"colour":"#000000","width":1}]}"##.utf8)
        let error = #expect(throws: DocumentError.self) { _ = try DrawingFormat.decode(overText) }
        guard case .tooManyPoints = error else { Issue.record("\(String(describing: error))"); return }
    }

    /// The longest point the encoder can write: two 15-character Float coordinates and an 11-character width
    /// with their separators, 45 bytes; so the most points with the most shapes fit in the file size limit.
    @Test func theLongestInkFitsInTheFileSizeLimitWithTheMostShapes() throws {
        let x = Float(-1.00000005e-38).nextDown, width = Float(0.012345679)
        let longest = [Float(-0.00012345679), Float(-1.2345679e-38), x].map(\.description.utf8.count).max()!
        #expect(longest <= 15)
        #expect(width.description.utf8.count == 11 && DocumentLimits.isValidPointWidth(width))
        func size(_ count: Int) throws -> Int {
            let coordinates = [Float](repeating: Float(-1.2345679e-38), count: 2 * count)
            let ink = Ink(coordinates: coordinates, widths: [Float](repeating: width, count: count))
            let shape = Shape(id: ShapeID(DocumentLimits.maxID), geometry: .ink(ink), style: ShapeStyle(colour: .black, width: Double(Float(0.5).nextUp)))
            return try DrawingFormat.encode(Drawing(shapes: [shape])).count
        }
        let perPoint = try size(2) - size(1)
        #expect(perPoint <= 45)
        let none = try DrawingFormat.encode(Drawing()).count
        #expect(try size(1) - none - perPoint <= 197, "a stroke's keys are no longer than the longest shape's")
        #expect(none + 197 * DocumentLimits.maxShapes + 45 * DocumentLimits.maxPoints <= DocumentLimits.maxFileBytes)
    }
}
