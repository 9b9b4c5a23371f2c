import Rendering
import Shapes

/// A size in whole pixels.
struct PixelSize: Hashable {
    var width: Int
    var height: Int
}

/// A rectangle of whole pixels: where a part of the window is.
struct PixelRect: Hashable {
    var origin: PixelPoint
    var size: PixelSize

    var rect: Rect {
        Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
    }

    /// The part of a window of `size` whose top-left corner is at `position` on a screen of `screen` that
    /// is on the screen, in window coordinates; at least one pixel (a window wholly off screen keeps a
    /// one-pixel buffer, never none).
    static func visiblePart(of size: PixelSize, at position: PixelPoint, screen: PixelSize) -> PixelRect {
        func span(_ start: Int, _ length: Int, _ screenLength: Int) -> (start: Int, length: Int) {
            let first = max(0, -start), last = min(length, screenLength - start)
            return last > first ? (first, last - first) : (0, 1)
        }
        let x = span(position.x, size.width, screen.width), y = span(position.y, size.height, screen.height)
        return PixelRect(origin: PixelPoint(x: x.start, y: y.start), size: PixelSize(width: x.length, height: y.length))
    }
}
