import Shapes

/// Areas of a canvas to repaint: whole-pixel rectangles inside the canvas. A rectangle added over one
/// already there is merged with it, and so is one against it whose box with it is not much larger than
/// the two, so the list stays short and nothing is painted twice; but two that only touch and make a box
/// far larger than themselves stay apart (the two strips a diagonal pan uncovers are an L, not the
/// whole window).
struct DamageRegion {
    /// The canvas: nothing outside it is damaged.
    let bounds: Rect
    /// Disjoint (none overlaps another), whole-pixel, non-empty, inside `bounds`; two that touch would
    /// make a box more than `wasteLimit` times as large as themselves.
    private(set) var rects: [Rect] = []

    /// How much larger than two touching rectangles their box may be for them to become it.
    static let wasteLimit = 2.0

    /// Beyond this many separate rectangles, their bounding box is cheaper to handle than the list.
    static let maximumCount = 16

    init(bounds: Rect) { self.bounds = bounds }

    var isEmpty: Bool { rects.isEmpty }

    /// Damages `rect` (grown to whole pixels, clipped to the canvas).
    mutating func add(_ rect: Rect) {
        guard !rect.isEmpty, var grown = rect.wholePixels(inside: bounds) else { return }
        while let index = rects.firstIndex(where: { $0.intersects(grown) || Self.belongTogether($0, grown) }) {
            grown = grown.union(rects.remove(at: index))
        }
        rects.append(grown)
        if rects.count > Self.maximumCount {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    /// Whether two rectangles that may touch are better painted as their box.
    static func belongTogether(_ a: Rect, _ b: Rect) -> Bool {
        a.touches(b) && a.union(b).area <= wasteLimit * (a.area + b.area)
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

    /// Whether the two meet, at least at a corner.
    func touches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    var area: Double { width * height }
}
