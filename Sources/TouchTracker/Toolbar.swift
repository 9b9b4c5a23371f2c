import Canvas
import Shapes

/// The toolbar: a strip of buttons along the top of the window (where most editors put theirs, so the whole
/// width stays the canvas's and the menus, the help and the notices open below it as before), generated from
/// the tables and never listed twice: a button for each tool of `Tool.table`, each colour of `Pen.palette`
/// and By angle, each width of `Pen.widths` and By speed, then Undo and Redo, the view's buttons (the zoom
/// commands of the key table: zoom out, zoom in, zoom to fit) and the help. Each button is a command
/// (`Command`, the key table's vocabulary), so a click does what its key does; its tooltip names it and its key
/// from `KeyBindings`. The choices in force are marked; Undo and Redo are dimmed when there is nothing to undo
/// or redo, zoom in at the largest zoom and zoom out at the smallest.
///
/// Its buttons are at least 24 px at 96 dpi for a mouse and 44 px when the last input was a finger, times the
/// screen's scale. It is one row, always: where the window is too narrow for every button, those that do not
/// fit (the last ones) go into a menu that the "»" button at the row's end opens, as GTK's and Qt's toolbars
/// do. Wrapping them into more rows was the other way; one row was chosen because a finger's buttons on a
/// 192-dpi screen are 88 px, and rows of them would take a small window's whole height (a 300 × 200 window
/// holds three a row: eight rows), while one row leaves the canvas all but a button's height at any size, the
/// canvas does not jump down as a window is made narrower, and a button is never cut at the window's edge.
/// Where the window cannot hold one row and as much canvas below it, the toolbar is not shown (its keys still
/// work). F9 hides it (remembered with the pen). A press on it is the toolbar's (`AppController.Panel`): it
/// draws and selects nothing.
struct Toolbar: Hashable, Sendable {
    enum Item: Hashable, Sendable {
        case tool(Tool)
        case colour(Int)
        case byAngle
        case width(Int)
        case bySpeed
        case undo, redo
        case zoomOut, zoomIn, zoomToFit
        case help
        /// The "»" button: the menu of the buttons that did not fit.
        case more

        /// What a click on it does (nil for "»", which opens the menu of the others).
        var command: Command? {
            switch self {
            case .tool(let tool): .chooseTool(tool)
            case .colour(let index): .chooseColour(index: index)
            case .byAngle: .colourByAngle
            case .width(let index): .chooseWidth(index: index)
            case .bySpeed: .toggleWidthBySpeed
            case .undo: .undo
            case .redo: .redo
            case .zoomOut: .zoom(steps: -1)
            case .zoomIn: .zoom(steps: 1)
            case .zoomToFit: .zoomToFit
            case .help: .toggleHelp
            case .more: nil
            }
        }

        /// Its name in the tooltip (as the "»" menu names it, where it has no name of its own).
        var name: String {
            switch self {
            case .tool(let tool): "\(tool.title) tool"
            case .colour(let index): Pen.palette[index].name
            case .byAngle: "Colour by angle"
            case .width(let index): "\(Pen.widths[index].name) (\(Int(Pen.widths[index].pixels)) px)"
            case .bySpeed: "Width by speed"
            case .undo: "Undo"
            case .redo: "Redo"
            case .zoomOut, .zoomIn, .zoomToFit: menuItem?.title ?? ""
            case .help: "Help"
            case .more: "More"
            }
        }

        /// The tooltip: its name and, where a key does the same, the key ("Undo (Ctrl+Z)").
        var tooltip: String { command.flatMap(KeyBindings.shortcut(for:)).map { "\(name) (\($0))" } ?? name }

        /// The item that stands for it in the "»" menu.
        var menuItem: ContextMenu.Item? {
            switch self {
            case .tool(let tool): .tool(tool)
            case .colour(let index): .colour(index)
            case .byAngle: .byAngle
            case .width(let index): .width(index)
            case .bySpeed: .bySpeed
            case .undo: .undo
            case .redo: .redo
            case .zoomOut: .zoomOut
            case .zoomIn: .zoomIn
            case .zoomToFit: .zoomToFit
            case .help: .help
            case .more: nil
            }
        }
    }

    /// The buttons in their groups, from the tables.
    static let groups: [[Item]] = [
        Tool.table.map(Item.tool),
        Pen.palette.indices.map(Item.colour) + [.byAngle],
        Pen.widths.indices.map(Item.width) + [.bySpeed],
        [.undo, .redo],
        [.zoomOut, .zoomIn, .zoomToFit],
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
    /// Each button shown and where it is ("»" last, where some did not fit).
    let buttons: [(item: Item, frame: Rect)]
    /// The buttons that did not fit, in order: the "»" menu's.
    let overflow: [Item]

    static func == (a: Toolbar, b: Toolbar) -> Bool {
        a.frame == b.frame && a.buttons.map(\.frame) == b.buttons.map(\.frame) && a.overflow == b.overflow
    }
    func hash(into hasher: inout Hasher) { hasher.combine(frame) }

    /// The toolbar across the top of `area` on a screen of `scale`, its buttons a finger's size when `forTouch`:
    /// one row, left to right in their groups, those that do not fit in the "»" menu; nil where `area` cannot hold
    /// one button, or the row and as much canvas below it.
    init?(in area: Rect, scale: Double, forTouch: Bool) {
        let side = ((forTouch ? Self.touchSide : Self.mouseSide) * scale).rounded(.up)
        let padding = (Self.padding * scale).rounded(.up), gap = (Self.groupGap * scale).rounded()
        let height = side + 2 * padding
        guard area.width >= side + 2 * padding, area.height >= 2 * height else { return nil }
        /// The buttons laid out left to right up to `limit`; from the first that does not fit, the rest left over.
        func row(upTo limit: Double) -> (shown: [(Item, Rect)], rest: [Item]) {
            var shown: [(Item, Rect)] = [], rest: [Item] = []
            var x = area.minX + padding
            for (index, group) in Self.groups.enumerated() {
                if index > 0 { x += gap }
                for item in group {
                    if rest.isEmpty, x + side <= limit {
                        shown.append((item, Rect(x: x, y: area.minY + padding, width: side, height: side)))
                        x += side
                    } else {
                        rest.append(item)
                    }
                }
            }
            return (shown, rest)
        }
        var laidOut = row(upTo: area.maxX - padding)
        if !laidOut.rest.isEmpty {
            let more = Rect(x: area.maxX - padding - side, y: area.minY + padding, width: side, height: side)
            laidOut = row(upTo: more.minX)
            laidOut.shown.append((.more, more))
        }
        buttons = laidOut.shown
        overflow = laidOut.rest
        frame = Rect(x: area.minX, y: area.minY, width: area.width, height: height)
    }

    /// The "»" menu's entries: the buttons that did not fit, their groups apart.
    var overflowEntries: [ContextMenu.Entry] {
        Self.groups.map { group in group.filter(overflow.contains).compactMap(\.menuItem).map(ContextMenu.Entry.item) }
            .filter { !$0.isEmpty }
            .reduce(into: []) { entries, group in entries += (entries.isEmpty ? [] : [.separator]) + group }
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
            case .undo, .redo, .zoomOut, .zoomIn, .zoomToFit, .help, .more: false
            }
            return OverlayButton(frame: frame, icon: item.icon, isChosen: chosen, isEnabled: !disabled.contains(item),
                                 isHovered: item == hovered)
        }
        return overlay
    }
}
