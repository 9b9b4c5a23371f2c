import Canvas
import Rendering
import Shapes

/// Brings a window's back buffer up to date with a scene (the compositor finds what changed since the last
/// frame) and copies only the changed rectangles to the window; a pan moves the window's pixels that stay
/// in view first (the buffer's are not moved: it holds what was painted since, see `show(exposed:)`). One
/// compositor for the window's life: it follows the scene's view (its scale, its place) by itself. Should it fail to make its cache for a new size, the
/// frame is drawn whole without it. The live window and a played recording (`Player`) paint alike.
struct ScenePainter {
    private let renderer = Renderer()
    private let compositor = CanvasCompositor()

    /// Whether the window shows a zoom's preview (the last frame scaled): a sharp frame is owed.
    var isShowingPreview: Bool { compositor.isShowingPreview }

    /// In the loop's idle time, after a frame: paints a band of the margin around the view into the
    /// compositor's layer (`CanvasCompositor.paintAhead`), so that a pan within it is a copy. Returns
    /// whether more is left; does nothing when `scene` is not the one last painted (a frame is owed).
    func paintAhead(_ scene: Scene) -> Bool { compositor.paintAhead(scene) }

    /// Shows the part `rect` of the window the server asked to repaint (an expose), once the buffer shows
    /// the latest frame: copied from the buffer, or, when a pan left the buffer holding only the parts it
    /// painted since, or is new and not yet painted (`CanvasCompositor.holdsTheFrame`), `scene` painted whole.
    func show(exposed rect: Rect, of scene: Scene, on window: CanvasWindow) {
        if compositor.holdsTheFrame(window.buffer.context) {
            window.present(rect)
        } else {
            compositor.forgetTheTarget()
            paint(scene, on: window)
        }
    }

    /// Paints `scene`; with `preview`, a new zoom is shown at once from the last frame, scaled.
    func paint(_ scene: Scene, on window: CanvasWindow, preview: Bool = false) {
        let origin = window.visible.origin
        do {
            let rects = try compositor.render(scene, onto: window.buffer.context, origin: origin, preview: preview)
            if let shift = compositor.lastShift { window.shiftContents(byX: shift.dx, y: shift.dy) }
            for rect in rects { window.present(rect) }
        } catch {
            renderer.draw(scene, on: window.buffer.context, origin: origin)
            window.present(window.visibleArea)
        }
    }
}
