import Canvas
import Shapes

/// The menu a right click opens (the book's UIMenuController). On a shape: Delete, then the colours and
/// widths, which change that shape (and the pen). On empty canvas: the pen's choices — the eight colours,
/// By angle, the four widths, By speed — then Undo, Redo, Clear, Export PNG and Help. A menu too tall for
/// the window takes columns. Its geometry is computed here, once, at the screen's scale, so that the
/// renderer draws the items exactly where clicks find them.
public struct ContextMenu: Hashable, Sendable {
    /// What the menu offers; each item is a command.
    public enum Item: Hashable, Sendable {
        case delete
        /// Palette colour number `index` (keys 1–8).
        case colour(Int)
        case byAngle
        /// Width number `index` of `Pen.widths`.
        case width(Int)
        case bySpeed
        case undo, redo, clear, exportPNG, help

        /// The label shown.
        public var title: String {
            switch self {
            case .delete: "Delete"
            case .colour(let index): Pen.palette[index].name
            case .byAngle: "By angle"
            case .width(let index): Pen.widths[index].name
            case .bySpeed: "By speed"
            case .undo: "Undo"
            case .redo: "Redo"
            case .clear: "Clear"
            case .exportPNG: "Export PNG"
            case .help: "Help"
            }
        }

        /// What choosing it does.
        public var command: Command {
            switch self {
            case .delete: .deleteSelection
            case .colour(let index): .chooseColour(index: index)
            case .byAngle: .colourByAngle
            case .width(let index): .chooseWidth(index: index)
            case .bySpeed: .toggleWidthBySpeed
            case .undo: .undo
            case .redo: .redo
            case .clear: .clear
            case .exportPNG: .exportPNG
            case .help: .toggleHelp
            }
        }

        /// The row showing it on a screen of `scale`: a swatch or a line of the width it stands for, marked
        /// when it is `pen`'s.
        func row(for pen: Pen, scale: Double) -> Overlay.Row {
            switch self {
            case .colour(let index):
                let colour = Pen.palette[index].colour
                return Overlay.Row(title, swatch: colour, isChosen: pen.colour == .fixed(colour))
            case .byAngle:
                return Overlay.Row(title, swatch: AngleColour.colour(angle: .pi / 4), isChosen: pen.colour == .byAngle)
            case .width(let index):
                let width = Pen.widths[index].pixels
                return Overlay.Row(title, lineWidth: width * scale, isChosen: !pen.widthBySpeed && pen.width == width)
            case .bySpeed:
                return Overlay.Row(title, lineWidth: SpeedWidth.thickest / 2 * scale, isChosen: pen.widthBySpeed)
            default:
                return Overlay.Row(title)
            }
        }
    }

    /// The pen's colours: the palette, By angle; and its widths: the four, By speed.
    static let colourItems: [Item] = Pen.palette.indices.map(Item.colour) + [.byAngle]
    static let widthItems: [Item] = Pen.widths.indices.map(Item.width) + [.bySpeed]
    /// The pen's choices.
    static let penItems = colourItems + widthItems
    /// A right click on a shape.
    public static let shapeItems: [Item] = [.delete] + Pen.palette.indices.map(Item.colour) + Pen.widths.indices.map(Item.width)
    /// A right click on empty canvas.
    public static let canvasItems: [Item] = penItems + [.undo, .redo, .clear, .exportPNG, .help]

    /// An item's size at 96 dpi in a menu, and in the palette (a finger's size).
    public static let itemWidth = 120.0
    public static let itemHeight = 28.0
    public static let paletteItemWidth = 150.0
    public static let paletteItemHeight = 44.0
    /// The items' text at 96 dpi.
    static let fontSize = 14.0

    /// What it shows, in reading order (down each column); nil is an empty place (the palette's second
    /// column is shorter than its first).
    public let slots: [Item?]
    /// Where it was opened: its top left corner, unless that would put it outside the area; nil for the
    /// palette, which is centred.
    public let anchor: Point?
    /// dpi / 96 of the screen it is laid out for.
    public let scale: Double
    /// An item's size at 96 dpi.
    public let itemSize: (width: Double, height: Double)
    /// The whole menu, inside the area it was laid out in.
    public let frame: Rect
    /// How many columns it takes, and how many places each holds.
    public let columns: Int
    public let itemsPerColumn: Int

    /// The items, in reading order.
    public var items: [Item] { slots.compactMap { $0 } }

