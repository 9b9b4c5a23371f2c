import Document

/// The help overlay (F1 or ?): what the mouse does, then every row of the key table.
enum HelpPanel {
    /// The pointer gestures, briefly.
    static let gestureRows = [
        "Drag: draw a line",
        "Click: select a line; double click: clear",
        "Long press a line and move: drag it",
        "Drag the selected line: move it",
        "Right click a line: menu with Delete",
    ]

    /// Every row, gestures first, then the keys as the key table lists them.
    static var rows: [String] { gestureRows + KeyBindings.table.map { "\($0.keys): \($0.effect)" } }

    static let rowHeight = 22.0
    static let fontSize = 13.0

    /// The panel, centred in `area` (the part of the window on screen) and no larger than it.
    static func overlay(in area: Rect) -> Overlay {
        let rows = rows
        let width = min(area.width, PanelText.width(of: rows, fontSize: fontSize))
        let height = min(area.height, rowHeight * Double(rows.count))
        let frame = Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: (area.minY + (area.height - height) / 2).rounded(),
                         width: width, height: height)
        return Overlay(frame: frame, rows: rows, rowHeight: rowHeight, fontSize: fontSize)
    }
}

/// A line of news at the bottom of the window, for people who started the program from a menu and never
/// see stderr: a save that fails, an export, another start asking for this drawing.
struct Notice: Hashable, Sendable {
    var text: String

    static let rowHeight = 28.0
    static let fontSize = 13.0
    static let margin = 8.0

    /// The notice, centred at the bottom of `area` (the part of the window on screen), no wider than it.
    func overlay(in area: Rect) -> Overlay {
        let width = min(area.width, PanelText.width(of: [text], fontSize: Self.fontSize))
        let y = max(area.minY, area.maxY - Self.rowHeight - Self.margin)
        let frame = Rect(x: (area.minX + (area.width - width) / 2).rounded(), y: y.rounded(), width: width,
                         height: min(area.height, Self.rowHeight))
        return Overlay(frame: frame, rows: [text], rowHeight: Self.rowHeight, fontSize: Self.fontSize)
    }
}

/// How wide a panel must be for its rows. The app cannot measure text (that is Cairo's, in the renderer),
/// so it allows a generous average width per character of the sans-serif face, plus the margins the
/// renderer leaves; a row that is still longer is clipped by the panel, never drawn outside it.
enum PanelText {
    static func width(of rows: [String], fontSize: Double) -> Double {
        let longest = rows.map(\.count).max() ?? 0
        return (Double(longest) * fontSize * 0.56 + fontSize * 1.2).rounded(.up)
    }
}
