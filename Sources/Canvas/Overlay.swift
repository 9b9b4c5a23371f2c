/// A panel drawn over the shapes, such as the context menu or the help text: a light rectangle with a
/// thin border and rows of text, top to bottom, in one column or several side by side. It paints nothing
/// outside `frame` (a column nothing outside its own part of it), so a compositor repaints exactly
/// `frame` when it appears, changes or goes away.

import Shapes

public struct Overlay: Hashable, Sendable {
    /// A row: its text, and what is shown left of it in a menu of choices.
    public struct Row: Hashable, Sendable, ExpressibleByStringLiteral {
        public var text: String
        /// A square of this colour (a palette's choice).
        public var swatch: Colour?
        /// A short black line this many px wide (a width's choice).
        public var lineWidth: Double?
        /// The choice in force: the row is marked.
        public var isChosen: Bool

        public init(_ text: String, swatch: Colour? = nil, lineWidth: Double? = nil, isChosen: Bool = false) {
            self.text = text; self.swatch = swatch; self.lineWidth = lineWidth; self.isChosen = isChosen
        }

        public init(stringLiteral text: String) { self.init(text) }

        /// Whether something is shown left of the text.
        public var hasMark: Bool { swatch != nil || lineWidth != nil }
    }

    public var frame: Rect
    /// The rows shown, in reading order: down the first column, then down the next.
    public var rows: [Row]
    /// The height of each row in px; row `i` of a column starts at `frame.minY + i * rowHeight`.
    public var rowHeight: Double
    public var fontSize: Double
    /// How many columns of equal width share the frame; each holds `rowsPerColumn` rows (the last one fewer).
    public var columns: Int
    /// The border's width in px.
    public var borderWidth: Double

    public init(frame: Rect, rows: [Row], rowHeight: Double = 28, fontSize: Double = 14, columns: Int = 1,
                borderWidth: Double = 1) {
        self.frame = frame
        self.rows = rows
        self.rowHeight = rowHeight
        self.fontSize = fontSize
        self.columns = max(1, columns)
        self.borderWidth = borderWidth
    }

    /// The rows' texts.
    public var texts: [String] { rows.map(\.text) }

    /// Rows in each column but the last.
    public var rowsPerColumn: Int { (rows.count + columns - 1) / columns }

    /// The part of the frame column `index` (from 0, left to right) takes.
    public func frame(ofColumn index: Int) -> Rect {
        let width = frame.width / Double(columns)
        return Rect(x: frame.minX + Double(index) * width, y: frame.minY, width: width, height: frame.height)
    }
}
