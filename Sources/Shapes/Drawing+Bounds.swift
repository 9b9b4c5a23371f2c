/// Where a drawing lies and where it paints: the one reading of its extent, for fitting it in the window,
/// for the hints at the window's edges and for the exported page.
extension Shape {
    /// The area its stroke covers: its bounds (a circle's box) widened by half its width on every side (a
    /// line's round caps reach that far past its ends).
    public var paintedBounds: Rect { bounds.insetBy(-style.width / 2) }
}

extension Drawing {
    /// The area its shapes cover (`Shape.paintedBounds`); nil when it has none.
    public var paintedBounds: Rect? { bounds(of: \.paintedBounds) }

    /// The area its shapes' centre lines lie in (a circle's box), without their widths; nil when it has none.
    public var bounds: Rect? { bounds(of: \.bounds) }

    private func bounds(of each: (Shape) -> Rect) -> Rect? {
        guard let first = shapes.first else { return nil }
        // Not `Rect.union`: it drops empty rectangles, and a horizontal or vertical line's bounds are empty.
        var bounds = each(first)
        for shape in shapes.dropFirst() {
            let next = each(shape)
            bounds = Rect(minX: min(bounds.minX, next.minX), minY: min(bounds.minY, next.minY),
                          maxX: max(bounds.maxX, next.maxX), maxY: max(bounds.maxY, next.maxY))
        }
        return bounds
    }
}
