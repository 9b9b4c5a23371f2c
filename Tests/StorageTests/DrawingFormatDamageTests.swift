import Shapes
@testable import Storage
import Testing

/// A valid version-1 document with `lines` spliced in as its "lines" text.
private func document(lines: String) -> String {
    #"{"format":"touchtracker-drawing","version":1,"lines":[\#(lines)]}"#
}

private let goodLine = #"{"id":1,"begin":[0,0],"end":[1,1]}"#

/// Decoding `bytes` fails with exactly `expected`, a damage error with a one-line message.
private func expectRejection(bytes: [UInt8], _ expected: DocumentError, sourceLocation: SourceLocation = #_sourceLocation) {
    // The drawing is not returned: should it decode, the failure must not print it (400,000 shapes).
    let error = #expect(throws: DocumentError.self, sourceLocation: sourceLocation) { _ = try DrawingFormat.decode(bytes) }
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error?.isDamage == true, sourceLocation: sourceLocation)
    #expect(error.map { !$0.description.contains("\n") } == true, sourceLocation: sourceLocation)
}

private func expectRejection(_ text: String, _ expected: DocumentError, sourceLocation: SourceLocation = #_sourceLocation) {
    expectRejection(bytes: Array(text.utf8), expected, sourceLocation: sourceLocation)
}


@Suite struct DrawingFormatDamageTests {
    @Test func garbageIsNotADrawing() {
        expectRejection(bytes: [0x89] + Array("PNG\r\n".utf8), .malformed("expected '{' to begin the drawing, found byte 0x89", at: TextPosition(line: 1, column: 1)))
        expectRejection("", .malformed("expected '{' to begin the drawing, found the end of the file", at: TextPosition(line: 1, column: 1)))
        expectRejection("[1, 2]", .malformed("expected '{' to begin the drawing, found '['", at: TextPosition(line: 1, column: 1)))
        expectRejection("{} {}", .malformed("expected the end of the file after the drawing, found '{'", at: TextPosition(line: 1, column: 4)))
    }

    @Test func aTruncatedDocumentSaysWhereItEnds() {
        let full = document(lines: goodLine)
        expectRejection(String(full.dropLast(3)), .malformed("expected ',' or '}', found the end of the file", at: TextPosition(line: 1, column: 88)))
        expectRejection(String(full.prefix(20)), .malformed("expected '\"' to end the string, found the end of the file", at: TextPosition(line: 1, column: 21)))
    }

