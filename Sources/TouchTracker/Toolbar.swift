import Canvas
import Shapes

/// The toolbar: a strip of buttons along the top of the window (where most editors put theirs, so the whole
/// width stays the canvas's and the menus, the help and the notices open below it as before), generated from
/// the tables and never listed twice: a button for each tool of `Tool.table`, each colour of `Pen.palette`
/// and By angle, each width of `Pen.widths` and By speed, then Undo, Redo and the help. Each button is a
/// command (`Command`, the key table's vocabulary), so a click does what its key does; its tooltip names it
/// and its key from `KeyBindings`. The choices in force are marked; Undo and Redo are dimmed when there is
/// nothing to undo or redo. (The view's zoom buttons join when the view lands.)
///
/// Its buttons are at least 24 px at 96 dpi for a mouse and 44 px when the last input was a finger, times the
/// screen's scale; where the window is too narrow for one row, they wrap into more. F9 hides it (remembered
/// with the pen). A press on it is the toolbar's (`AppController.Panel`): it draws and selects nothing.
struct Toolbar: Hashable, Sendable {
    enum Item: Hashable, Sendable {
        case tool(Tool)
        case colour(Int)
        case byAngle
        case width(Int)
        case bySpeed
        case undo, redo, help

        /// What a click on it does.
        var command: Command {
            switch self {
            case .tool(let tool): .chooseTool(tool)
            case .colour(let index): .chooseColour(index: index)
            case .byAngle: .colourByAngle
            case .width(let index): .chooseWidth(index: index)
            case .bySpeed: .toggleWidthBySpeed
            case .undo: .undo
            case .redo: .redo
            case .help: .toggleHelp
            }
        }

        /// Its name in the tooltip.
        var name: String {
            switch self {
            case .tool(let tool): "\(tool.title) tool"
            case .colour(let index): Pen.palette[index].name
            case .byAngle: "Colour by angle"
            case .width(let index): "\(Pen.widths[index].name) (\(Int(Pen.widths[index].pixels)) px)"
            case .bySpeed: "Width by speed"
            case .undo: "Undo"
            case .redo: "Redo"
            case .help: "Help"
            }
        }

        /// The tooltip: its name and, where a key does the same, the key ("Undo (Ctrl+Z)").
        var tooltip: String { KeyBindings.shortcut(for: command).map { "\(name) (\($0))" } ?? name }
    }

    /// The buttons in their groups, from the tables.
    static let groups: [[Item]] = [
        Tool.table.map(Item.tool),
        Pen.palette.indices.map(Item.colour) + [.byAngle],
        Pen.widths.indices.map(Item.width) + [.bySpeed],
        [.undo, .redo],
        [.help],
    ]

    /// A button's side at 96 dpi: for a mouse, and for a finger.
    static let mouseSide = 24.0
    static let touchSide = 44.0
    /// Around the buttons, and between two groups, at 96 dpi.
    static let padding = 2.0
    static let groupGap = 8.0

    /// The strip, across the top of the area.
    let frame: Rect
    /// Each button and where it is.
    let buttons: [(item: Item, frame: Rect)]

    static func == (a: Toolbar, b: Toolbar) -> Bool { a.frame == b.frame && a.buttons.map(\.frame) == b.buttons.map(\.frame) }
    func hash(into hasher: inout Hasher) { hasher.combine(frame) }

    /// The toolbar across the top of `area` on a screen of `scale`, its buttons a finger's size when `forTouch`:
    /// left to right in their groups, wrapping into another row where the next does not fit.
    init(in area: Rect, scale: Double, forTouch: Bool) {
        let side = ((forTouch ? Self.touchSide : Self.mouseSide) * scale).rounded(.up)
        let padding = (Self.padding * scale).rounded(.up), gap = (Self.groupGap * scale).rounded()
        var buttons: [(Item, Rect)] = []
        var x = area.minX + padding, y = area.minY + padding
        for (index, group) in Self.groups.enumerated() {
            if index > 0, x > area.minX + padding { x += gap }
            for item in group {
                if x + side > area.maxX - padding, x > area.minX + padding {
                    x = area.minX + padding
                    y += side
                }
                buttons.append((item, Rect(x: x, y: y, width: side, height: side)))
                x += side
            }
        }
        self.buttons = buttons
        frame = Rect(x: area.minX, y: area.minY, width: area.width, height: y + side + padding - area.minY)
    }

    /// The button at `point`, if any.
    func item(at point: Point) -> Item? { buttons.first { $0.frame.contains(point) }?.item }

    /// Where `item` is.
    func frame(of item: Item) -> Rect? { buttons.first { $0.item == item }?.frame }

    /// The strip as the renderer draws it: `pen`'s choices marked, what `disabled` holds dimmed, `hovered` lit.
    func overlay(pen: Pen, disabled: Set<Item>, hovered: Item?, scale: Double) -> Overlay {
        let marks = ContextMenu.Marks(pen)
        var overlay = Overlay(frame: frame, rows: [], borderWidth: max(1, scale.rounded()))
        overlay.buttons = buttons.map { item, frame in
            let chosen = switch item {
            case .tool(let tool): pen.tool == tool
            case .colour(let index): marks.colour == Pen.palette[index].colour
            case .byAngle: marks.byAngle
            case .width(let index): marks.width == Pen.widths[index].pixels
            case .bySpeed: marks.bySpeed
            case .undo, .redo, .help: false
            }
            return OverlayButton(frame: frame, icon: item.icon, isChosen: chosen, isEnabled: !disabled.contains(item),
                                 isHovered: item == hovered)
        }
        return overlay
    }
}
