/// A panel drawn over the shapes, such as the context menu or the help text: a light rectangle with a
/// thin border and rows of text, top to bottom, in one column or several side by side. It paints nothing
/// outside `frame` (a column nothing outside its own part of it), so a compositor repaints exactly
/// `frame` when it appears, changes or goes away. Where each row is (`frame(ofRow:)`) is said here once,
/// for the renderer that draws it and the app that finds a click's row.

import Shapes

public struct Overlay: Hashable, Sendable {
    /// A row: its text, and what is shown left of it in a menu of choices, and right of it (a shortcut).
    public struct Row: Hashable, Sendable, ExpressibleByStringLiteral {
        public var text: String
        /// A square of this colour (a palette's choice).
        public var swatch: Colour?
        /// A short black line this many px wide (a width's choice).
        public var lineWidth: Double?
        /// The choice in force: the row is marked.
        public var isChosen: Bool
        /// The keys that do the same, right-aligned ("Ctrl+Z").
        public var shortcut: String?
        /// False for a choice that cannot apply now: drawn dimmed, never highlighted.
        public var isEnabled: Bool
        /// The row the pointer or the keyboard is on: drawn in the selection's colours.
        public var isHighlighted: Bool
        /// A line between groups of rows instead of text, `Overlay.separatorHeight` high.
        public var isSeparator: Bool

        public init(_ text: String, swatch: Colour? = nil, lineWidth: Double? = nil, isChosen: Bool = false,
                    shortcut: String? = nil, isEnabled: Bool = true, isHighlighted: Bool = false) {
            self.text = text; self.swatch = swatch; self.lineWidth = lineWidth; self.isChosen = isChosen
            self.shortcut = shortcut; self.isEnabled = isEnabled; self.isHighlighted = isHighlighted
            isSeparator = false
        }

        public init(stringLiteral text: String) { self.init(text) }

        /// A line between two groups of rows.
        public static var separator: Row {
            var row = Row("")
            row.isSeparator = true
            row.isEnabled = false
            return row
        }

        /// Whether something is shown left of the text.
        public var hasMark: Bool { swatch != nil || lineWidth != nil }
    }

    public var frame: Rect
    /// The rows shown, in reading order: down the first column, then down the next.
    public var rows: [Row]
    /// The height of each row of text in px.
    public var rowHeight: Double
    /// The height of a separator row in px.
    public var separatorHeight: Double
    public var fontSize: Double
    /// How many columns of equal width share the frame; each holds `rowsPerColumn` rows (the last one fewer).
    public var columns: Int
    /// The border's width in px.
    public var borderWidth: Double
    /// A quiet panel: its text alone, greyed, with no background and no border (a hint on an empty canvas).
    public var isQuiet: Bool
    /// Buttons drawn on it, each inside the frame (the toolbar's): a panel of buttons has no rows.
    public var buttons: [OverlayButton] = []

    public init(frame: Rect, rows: [Row], rowHeight: Double = 28, fontSize: Double = 14, columns: Int = 1,
                borderWidth: Double = 1, separatorHeight: Double? = nil, isQuiet: Bool = false) {
        self.frame = frame
        self.rows = rows
        self.rowHeight = rowHeight
        self.fontSize = fontSize
        self.columns = max(1, columns)
        self.borderWidth = borderWidth
        self.separatorHeight = separatorHeight ?? Self.separatorHeight(forRowHeight: rowHeight)
        self.isQuiet = isQuiet
    }

    /// A separator's height for rows `rowHeight` high: a third of a row, in whole pixels (9 px for 28).
    public static func separatorHeight(forRowHeight rowHeight: Double) -> Double { (rowHeight / 3).rounded() }

    /// The rows' texts.
    public var texts: [String] { rows.map(\.text) }

    /// Rows in each column but the last.
    public var rowsPerColumn: Int { Self.rowsPerColumn(rows.count, columns: columns) }

    /// Rows in each column but the last, for `count` rows in `columns` columns.
    public static func rowsPerColumn(_ count: Int, columns: Int) -> Int { (count + max(1, columns) - 1) / max(1, columns) }

    /// The part of the frame column `index` (from 0, left to right) takes.
    public func frame(ofColumn index: Int) -> Rect {
        let width = frame.width / Double(columns)
        return Rect(x: frame.minX + Double(index) * width, y: frame.minY, width: width, height: frame.height)
    }

    /// Where row `index` is drawn (and found by a click): in its column, below the rows above it there.
    public func frame(ofRow index: Int) -> Rect {
        let perColumn = rowsPerColumn, column = index / perColumn
        let above = rows[(column * perColumn)..<index]
        let top = frame.minY + Self.height(of: above, rowHeight: rowHeight, separatorHeight: separatorHeight)
        let area = frame(ofColumn: column)
        return Rect(x: area.minX, y: top, width: area.width, height: rows[index].isSeparator ? separatorHeight : rowHeight)
    }

    /// The row at `point` (left and top edges inside, right and bottom outside), if any.
    public func row(at point: Point) -> Int? {
        rows.indices.first { frame(ofRow: $0).contains(point) }
    }

    /// How tall `rows` are stacked in one column.
    public static func height(of rows: some Collection<Row>, rowHeight: Double, separatorHeight: Double) -> Double {
        rows.reduce(0) { $0 + ($1.isSeparator ? separatorHeight : rowHeight) }
    }

    /// How tall the tallest of `columns` columns of `rows` is (filled as `rowsPerColumn` says).
    public static func height(of rows: [Row], columns: Int, rowHeight: Double, separatorHeight: Double) -> Double {
        let perColumn = max(1, rowsPerColumn(rows.count, columns: columns))
        return stride(from: 0, to: rows.count, by: perColumn).map {
            height(of: rows[$0..<min(rows.count, $0 + perColumn)], rowHeight: rowHeight, separatorHeight: separatorHeight)
        }.max() ?? 0
    }
}