    @Test func valuesOfTheWrongTypeAreRejected() {
        expectRejection(document(lines: #"{"id":"1","begin":[0,0],"end":[1,1]}"#), .malformed("expected a number, found '\"'", at: TextPosition(line: 1, column: 61)))
        expectRejection(document(lines: #"{"id":1,"begin":{"x":0},"end":[1,1]}"#), .malformed("expected '[' to begin a point [x, y], found '{'", at: TextPosition(line: 1, column: 71)))
        expectRejection(document(lines: #"{"id":1,"begin":[0,0,0],"end":[1,1]}"#), .malformed("expected ']' to end a point [x, y], found ','", at: TextPosition(line: 1, column: 75)))
        expectRejection(document(lines: #"{"id":1,"begin":[null,0],"end":[1,1]}"#), .malformed("expected a number, found 'n'", at: TextPosition(line: 1, column: 72)))
        expectRejection(#"{"format":"touchtracker-drawing","version":"1","lines":[]}"#, .malformed("expected a number, found '\"'", at: TextPosition(line: 1, column: 44)))
        expectRejection(#"{"format":1,"version":1,"lines":[]}"#, .malformed("expected the format's name (a string), found '1'", at: TextPosition(line: 1, column: 11)))
        expectRejection(#"{"format":"touchtracker-drawing","version":1,"lines":{}}"#, .malformed("expected '[' to begin the lines, found '{'", at: TextPosition(line: 1, column: 54)))
        expectRejection(#"{"format":"touchtracker-drawing","version":1.5,"lines":[]}"#, .malformed("version 1.5 is not a whole number", at: TextPosition(line: 1, column: 44)))
    }

    @Test func nonFiniteNumbersAreRejected() {
        // JSON has no NaN or Infinity; files that say so anyway are not JSON.
        expectRejection(document(lines: #"{"id":1,"begin":[NaN,0],"end":[1,1]}"#), .malformed("expected a value, found 'N'", at: TextPosition(line: 1, column: 72)))
        expectRejection(document(lines: #"{"id":1,"begin":[Infinity,0],"end":[1,1]}"#), .malformed("expected a value, found 'I'", at: TextPosition(line: 1, column: 72)))
        expectRejection(document(lines: #"{"id":1,"begin":[-Infinity,0],"end":[1,1]}"#), .malformed("expected a number, found 'I'", at: TextPosition(line: 1, column: 73)))
        // A number too large for a Double reads as infinity, which is out of range.
        expectRejection(document(lines: #"{"id":1,"begin":[1e999,0],"end":[1,1]}"#), .coordinateOutOfRange("1e999", at: TextPosition(line: 1, column: 72)))
    }

    @Test func coordinatesBeyondTheBoundsAreRejected() {
        expectRejection(document(lines: #"{"id":1,"begin":[0,-1000000.5],"end":[1,1]}"#), .coordinateOutOfRange("-1000000.5", at: TextPosition(line: 1, column: 74)))
        expectRejection(document(lines: #"{"id":1,"begin":[0,0],"end":[1e7,1]}"#), .coordinateOutOfRange("1e7", at: TextPosition(line: 1, column: 84)))
    }

    /// A version-2 document of one line ending at x = `x` with width `width`, both as written.
    private func shapeDocument(x: String = "1", width: String = "10") -> (text: String, xColumn: Int, widthColumn: Int) {
        let head = #"{"format":"touchtracker-drawing","version":2,"shapes":[{"id":1,"kind":"line","begin":[0,0],"end":["#
        let middle = ##",1],"colour":"#000000","width":"##
        return (head + x + middle + width + "}]}", head.utf8.count + 1, head.utf8.count + x.utf8.count + middle.utf8.count + 1)
    }

    @Test(arguments: ["0.5", "100", "100.0", "1e2", "5e-1", "0.50000000000000000000", "99.99999999", "0.500000001",
                      "0.50000000000000000001", "99.999999999999999999"])
    func widthsWithinTheLimitsAreAccepted(width: String) throws {
        #expect(try DrawingFormat.decode(Array(shapeDocument(width: width).text.utf8)).shapes.count == 1)
    }

    @Test(arguments: ["0.49999999", "100.000001", "0.4999999999999999999999999", "100.00000000000000000001", "1.00000000000000000001e2", "0"])
    func widthsBeyondTheLimitsAreRefusedEvenWhereTheirFloatIsWithin(width: String) {
        let document = shapeDocument(width: width)
        expectRejection(document.text, .widthOutOfRange(width, at: TextPosition(line: 1, column: document.widthColumn)))
    }

    @Test(arguments: ["1000000", "-1e6", "1000000.000", "999999.99999999999999999", "-999999.99999999999999999", "0.1e7", "-0"])
    func coordinatesAtTheLimitAreAccepted(x: String) throws {
        #expect(try DrawingFormat.decode(Array(shapeDocument(x: x).text.utf8)).shapes.count == 1)
    }

    @Test(arguments: ["1000000.00000000000000000001", "-1000000.00000000000000000001", "1.0000000000000000000001e6", "1000000.0000000001"])
    func coordinatesBeyondTheLimitAreRefusedEvenWhereTheirDoubleIsAtIt(x: String) {
        let document = shapeDocument(x: x)
        expectRejection(document.text, .coordinateOutOfRange(x, at: TextPosition(line: 1, column: document.xColumn)))
    }

    @Test func idsMustBeWholePositiveAndInRange() {
        for bad in ["0", "-1", "1.0", "1e2", "9007199254740992", "18446744073709551616"] {
            expectRejection(document(lines: #"{"id":\#(bad),"begin":[0,0],"end":[1,1]}"#), .invalidID(bad, at: TextPosition(line: 1, column: 61)))
        }
    }

    @Test func duplicateIdsAreRejected() {
        expectRejection(document(lines: goodLine + "," + goodLine), .duplicateID(ShapeID(1), at: TextPosition(line: 1, column: 90)))
    }

    @Test func theDocumentIsJudgedBeforeItsShapesWhereverTheyStand() {
        let badLine = #"{"id":1,"begin":[0,0],"end":[1e7,1]}"#
        expectRejection(#"{"format":"touchtracker-drawing","version":1,"lines":[\#(badLine)],"colour":"red"}"#,
                        .unknownKey("colour", at: TextPosition(line: 1, column: 93)))
        #expect(throws: DocumentError.newerVersion(9)) {
            try DrawingFormat.decode(Array(#"{"lines":[\#(badLine)],"format":"touchtracker-drawing","version":9}"#.utf8))
        }
        expectRejection(#"{"lines":[\#(badLine)],"version":1,"format":"touchtracker-drawing"}"#,
                        .coordinateOutOfRange("1e7", at: TextPosition(line: 1, column: 40)))
    }

    @Test func aDuplicateIdIsFoundAfterIdsOutOfOrder() {
        let lines = [5, 2, 7, 2].map { #"{"id":\#($0),"begin":[0,0],"end":[1,1]}"# }
        expectRejection(document(lines: lines.joined(separator: ",")), .duplicateID(ShapeID(2), at: TextPosition(line: 1, column: 160)))
        let growing = [1, 4, 9, 4].map { #"{"id":\#($0),"begin":[0,0],"end":[1,1]}"# }
        expectRejection(document(lines: growing.joined(separator: ",")), .duplicateID(ShapeID(4), at: TextPosition(line: 1, column: 160)))
    }

    @Test func duplicateMissingAndUnknownKeysAreRejected() {
        expectRejection(#"{"format":"touchtracker-drawing","version":1,"version":1,"lines":[]}"#, .duplicateKey("version", at: TextPosition(line: 1, column: 46)))
        expectRejection(document(lines: #"{"id":1,"id":2,"begin":[0,0],"end":[1,1]}"#), .duplicateKey("id", at: TextPosition(line: 1, column: 63)))
        expectRejection(#"{"version":1,"lines":[]}"#, .missingKey("format", at: TextPosition(line: 1, column: 25)))
        expectRejection(#"{"format":"touchtracker-drawing","lines":[]}"#, .missingKey("version", at: TextPosition(line: 1, column: 45)))
        expectRejection(#"{"format":"touchtracker-drawing","version":1}"#, .missingKey("lines", at: TextPosition(line: 1, column: 46)))
        expectRejection(document(lines: #"{"id":1,"end":[1,1]}"#), .missingKey("begin", at: TextPosition(line: 1, column: 75)))
        expectRejection(#"{"format":"touchtracker-drawing","version":1,"lines":[],"colour":"red"}"#, .unknownKey("colour", at: TextPosition(line: 1, column: 57)))
        expectRejection(document(lines: #"{"id":1,"begin":[0,0],"end":[1,1],"width":2}"#), .unknownKey("width", at: TextPosition(line: 1, column: 89)))
    }

    @Test func otherFormatsAndImpossibleVersionsAreRejected() {
        expectRejection(#"{"format":"inkscape","version":1,"lines":[]}"#, .wrongFormat("inkscape"))
        expectRejection(#"{"format":"touchtracker-drawing","version":0,"lines":[]}"#, .unsupportedVersion(0))
        expectRejection(#"{"format":"touchtracker-drawing","version":-3,"lines":[]}"#, .unsupportedVersion(-3))
    }

    @Test func tooManyShapesAreRejectedAtTheFirstShapeBeyondTheLimit() {
        var text = #"{"format":"touchtracker-drawing","version":1,"lines":[\#n"#
        for id in 1...DocumentLimits.maxShapes + 1 {
            text += #"{"id":\#(id),"begin":[0,0],"end":[0,0]},\#n"#
        }
        text.removeLast(2)
        text += "]}"
        expectRejection(text, .tooManyShapes(at: TextPosition(line: DocumentLimits.maxShapes + 2, column: 1)))
    }

    @Test func aFileOverTheSizeLimitIsRejectedWithoutBeingRead() {
        let bytes = [UInt8](repeating: .space, count: DocumentLimits.maxFileBytes + 1)
        #expect(throws: DocumentError.tooLarge(byteCount: DocumentLimits.maxFileBytes + 1)) { try DrawingFormat.decode(bytes) }
    }

    @Test func badStringsAreRejected() {
        expectRejection("{\"format\":\"a\u{01}b\"}", .malformed("expected '\"' to end the string (control characters must be escaped), found byte 0x1", at: TextPosition(line: 1, column: 13)))
        expectRejection(#"{"format":"\ud800x"}"#, .malformed("expected the second half of a \\u surrogate pair, found 'x'", at: TextPosition(line: 1, column: 18)))
        expectRejection(#"{"format":"\q"}"#, .malformed("expected an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found 'q'", at: TextPosition(line: 1, column: 13)))
    }

    @Test func invalidUTF8IsRejected() {
        expectRejection(bytes: Array(#"{"format":""#.utf8) + [0xFF] + Array(#""}"#.utf8), .malformed("a string is not valid UTF-8", at: TextPosition(line: 1, column: 11)))
        expectRejection(bytes: Array(#"{"format":"\n"#.utf8) + [0xC3] + Array(#""}"#.utf8), .malformed("a string is not valid UTF-8", at: TextPosition(line: 1, column: 11)))
    }

    @Test func deepNestingInAnUnknownKeyIsRejectedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        expectRejection(#"{"x":\#(deep)"#, .malformed("expected a value nested at most 64 deep, found '['", at: TextPosition(line: 1, column: 70)))
    }

    @Test func messagesNameTheLineAndColumn() {
        let error = #expect(throws: DocumentError.self) {
            try DrawingFormat.decode(Array("{\"format\":\"touchtracker-drawing\",\n\"version\":1,\n\"lines\":[x]}".utf8))
        }
        #expect(error?.description == "not a drawing: line 3, column 10: expected a value, found 'x'")
    }
}

