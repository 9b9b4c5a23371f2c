import Canvas
import Gestures

/// One row of the pointer table: what a pointer (a mouse, a finger, a stylus) does, as people say it, and what
/// it does to the drawing, in a few words (as a `KeyBinding` says a key and its effect).
public struct PointerAction: Sendable {
    /// Which of the documents' two tables lists it: the mouse's (read first), or touch and stylus.
    public enum Group: Sendable {
        case mouse
        /// Fingers, a stylus, several master pointers.
        case touchAndStylus
    }

    public let group: Group
    /// The action, as the help, `--help`, the README and the man page write it ("right click on a shape").
    public let action: String
    /// What it does, in a few words ("select it; a menu: Delete, colours, widths").
    public let effect: String
    /// The recognizer of `AppController` that tells it from the rest; nil where it is no gesture: a contact
    /// that reaches the canvas and draws with the tool, an eraser, or a press that a panel takes (a right
    /// press opens the menu before the engine sees it).
    public let gesture: AppGesture?
}

/// Every pointer action, once (dwm's `buttons[]` beside `keys[]`). The engine's recognizers
/// (`AppController`) decide what a pointer does; this table says it to people: the help overlay and `--help`
/// are made from it, and tests check the README's, the man page's and `docs/` tables against it, and that
/// every `AppGesture` has a row. An action added to the app gets its row here.
public enum PointerActions {
    public static let table: [PointerAction] = [
        PointerAction(group: .mouse, action: "left drag",
                      effect: "draw with the tool (\(toolKeys)): red while drawing, then in the pen's colour and width",
                      gesture: nil),
        PointerAction(group: .mouse, action: "Shift+drag", effect: "with the line tool: a circle in the box dragged",
                      gesture: nil),
        PointerAction(group: .mouse, action: "Ctrl+drag", effect: "snap a line to 15° steps; make an ellipse a circle",
                      gesture: nil),
        PointerAction(group: .mouse, action: "click",
                      effect: "select the nearest shape within \(tolerance) px (green); on empty canvas, deselect",
                      gesture: .select),
        PointerAction(group: .mouse, action: "Shift+click, Ctrl+click",
                      effect: "add the shape to the selection, or take it out", gesture: .select),
        PointerAction(group: .mouse, action: "double click", effect: "clear every shape (undoable)", gesture: .clear),
        PointerAction(group: .mouse, action: "long press on a shape (\(longPress) s), then move",
                      effect: "pick it up and drag it; release drops it", gesture: .longPress),
        PointerAction(group: .mouse, action: "drag on a selected shape", effect: "move every selected shape",
                      gesture: .moveLine),
        PointerAction(group: .mouse, action: "right click on a shape",
                      effect: "select it (unless selected); a menu for the selection: " + summary(ContextMenu.shapeEntries.compactMap(\.item)),
                      gesture: nil),
        PointerAction(group: .mouse, action: "right click on empty canvas",
                      effect: "a menu: " + summary(ContextMenu.canvasEntries.compactMap(\.item)),
                      gesture: nil),
        PointerAction(group: .mouse, action: "wheel, Shift+wheel",
                      effect: "scroll down and up, and across (so do the wheel's side buttons), \(wheelStep) px a click",
                      gesture: nil),
        PointerAction(group: .mouse, action: "Ctrl+wheel", effect: "zoom about the pointer, from \(zooms)", gesture: nil),
        PointerAction(group: .mouse, action: "middle drag, Space+drag", effect: "move the view", gesture: nil),
        PointerAction(group: .touchAndStylus, action: "a finger, a master pointer",
                      effect: "draw its own shape; taps work as clicks, double taps as double clicks", gesture: nil),
        PointerAction(group: .touchAndStylus, action: "two fingers or pointers pressed together",
                      effect: "draw a circle in their box; it is done when one lifts", gesture: .circle),
        PointerAction(group: .touchAndStylus, action: "two fingers or pointers tapped together",
                      effect: "undo (no circle, no dot)", gesture: .undo),
        PointerAction(group: .touchAndStylus, action: "three fingers tapped together", effect: "redo", gesture: .redo),
        PointerAction(group: .touchAndStylus, action: "three fingers swiped up",
                      effect: "open the palette: the pen's menu in finger-sized rows", gesture: .palette),
        PointerAction(group: .touchAndStylus, action: "a touchpad's two fingers",
                      effect: "scroll exactly as far as they move; pinched, zoom about them and follow them", gesture: nil),
        PointerAction(group: .touchAndStylus, action: "a stylus's tip",
                      effect: "draw like the mouse; with width by speed, as wide as it is pressed", gesture: nil),
        PointerAction(group: .touchAndStylus, action: "a stylus's eraser end",
                      effect: "erase every shape it passes over; one Ctrl+Z brings a stroke back", gesture: nil),
    ]

    /// The rows of one group, in the table's order.
    public static func rows(_ group: PointerAction.Group) -> [PointerAction] {
        table.filter { $0.group == group }
    }

    /// The tools' keys ("L, C").
    private static var toolKeys: String { Tool.table.map { $0.key.uppercased() }.joined(separator: ", ") }

    /// How far a click of the wheel scrolls, in px on screen at 96 dpi.
    private static var wheelStep: Int { Int(CanvasModel.wheelStep) }

    /// The zooms the view can have ("5% to 3200%").
    private static var zooms: String {
        "\(Int(ViewTransform.zoomRange.lowerBound * 100))% to \(Int(ViewTransform.zoomRange.upperBound * 100))%"
    }

    /// How far from a shape a click selects it, at 96 dpi.
    private static var tolerance: Int { Int(CanvasModel.standardSelectionTolerance) }

    /// How long a long press takes with a mouse, in seconds ("0.5").
    private static var longPress: String {
        let milliseconds = GestureSettings.Thresholds.mouse.longPressDurationMilliseconds
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }

    /// A menu's items as the table says them: the colours as "colours", the widths as "widths", the rest by
    /// their titles ("Delete, colours, widths").
    private static func summary(_ items: [ContextMenu.Item]) -> String {
        var words: [String] = []
        for item in items {
            let word = switch item {
            case .colour: "colours"
            case .width: "widths"
            default: item.title
            }
            if words.last != word { words.append(word) }
        }
        return words.joined(separator: ", ")
    }
}
