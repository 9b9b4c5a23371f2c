import Canvas
import Rendering

/// Brings a window's back buffer up to date with a scene (the compositor finds what changed since the last
/// frame) and copies only the changed rectangles to the window. Shapes are stroked as wide as the scale asks; a new
/// style means a new compositor, whose first frame is drawn whole. Should the compositor fail to make its
/// cache for a new size, the frame is drawn whole without it. The live window and a played recording
/// (`Player`) paint alike.
struct ScenePainter {
    /// Both stroke shapes as wide as the screen's resolution asks; replaced when it changes.
    private var renderer = Renderer()
    private var compositor = CanvasCompositor()

    mutating func paint(_ scene: Scene, scale: Double, on window: CanvasWindow) {
        let style = RenderStyle().scaled(by: scale)
        if renderer.style != style {
            renderer = Renderer(style: style)
            compositor = CanvasCompositor(renderer: renderer)
        }
        let origin = window.visible.origin
        do {
            for rect in try compositor.render(scene, onto: window.buffer.context, origin: origin) { window.present(rect) }
        } catch {
            renderer.draw(scene, on: window.buffer.context, origin: origin)
            window.present(window.visibleArea)
        }
    }
}
