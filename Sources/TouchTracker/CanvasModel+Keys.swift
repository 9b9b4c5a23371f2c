import Document

/// The keyboard: Delete/BackSpace delete the selected line; Escape deselects and closes the menu
/// and the help; Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo; arrows nudge the selected line 1 px
/// (Shift: 10 px); F1 or ? toggle the help overlay. Ctrl+S, Ctrl+E and Ctrl+Q go to the shell.
extension CanvasModel {
    /// Nudge steps in px.
    public static let nudgeStep = 1.0
    public static let largeNudgeStep = 10.0

    /// Handles a key press; returns what the shell must do, if anything.
    @discardableResult
    public mutating func key(_ key: Key, _ modifiers: Modifiers = []) -> AppCommand? {
        if modifiers.contains(.control) {
            guard case .character(let typed) = key else { return nil }
            switch (typed.lowercased(), modifiers.contains(.shift)) {
            case ("z", false): editKey { $0.undo() }
            case ("z", true), ("y", _): editKey { $0.redo() }
            case ("s", _): return .save
            case ("e", _): return .exportPNG
            case ("q", _): return .quit
            default: break
            }
            return nil
        }
        switch key {
        case .delete, .backspace:
            editKey { model in
                guard let selected = model.selection, let line = model.document.line(selected.id) else { return }
                model.perform(.delete(line))
                model.selection = nil
            }
        case .escape:
            cancelLineDrag()
            menu = nil
            selection = nil
            tapPhase = .none
            if isHelpVisible { toggleHelp() }
        case .left: nudge(dx: -1, dy: 0, modifiers)
        case .right: nudge(dx: 1, dy: 0, modifiers)
        case .up: nudge(dx: 0, dy: -1, modifiers)
        case .down: nudge(dx: 0, dy: 1, modifiers)
        case .f1, .character("?"): toggleHelp()
        case .character: break
        }
        return nil
    }

    /// Keys that edit close the menu first, and wait while a line is being dragged.
    private mutating func editKey(_ body: (inout CanvasModel) -> Void) {
        guard lineDrag == nil else { return }
        menu = nil
        body(&self)
    }

    /// Moves the selected line by one step (ten with Shift); not while the menu is open or a drag
    /// is going on.
    private mutating func nudge(dx: Double, dy: Double, _ modifiers: Modifiers) {
        guard menu == nil, lineDrag == nil, let selected = selection, let line = document.line(selected.id) else { return }
        let step = modifiers.contains(.shift) ? Self.largeNudgeStep : Self.nudgeStep
        perform(.nudge(line.id, from: line.segment, to: line.segment.translated(by: Vector(dx: dx * step, dy: dy * step))))
    }

    private mutating func toggleHelp() {
        isHelpVisible.toggle()
    }
}
