import Canvas
import Shapes

/// What every panel over the canvas (the context menu, the help, the notices) is made of, and the one
/// layout helper they share: rows of text of one size, designed at 96 dpi and drawn `scale` (dpi / 96)
/// times as large, so that a panel looks as large on a 192-dpi screen as on a 96-dpi one.
///
/// The app cannot measure text with the face itself (that is Cairo's, in the renderer), so widths come from
/// `TextMeasure`, an upper bound for the face, plus the margins the renderer leaves (0.6 of the font size on
/// each side): a row laid out to fit its column is never clipped.
struct PanelStyle: Hashable, Sendable {
    /// The text's size in px.
    private(set) var fontSize: Double
    /// A row's height in px.
    private(set) var rowHeight: Double
    /// dpi / 96.
    let scale: Double

    /// A style designed at 96 dpi (`fontSize` and `rowHeight` in px there) on a screen of `scale`.
    init(fontSize: Double, rowHeight: Double, scale: Double = 1) {
        self.fontSize = fontSize * scale
        self.rowHeight = rowHeight * scale
        self.scale = scale
    }

    /// This style on a screen of `scale` (its sizes given at 96 dpi).
    func scaled(by scale: Double) -> PanelStyle {
        PanelStyle(fontSize: fontSize / self.scale, rowHeight: rowHeight / self.scale, scale: scale)
    }

    /// The same panel with text of `size` px (at this scale); rows shrink or grow with it, to whole pixels (all
    /// rows then draw their text alike).
    func withFontSize(_ size: Double) -> PanelStyle {
        var style = self
        style.rowHeight = (rowHeight * size / fontSize).rounded()
        style.fontSize = size
        return style
    }

    /// How wide a column must be to show `rows` whole.
    func width(of rows: [String]) -> Double {
        ((rows.map { TextMeasure.width(of: $0, fontSize: fontSize) }.max() ?? 0) + margins).rounded(.up)
    }

    /// The space the renderer leaves left and right of a row's text.
    var margins: Double { fontSize * 1.2 }

    /// How wide text of this style may be in a column `width` px wide.
    func textWidth(inColumn width: Double) -> Double { width - margins }

    /// How wide a menu's column must be for `rows`: a mark left of the text where `marked`, the text, and the
    /// shortcut right-aligned at least two ems after it.
    func width(ofMenuRows rows: [Overlay.Row], marked: Bool) -> Double {
        let widest = rows.map { row in
            TextMeasure.width(of: row.text, fontSize: fontSize)
                + (row.shortcut.map { 2 * fontSize + TextMeasure.width(of: $0, fontSize: fontSize) } ?? 0)
        }.max() ?? 0
        return (widest + (marked ? 2 * fontSize : 0) + margins).rounded(.up)
    }

    /// Rows of plain text in `frame`, in `columns` side by side.
    func overlay(_ texts: [String], in frame: Rect, columns: Int = 1) -> Overlay {
        overlay(texts.map { Overlay.Row($0) }, in: frame, columns: columns)
    }

    /// `rows` in `frame`, in `columns` side by side (a quiet panel: text alone, greyed).
    func overlay(_ rows: [Overlay.Row], in frame: Rect, columns: Int = 1, isQuiet: Bool = false) -> Overlay {
        Overlay(frame: frame, rows: rows, rowHeight: rowHeight, fontSize: fontSize, columns: columns,
                borderWidth: max(1, scale.rounded()), isQuiet: isQuiet)
    }

    /// `text` at the bottom of `area`, centred, `margin` px (at 96 dpi) above its edge, no wider than it (wrapped
    /// where it must be): a notice, or a hint.
    func line(_ text: String, atTheBottomOf area: Rect, margin: Double, isQuiet: Bool = false) -> Overlay {
        let lines = TextMeasure.width(of: text, fontSize: fontSize) <= textWidth(inColumn: area.width) ? [text]
            : TextMeasure.wrap(text, toWidth: textWidth(inColumn: area.width), fontSize: fontSize)
        return self.lines(lines, atTheBottomOf: area, margin: margin, isQuiet: isQuiet)
    }

    /// `lines` at the bottom of `area`, centred, `margin` px (at 96 dpi) above its edge, no wider or taller than it.
    func lines(_ lines: [String], atTheBottomOf area: Rect, margin: Double, isQuiet: Bool = false) -> Overlay {
        let width = min(area.width, self.width(of: lines))
        let height = min(area.height, Double(lines.count) * rowHeight)
        let y = max(area.minY, area.maxY - height - margin * scale)
        let frame = Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: y.rounded(), width: width, height: height)
        return overlay(lines.map { Overlay.Row($0) }, in: frame, isQuiet: isQuiet)
    }

    /// A frame `width` × `height` centred in `area` and no larger than it, its corner on a whole pixel.
    static func centred(width: Double, height: Double, in area: Rect) -> Rect {
        let (width, height) = (min(width, area.width), min(height, area.height))
        return Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: (area.minY + (area.height - height) / 2).rounded(),
                    width: width, height: height)
    }
}
