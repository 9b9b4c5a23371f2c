import Shapes
import Storage
import Rendering
import Testing
@testable import XShell

@Suite("What the clipboard offers, converted")
struct ClipboardContentTests {
    let shapes = Drawing(shapes: [
        Shape(id: ShapeID(1), geometry: .line(Segment(begin: Point(x: 100, y: 50), end: Point(x: 200, y: 50))), style: ShapeStyle(width: 10)),
        Shape(id: ShapeID(2), geometry: .ellipse(box: Segment(begin: Point(x: 120, y: 60), end: Point(x: 160, y: 100))),
             style: ShapeStyle(colour: Colour(red: 0x1E, green: 0x50, blue: 0xDC), width: 4)),
    ])

    @Test func theTargetsAreOurTypeThePicturesAndTextInThatOrder() {
        #expect(ClipboardContent.Format.allCases.map(\.name) == [
            "application/x-touchtracker-shapes", "image/png", "image/svg+xml", "UTF8_STRING", "text/plain;charset=utf-8",
            "STRING", "text/plain",
        ])
    }

    @Test func ourTypeAndEveryTextAreTheDrawingsJSONOfTheShapes() throws {
        let content = ClipboardContent(shapes: shapes)
        let json = try DrawingFormat.encode(shapes)
        for format in [ClipboardContent.Format.shapes, .utf8String, .utf8PlainText, .string, .plainText] {
            #expect(content.bytes(format) == json)
        }
        #expect(try DrawingFormat.decode(json) == shapes)
        #expect(json.allSatisfy { $0 < 0x80 }, "ASCII: STRING (Latin-1) holds it as it is")
    }

    @Test func thePictureIsFramedByTheShapesBoundsAndTheMargin() throws {
        let png = try #require(ClipboardContent(shapes: shapes).bytes(.png))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // What the shapes paint (`Drawing.paintedBounds`, as an export's page): the line widened by half its width,
        // 95...205 x 45...55; the circle's box by 2, 118...162 x 58...102; with 10 px around: 85...215 x 35...112.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((width, height) == (130, 77))
        #expect(Exporter.page(for: shapes, framing: .shapes(margin: ClipboardContent.pictureMargin))
                == Rect(minX: 85, minY: 35, maxX: 215, maxY: 112))
    }

    @Test func theSVGIsAnSVGDocumentOfTheSameSize() throws {
        let svg = String(decoding: try #require(ClipboardContent(shapes: shapes).bytes(.svg)), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("width=\"130\"") && svg.contains("height=\"77\""))
    }
}
