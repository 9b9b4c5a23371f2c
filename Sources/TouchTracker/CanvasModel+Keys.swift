import Gestures
import Shapes

/// The keyboard, through `KeyBindings`: the model carries out the commands that change the canvas (delete,
/// escape, undo, redo, nudges, help) and hands back the ones it cannot (files, the clipboard, quit). While a
/// menu is open its own keys go to it first (`ContextMenu.key`); while the help is shown, the up and down
/// arrows scroll it instead of nudging.
extension CanvasModel {
    /// Handles a key press; returns the command when the core must carry it out, nil otherwise.
    @discardableResult
    public mutating func key(_ key: Key, _ modifiers: Modifiers = []) -> Command? {
        if menu != nil, menuKey(key, modifiers) { return nil }
        guard let command = KeyBindings.command(for: key, modifiers) else { return nil }
        return execute(command)
    }

    /// Carries out `command` if it is the canvas's; returns it otherwise.
    @discardableResult
    public mutating func execute(_ command: Command) -> Command? {
        switch command {
        case .deleteSelection: editKey { $0.deleteSelection() }
        case .selectAll:
            guard shapeDrag == nil else { break }
            tapPhase = .none
            menu = nil  // it may be about one shape
            selection = Selection(document.shapes.lazy.map(\.id))
        case .escape:
            // One thing at a time, innermost first: what is being drawn or dragged, then the menu, then the
            // help and the selection.
            if cancelEverythingInProgress() || closeMenu() { break }
            selection = .none
            tapPhase = .none
            isHelpVisible = false
        case .undo: editKey { $0.undo() }
        case .redo: editKey { $0.redo() }
        case .nudge(_, let dy) where isHelpVisible: if dy != 0 { scrollHelp(rows: dy < 0 ? -1 : 1) }
        case .nudge(let dx, let dy): nudge(dx: dx, dy: dy)
        case .toggleHelp:
            isHelpVisible.toggle()
            helpFirstRow = 0
        case .scrollHelp(let pages): scrollHelp(rows: pages * helpLayout.page)
        case .chooseColour(let index): choose(.colour) { $0.colour = .fixed(Pen.palette[index].colour) }
        case .colourByAngle: choose(.colour) { $0.colour = .byAngle }
        case .stepWidth(let step): choose(.width) { $0.stepWidth(by: step) }
        case .chooseWidth(let index): choose(.width) { ($0.width, $0.widthBySpeed) = (Pen.widths[index].pixels, false) }
        case .clear: editKey { $0.clearEverything() }
        case .toggleWidthBySpeed: pen.widthBySpeed.toggle()
        case .openMenu: openMenuFromTheKeyboard()
        case .toggleToolbar:
            pen.showsToolbar.toggle()
            toolbarHovered = nil
        case .chooseTool(let tool): pen.tool = tool
        case .zoom(let steps): zoom(steps: steps)
        case .zoomToFit: zoomToFit()
        case .zoomToActualSize: zoomToActualSize()
        case .save, .exportPNG, .quit, .copy, .cut, .paste, .open, .saveAs, .exportAs, .newWindow: return command
        }
        return nil
    }

    /// Escape while shapes are being drawn, erased or dragged (UIKit's touchesCancelled): every shape in
    /// progress vanishes, every eraser stroke gives back what it took, a dragged shape goes back; nothing is
    /// added and nothing goes into the history. Whether there was anything to cancel.
    mutating func cancelEverythingInProgress() -> Bool {
        let any = !strokes.isEmpty || ellipseStroke != nil || !erasing.isEmpty || shapeDrag != nil
        strokes.removeAll()
        ellipseStroke = nil
        for contact in Array(erasing.keys) { eraserCancelled(contact) }
        cancelShapeDrag()
        return any
    }

    /// The help's layout in the part of the window on screen, at the screen's scale.
    var helpLayout: HelpPanel.Layout { HelpPanel.layout(in: visibleArea, scale: displayScale) }

    /// Where the help is when it is shown.
    public var helpFrame: Rect { helpLayout.frame }

    /// Moves the help's rows by `rows` (down when positive), within its rows; only while it is shown.
    private mutating func scrollHelp(rows: Int) {
        guard isHelpVisible else { return }
        let last = helpLayout.lastFirstRow
        helpFirstRow = min(max(0, min(helpFirstRow, last) + rows), last)
    }

    /// What a choice of the pen's sets.
    private enum PenChoice { case colour, width }

    /// Changes the pen; the selected shapes take the chosen colour or width too, as one edit, even when the
    /// pen had it already (width by speed is the pen's alone: a finished shape has no speed). Shapes that
    /// have it already are not part of the edit.
    private mutating func choose(_ choice: PenChoice, _ change: (inout Pen) -> Void) {
        change(&pen)
        guard shapeDrag == nil else { return }
        let changes = selectedShapes.compactMap { shape -> StyleChange? in
            var style = shape.style
            switch choice {
            case .colour: style.colour = pen.colour(for: shape.geometry)
            case .width: style.width = pen.width
            }
            return style == shape.style ? nil : StyleChange(shape.id, from: shape.style, to: style)
        }
        if !changes.isEmpty { perform(.restyle(changes)) }
    }

    /// Deletes the selected shapes (one edit).
    mutating func deleteSelection() {
        let shapes = selectedShapes
        selection = .none
        if !shapes.isEmpty { perform(.delete(shapes)) }
    }

    /// Keys that edit close the menu first, and wait while a shape is being dragged.
    private mutating func editKey(_ body: (inout CanvasModel) -> Void) {
        guard shapeDrag == nil else { return }
        menu = nil
        body(&self)
    }

    /// Moves the selected shapes (one edit); not while the menu is open or a drag is going on.
    private mutating func nudge(dx: Double, dy: Double) {
        guard menu == nil, shapeDrag == nil else { return }
        let offset = Vector(dx: dx, dy: dy)
        let changes = selectedShapes.map { GeometryChange($0.id, from: $0.geometry, to: $0.geometry.translated(by: offset)) }
        if !changes.isEmpty { perform(.nudge(changes)) }
    }
}
