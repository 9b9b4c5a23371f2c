import Gestures

/// What the user can ask for with a key: the one vocabulary of the key table, the model and the core.
public enum Command: Hashable, Sendable {
    /// Delete the selected shapes.
    case deleteSelection
    /// Select every shape.
    case selectAll
    /// Deselect; close the menu or the help; put a dragged shape back.
    case escape
    case undo
    case redo
    /// Move the selected shapes by this many pixels.
    case nudge(dx: Double, dy: Double)
    case toggleHelp
    /// Remove every shape (one undoable edit), as a double click does.
    case clear
    /// Scroll the help by this many pages (down when positive), where it does not fit the window.
    case scrollHelp(pages: Int)
    /// Draw with palette colour number `index` (0-based; keys 1–8).
    case chooseColour(index: Int)
    /// Colour each finished shape by its angle (key 0).
    case colourByAngle
    /// A thinner (-1) or thicker (+1) width (`[`, `]`).
    case stepWidth(by: Int)
    /// Width number `index` of `Pen.widths` (the menus).
    case chooseWidth(index: Int)
    /// Width by speed (or a stylus's pressure), on or off (S).
    case toggleWidthBySpeed
    /// Draw with `tool` (its key in `Tool.table`).
    case chooseTool(Tool)
    /// Zoom in (positive) or out by this many steps, about the middle of the window.
    case zoom(steps: Int)
    /// Show the whole drawing, as large as the window holds it.
    case zoomToFit
    /// Show the drawing at 100%.
    case zoomToActualSize
    /// Save the drawing now.
    case save
    /// Save, then write a PNG beside the document.
    case exportPNG
    /// Save and quit.
    case quit
    /// Open the context menu from the keyboard: the selected shape's, else the canvas's at the pointer.
    case openMenu
    /// Show or hide the toolbar (remembered with the pen).
    case toggleToolbar
    /// Put the selected shapes (or every shape) on the clipboard.
    case copy
    /// Put the selected shapes on the clipboard and delete them (one undoable edit).
    case cut
    /// Add the shapes on the clipboard under the pointer.
    case paste
    /// Choose another drawing to open in this window (this one is saved first).
    case open
    /// Choose a new file for the drawing; the window goes on in it.
    case saveAs
    /// Choose a file to export the drawing to: PNG, SVG or PDF by its name.
    case exportAs
    /// Open a new window on a new drawing.
    case newWindow
}

/// A key with the modifiers held.
public struct KeyChord: Hashable, Sendable {
    public var key: Key
    public var modifiers: Modifiers

    public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }

    /// The chord as a menu writes it: "Ctrl+Shift+Z", "Shift+F10", "Delete", "0".
    public var label: String {
        let held = (modifiers.contains(.control) ? "Ctrl+" : "") + (modifiers.contains(.shift) ? "Shift+" : "")
        let name: String = switch key {
        case .delete: "Delete"
        case .backspace: "BackSpace"
        case .escape: "Escape"
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .home: "Home"
        case .end: "End"
        case .enter: "Return"
        case .menu: "Menu"
        case .f1: "F1"
        case .f9: "F9"
        case .f10: "F10"
        case .keypadPlus: "keypad +"
        case .keypadMinus: "keypad -"
        case .character(" "): "Space"
        case .character(let typed): typed.uppercased()
        }
        return held + name
    }

    /// The chord as the table lists it: letters in lower case (`Z` with Shift is `z` with Shift).
    var normalized: KeyChord {
        guard case .character(let typed) = key, typed.isLetter else { return self }
        return KeyChord(.character(Character(typed.lowercased())), modifiers)
    }
}

/// One row of the key table: the keys as people read them, what they do, and the chords behind them.
public struct KeyBinding: Sendable {
    /// The keys, as the help, `--help`, the README and the man page write them ("Ctrl+Shift+Z, Ctrl+Y").
    public let keys: String
    /// What they do, in a few words ("redo").
    public let effect: String
    /// Each chord and the command it gives.
    public let chords: [(chord: KeyChord, command: Command)]

