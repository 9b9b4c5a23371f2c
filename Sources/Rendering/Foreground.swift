import Canvas
import Shapes

/// What a frame draws over the finished shapes: the shapes in progress (red), the selected shapes (green),
/// each as its outline on the canvas, and the hints and overlays, moved from the window onto the canvas
/// (where the view's origin puts the window's corner). A compositor keeps the last frame's, to find what
/// the next frame must repaint; it holds no finished shapes, so keeping it never makes the drawing copy
/// its shapes on the next edit.
struct Foreground: Equatable {
    static func == (a: Foreground, b: Foreground) -> Bool {
        a.shapesInProgress == b.shapesInProgress && a.selected == b.selected && a.hints == b.hints && a.overlays == b.overlays
    }

    var shapesInProgress: [Outline]
    /// The selected shapes in drawing order.
    var selected: [Outline]
    var hints: [Rect]
    var overlays: [Overlay]
    /// What `selected` was made from: while these stay, the next frame takes the same outlines (a large
    /// selection costs nothing per frame that does not change it or the drawing).
    private var selectedFrom: (revision: Drawing.Revision, selection: Set<ShapeID>, scale: Double)

    /// `scene`'s foreground on the canvas of its drawing scaled by `scale` (the view's); the selected
    /// shapes' outlines are `previous`'s when it shows the same selection of the same drawing at that scale.
    init(_ scene: Scene, scale: Double, reusing previous: Foreground? = nil) {
        shapesInProgress = scene.shapesInProgress.map { Outline($0, scale: scale) }
        selectedFrom = (scene.drawing.revision, scene.selection, scale)
        if let previous, previous.selectedFrom == selectedFrom {
            selected = previous.selected
        } else {
            selected = scene.selectedShapes.map { Outline($0, scale: scale) }
        }
        let corner = scene.view.shownOrigin
        let move = Vector(dx: corner.x, dy: corner.y)
        hints = scene.hints.map { $0.moved(by: move) }
        overlays = scene.overlays.map { overlay in
            var moved = overlay
            moved.frame = overlay.frame.moved(by: move)
            // A panel's buttons (the toolbar's) are placed in the window as its frame is: they move with it.
            moved.buttons = overlay.buttons.map { button in
                var movedButton = button
                movedButton.frame = button.frame.moved(by: move)
                return movedButton
            }
            return moved
        }
    }

    /// Adds to `damage` every area whose pixels differ between a frame showing `self` and one showing
    /// `next` over the same finished shapes: the old and the new place of each shape in progress that
    /// changed, appeared or ended, of each green shape that came, went or changed, and of the overlays if
    /// they changed.
    func damage(to next: Foreground, into damage: inout DamageRegion) {
        // Shapes in progress keep their order (by contact) while they last, so a shape in both frames is
        // drawn over the same shapes: only those in one frame and not the other change pixels.
        // Ink that grew changes only where its new pieces are, and its last piece before them (which now
        // curves towards the next point): only those are repainted, however long the stroke.
        if shapesInProgress != next.shapesInProgress {
            var grown = Set<Int>()
            for shape in next.shapesInProgress where !shapesInProgress.contains(shape) {
                if let old = shapesInProgress.firstIndex(where: { shape.grew(from: $0) }) {
                    grown.insert(old)
                    damage.add(shape.coverage(growingFrom: shapesInProgress[old]))
                } else {
                    damage.add(shape.coverage)
                }
            }
            for (index, shape) in shapesInProgress.enumerated() where !grown.contains(index) && !next.shapesInProgress.contains(shape) {
                damage.add(shape.coverage)
            }
        }
        if selected != next.selected {
            // The others are drawn where they were, over the same pixels (those that change are repainted
            // with everything reaching into them).
            for shape in Set(selected).symmetricDifference(next.selected) { damage.add(shape.coverage) }
        }
        if hints != next.hints {
            for hint in hints + next.hints { damage.add(hint) }
        }
        if overlays != next.overlays {
            for overlay in overlays + next.overlays { damage.add(overlay.frame) }
        }
    }
}

extension Rect {
    /// The same rectangle `offset` further.
    func moved(by offset: Vector) -> Rect {
        Rect(minX: minX + offset.dx, minY: minY + offset.dy, maxX: maxX + offset.dx, maxY: maxY + offset.dy)
    }
}
