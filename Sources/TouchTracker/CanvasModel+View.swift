import Canvas
import Gestures
import Shapes
#if canImport(Glibc)
import Glibc  // libm: log2, pow
#endif

/// Moving around the drawing (the desktop's conventions; Inkscape, GIMP, Xournal++): the wheel scrolls
/// down, Shift+wheel and the horizontal wheel across, a touchpad by its exact deltas; Ctrl+wheel and a
/// touchpad's pinch zoom about the pointer (the drawing point under it stays under it); a middle drag, and
/// Space+drag, move the view; keys zoom in and out in steps, fit the drawing and show it at 100%. Every
/// step here is in window pixels: the view moves under the pointer, whose document point changes.
///
/// The view a document opens with is chosen here too: the remembered one when it still shows part of the
/// drawing, else 100% from the document's corner when the drawing fits so, else the drawing fitted (never
/// magnified). It follows the window and the screen (a window manager resizing the new window) until the
/// view is moved.
extension CanvasModel {
    /// How far a click of the wheel scrolls, in px on screen at 96 dpi (Inkscape's default); a smooth
    /// scroll moves by its fractions of a click.
    public static let wheelStep = 40.0
    /// Zoom steps are 2^(1/4) apart: four steps double, and 100% and every power of two is a step.
    public static let zoomStepsPerDoubling = 4.0
    /// The room left around a fitted drawing, in px on screen at 96 dpi.
    public static let fitMargin = 20.0

    // MARK: - The wheel and the touchpad

    /// A wheel's click or a smooth scroll: with Ctrl it zooms about the pointer, a step a click (a smooth
    /// scroll its fraction of one); else it scrolls by `wheelStep` a click, across with Shift.
    public mutating func scroll(_ input: ScrollInput) {
        if input.modifiers.contains(.control) {
            let steps = -(input.dy + input.dx)  // up (negative) zooms in
            guard steps != 0 else { return }
            move(to: view.zoomed(to: Self.zoom(view.zoom, steppedBy: steps), keeping: input.location))
            return
        }
        var (dx, dy) = (input.dx, input.dy)
        if input.modifiers.contains(.shift) { (dx, dy) = (dy, dx) }
        let step = Self.wheelStep * displayScale
        move(to: view.panned(by: Vector(dx: -dx * step, dy: -dy * step)))
    }

    /// A touchpad's pinch: the view zooms by the pinch's scale about the fingers' centre and follows it
    /// as it moves; a cancelled pinch puts the view back as it was before it began.
    public mutating func pinch(_ input: PinchInput) {
        switch input.phase {
        case .began:
            pinchStart = (view, input.location)
        case .changed, .ended:
            guard let start = pinchStart else { return }
            let zoomed = start.view.zoomed(to: start.view.zoom * input.scale, keeping: start.centre)
            move(to: zoomed.panned(by: input.location - start.centre))
            if input.phase == .ended { pinchStart = nil }
        case .cancelled:
            guard let start = pinchStart else { return }
            pinchStart = nil
            move(to: start.view)
        }
    }

    // MARK: - Dragging the view

    /// A contact that moves the view (a middle drag, or Space+drag) went down at window point `point`.
    public mutating func viewDragBegan(_ contact: ContactID, atWindowPoint point: Point) {
        if closeMenu() { return }
        viewDrags[contact] = point
    }

    /// It moved to window point `point`: the drawing follows it.
    public mutating func viewDragMoved(_ contact: ContactID, toWindowPoint point: Point) {
        guard let last = viewDrags[contact] else { return }
        viewDrags[contact] = point
        move(to: view.panned(by: point - last))
    }

    /// It lifted (or was taken away): the view stays where it was moved.
    public mutating func viewDragEnded(_ contact: ContactID) {
        viewDrags[contact] = nil
    }

    // MARK: - Commands

