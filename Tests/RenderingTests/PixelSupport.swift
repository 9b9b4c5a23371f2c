import CCairo
import Canvas
import Rendering
import Shapes
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The 0x00RRGGBB pixels of an image surface, row by row.
func pixels(of surface: CairoSurface) -> [UInt32] {
    surface.flush()
    guard let data = surface.data else { return [] }
    var result: [UInt32] = []
    result.reserveCapacity(surface.width * surface.height)
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            result.append(data.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self) & 0x00FF_FFFF)
        }
    }
    return result
}

/// What the plain renderer paints for `scene` on a fresh surface of the given size.
func reference(_ scene: Scene, width: Int, height: Int, renderer: Renderer = Renderer()) throws -> CairoSurface {
    let surface = try CairoSurface(imageWidth: width, height: height)
    renderer.draw(scene, on: CairoContext(surface))
    return surface
}

/// Expects two surfaces to hold the same pixels; on a difference, names the first one and counts them.
@discardableResult
func expectSamePixels(_ actual: CairoSurface, _ expected: CairoSurface, _ comment: Comment? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard actual.width == expected.width, actual.height == expected.height else {
        Issue.record("sizes differ: \(actual.width)x\(actual.height) vs \(expected.width)x\(expected.height)",
                     sourceLocation: sourceLocation)
        return false
    }
    actual.flush()
    expected.flush()
    if let a = actual.data, let e = expected.data, actual.stride == expected.stride,
       memcmp(a, e, actual.stride * actual.height) == 0 { return true }  // the quick way, when even the unused bytes agree
    let a = pixels(of: actual), e = pixels(of: expected)
    guard let first = a.indices.first(where: { a[$0] != e[$0] }) else { return true }
    let differing = a.indices.filter { a[$0] != e[$0] }.count
    let x = first % actual.width, y = first / actual.width
    let hex = { (v: UInt32) in String(v, radix: 16) }
    Issue.record("\(comment.map { "\($0): " } ?? "")\(differing) pixels differ; first at (\(x), \(y)): \(hex(a[first])) instead of \(hex(e[first]))",
                 sourceLocation: sourceLocation)
    return false
}

/// Expects two surfaces to hold pixels within `tolerance` levels of each other in every channel: after a
/// pan, a line that crossed the window's edge was stroked cut there (Cairo cuts a stroke at its surface's
/// edge, rounding where), which moves its antialiasing by a few levels, and the part of it that stayed in
/// view keeps those pixels.
@discardableResult
func expectSimilarPixels(_ actual: CairoSurface, _ expected: CairoSurface, tolerance: UInt32, _ comment: Comment? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard actual.width == expected.width, actual.height == expected.height else {
        Issue.record("sizes differ", sourceLocation: sourceLocation)
        return false
    }
    let a = pixels(of: actual), e = pixels(of: expected)
    func far(_ u: UInt32, _ v: UInt32) -> Bool {
        (0..<3).contains { channel in
            let x = u >> (8 * channel) & 0xFF, y = v >> (8 * channel) & 0xFF
            return (x > y ? x - y : y - x) > tolerance
        }
    }
    guard let first = a.indices.first(where: { far(a[$0], e[$0]) }) else { return true }
    let differing = a.indices.filter { far(a[$0], e[$0]) }.count
    let hex = { (v: UInt32) in String(v, radix: 16) }
    let place = "(\(first % actual.width), \(first / actual.width))", values = "\(hex(a[first])) instead of \(hex(e[first]))"
    Issue.record("\(comment.map { "\($0): " } ?? "")\(differing) pixels differ by more than \(tolerance); first at \(place): \(values)",
                 sourceLocation: sourceLocation)
    return false
}

/// A window as the shell has it: a back buffer the compositor draws into, and a screen that receives
/// only the rectangles the compositor returns (as `XPutImage` of the damage would).
final class FakeWindow {
    private(set) var buffer: CairoSurface
    private(set) var bufferContext: CairoContext
    private(set) var screen: CairoSurface
    private var screenContext: CairoContext
    let compositor: CanvasCompositor

    init(width: Int, height: Int, renderer: Renderer = Renderer()) throws {
        compositor = CanvasCompositor(renderer: renderer)
        buffer = try CairoSurface(imageWidth: width, height: height)
        bufferContext = CairoContext(buffer)
        screen = try CairoSurface(imageWidth: width, height: height)
        screenContext = CairoContext(screen)
        // The screen starts as garbage, so anything not presented shows up as a difference.
        cairo_set_source_rgb(screenContext.pointer, 0.2, 0.4, 0.6)
        cairo_paint(screenContext.pointer)
    }

    /// Resizes like the shell: a new back buffer; the screen keeps its old pixels where it can.
    func resize(width: Int, height: Int) throws {
        buffer = try CairoSurface(imageWidth: width, height: height)
        bufferContext = CairoContext(buffer)
        let old = screen
        screen = try CairoSurface(imageWidth: width, height: height)
        screenContext = CairoContext(screen)
        let cr = screenContext.pointer
        cairo_set_source_rgb(cr, 0.2, 0.4, 0.6)
        cairo_paint(cr)
        cairo_set_source_surface(cr, old.pointer, 0, 0)
        cairo_paint(cr)
    }

    /// One frame: the compositor paints, the screen's pixels move as the buffer's did (a pan: as the
    /// window's copy of itself would) and the damage goes to the screen. Returns the damage.
    @discardableResult
    func frame(_ scene: Scene, preview: Bool = false) throws -> [Rect] {
        let damage = try compositor.render(scene, onto: bufferContext, preview: preview)
        if let shift = compositor.lastShift { screen.shift(byX: shift.dx, y: shift.dy) }
        let cr = screenContext.pointer
        for rect in damage {
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(cr, buffer.pointer, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        return damage
    }
}
