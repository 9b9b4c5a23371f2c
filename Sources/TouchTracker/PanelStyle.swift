import Canvas
import Shapes

/// What every panel over the canvas (the context menu, the help, the notices) is made of, and the one
/// layout helper they share: rows of text of one size, designed at 96 dpi and drawn `scale` (dpi / 96)
/// times as large, so that a panel looks as large on a 192-dpi screen as on a 96-dpi one.
///
/// The app cannot measure text (that is Cairo's, in the renderer), so widths are estimated here and only
/// here: a generous average width per character of the sans-serif face, plus the margins the renderer
/// leaves (0.6 of the font size on each side); a row that is still longer is clipped by its panel, never
/// drawn outside it.
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

    /// How wide a column must be to show `rows` whole (an estimate; see above).
    func width(of rows: [String]) -> Double {
        let longest = rows.map(\.count).max() ?? 0
        return (Double(longest) * fontSize * 0.56 + fontSize * 1.2).rounded(.up)
    }

    /// Rows of plain text in `frame`, in `columns` side by side.
    func overlay(_ texts: [String], in frame: Rect, columns: Int = 1) -> Overlay {
        overlay(texts.map { Overlay.Row($0) }, in: frame, columns: columns)
    }

    /// `rows` in `frame`, in `columns` side by side.
    func overlay(_ rows: [Overlay.Row], in frame: Rect, columns: Int = 1) -> Overlay {
        Overlay(frame: frame, rows: rows, rowHeight: rowHeight, fontSize: fontSize, columns: columns,
                borderWidth: max(1, scale.rounded()))
    }

    /// A frame `width` × `height` centred in `area` and no larger than it, its corner on a whole pixel.
    static func centred(width: Double, height: Double, in area: Rect) -> Rect {
        let (width, height) = (min(width, area.width), min(height, area.height))
        return Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: (area.minY + (area.height - height) / 2).rounded(),
                    width: width, height: height)
    }
}