    /// A menu whose top left corner is at `point`, moved left and up as needed to stay inside `area`, sized
    /// for a screen of `scale` (dpi / 96); in as many columns as its items need to fit `area`'s height, and
    /// smaller (down to 96-dpi sizes) where those columns would not fit its width.
    public init(at point: Point, items: [Item] = [.delete], inside area: Rect, scale: Double = 1) {
        var scale = scale
        var layout = Self.columns(of: items.count, inside: area, height: Self.itemHeight * scale)
        while Self.itemWidth * scale * Double(layout.columns) > area.width, scale > 1 {
            scale = max(1, scale * 0.75)
            layout = Self.columns(of: items.count, inside: area, height: Self.itemHeight * scale)
        }
        self.init(slots: items, anchor: point, itemSize: (Self.itemWidth, Self.itemHeight), columns: layout.columns,
                  itemsPerColumn: layout.itemsPerColumn, inside: area, scale: scale)
    }

    /// The palette panel (a three-finger swipe up): the colours and By angle in one column, the widths and
    /// By speed in the next, in places a finger can hit, centred in `area` (smaller where it does not fit).
    public static func palette(inside area: Rect, scale: Double = 1) -> ContextMenu {
        let colours = colourItems, widths = widthItems
        let slots = colours + widths + Array(repeating: nil, count: colours.count - widths.count)
        let fitting = min(area.width / (2 * paletteItemWidth), area.height / (Double(colours.count) * paletteItemHeight))
        return ContextMenu(slots: slots, anchor: nil, itemSize: (paletteItemWidth, paletteItemHeight), columns: 2,
                           itemsPerColumn: colours.count, inside: area, scale: max(0.5, min(scale, fitting)))
    }

    private init(slots: [Item?], anchor: Point?, itemSize: (width: Double, height: Double), columns: Int,
                 itemsPerColumn: Int, inside area: Rect, scale: Double) {
        self.slots = slots
        self.anchor = anchor
        self.scale = scale
        self.itemSize = itemSize
        self.columns = columns
        self.itemsPerColumn = itemsPerColumn
        let width = itemSize.width * scale * Double(columns), height = itemSize.height * scale * Double(itemsPerColumn)
        if let anchor {
            let x = max(area.minX, min(anchor.x, area.maxX - width))
            let y = max(area.minY, min(anchor.y, area.maxY - height))
            frame = Rect(x: x, y: y, width: width, height: height)
        } else {
            frame = PanelStyle.centred(width: width, height: height, in: area)
        }
    }

    public static func == (a: ContextMenu, b: ContextMenu) -> Bool {
        a.slots == b.slots && a.anchor == b.anchor && a.scale == b.scale && a.frame == b.frame
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(slots)
        hasher.combine(frame)
    }

    /// How many columns `count` items take in `area`'s height with items `height` px high, and items per
    /// column (as `Overlay` fills its columns: the last one fewer).
    private static func columns(of count: Int, inside area: Rect, height: Double) -> (columns: Int, itemsPerColumn: Int) {
        let fitting = max(1, Int((area.height / height).rounded(.down)))
        let columns = (count + fitting - 1) / fitting
        return (columns, (count + columns - 1) / columns)
    }

    /// The same menu laid out again, where the window shows another area or the screen has another scale.
    public func laidOut(inside area: Rect, scale: Double) -> ContextMenu {
        guard let anchor else { return .palette(inside: area, scale: scale) }
        return ContextMenu(at: anchor, items: items, inside: area, scale: scale)
    }

    /// Whether this is the palette panel rather than a menu.
    public var isPalette: Bool { anchor == nil }

    /// Where the item in place number `index` is drawn (and clicked).
    public func rect(ofItemAt index: Int) -> Rect {
        let width = itemSize.width * scale, height = itemSize.height * scale
        let column = index / itemsPerColumn, row = index % itemsPerColumn
        return Rect(x: frame.minX + Double(column) * width, y: frame.minY + Double(row) * height, width: width, height: height)
    }

    /// The item under `point` (left and top edges inside, right and bottom outside), if any.
    public func item(at point: Point) -> Item? {
        for (index, slot) in slots.enumerated() {
            let r = rect(ofItemAt: index)
            if point.x >= r.minX, point.x < r.maxX, point.y >= r.minY, point.y < r.maxY { return slot }
        }
        return nil
    }

    /// The panel showing the menu: one row per item, each where `rect(ofItemAt:)` says, the choices in force
    /// (`pen`'s) marked.
    public func overlay(for pen: Pen) -> Overlay {
        let style = PanelStyle(fontSize: Self.fontSize, rowHeight: itemSize.height, scale: scale)
        return style.overlay(slots.map { $0?.row(for: pen, scale: scale) ?? Overlay.Row("") }, in: frame, columns: columns)
    }
}
