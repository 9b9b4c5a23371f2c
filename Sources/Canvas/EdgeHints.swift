import Shapes

/// Where the drawing goes on beyond the window, said quietly at its edges: on each side past which some
/// of the drawing lies, a thin bar along that edge, spanning the part of the edge the drawing lies
/// beside (a drawing off a corner makes a short bar at that end of both edges). So no shape is ever out
/// of sight without a hint, and the bars say which way to scroll and roughly how far the drawing spreads.
public enum EdgeHints {
    /// The bar's thickness and its shortest length, in px on screen at 96 dpi.
    public static let thickness = 4.0
    public static let shortest = 24.0

    /// The bars for a drawing painting `extent` (document px; nil: nothing) shown through `view` in `area`
    /// (the part of the window on screen), on a screen of `view.screenScale`: left, top, right, bottom.
    public static func bars(for extent: Rect?, view: ViewTransform, in area: Rect) -> [Rect] {
        guard let extent, !area.isEmpty else { return [] }
        let shown = view.window(extent)
        let thick = thickness * view.screenScale, least = min(shortest * view.screenScale, area.width, area.height)
        /// The part of `low...high` within `from...to`, at least `least` long, within `from...to`.
        func span(_ low: Double, _ high: Double, from: Double, to: Double) -> (Double, Double) {
            var a = min(max(low, from), to), b = max(min(high, to), from)
            if b - a < least {
                let middle = (a + b) / 2
                a = min(max(middle - least / 2, from), to - least)
                b = a + least
            }
            return (a.rounded(.down), b.rounded(.up))
        }
        var bars: [Rect] = []
        let across = span(shown.minY, shown.maxY, from: area.minY, to: area.maxY)
        let along = span(shown.minX, shown.maxX, from: area.minX, to: area.maxX)
        // Half a pixel of slack: what lies within it shows (as antialiasing) or is rounding.
        let slack = 0.5
        if shown.minX < area.minX - slack { bars.append(Rect(minX: area.minX, minY: across.0, maxX: area.minX + thick, maxY: across.1)) }
        if shown.minY < area.minY - slack { bars.append(Rect(minX: along.0, minY: area.minY, maxX: along.1, maxY: area.minY + thick)) }
        if shown.maxX > area.maxX + slack { bars.append(Rect(minX: area.maxX - thick, minY: across.0, maxX: area.maxX, maxY: across.1)) }
        if shown.maxY > area.maxY + slack { bars.append(Rect(minX: along.0, minY: area.maxY - thick, maxX: along.1, maxY: area.maxY)) }
        return bars
    }
}
