import Testing
@testable import Document

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
    @Test func anEmptyDrawingIsWrittenAsAnEmptyListOfLines() throws {
        #expect(try text(Drawing()) == #"{"format":"touchtracker-drawing","version":1,"lines":[]}"# + "\n")
    }

    @Test func linesAreWrittenOnePerTextLineInIdOrderWithKeysInAFixedOrder() throws {
        var drawing = Drawing()
        drawing.add(segment(10, 20.5, 300, 40))
        drawing.add(segment(0, 0, 1.5, -2))
        #expect(try text(drawing) == """
            {"format":"touchtracker-drawing","version":1,"lines":[
            {"id":1,"begin":[10.0,20.5],"end":[300.0,40.0]},
            {"id":2,"begin":[0.0,0.0],"end":[1.5,-2.0]}
            ]}

            """)
    }

    @Test func aDrawingSurvivesARoundTripExactly() throws {
        var drawing = Drawing()
        let awkward: [Double] = [0, -0.0, 0.1, 1e-5, .leastNonzeroMagnitude, -123456.78901234567, 1e6, -1e6, 2.0 / 3.0, .leastNormalMagnitude]
        for (index, value) in awkward.enumerated() {
            drawing.add(segment(value, -value, awkward[(index + 1) % awkward.count], 42))
        }
        drawing.remove(LineID(3))  // Ids need not be contiguous.
        let bytes = try DrawingFormat.encode(drawing)
        let loaded = try DrawingFormat.decode(bytes)
        #expect(loaded.lines == drawing.lines)
        #expect(loaded.lines.map { $0.begin.x.bitPattern } == drawing.lines.map { $0.begin.x.bitPattern })
        #expect(loaded.nextID == drawing.nextID)
        #expect(try DrawingFormat.encode(loaded) == bytes)
    }

    @Test func aHandWrittenDocumentWithWhitespaceEscapesAndAnyKeyOrderLoads() throws {
        let drawing = try decode("""
             \t{ "lines" : [ { "end" : [ 3 , 4e0 ] , "begin" : [ -1.5E+1, 0 ], "\\u0069d" : 7 } ] ,
              "version" : 1, "for\\u006Dat": "touchtracker-drawing" }\r\n
            """)
        #expect(drawing.lines == [Line(id: LineID(7), segment: segment(-15, 0, 3, 4))])
        #expect(drawing.nextID == LineID(8))
    }

    @Test func linesOutOfIdOrderAreSortedIntoDrawingOrder() throws {
        let drawing = try decode(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9,"begin":[0,0],"end":[1,1]},{"id":2,"begin":[0,0],"end":[2,2]}]}"#)
        #expect(drawing.lines.map(\.id) == [LineID(2), LineID(9)])
    }

    @Test func theLargestIdAndCoordinatesAtTheBoundsLoad() throws {
        let drawing = try decode(#"{"format":"touchtracker-drawing","version":1,"lines":[{"id":9007199254740991,"begin":[1000000,-1000000],"end":[1e6,-1.0e+6]}]}"#)
        #expect(drawing.lines.first?.id == LineID(DocumentLimits.maxID))
    }

    @Test func aDrawingBeyondTheLimitsIsNotWritten() {
        #expect(throws: DrawingEncodingError.coordinateOutOfRange(LineID(1))) {
            var drawing = Drawing(); drawing.add(segment(0, 0, 1_000_000.5, 0))
            return try DrawingFormat.encode(drawing)
        }
        #expect(throws: DrawingEncodingError.coordinateOutOfRange(LineID(1))) {
            var drawing = Drawing(); drawing.add(segment(.nan, 0, 0, 0))
            return try DrawingFormat.encode(drawing)
        }
        #expect(throws: DrawingEncodingError.invalidID(LineID(DocumentLimits.maxID + 1))) {
            try DrawingFormat.encode(Drawing(lines: [Line(id: LineID(DocumentLimits.maxID + 1), segment: segment(0, 0, 0, 0))]))
        }
        let tooMany = (1...(DocumentLimits.maxLines + 1)).map { Line(id: LineID(UInt64($0)), segment: segment(0, 0, 0, 0)) }
        #expect(throws: DrawingEncodingError.tooManyLines(count: DocumentLimits.maxLines + 1)) {
            try DrawingFormat.encode(Drawing(lines: tooMany))
        }
    }

    @Test func theLongestPossibleDrawingFitsInTheFileSizeLimit() throws {
        let longest = -2.2250738585072014e-308  // 24 characters: the longest shortest-form Double in bounds.
        #expect(longest.description.utf8.count == 24)
        let line = Line(id: LineID(DocumentLimits.maxID), segment: segment(longest, longest, longest, longest))
        let one = try DrawingFormat.encode(Drawing(lines: [line])).count
        let none = try DrawingFormat.encode(Drawing()).count
        let perLine = one - none  // Each line adds its text and a ",\n" or "\n" around it.
        #expect(perLine == 143)
        #expect(none + perLine * DocumentLimits.maxLines <= DocumentLimits.maxFileBytes)
    }

    @Test func aNewerVersionIsRefusedAsNewerAndNotAsDamage() throws {
        let error = #expect(throws: DocumentError.self) {
            try decode(#"{"lines":{"shape":"changed in v2"},"version":2,"format":"touchtracker-drawing"}"#)
        }
        #expect(error == .newerVersion(2))
        #expect(error?.isDamage == false)
        #expect(error?.description == "made by a newer TouchTracker (format version 2; this one reads up to 1)")
    }
}