    init(_ keys: String, _ effect: String, _ chords: [(chord: KeyChord, command: Command)]) {
        self.keys = keys; self.effect = effect; self.chords = chords
    }

    init(_ keys: String, _ effect: String, _ chords: [KeyChord], _ command: Command) {
        self.init(keys, effect, chords.map { ($0, command) })
    }
}

/// Every key binding, once (dwm's `keys[]`). The model and the core dispatch through it; the help overlay
/// and `--help` are made from it; tests check the README's and the man page's key tables against it.
public enum KeyBindings {
    public static let table: [KeyBinding] = [
        KeyBinding("Delete, BackSpace", "delete the selected shapes", [KeyChord(.delete), KeyChord(.backspace)],
                   .deleteSelection),
        KeyBinding("Ctrl+A", "select every shape", [KeyChord(.character("a"), .control)], .selectAll),
        KeyBinding("Escape", "deselect; close the menu or the help", [KeyChord(.escape)], .escape),
        KeyBinding("Ctrl+Z", "undo", [KeyChord(.character("z"), .control)], .undo),
        KeyBinding("Ctrl+Shift+Z, Ctrl+Y", "redo",
                   [KeyChord(.character("z"), [.control, .shift]), KeyChord(.character("y"), .control)], .redo),
        KeyBinding("arrows", "nudge the selected shapes 1 px (with Shift: 10 px)", arrows),
    ] + toolKeys + [
        KeyBinding("1–8", "draw in " + Pen.palette.map(\.name).joined(separator: ", "), paletteKeys),
        KeyBinding("0", "colour each shape by its angle", [KeyChord(.character("0"))], .colourByAngle),
        KeyBinding("[, ]", "thinner, thicker: " + Pen.widths.map { "\($0.name) \(Int($0.pixels))" }.joined(separator: ", "),
                   [(KeyChord(.character("[")), .stepWidth(by: -1)), (KeyChord(.character("]")), .stepWidth(by: 1))]),
        KeyBinding("S", "width by speed (with a stylus: by pressure), on or off", [KeyChord(.character("s"))],
                   .toggleWidthBySpeed),
        KeyBinding("Ctrl+=, Ctrl+plus, keypad +", "zoom in",
                   [KeyChord(.character("="), .control), KeyChord(.character("+"), .control), KeyChord(.keypadPlus),
                    KeyChord(.keypadPlus, .control)], .zoom(steps: 1)),
        KeyBinding("Ctrl+-, keypad -", "zoom out",
                   [KeyChord(.character("-"), .control), KeyChord(.keypadMinus), KeyChord(.keypadMinus, .control)],
                   .zoom(steps: -1)),
        KeyBinding("Ctrl+0", "fit the whole drawing in the window", [KeyChord(.character("0"), .control)], .zoomToFit),
        KeyBinding("Ctrl+1", "show the drawing at 100%", [KeyChord(.character("1"), .control)], .zoomToActualSize),
        KeyBinding("Ctrl+C", "copy the selected shapes, or the whole drawing",
                   [KeyChord(.character("c"), .control)], .copy),
        KeyBinding("Ctrl+X", "cut the selected shapes", [KeyChord(.character("x"), .control)], .cut),
        KeyBinding("Ctrl+V", "paste shapes from any TouchTracker window, under the pointer",
                   [KeyChord(.character("v"), .control)], .paste),
        KeyBinding("Ctrl+S", "save now, saying where", [KeyChord(.character("s"), .control)], .save),
        KeyBinding("Ctrl+Shift+S", "save as: choose a new file and go on in it",
                   [KeyChord(.character("s"), [.control, .shift])], .saveAs),
        KeyBinding("Ctrl+O", "open another drawing (this one is saved first)", [KeyChord(.character("o"), .control)], .open),
        KeyBinding("Ctrl+N", "open a new window on a new drawing (untitled-N.json)",
                   [KeyChord(.character("n"), .control)], .newWindow),
        KeyBinding("Ctrl+E", "export a numbered PNG beside the document",
                   [KeyChord(.character("e"), .control)], .exportPNG),
        KeyBinding("Ctrl+Shift+E", "export as: choose a .png, .svg or .pdf file",
                   [KeyChord(.character("e"), [.control, .shift])], .exportAs),
        KeyBinding("Ctrl+Q", "save and quit", [KeyChord(.character("q"), .control)], .quit),
        KeyBinding("F1, ?", "show or hide the help", [KeyChord(.f1), KeyChord(.character("?"))], .toggleHelp),
        KeyBinding("F9", "show or hide the toolbar", [KeyChord(.f9)], .toggleToolbar),
        KeyBinding("Menu, Shift+F10", "open the selected shape's menu, else the pen's",
                   [KeyChord(.menu), KeyChord(.f10, .shift)], .openMenu),
        // The menu's own keys while one is open (`ContextMenu.key`): no command of their own.
        KeyBinding("Up, Down, Home, End, letters", "move in an open menu; Return, Space choose", []),
        // The help's last row: the arrows are the nudge's chords, and the help's while it is shown.
        KeyBinding("Up, Down, PageUp, PageDown", "scroll the help while it is shown",
                   [(KeyChord(.pageUp), .scrollHelp(pages: -1)), (KeyChord(.pageDown), .scrollHelp(pages: 1))]),
    ]

