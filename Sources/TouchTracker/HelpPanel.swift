import Canvas
import Shapes

/// The help overlay (F1 or ?): every row of the pointer table, then every row of the key table, the last of
/// which says how to scroll it. It fits any window and is never clipped: where its rows do not fit at its
/// size, it takes smaller text down to a floor, then columns, then wraps its rows to the window's width (a
/// row's further lines indented), and scrolls (the keys of that last row) where they are still too many.
enum HelpPanel {
    /// Every row, the pointer actions first, then the keys, as their tables list them.
    static var rows: [String] {
        PointerActions.table.map { "\($0.action): \($0.effect)" } + KeyBindings.table.map { "\($0.keys): \($0.effect)" }
    }

    /// The help's text and rows at 96 dpi.
    static let style = PanelStyle(fontSize: 13, rowHeight: 22)
    /// The smallest text it takes before columns and scrolling, in px at 96 dpi.
    static let smallestFontSize = 9.0
    /// What starts a row's further lines where rows wrap.
    static let continuation = "    "

    /// How the help fits an area.
    struct Layout: Hashable {
        /// The text size and rows chosen.
        var style: PanelStyle
        var columns: Int
        /// The lines shown, in order: the rows, each wrapped into several where it must be.
        var lines: [String]
        /// How many lines show at a time: all of them unless it scrolls.
        var visibleRows: Int
        /// How many lines at the end (the last row's) stay at the bottom while the others scroll.
        var pinnedLines: Int
        /// The panel's place, centred in the area and no larger than it.
        var frame: Rect

        /// How many lines there are.
        var rowCount: Int { lines.count }

        /// Whether the lines do not all show: then the last row stays at the bottom and the others scroll.
        var scrolls: Bool { visibleRows < rowCount }

        /// Lines the others scroll through: all but the pinned ones.
        var scrollingRows: Int { scrolls ? visibleRows - pinnedLines : visibleRows }

        /// The largest first line: the end of the lines shows then.
        var lastFirstRow: Int { scrolls ? rowCount - pinnedLines - scrollingRows : 0 }

        /// How far PageUp and PageDown move: the lines shown but one, which stays in sight.
        var page: Int { max(1, scrollingRows - 1) }
    }

    /// The help in `area` (the part of the window on screen) on a screen of `scale` (dpi / 96): the largest
    /// text from the design's size down to `smallestFontSize` (in whole px at 96 dpi) that shows every row in
    /// one column; else in the fewest columns that show them all at some size; else the rows wrapped to the
    /// area's width, at the largest size at which they all show, or at the smallest, scrolling.
    static func layout(in area: Rect, scale: Double) -> Layout {
        let rows = rows
        let base = style.scaled(by: scale)
        let sizes = stride(from: style.fontSize, through: smallestFontSize, by: -1).map { base.withFontSize($0 * scale) }
        // A column's width at each size, measured once.
        let columnWidths = sizes.map { $0.width(of: rows) }
        for columns in 1...rows.count {
            let perColumn = (rows.count + columns - 1) / columns
            if let fitting = sizes.indices.first(where: { size in
                Double(columns) * columnWidths[size] <= area.width && Double(perColumn) * sizes[size].rowHeight <= area.height
            }) {
                let frame = PanelStyle.centred(width: Double(columns) * columnWidths[fitting],
                                               height: Double(perColumn) * sizes[fitting].rowHeight, in: area)
                return Layout(style: sizes[fitting], columns: columns, lines: rows, visibleRows: rows.count, pinnedLines: 0, frame: frame)
            }
            guard let smallest = columnWidths.last, Double(columns + 1) * smallest <= area.width else { break }
        }
        let wrapped = sizes.lazy.map { size in (size, rows.map { wrap($0, toWidth: size.textWidth(inColumn: area.width), size) }) }
        let (size, entries) = wrapped.first { size, entries in
            Double(entries.joined().count) * size.rowHeight <= area.height
        } ?? wrapped.last!
        let lines = Array(entries.joined())
        let visible = max(1, min(lines.count, Int(area.height / size.rowHeight)))
        let last = entries.last?.count ?? 1
        let pinned = visible < lines.count && visible > last ? last : 0
        let frame = PanelStyle.centred(width: min(area.width, size.width(of: lines)), height: Double(visible) * size.rowHeight,
                                       in: area)
        return Layout(style: size, columns: 1, lines: lines, visibleRows: visible, pinnedLines: pinned, frame: frame)
    }

