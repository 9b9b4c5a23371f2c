import Gestures
import Shapes
#if canImport(Glibc)
import Glibc  // libm: atan2, cos, sin
#endif

/// A tool: what a contact does on the canvas. Every tool is a row of `Tool.table` (as every key is a row
/// of `KeyBindings.table`, and dwm's `buttons[]` is one table of what the buttons do): its name, the key
/// that chooses it, its cursor, its help, and what a drag with it draws. The keys, the help, `--help`, the
/// README and the man page, the title and the pen file read the table; a tool added there is found by all.
///
/// The gesture rules are the same for every tool: a click never leaves a dot, a double click clears, a long
/// press on a shape picks it up, two contacts pressed together draw an ellipse. Every contact that draws
/// (a mouse, each finger, each master pointer) uses the current tool, each drawing its own shape.
public struct Tool: Hashable, Sendable, CustomStringConvertible {
    /// How the pen file and the recordings name it.
    public let name: String
    /// How the title and the help name it.
    public let title: String
    /// The key that chooses it (a letter, either case).
    public let key: Character
    /// The cursor over the canvas while it is chosen: a name in the X cursor font ("crosshair").
    public let cursor: String
    /// What a drag with it draws, in a few words, for the help, `--help`, the README and the man page.
    public let help: String
    /// What a drag with it draws: the geometry for a contact pressed at `drag.press`, now at
    /// `drag.pointer`.
    let draws: @Sendable (ToolDrag) -> ShapeGeometry

    /// The book's: a drag draws a straight line from the press to the pointer; with Shift held at the
    /// press a circle, as the circle tool draws it (the book's challenge); with Ctrl held, in steps of 15°.
    public static let line = Tool(
        name: "line", title: "Line", key: "l", cursor: "crosshair",
        help: "drags draw lines (Shift: a circle; Ctrl: 15° steps)",
        draws: { drag in
            if drag.pressModifiers.contains(.shift) { return Tool.circle.draws(drag) }
            let end = drag.modifiers.contains(.control) ? ToolDrag.snapped(drag.pointer, around: drag.press) : drag.pointer
            return .line(Segment(begin: drag.press, end: end))
        })

    /// A drag draws an ellipse in the box from the press to the pointer; with Ctrl held a circle (Inkscape's
    /// convention: the box made square).
    public static let circle = Tool(
        name: "circle", title: "Circle", key: "c", cursor: "crosshair",
        help: "drags draw ellipses (Ctrl: a circle)",
        draws: { drag in
            let corner = drag.modifiers.contains(.control) ? ToolDrag.squared(drag.pointer, around: drag.press) : drag.pointer
            return .ellipse(box: Segment(begin: drag.press, end: corner))
        })

    /// Every tool, in the order the help lists them.
    public static let table: [Tool] = [.line, .circle]

    /// The tool a new pen has.
    public static let standard = Tool.line

    /// The tool named `name` (as the pen file writes it), if any.
    public static func named(_ name: some StringProtocol) -> Tool? { table.first { $0.name == name } }

    public var description: String { name }

    // A tool is its name: the table has one row a name.
    public static func == (a: Tool, b: Tool) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A drag as a tool sees it: where the contact went down and with which modifiers held, where it is now and
/// which are held now.
struct ToolDrag: Hashable, Sendable {
    var press: Point
    var pressModifiers: Modifiers
    var pointer: Point
    var modifiers: Modifiers

    /// The step Ctrl snaps a line's angle to.
    static let snapStep = Double.pi / 12

    /// `point` turned about `centre` to the nearest multiple of `snapStep` (15°), as far from it as it was.
    /// The four axes' directions are exact, so a snapped horizontal or vertical line is exactly so.
    static func snapped(_ point: Point, around centre: Point) -> Point {
        let d = point - centre
        let length = d.length
        guard length > 0 else { return point }
        let steps = Int((atan2(d.dy, d.dx) / snapStep).rounded())
        let quarter = ((steps % 24) + 24) % 24
        let (cosine, sine): (Double, Double) = switch quarter {
        case 0: (1, 0)
        case 6: (0, 1)
        case 12: (-1, 0)
        case 18: (0, -1)
        default: (cos(Double(steps) * snapStep), sin(Double(steps) * snapStep))
        }
        return Point(x: centre.x + length * cosine, y: centre.y + length * sine)
    }

    /// The corner opposite `centre` of the square box from `centre` towards `point`, as large as the larger
    /// side of the box they span.
    static func squared(_ point: Point, around centre: Point) -> Point {
        let d = point - centre
        let side = max(abs(d.dx), abs(d.dy))
        return Point(x: centre.x + (d.dx < 0 ? -side : side), y: centre.y + (d.dy < 0 ? -side : side))
    }
}
