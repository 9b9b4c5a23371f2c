import Shapes
import Storage
import Rendering

/// What the clipboard offers when the app owns it: the copied shapes, converted to each format when a
/// program first asks (copying is instant; a picture is drawn only if someone wants it) and kept for the next.
final class ClipboardContent {
    /// The formats offered, in the order TARGETS lists them, each by its target's name.
    enum Format: CaseIterable {
        /// The app's own type: the shapes exactly, as a drawing's JSON (`DrawingFormat`).
        case shapes
        /// A picture of the shapes, framed by their bounds and `pictureMargin`.
        case png
        case svg
        /// The same JSON as text, for editors and terminals: UTF-8 under its X and MIME names, and Latin-1
        /// (`STRING`, `text/plain`), which holds it too, since a drawing's JSON is ASCII.
        case utf8String
        case utf8PlainText
        case string
        case plainText

        /// The target's name.
        var name: String {
            switch self {
            case .shapes: "application/x-touchtracker-shapes"
            case .png: "image/png"
            case .svg: "image/svg+xml"
            case .utf8String: "UTF8_STRING"
            case .utf8PlainText: "text/plain;charset=utf-8"
            case .string: "STRING"
            case .plainText: "text/plain"
            }
        }
    }

    /// The margin around the shapes in the clipboard's pictures, in px.
    static let pictureMargin = 10.0

    /// The shapes copied.
    let shapes: Drawing
    private var made: [Format: [UInt8]] = [:]

    init(shapes: Drawing) { self.shapes = shapes }

    /// The bytes of `format`, made once; nil when they cannot be made (a picture too large for a PNG).
    func bytes(_ format: Format) -> [UInt8]? {
        if let bytes = made[format] { return bytes }
        guard let bytes = Self.convert(shapes, to: format) else { return nil }
        made[format] = bytes
        return bytes
    }

    /// `shapes` in `format`.
    static func convert(_ shapes: Drawing, to format: Format) -> [UInt8]? {
        switch format {
        case .shapes, .utf8String, .utf8PlainText, .string, .plainText:
            return try? DrawingFormat.encode(shapes)
        case .png:
            return try? Exporter.render(shapes, format: .png, framing: .shapes(margin: pictureMargin))
        case .svg:
            return try? Exporter.render(shapes, format: .svg, framing: .shapes(margin: pictureMargin))
        }
    }
}
