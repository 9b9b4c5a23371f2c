import Canvas
import Gestures
import Shapes

/// A menu over the canvas, and how it behaves under the hand: a state machine (time passed in) that acts as
/// GTK's and Qt's popup menus do.
///
/// What it offers: a right press on a shape opens the shape's menu (Delete, then its colours and widths);
/// on empty canvas the canvas menu (the pen's colours, By angle, the widths, By speed, then Undo, Redo,
/// Clear, Export PNG, Help); a three-finger swipe up the palette (the pen's choices in places a finger can
/// hit). Groups are set apart by separators; each item shows the keys that do the same, from the key table;
/// items that cannot apply now (Undo with nothing to undo) are shown dimmed and cannot be chosen.
///
/// How it behaves (`ContextMenu.Outcome` says what a step comes to):
///
///   pointer over an item    highlights it (never a separator, a dimmed item or an empty place)
///   press-drag-release      the press that opened the menu may travel to an item and release there: chosen.
///                           Released on the spot within `stayOpenMilliseconds` (GTK's MENU_SHELL_TIMEOUT)
///                           it was a click: the menu stays open; later there, or outside, it closes
///   press and release       on an item chooses it; a press outside the menu closes it (and does nothing else)
///   Up, Down, Home, End     move the highlight over the items that can be chosen, wrapping
///   a letter                highlights the next item it starts (several: each in turn)
///   Return, Space           choose the highlighted item; Escape closes
///
/// The geometry is computed once, at the screen's scale, and both the renderer (`overlay`) and the hit
/// test (`entry(at:)`) read the same `Overlay`, so items are clicked exactly where they are drawn. The menu
/// opens right of and below the pointer, flips left or up where it would leave the area, slides where
/// flipping does not help either, and takes columns, then smaller rows, where it is too tall.
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
        /// The toolbar's buttons that did not fit ("»"): a tool, and the view's.
        case tool(Tool)
        case zoomOut, zoomIn, zoomToFit

        /// The label shown.
        public var title: String {
            switch self {
            case .tool(let tool): "\(tool.title) tool"
            case .zoomOut: "Zoom out"
            case .zoomIn: "Zoom in"
            case .zoomToFit: "Zoom to fit"

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
            case .tool(let tool): .chooseTool(tool)
            case .zoomOut: .zoom(steps: -1)
            case .zoomIn: .zoom(steps: 1)
            case .zoomToFit: .zoomToFit
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

        /// The keys that do the same, from the key table.
        public var shortcut: String? { KeyBindings.shortcut(for: command) }
    }

    /// A place in the menu.
    public enum Entry: Hashable, Sendable {
        case item(Item)
        /// A line between two groups.
        case separator
        /// Nothing (the palette's second column is shorter than its first).
        case blank

        public var item: Item? { if case .item(let item) = self { item } else { nil } }
    }

    /// Which menu it is.
    public enum Kind: Hashable, Sendable {
        /// The selected shapes' (opened on one of them): its choices change them all (and the pen).
        case selection
        /// The canvas's: the pen's choices and the drawing's commands.
        case canvas
        /// The palette panel (a three-finger swipe): the pen's choices for a finger.
        case palette
        /// The toolbar's buttons that did not fit, opened by its "»" button.
        case toolbarOverflow
    }

    /// The choices in force, marked in the menu: the pen's in the canvas menu and the palette, the shape's own
    /// in a shape's menu.
    public struct Marks: Hashable, Sendable {
        public var colour: Colour?
        public var byAngle = false
        public var width: Double?
        public var bySpeed = false
        public var tool: Tool?

        public init(colour: Colour? = nil, byAngle: Bool = false, width: Double? = nil, bySpeed: Bool = false, tool: Tool? = nil) {
            self.colour = colour; self.byAngle = byAngle; self.width = width; self.bySpeed = bySpeed; self.tool = tool
        }

        /// What `pen` draws with.
        public init(_ pen: Pen) {
            tool = pen.tool
            if case .fixed(let colour) = pen.colour { self.colour = colour }
            byAngle = pen.colour == .byAngle
            if !pen.widthBySpeed { width = pen.width }
            bySpeed = pen.widthBySpeed
        }

        /// What `shapes` are drawn in: a colour or a width only where they all share it.
        public init(_ shapes: [Shape]) {
            let colours = Set(shapes.map(\.style.colour)), widths = Set(shapes.map(\.style.width))
            colour = colours.count == 1 ? colours.first : nil
            width = widths.count == 1 ? widths.first : nil
        }
    }

    /// What a step of the menu comes to.
    public enum Outcome: Hashable, Sendable {
        case stays
        case closes
        /// The item is chosen; the menu closes.
        case chooses(Item)
    }

    /// A press on the menu while it lasts: where and when, and whether it is the press that opened the menu.
    struct Press: Hashable, Sendable {
        var point: Point
        var time: ServerTime
        var opensTheMenu: Bool
    }

    // MARK: - What it offers

    static let colourItems: [Entry] = Pen.palette.indices.map { .item(.colour($0)) }
    static let widthItems: [Entry] = Pen.widths.indices.map { .item(.width($0)) }
    /// A right press on a shape.
    public static let shapeEntries: [Entry] = [.item(.delete), .separator] + colourItems + [.separator] + widthItems
    /// A right press on empty canvas.
    public static let canvasEntries: [Entry] = colourItems + [.item(.byAngle), .separator] + widthItems
        + [.item(.bySpeed), .separator, .item(.undo), .item(.redo), .separator, .item(.clear), .item(.exportPNG),
           .separator, .item(.help)]
    /// The palette: the colours and By angle in one column, the widths and By speed in the next.
    static let paletteEntries: [Entry] = colourItems + [.item(.byAngle)] + widthItems + [.item(.bySpeed)]
        + Array(repeating: .blank, count: colourItems.count - widthItems.count)

    /// A row's height and text at 96 dpi in a menu, and the palette's places (a finger's size).
    public static let itemHeight = 28.0
    static let fontSize = 14.0
    public static let paletteItemWidth = 150.0
    public static let paletteItemHeight = 44.0
    /// The narrowest a menu's column is at 96 dpi.
    static let minimumItemWidth = 120.0
    /// The smallest a menu is drawn, as a fraction of its 96-dpi size, where the area is too small for more.
    static let smallestScale = 0.5
    /// A release of the opening press on the spot within this is a click that opened the menu: it stays (GTK).
    public static let stayOpenMilliseconds: Int64 = 500

    // MARK: - What it is

    public let kind: Kind
    /// What it shows, in reading order (down each column).
    public let entries: [Entry]
    /// The items that cannot be chosen now (shown dimmed).
    public let disabled: Set<Item>
    /// Where it was opened (the pointer, or a point of the selected shape); nil for the palette, which is centred.
    public let anchor: Point?
    /// The size it is laid out at: dpi / 96 of the screen, less where the area is too small.
    public let scale: Double
    /// The whole menu, inside the area it was laid out in (as far as it fits).
    public let frame: Rect
    /// How many columns it takes.
    public let columns: Int
    /// The entry the pointer or the keyboard is on (an index into `entries`), if any: always an item that can
    /// be chosen.
    public private(set) var highlighted: Int?
    /// The press going on on the menu, if any.
    private(set) var press: Press?

    /// The items, in reading order.
    public var items: [Item] { entries.compactMap(\.item) }

    /// Whether this is the palette panel rather than a menu.
    public var isPalette: Bool { kind == .palette }

    /// A menu of `entries` opened at `point` (its top left corner just right of and below it, flipped and
    /// slid as the type's comment says) inside `area`, on a screen of `scale` (dpi / 96).
    public init(_ kind: Kind, entries: [Entry], disabled: Set<Item> = [], at point: Point, inside area: Rect,
                scale: Double = 1) {
        var scale = scale
        var layout = Self.layout(entries, inside: area, scale: scale)
        while layout.width * Double(layout.columns) > area.width, scale > Self.smallestScale {
            scale = max(Self.smallestScale, scale * 0.75)
            layout = Self.layout(entries, inside: area, scale: scale)
        }
        let width = layout.width * Double(layout.columns)
        let x = Self.place(point.x, length: width, from: area.minX, to: area.maxX)
        let y = Self.place(point.y, length: layout.height, from: area.minY, to: area.maxY)
        self.init(kind: kind, entries: entries, disabled: disabled, anchor: point, scale: scale,
                  frame: Rect(x: x, y: y, width: width, height: layout.height), columns: layout.columns)
    }

    /// The palette panel (a three-finger swipe up), centred in `area` (smaller where it does not fit).
    public static func palette(inside area: Rect, scale: Double = 1) -> ContextMenu {
        let perColumn = Double(colourItems.count + 1)
        let fitting = min(area.width / (2 * paletteItemWidth), area.height / (perColumn * paletteItemHeight))
        let scale = max(smallestScale, min(scale, fitting))
        let frame = PanelStyle.centred(width: 2 * paletteItemWidth * scale, height: perColumn * paletteItemHeight * scale,
                                       in: area)
        return ContextMenu(kind: .palette, entries: paletteEntries, disabled: [], anchor: nil, scale: scale, frame: frame,
                           columns: 2)
    }

    private init(kind: Kind, entries: [Entry], disabled: Set<Item>, anchor: Point?, scale: Double, frame: Rect, columns: Int) {
        self.kind = kind
        self.entries = entries
        self.disabled = disabled
        self.anchor = anchor
        self.scale = scale
        self.frame = frame
        self.columns = columns
    }

    /// The same menu laid out again, where the window shows another area or the screen has another scale; its
    /// highlight and press go on.
    public func laidOut(inside area: Rect, scale: Double) -> ContextMenu {
        var menu = anchor.map { ContextMenu(kind, entries: entries, disabled: disabled, at: $0, inside: area, scale: scale) }
            ?? .palette(inside: area, scale: scale)
        menu.highlighted = highlighted
        menu.press = press
        return menu
    }

    /// Where a menu of `length` opened at `point` starts between `low` and `high`: just past the point; else
    /// flipped to end just before it; else slid to end at `high`; and never before `low`.
    private static func place(_ point: Double, length: Double, from low: Double, to high: Double) -> Double {
        let after = point.rounded(.down) + 1
        if after + length <= high { return after }
        let before = point.rounded(.down) - length
        if before >= low { return before }
        return max(low, high - length)
    }

    /// A column's width and the menu's height for `entries` in the fewest columns `area`'s height holds, at
    /// `scale`.
    private static func layout(_ entries: [Entry], inside area: Rect, scale: Double)
        -> (width: Double, height: Double, columns: Int) {
        let style = PanelStyle(fontSize: fontSize, rowHeight: itemHeight, scale: scale)
        let rows = entries.map { $0.item.map { Overlay.Row($0.title, shortcut: $0.shortcut) } ?? .separator }
        let separator = Overlay.separatorHeight(forRowHeight: style.rowHeight)
        var columns = 1
        while columns < entries.count,
              Overlay.height(of: rows, columns: columns, rowHeight: style.rowHeight, separatorHeight: separator) > area.height {
            columns += 1
        }
        let marked = entries.contains { $0.item?.hasMark ?? false }
        let width = max(minimumItemWidth * scale, style.width(ofMenuRows: rows, marked: marked))
        return (width.rounded(.up), Overlay.height(of: rows, columns: columns, rowHeight: style.rowHeight, separatorHeight: separator),
                columns)
    }

    public static func == (a: ContextMenu, b: ContextMenu) -> Bool {
        a.kind == b.kind && a.entries == b.entries && a.disabled == b.disabled && a.anchor == b.anchor && a.scale == b.scale
            && a.frame == b.frame && a.highlighted == b.highlighted && a.press == b.press
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(frame)
        hasher.combine(highlighted)
    }

    // MARK: - Geometry

    /// The panel showing the menu, `marks` marked: one row per entry, where `frame(ofEntry:)` says.
    public func overlay(marking marks: Marks) -> Overlay {
        var overlay = layoutOverlay
        for (index, entry) in entries.enumerated() {
            guard let item = entry.item else { continue }
            overlay.rows[index] = row(for: item, marks: marks, highlighted: index == highlighted)
        }
        return overlay
    }

    /// The panel with the entries' rows as laid out (no marks): what both drawing and hit testing measure.
    private var layoutOverlay: Overlay {
        let style = PanelStyle(fontSize: Self.fontSize, rowHeight: isPalette ? Self.paletteItemHeight : Self.itemHeight,
                               scale: scale)
        return style.overlay(entries.map { entry in
            switch entry {
            case .item(let item): Overlay.Row(item.title)
            case .separator: .separator
            case .blank: Overlay.Row("", isEnabled: false)
            }
        }, in: frame, columns: columns)
    }

    /// Where entry `index` is drawn (and clicked).
    public func frame(ofEntry index: Int) -> Rect { layoutOverlay.frame(ofRow: index) }

    /// The entry under `point`, if any.
    public func entry(at point: Point) -> Int? { layoutOverlay.row(at: point) }

    /// The item under `point`, if any.
    public func item(at point: Point) -> Item? { entry(at: point).flatMap { entries[$0].item } }

    /// The row showing `item`: a swatch or a line of the width it stands for, marked when `marks` has it.
    private func row(for item: Item, marks: Marks, highlighted: Bool) -> Overlay.Row {
        var row = Overlay.Row(item.title, shortcut: isPalette ? nil : item.shortcut, isEnabled: !disabled.contains(item),
                              isHighlighted: highlighted)
        switch item {
        case .colour(let index):
            row.swatch = Pen.palette[index].colour
            row.isChosen = marks.colour == Pen.palette[index].colour
        case .byAngle:
            row.swatch = AngleColour.colour(angle: .pi / 4)
            row.isChosen = marks.byAngle
        case .width(let index):
            row.lineWidth = Pen.widths[index].pixels * scale
            row.isChosen = marks.width == Pen.widths[index].pixels
        case .bySpeed:
            row.lineWidth = SpeedWidth.thickest / 2 * scale
            row.isChosen = marks.bySpeed
        case .tool(let tool):
            row.isChosen = marks.tool == tool
        default:
            break
        }
        return row
    }

    // MARK: - The state machine

    /// Whether entry `index` can be highlighted and chosen: an item not disabled.
    private func isChoosable(_ index: Int) -> Bool {
        guard let item = entries[index].item else { return false }
        return !disabled.contains(item)
    }

    /// The pointer (no button held, or the press on the menu) is at `point`: the item there is highlighted;
    /// elsewhere nothing is.
    public mutating func pointerMoved(to point: Point) {
        highlighted = entry(at: point).flatMap { isChoosable($0) ? $0 : nil }
    }

    /// The press that opened the menu went down at `point` at `time`.
    mutating func openedByPress(at point: Point, time: ServerTime) {
        press = Press(point: point, time: time, opensTheMenu: true)
    }

    /// A press at `point` at `time` while the menu is open: on the menu it is the menu's; elsewhere it closes it.
    public mutating func pressed(at point: Point, time: ServerTime) -> Outcome {
        guard frame.contains(point) else { return .closes }
        press = Press(point: point, time: time, opensTheMenu: false)
        pointerMoved(to: point)
        return .stays
    }

    /// The press on the menu lifted at `point` at `time`. On an item that can be chosen it chooses it, unless
    /// it is the opening press released on the spot (within `slop` px) — then the menu stays if that was
    /// quick, and closes if not. Elsewhere on the menu nothing happens; outside it, the menu closes, unless the
    /// opening press lifted there quickly.
    public mutating func released(at point: Point, time: ServerTime, slop: Double) -> Outcome {
        guard let press else { return .stays }
        self.press = nil
        let quick = time.milliseconds(since: press.time) < Self.stayOpenMilliseconds
        if press.opensTheMenu, point.distance(to: press.point) <= slop { return quick ? .stays : .closes }
        if let index = entry(at: point) {
            guard isChoosable(index), let item = entries[index].item else { return .stays }
            return .chooses(item)
        }
        if frame.contains(point) { return .stays }
        return press.opensTheMenu && quick ? .stays : .closes
    }

    /// The press on the menu was taken away (a grab, a touch the system took back).
    mutating func pressCancelled() { press = nil }

    /// A key while the menu is open; nil when the key is not the menu's (it goes to the key table).
    public mutating func key(_ key: Key, _ modifiers: Modifiers) -> Outcome? {
        guard !modifiers.contains(.control) else { return nil }
        switch key {
        case .escape: return .closes
        case .down: highlight(step: 1)
        case .up: highlight(step: -1)
        case .home: highlighted = entries.indices.first(where: isChoosable)
        case .end: highlighted = entries.indices.last(where: isChoosable)
        case .enter, .character(" "):
            guard let index = highlighted, let item = entries[index].item else { return .stays }
            return .chooses(item)
        case .character(let typed) where typed.isLetter:
            highlightNext(startingWith: typed)
        default:
            return nil
        }
        return .stays
    }

    /// Highlights the first item that can be chosen (a menu opened from the keyboard).
    mutating func highlightFirst() { highlighted = entries.indices.first(where: isChoosable) }

    /// Moves the highlight `step` (±1) entries over the items that can be chosen, wrapping; from nothing, Down
    /// goes to the first and Up to the last.
    private mutating func highlight(step: Int) {
        let count = entries.count
        var index = highlighted ?? (step > 0 ? count - 1 : 0)
        for _ in 0..<count {
            index = (index + step + count) % count
            if isChoosable(index) { return highlighted = index }
        }
    }

    /// Highlights the next item after the highlighted one (wrapping) whose title starts with `letter`.
    private mutating func highlightNext(startingWith letter: Character) {
        let count = entries.count, start = highlighted ?? count - 1
        for offset in 1...count {
            let index = (start + offset) % count
            if isChoosable(index), entries[index].item?.title.first?.lowercased() == letter.lowercased() {
                return highlighted = index
            }
        }
    }
}

extension ContextMenu.Item {
    /// Whether its row shows a swatch or a line left of its text.
    var hasMark: Bool {
        switch self {
        case .colour, .byAngle, .width, .bySpeed: true
        default: false
        }
    }
}