    /// `row` in lines at most `width` wide in `style`: its further lines start with `continuation`.
    private static func wrap(_ row: String, toWidth width: Double, _ style: PanelStyle) -> [String] {
        guard TextMeasure.width(of: row, fontSize: style.fontSize) > width else { return [row] }
        let indent = TextMeasure.width(of: continuation, fontSize: style.fontSize)
        let lines = TextMeasure.wrap(row, toWidth: max(width - indent, style.fontSize), fontSize: style.fontSize)
        return [lines[0]] + lines.dropFirst().map { continuation + $0 }
    }

    /// The panel in `area` on a screen of `scale`, scrolled so that `firstRow` (kept within the lines) is the
    /// first shown.
    static func overlay(in area: Rect, scale: Double, firstRow: Int) -> Overlay {
        let layout = layout(in: area, scale: scale)
        guard layout.scrolls else { return layout.style.overlay(layout.lines, in: layout.frame, columns: layout.columns) }
        let first = min(max(0, firstRow), layout.lastFirstRow)
        let shown = Array(layout.lines[first..<(first + layout.scrollingRows)] + layout.lines.suffix(layout.pinnedLines))
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

    /// The notice, centred at the bottom of `area` (the part of the window on screen), no wider than it (its
    /// text wrapped where it must be), on a screen of `scale` (dpi / 96).
    func overlay(in area: Rect, scale: Double) -> Overlay {
        Self.style.scaled(by: scale).line(text, atTheBottomOf: area, margin: Self.margin)
    }
}

/// What an empty drawing shows, quietly, where notices go, until its first shape: how to begin. Its phrases are
/// said here and nowhere else: the toolbar's only while the toolbar shows, the help's key from the key table.
/// Where the canvas is narrow the phrases go on lines of their own (one wider than the canvas wrapped at its
/// spaces); where the canvas is too low for those lines, the middle phrases are left out, then all but the
/// first: a line is never cut, and a canvas too low for one line shows no hint.
enum EmptyDrawingHint {
    static let separator = " · "

    /// What it says, in order.
    static func phrases(toolbar: Bool) -> [String] {
        let help = KeyBindings.shortcut(for: .toggleHelp) ?? "the help key"
        return ["Drag to draw"] + (toolbar ? ["pick a tool above"] : []) + ["right-click for the pen", "\(help) for help"]
    }

    /// The hint on one line.
    static func text(toolbar: Bool) -> String { phrases(toolbar: toolbar).joined(separator: separator) }

    /// The hint at the bottom of `area` (the canvas below the toolbar) on a screen of `scale`; nil where not even
    /// its first phrase fits.
    static func overlay(in area: Rect, scale: Double, toolbar: Bool) -> Overlay? {
        let style = Notice.style.scaled(by: scale)
        let width = style.textWidth(inColumn: area.width), fontSize = style.fontSize
        let all = phrases(toolbar: toolbar)
        let shortenings = [all, [all[0], all[all.count - 1]], [all[0]]]
        for phrases in shortenings {
            var lines: [String] = []
            for phrase in phrases {
                if let last = lines.last, TextMeasure.width(of: last + separator + phrase, fontSize: fontSize) <= width {
                    lines[lines.count - 1] = last + separator + phrase
                } else {
                    lines += TextMeasure.wrap(phrase, toWidth: width, fontSize: fontSize)
                }
            }
            if lines.allSatisfy({ TextMeasure.width(of: $0, fontSize: fontSize) <= width }),
               Double(lines.count) * style.rowHeight + Notice.margin * scale <= area.height {
                return style.lines(lines, atTheBottomOf: area, margin: Notice.margin, isQuiet: true)
            }
        }
        return nil
    }
}
