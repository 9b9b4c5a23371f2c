import Gestures
import Shapes
#if canImport(Glibc)
import Glibc  // libm: atan2, cos, sin
#endif

/// A tool: what a contact does on the canvas. Every tool is a row of `Tool.table` (as every key is a row
/// of `KeyBindings.table`, and dwm's `buttons[]` is one table of what the buttons do): its name, the key
/// that chooses it, its cursor, its icon name and tooltip (for a toolbar), its help, and what a contact
/// with it does (`Action`). The keys, the help, `--help`, the
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
    /// What a contact with it does: draws a shape from its drag, draws ink along its path, or erases.
    let action: Action

    /// What a contact with a tool does.
    enum Action: Sendable {
        /// Draws the geometry for a contact pressed at `drag.press`, now at `drag.pointer`.
        case draws(@Sendable (ToolDrag) -> ShapeGeometry)
        /// Draws ink along the contact's path (`ToolStroke`).
        case ink
        /// Erases what the contact's path passes over, as a stylus's eraser end does (`CanvasModel+Eraser`).
        case erases
    }

    /// A name in the freedesktop icon naming spec for a toolbar (nil: none fits; a toolbar draws its key).
    public let iconName: String?
    /// A toolbar's tooltip: its title, what it does and its key.
    public var tooltip: String { "\(title) (\(key.uppercased())): \(help)" }

    init(name: String, title: String, key: Character, cursor: String, iconName: String? = nil, help: String, action: Action) {
        (self.name, self.title, self.key, self.cursor, self.iconName, self.help, self.action) = (name, title, key, cursor, iconName, help, action)
    }

    init(name: String, title: String, key: Character, cursor: String, iconName: String? = nil, help: String,
         draws: @escaping @Sendable (ToolDrag) -> ShapeGeometry) {
        self.init(name: name, title: title, key: key, cursor: cursor, iconName: iconName, help: help, action: .draws(draws))
    }

    /// The book's: a drag draws a straight line from the press to the pointer; with Shift held at the
    /// press a circle, as the circle tool draws it (the book's challenge); with Ctrl held, in steps of 15°.
    public static let line = Tool(
        name: "line", title: "Line", key: "l", cursor: "crosshair", iconName: "draw-line",
        help: "drags draw lines (Shift: a circle; Ctrl: 15° steps)",
        draws: { drag in
            if drag.pressModifiers.contains(.shift), case .draws(let circle) = Tool.circle.action { return circle(drag) }
            let end = drag.modifiers.contains(.control) ? ToolDrag.snapped(drag.pointer, around: drag.press) : drag.pointer
            return .line(Segment(begin: drag.press, end: end))
        })

    /// A drag draws an ellipse in the box from the press to the pointer; with Ctrl held a circle (Inkscape's
    /// convention: the box made square).
    public static let circle = Tool(
        name: "circle", title: "Circle", key: "c", cursor: "crosshair", iconName: "draw-ellipse",
        help: "drags draw ellipses (Ctrl: a circle)",
        draws: { drag in
            let corner = drag.modifiers.contains(.control) ? ToolDrag.squared(drag.pointer, around: drag.press) : drag.pointer
            return .ellipse(box: Segment(begin: drag.press, end: corner))
        })

    /// A drag draws ink: a freehand stroke along the pointer's path, simplified when it lifts (to within
    /// half a pixel of what was drawn) and drawn as a smooth curve.
    public static let pen = Tool(
        name: "pen", title: "Pen", key: "p", cursor: "pencil", iconName: "draw-freehand",
        help: "drags draw freehand ink", action: .ink)

    /// A drag erases: every line and circle it passes over goes whole, and the part of ink it passes over
    /// (the rest of the stroke stays, in pieces); one drag is one undo. A stylus's eraser end does the same
    /// whatever the tool.
    public static let eraser = Tool(
        name: "eraser", title: "Eraser", key: "e", cursor: "circle", iconName: "draw-eraser",
        help: "drags erase what they pass over (ink in part)", action: .erases)

    /// Every tool, in the order the help lists them.
    public static let table: [Tool] = [.line, .circle, .pen, .eraser]

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
