import Canvas
import Shapes

/// The help overlay (F1 or ?): every row of the pointer table, then every row of the key table, the last of which
/// says how to scroll it. It stays readable in any window: where its text does not fit at its size, it
/// takes smaller text down to a floor, then columns, then scrolls (the keys of that last row).
enum HelpPanel {
    /// Every row, the pointer actions first, then the keys, as their tables list them.
    static var rows: [String] {
        PointerActions.table.map { "\($0.action): \($0.effect)" } + KeyBindings.table.map { "\($0.keys): \($0.effect)" }
    }

    /// The help's text and rows at 96 dpi.
    static let style = PanelStyle(fontSize: 13, rowHeight: 22)
    /// The smallest text it takes before columns and scrolling, in px at 96 dpi.
    static let smallestFontSize = 9.0

    /// How the help fits an area.
    struct Layout: Hashable {
        /// The text size and rows chosen.
        var style: PanelStyle
        var columns: Int
        /// How many rows there are.
        var rowCount: Int
        /// How many rows show at a time: all of them unless it scrolls.
        var visibleRows: Int
        /// The panel's place, centred in the area and no larger than it.
        var frame: Rect

        /// Whether the rows do not all show: then the last row stays at the bottom and the others scroll.
        var scrolls: Bool { visibleRows < rowCount }

        /// Rows the others scroll through: all but the last when it stays, else one.
        var scrollingRows: Int { scrolls && visibleRows > 1 ? visibleRows - 1 : visibleRows }

        /// The largest first row: the end of the rows shows then.
        var lastFirstRow: Int {
            guard scrolls else { return 0 }
            return (visibleRows > 1 ? rowCount - 1 : rowCount) - scrollingRows
        }

        /// How far PageUp and PageDown move: the rows shown but one, which stays in sight.
        var page: Int { max(1, scrollingRows - 1) }
    }

    /// The help in `area` (the part of the window on screen) on a screen of `scale` (dpi / 96): the largest
    /// text from the design's size down to `smallestFontSize` (in whole px at 96 dpi) that shows every row in
    /// one column; else in the fewest columns that show them all at some size; else one column of the
    /// smallest text, scrolling.
    static func layout(in area: Rect, scale: Double) -> Layout {
        let rows = rows
        let base = style.scaled(by: scale)
        let sizes = stride(from: style.fontSize, through: smallestFontSize, by: -1).map { base.withFontSize($0 * scale) }
        for columns in 1...rows.count {
            let perColumn = (rows.count + columns - 1) / columns
            if let fitting = sizes.first(where: { size in
                Double(columns) * size.width(of: rows) <= area.width && Double(perColumn) * size.rowHeight <= area.height
            }) {
                let frame = PanelStyle.centred(width: Double(columns) * fitting.width(of: rows),
                                               height: Double(perColumn) * fitting.rowHeight, in: area)
                return Layout(style: fitting, columns: columns, rowCount: rows.count, visibleRows: rows.count, frame: frame)
            }
            guard let smallest = sizes.last, Double(columns + 1) * smallest.width(of: rows) <= area.width else { break }
        }
        let smallest = sizes.last ?? base
        let visible = max(1, min(rows.count, Int(area.height / smallest.rowHeight)))
        let frame = PanelStyle.centred(width: smallest.width(of: rows), height: Double(visible) * smallest.rowHeight, in: area)
        return Layout(style: smallest, columns: 1, rowCount: rows.count, visibleRows: visible, frame: frame)
    }

    /// The panel in `area` on a screen of `scale`, scrolled so that `firstRow` (kept within the rows) is the
    /// first shown.
    static func overlay(in area: Rect, scale: Double, firstRow: Int) -> Overlay {
        let layout = layout(in: area, scale: scale)
        let rows = rows
        guard layout.scrolls else { return layout.style.overlay(rows, in: layout.frame, columns: layout.columns) }
        let first = min(max(0, firstRow), layout.lastFirstRow)
        var shown = Array(rows[first..<(first + layout.scrollingRows)])
        if layout.visibleRows > 1, let last = rows.last { shown.append(last) }
        return layout.style.overlay(shown, in: layout.frame)
    }
}

/// A line of news at the bottom of the window, for people who started the program from a menu and never
/// see stderr: a save that fails, an export, another start asking for this drawing.
struct Notice: Hashable, Sendable {
    var text: String

    /// The text and its row at 96 dpi.
    static let style = PanelStyle(fontSize: 13, rowHeight: 28)
    /// Between the notice and the bottom of the window, at 96 dpi.
    static let margin = 8.0

    /// The notice, centred at the bottom of `area` (the part of the window on screen), no wider than it, on a
    /// screen of `scale` (dpi / 96).
    func overlay(in area: Rect, scale: Double) -> Overlay {
        let style = Self.style.scaled(by: scale)
        let width = min(area.width, style.width(of: [text]))
        let y = max(area.minY, area.maxY - style.rowHeight - Self.margin * scale)
        let frame = Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: y.rounded(), width: width,
                         height: min(area.height, style.rowHeight))
        return style.overlay([text], in: frame)
    }
}
