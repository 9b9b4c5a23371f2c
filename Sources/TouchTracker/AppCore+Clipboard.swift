import Shapes
import Storage
import Timing

/// Copy, cut and paste, as the core decides them. Ctrl+C and Ctrl+X ask the shell to own the clipboard with
/// the shapes (`AppEffect.ownClipboard`), Ctrl+V asks for its content (`AppEffect.requestClipboard`); the
/// shell speaks the X selection protocol and hands back what became of it (`.clipboardOwned`, at once) and
/// what arrived (`.clipboardReceived`, when the owner has answered). A cut deletes only once the clipboard
/// holds its shapes; pasted shapes are read here, strictly, so that bad content gives one line and no crash.
extension AppCore {
    /// The clipboard's state in the core: the copy whose ownership the shell is taking, and a paste under way.
    struct ClipboardState {
        /// Ctrl+C or Ctrl+X asked the shell to own the clipboard: how many shapes, and whether to delete them.
        var copying: (count: Int, isWholeDrawing: Bool, isCut: Bool)?
        /// Ctrl+V asked for the clipboard's content, which has not come yet.
        var isPasting = false
    }

    /// Ctrl+C (and Ctrl+X, `cut`): the selected shapes, or every shape when none is selected (a cut needs a
    /// selection: it never empties the drawing).
    func copy(cut: Bool, now: Deadline) {
        let model = controller.model
        let wholeDrawing = model.selection.isEmpty
        if cut, wholeDrawing { return show("Select a shape to cut (Ctrl+C copies the whole drawing)", now: now) }
        let shapes = model.shapesToCopy
        guard !shapes.isEmpty else { return show("Nothing to copy: the drawing is empty", now: now) }
        clipboard.copying = (shapes.shapes.count, wholeDrawing, cut)
        effects.append(.ownClipboard(shapes))
    }

    /// The shell's answer to `ownClipboard`.
    func clipboardOwned(failure: String?, now: Deadline) {
        guard let copying = clipboard.copying else { return }
        clipboard.copying = nil
        if let failure { return tell("cannot \(copying.isCut ? "cut" : "copy"): \(failure)", now: now) }
        let shapes = Self.count(copying.count, "shape")
        if copying.isCut {
            _ = controller.perform(.deleteSelection)
            show("Cut \(shapes) (Ctrl+Z brings \(copying.count == 1 ? "it" : "them") back)", now: now)
        } else {
            show(copying.isWholeDrawing ? "Copied the drawing (\(shapes))" : "Copied \(shapes)", now: now)
        }
    }

    /// Ctrl+V: asks for the clipboard's content; another Ctrl+V while it comes is one paste.
    func paste(now: Deadline) {
        guard !clipboard.isPasting else { return }
        clipboard.isPasting = true
        effects.append(.requestClipboard)
    }

    /// The clipboard's content came: shapes (or text that is a drawing's JSON) are added under `pointer` —
    /// at the window's centre when the pointer is outside it — selected, as one undoable edit.
    func clipboardReceived(_ receipt: ClipboardReceipt, pointer: Point?, now: Deadline) {
        guard clipboard.isPasting else { return }
        clipboard.isPasting = false
        let bytes: [UInt8]
        switch receipt {
        case .shapes(let shapes): bytes = shapes
        case .text(let text): bytes = text
        case .empty: return show("Nothing to paste: the clipboard is empty", now: now)
        case .unavailable(let reason): return tell("cannot paste: \(reason)", now: now)
        }
        let pasted: Drawing
        do {
            pasted = try DrawingFormat.decode(bytes)
        } catch {
            if case .text = receipt { return tell("cannot paste: the clipboard holds text, not TouchTracker shapes", now: now) }
            return tell("cannot paste: the clipboard's shapes are damaged (\(error))", now: now)
        }
        let area = controller.model.canvasArea
        let centre = pointer.flatMap { area.contains($0) ? $0 : nil }
            ?? Point(x: (area.minX + area.maxX) / 2, y: (area.minY + area.maxY) / 2)
        switch controller.paste(pasted, centredAt: centre) {
        case .success(let count): show("Pasted \(Self.count(count, "shape"))", now: now)
        case .failure(.noShapes): show("Nothing to paste: the clipboard's drawing has no shapes", now: now)
        case .failure(.tooManyShapes(let total)):
            tell("cannot paste: the drawing would have \(total) shapes, more than a file holds (\(DocumentLimits.maxShapes))", now: now)
        case .failure(.tooManyInkPoints(let total)):
            tell("cannot paste: too many ink points: \(total), at most \(DocumentLimits.maxPoints) in a drawing", now: now)
        case .failure(.outOfBounds):
            tell("cannot paste there: a shape would lie beyond ±\(Int(DocumentLimits.maxCoordinateMagnitude)) px", now: now)
        }
    }

    /// "1 shape", "3 shapes".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

extension Rect {
    /// Whether `point` lies inside, edges included.
    func contains(_ point: Point) -> Bool { point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY }
}
