import Shapes

/// Areas of a canvas to repaint: whole-pixel rectangles inside the canvas. A rectangle added over or
/// against one already there is merged with it, so the list stays short and nothing is painted twice.
struct DamageRegion {
    /// The canvas: nothing outside it is damaged.
    let bounds: Rect
    /// Disjoint (not even touching), whole-pixel, non-empty, inside `bounds`.
    private(set) var rects: [Rect] = []

    /// Beyond this many separate rectangles, their bounding box is cheaper to handle than the list.
    static let maximumCount = 16

    init(bounds: Rect) { self.bounds = bounds }

    var isEmpty: Bool { rects.isEmpty }

    /// Damages `rect` (grown to whole pixels, clipped to the canvas).
    mutating func add(_ rect: Rect) {
        guard !rect.isEmpty, var grown = rect.wholePixels(inside: bounds) else { return }
        while let index = rects.firstIndex(where: { $0.overlapsOrTouches(grown) }) {
            grown = grown.union(rects.remove(at: index))
        }
        rects.append(grown)
        if rects.count > Self.maximumCount {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    /// Damages the whole canvas.
    mutating func addEverything() { add(bounds) }
}

extension Rect {
    /// The smallest rectangle of whole pixels holding this one, cut to `bounds`; nil when nothing is left.
    func wholePixels(inside bounds: Rect) -> Rect? {
        let result = Rect(minX: Swift.max(bounds.minX, minX.rounded(.down)), minY: Swift.max(bounds.minY, minY.rounded(.down)),
                          maxX: Swift.min(bounds.maxX, maxX.rounded(.up)), maxY: Swift.min(bounds.maxY, maxY.rounded(.up)))
        return result.isEmpty ? nil : result
    }

    func overlapsOrTouches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