    /// Keys that act while held rather than when pressed: Space, with which a drag moves the view. Their
    /// releases are input too.
    public static let heldKeys: Set<Key> = [space]
    /// Space: held, a left drag moves the view (GIMP, Krita).
    public static let space = Key.character(" ")

    /// Nudge steps in px.
    public static let nudgeStep = 1.0
    public static let largeNudgeStep = 10.0

    /// A row for each tool, from `Tool.table`: its key chooses it.
    private static var toolKeys: [KeyBinding] {
        Tool.table.map { tool in
            KeyBinding(tool.key.uppercased(), "\(tool.name) tool: \(tool.help)", [KeyChord(.character(tool.key))], .chooseTool(tool))
        }
    }

    private static var paletteKeys: [(chord: KeyChord, command: Command)] {
        Pen.palette.indices.map { (KeyChord(.character(Character(String($0 + 1)))), .chooseColour(index: $0)) }
    }

    private static var arrows: [(chord: KeyChord, command: Command)] {
        let directions: [(Key, Double, Double)] = [(.left, -1, 0), (.right, 1, 0), (.up, 0, -1), (.down, 0, 1)]
        return directions.flatMap { key, dx, dy in
            [(KeyChord(key), Command.nudge(dx: dx * nudgeStep, dy: dy * nudgeStep)),
             (KeyChord(key, .shift), Command.nudge(dx: dx * largeNudgeStep, dy: dy * largeNudgeStep))]
        }
    }

    private static let commands: [KeyChord: Command] = {
        var commands: [KeyChord: Command] = [:]
        for binding in table {
            for (chord, command) in binding.chords {
                precondition(commands[chord] == nil, "\(chord) is bound twice")
                commands[chord] = command
            }
        }
        return commands
    }()

    /// The keys that give `command`, as a menu shows them beside it ("Ctrl+Z", "Delete", "3"): the first chord the
    /// table binds to it; nil when no key does.
    public static func shortcut(for command: Command) -> String? {
        for binding in table {
            if let chord = binding.chords.first(where: { $0.command == command })?.chord { return chord.label }
        }
        return nil
    }

    /// The command a key press gives, if any. Shift counts where the table says it does (Ctrl+Shift+Z,
    /// Shift+arrows); elsewhere a chord with Shift gives what the chord without it gives, so Ctrl+Shift+S
    /// saves and `?` (Shift+/ on many keyboards) shows the help.
    public static func command(for key: Key, _ modifiers: Modifiers) -> Command? {
        let chord = KeyChord(key, modifiers).normalized
        if let command = commands[chord] { return command }
        guard chord.modifiers.contains(.shift) else { return nil }
        return commands[KeyChord(chord.key, chord.modifiers.subtracting(.shift))]
    }
}
