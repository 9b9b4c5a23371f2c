import Canvas
import Shapes

/// The toolbar's part of the model (`Toolbar`): whether it shows (the pen remembers it; F9), the button the
/// mouse is over (for its highlight and tooltip; a finger never hovers) and the press on a button, which
/// carries the button out when it lifts on it, as desktop buttons do.
extension CanvasModel {
    /// The toolbar as it is laid out now, if it shows: a finger's size when the last input was a finger.
    var toolbar: Toolbar? {
        pen.showsToolbar ? Toolbar(in: visibleArea, scale: displayScale, forTouch: lastInputWasTouch) : nil
    }

    /// Where the toolbar is, if it shows: a press there is the toolbar's.
    public var toolbarFrame: Rect? { toolbar?.frame }

    /// The buttons that cannot apply now: Undo and Redo with nothing to undo or redo, zoom in and out at the
    /// ends of the zoom's range.
    var disabledToolbarItems: Set<Toolbar.Item> {
        var disabled: Set<Toolbar.Item> = []
        if !canUndo { disabled.insert(.undo) }
        if !canRedo { disabled.insert(.redo) }
        if view.zoom >= ViewTransform.zoomRange.upperBound { disabled.insert(.zoomIn) }
        if view.zoom <= ViewTransform.zoomRange.lowerBound { disabled.insert(.zoomOut) }
        return disabled
    }

    /// The mouse moved to `point` with no button down.
    mutating func toolbarPointerMoved(to point: Point) {
        toolbarHovered = toolbar?.item(at: point)
    }

    /// A press on the toolbar at `point`, with the toolbar laid out as it was shown (before the press's own
    /// input changed its size).
    mutating func toolbarPressed(at point: Point, on toolbar: Toolbar) {
        toolbarHovered = nil
        toolbarPress = toolbar.item(at: point).flatMap { item in toolbar.frame(of: item).map { (item, $0) } }
    }

    /// The press on the toolbar lifted at `point`: on the button it pressed, that button's command is carried
    /// out (where it can apply), or "»" opens the menu of the buttons that did not fit; elsewhere nothing happens.
    mutating func toolbarReleased(at point: Point) {
        guard let press = toolbarPress else { return }
        toolbarPress = nil
        guard press.frame.contains(point), !disabledToolbarItems.contains(press.item) else { return }
        guard let command = press.item.command else { return openToolbarOverflow(below: press.frame) }
        if let forTheCore = execute(command) { commandsForTheCore.append(forTheCore) }
    }

    /// "»": the buttons that did not fit, as a menu that opens below it, its right edge at the button's (it is
    /// at the window's right edge), what cannot apply now dimmed.
    mutating func openToolbarOverflow(below button: Rect) {
        guard let toolbar, !toolbar.overflow.isEmpty else { return }
        tapPhase = .none
        menu = ContextMenu(.toolbarOverflow, entries: toolbar.overflowEntries, disabled: Set(disabledToolbarItems.compactMap(\.menuItem)),
                           at: Point(x: button.maxX, y: button.maxY), inside: visibleArea, scale: displayScale)
    }

    /// The press on the toolbar was taken away.
    mutating func toolbarPressCancelled() { toolbarPress = nil }
}