    /// Zooms in (`steps` > 0) or out by whole steps about the middle of the window, from one step of
    /// `zoomStepsPerDoubling` to the next (a zoom between two steps goes to the next one).
    mutating func zoom(steps: Int) {
        let level = log2(view.zoom) * Self.zoomStepsPerDoubling
        let next = steps > 0 ? (level + 1e-9).rounded(.down) + Double(steps) : (level - 1e-9).rounded(.up) + Double(steps)
        move(to: view.zoomed(to: pow(2, next / Self.zoomStepsPerDoubling), keeping: visibleCentre, exactly: true))
    }

    /// Shows the whole drawing as large as the window holds it (an empty one at 100% from its corner).
    mutating func zoomToFit() {
        guard let bounds = document.drawing.paintedBounds else { return move(to: ViewTransform(screenScale: displayScale)) }
        move(to: ViewTransform.fitting(bounds, in: canvasArea, screenScale: displayScale, margin: Self.fitMargin * displayScale))
    }

    /// Shows the drawing at 100%, the document point in the middle of the window staying there.
    mutating func zoomToActualSize() {
        move(to: view.zoomed(to: 1, keeping: visibleCentre, exactly: true))
    }

    // MARK: - The view itself

    /// `zoom` moved by `steps` zoom steps (fractions too): a zoom that lands on a whole step (within what
    /// rounding leaves) is that step exactly, so three clicks in and three out are 100% again, not 99%.
    static func zoom(_ zoom: Double, steppedBy steps: Double) -> Double {
        let level = log2(zoom) * zoomStepsPerDoubling + steps
        let whole = level.rounded()
        return pow(2, (abs(level - whole) < 1e-6 ? whole : level) / zoomStepsPerDoubling)
    }

    /// The part of the window the drawing is seen in: the part on screen below the toolbar, when it shows
    /// (the drawing goes on under it; fitting, scrolling and zooming about the middle use this area).
    public var canvasArea: Rect {
        guard let strip = toolbar?.frame, strip.maxY < visibleArea.maxY else { return visibleArea }
        return Rect(minX: visibleArea.minX, minY: max(visibleArea.minY, strip.maxY), maxX: visibleArea.maxX, maxY: visibleArea.maxY)
    }

    /// The middle of the part of the window the drawing is seen in.
    var visibleCentre: Point { Point(x: (canvasArea.minX + canvasArea.maxX) / 2, y: (canvasArea.minY + canvasArea.maxY) / 2) }

    /// The view is moved to `newView` (kept showing the document's bounds): it no longer follows the window.
    mutating func move(to newView: ViewTransform) {
        view = newView.limited(showing: canvasArea)
        placement = .placed
    }

    /// The view to open the document with, in the window as it is now: the remembered view when it still
    /// shows part of the drawing; 100% from the document's corner when the drawing lies there (every shape's
    /// centre line in the window: a line drawn to the window's edge is in it) or is empty; else the drawing
    /// fitted, at 100% or smaller.
    func openingView() -> ViewTransform {
        let standard = ViewTransform(screenScale: displayScale)
        let drawing = document.drawing
        guard let lying = drawing.bounds, let painted = drawing.paintedBounds else { return standard }
        if case .opening(let remembered?) = placement {
            let restored = remembered.view(screenScale: displayScale, in: canvasArea)
            if restored.document(canvasArea).intersects(painted) { return restored }
        }
        let shown = standard.document(visibleArea)
        if lying.minX >= shown.minX, lying.minY >= shown.minY, lying.maxX <= shown.maxX, lying.maxY <= shown.maxY {
            return standard
        }
        return ViewTransform.fitting(painted, in: canvasArea, screenScale: displayScale, margin: Self.fitMargin * displayScale,
                                     largestZoom: 1)
    }

    /// The view to remember for the next time the document opens, once it was moved (until then the
    /// document opens as it did).
    public var placedView: RememberedView? {
        guard case .placed = placement else { return nil }
        return RememberedView(zoom: view.zoom, centre: view.document(visibleCentre))
    }
}

/// Where the view stands.
enum ViewPlacement: Sendable {
    /// As the document opened (the remembered view to restore, if any): chosen again when the window or
    /// the screen changes.
    case opening(remembered: RememberedView?)
    /// Where it was moved.
    case placed

    var isOpening: Bool {
        if case .opening = self { return true }
        return false
    }
}
