/// A panel drawn over the lines, such as the context menu or the help text: a light rectangle with a
/// thin border and rows of text, top to bottom. It paints nothing outside `frame`, so a compositor
/// repaints exactly `frame` when it appears, changes or goes away.
public struct Overlay: Hashable, Sendable {
    public var frame: Rect
    public var rows: [String]
    /// The height of each row in px; row `i` starts at `frame.minY + i * rowHeight`.
    public var rowHeight: Double
    public var fontSize: Double

    public init(frame: Rect, rows: [String], rowHeight: Double = 28, fontSize: Double = 14) {
        self.frame = frame
        self.rows = rows
        self.rowHeight = rowHeight
        self.fontSize = fontSize
    }
}
