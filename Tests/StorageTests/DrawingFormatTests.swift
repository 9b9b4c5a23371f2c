import DrawingTesting
import Foundation
import Shapes
@testable import Storage
import Testing

private func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Segment {
    Segment(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
}

private func text(_ drawing: Drawing) throws -> String {
    String(decoding: try DrawingFormat.encode(drawing), as: UTF8.self)
}

private func decode(_ text: String) throws(DocumentError) -> Drawing {
    try DrawingFormat.decode(Array(text.utf8))
}

@Suite struct DrawingFormatTests {
    @Test func anEmptyDrawingIsWrittenAsAnEmptyListOfShapes() throws {
        #expect(try text(Drawing()) == #"{"format":"touchtracker-drawing","version":2,"shapes":[]}"# + "\n")
    }

    /// A file manager knows a drawing by its first bytes, whatever its name: the magic of the MIME type that
    /// `make install` installs (assets/io.github.touchtracker.TouchTracker.mime.xml) is how the writer begins
    /// every drawing, so reordering the writer's keys fails here rather than on users' desktops.
    @Test func everyDrawingBeginsWithTheMagicOfItsMimeType() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets")
        let xml = try String(contentsOf: assets.appendingPathComponent("io.github.touchtracker.TouchTracker.mime.xml"),
                             encoding: .utf8)
        let attributes = try #require(xml.split(separator: "<match ").dropFirst().first?.split(separator: ">").first)
        #expect(attributes.contains(#"type="string" offset="0""#))
        let value = try #require(attributes.split(separator: #"value=""#).dropFirst().first?.split(separator: "\"").first)
        let magic = value.replacingOccurrences(of: "&quot;", with: "\"")
        #expect(magic == #"{"format":"\#(DrawingFormat.name)""#)
        var drawing = Drawing()
        #expect(try text(drawing).hasPrefix(magic))
        drawing.add(.ellipse(box: segment(10, 20.5, 300, 40)), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 5))
        #expect(try text(drawing).hasPrefix(magic))
    }

    @Test func shapesAreWrittenOnePerTextLineInIdOrderWithKeysInAFixedOrder() throws {
        var drawing = Drawing()
        drawing.add(.line(segment(10, 20.5, 300, 40)))
        drawing.add(.ellipse(box: segment(0, 0, 1.5, -2)), style: ShapeStyle(colour: Colour(hex: 0x1E50DC), width: 9.37))
        #expect(try text(drawing) == """
            {"format":"touchtracker-drawing","version":2,"shapes":[
            {"id":1,"kind":"line","begin":[10.0,20.5],"end":[300.0,40.0],"colour":"#000000","width":10.0},
            {"id":2,"kind":"circle","begin":[0.0,0.0],"end":[1.5,-2.0],"colour":"#1E50DC","width":9.37}
            ]}

            """)
    }

    @Test func aVersion1FileOpensAsBlackLinesOfTheStandardWidth() throws {
        let drawing = try decode("""
            {"format":"touchtracker-drawing","version":1,"lines":[
            {"id":1,"begin":[10.0,20.5],"end":[300.0,40.0]}
            ]}
            """)
        #expect(drawing.shapes == [Shape(id: ShapeID(1), geometry: .line(segment(10, 20.5, 300, 40)), style: .standard)])
    }

    @Test func eachVersionHasItsOwnListAndItsOwnKeys() {
        #expect(throws: DocumentError.unknownKey("shapes", at: TextPosition(line: 1, column: 46))) {
            try decode(#"{"format":"touchtracker-drawing","version":1,"shapes":[]}"#)
        }
        #expect(throws: DocumentError.unknownKey("kind", at: TextPosition(line: 1, column: 63))) {
            try decode(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":1,"kind":"line","begin":[0,0],"end":[1,1]}]}"#)
        }
        #expect(throws: DocumentError.missingKey("colour", at: TextPosition(line: 1, column: 114))) {
            try decode(#"{"format":"touchtracker-drawing","version":2,"shapes":[{"id":1,"kind":"line","begin":[0,0],"end":[1,1],"width":2}]}"#)
        }
    }

    /// A version 2 document holding one shape whose key `key` has the text `value`.
    private func document(_ key: String, _ value: String) -> String {
        var fields = [("id", "1"), ("kind", #""line""#), ("begin", "[0,0]"), ("end", "[1,1]"), ("colour", ##""#000000""##), ("width", "2")]
        fields = fields.map { $0.0 == key ? ($0.0, value) : $0 }
        let shape = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        return #"{"format":"touchtracker-drawing","version":2,"shapes":["# + shape + "]}"
    }

    @Test(arguments: ["square", "LINE"])
    func anUnknownKindIsDamageNamedWhereItIs(kind: String) {
        let error = #expect(throws: DocumentError.self) { try decode(document("kind", "\"\(kind)\"")) }
        #expect(error?.description == "not a drawing: line 1, column 71: kind \"\(kind)\" is not \"line\", \"circle\" or \"ink\"")
    }

    @Test(arguments: [##""#1E50DCC""##, ##""#1E50D""##, #""red""#])
    func aColourThatIsNotHashRRGGBBIsDamage(colour: String) {
        let error = #expect(throws: DocumentError.self) { try decode(document("colour", colour)) }
        #expect(error?.isDamage == true && error?.description.contains("is not #RRGGBB") == true)
    }

    @Test func aColourIsReadInEitherCase() throws {
        #expect(try decode(document("colour", ##""#1e50dc""##)).shapes.first?.style.colour == Colour(hex: 0x1E50DC))
    }

    @Test(arguments: ["0.49", "100.5", "-1", "1e9"])
    func aWidthOutsideTheLimitsIsDamage(width: String) {
        let error = #expect(throws: DocumentError.self) { try decode(document("width", width)) }
        #expect(error?.description.contains("width \(width) is not 0.5 to 100.0 px") == true, "\(String(describing: error))")
    }

    @Test func circlesColoursAndWidthsSurviveARoundTripExactly() throws {
        var drawing = Drawing()
        for (index, width) in [0.5, 2, 5, 10, 16, 9.37, 100, 3.141_59].enumerated() {
            let box = segment(Double(index), 0, 50, 40.25)
            drawing.add(index % 2 == 0 ? .ellipse(box: box) : .line(box),
                        style: ShapeStyle(colour: Colour(hex: UInt32(index) * 0x12_3456), width: width))
        }
        let bytes = try DrawingFormat.encode(drawing)
        #expect(try DrawingFormat.decode(bytes).shapes == drawing.shapes)
        #expect(try DrawingFormat.encode(DrawingFormat.decode(bytes)) == bytes)
    }

    @Test func aDrawingSurvivesARoundTripExactly() throws {
        var drawing = Drawing()
        let awkward: [Double] = [0, -0.0, 0.1, 1e-5, .leastNonzeroMagnitude, -123456.78901234567, 1e6, -1e6, 2.0 / 3.0, .leastNormalMagnitude]
        for (index, value) in awkward.enumerated() {
            drawing.add(.line(segment(value, -value, awkward[(index + 1) % awkward.count], 42)))
        }
        drawing.remove(ShapeID(3))  // Ids need not be contiguous.
        let bytes = try DrawingFormat.encode(drawing)
        let loaded = try DrawingFormat.decode(bytes)
        #expect(loaded.shapes == drawing.shapes)
        #expect(loaded.shapes.map { $0.geometry.segment.begin.x.bitPattern } == drawing.shapes.map { $0.geometry.segment.begin.x.bitPattern })
        #expect(loaded.nextID == drawing.nextID)
        #expect(try DrawingFormat.encode(loaded) == bytes)
    }

    @Test func aHandWrittenDocumentWithWhitespaceEscapesAndAnyKeyOrderLoads() throws {
        let drawing = try decode("""
             \t{ "lines" : [ { "end" : [ 3 , 4e0 ] , "begin" : [ -1.5E+1, 0 ], "\\u0069d" : 7 } ] ,
              "version" : 1, "for\\u006Dat": "touchtracker-drawing" }\r\n
            """)
        #expect(drawing.shapes == [Shape(id: ShapeID(7), geometry: .line(segment(-15, 0, 3, 4)))])
        #expect(drawing.nextID == ShapeID(8))
    }

    @Test func shapesOutOfIdOrderAreSortedIntoDrawingOrder() throws {
        let drawing = try decode(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9,"begin":[0,0],"end":[1,1]},{"id":2,"begin":[0,0],"end":[2,2]}]}"#)
        #expect(drawing.shapes.map(\.id) == [ShapeID(2), ShapeID(9)])
    }

    @Test func theLargestIdAndCoordinatesAtTheBoundsLoad() throws {
        let drawing = try decode(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9007199254740991,"begin":[1000000,-1000000],"end":[1e6,-1.0e+6]}]}"#)
        #expect(drawing.shapes.first?.id == ShapeID(DocumentLimits.maxID))
    }

    @Test func aDrawingBeyondTheLimitsIsNotWritten() {
        #expect(throws: DrawingEncodingError.coordinateOutOfRange(ShapeID(1))) {
            var drawing = Drawing(); drawing.add(.line(segment(0, 0, 1_000_000.5, 0)))
            return try DrawingFormat.encode(drawing)
        }
        #expect(throws: DrawingEncodingError.coordinateOutOfRange(ShapeID(1))) {
            var drawing = Drawing(); drawing.add(.line(segment(.nan, 0, 0, 0)))
            return try DrawingFormat.encode(drawing)
        }
        #expect(throws: DrawingEncodingError.invalidID(ShapeID(DocumentLimits.maxID + 1))) {
            try DrawingFormat.encode(Drawing(shapes: [Shape(id: ShapeID(DocumentLimits.maxID + 1), geometry: .line(segment(0, 0, 0, 0)))]))
        }
        let tooMany = (1...(DocumentLimits.maxShapes + 1)).map { Shape(id: ShapeID(UInt64($0)), geometry: .line(segment(0, 0, 0, 0))) }
        #expect(throws: DrawingEncodingError.tooManyShapes(count: DocumentLimits.maxShapes + 1)) {
            _ = try DrawingFormat.encode(Drawing(shapes: tooMany))  // not returned: a failure would print 80 MB
        }
    }

    @Test func theLongestPossibleDrawingFitsInTheFileSizeLimit() throws {
        let longest = -2.2250738585072014e-308  // 24 characters: the longest shortest-form Double in bounds.
        #expect(longest.description.utf8.count == 24)
        // The longest width: of every Float from 0.5 to 100, 0.5's neighbour has the longest shortest form.
        let widest = Float(0.5).nextUp
        #expect(widest.description == "0.50000006" && DocumentLimits.isValidWidth(widest))
        let shape = Shape(id: ShapeID(DocumentLimits.maxID), geometry: .ellipse(box: segment(longest, longest, longest, longest)), style: ShapeStyle(colour: Colour(hex: 0xABCDEF), width: Double(widest)))
        let one = try DrawingFormat.encode(Drawing(shapes: [shape])).count
        let none = try DrawingFormat.encode(Drawing()).count
        let perShape = one - none  // Each shape adds its text and a ",\n" or "\n" around it.
        #expect(perShape == 197)
        #expect(none + perShape * DocumentLimits.maxShapes <= DocumentLimits.maxFileBytes)
    }

    @Test func aNewerVersionIsRefusedAsNewerAndNotAsDamage() throws {
        let error = #expect(throws: DocumentError.self) {
            try decode(#"{"lines":{"shape":"changed in v2"},"version":4,"format":"touchtracker-drawing"}"#)
        }
        #expect(error == .newerVersion(4))
        #expect(error?.isDamage == false)
        #expect(error?.description == "made by a newer TouchTracker (format version 4; this one reads up to 3)")
    }
}
