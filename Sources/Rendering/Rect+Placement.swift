import Shapes

/// Where the shape layer goes when the viewport moves, and how painting ahead brings it toward its goal
/// (`CanvasCompositor.paintAhead`): rectangles of whole pixels moved or grown without ever losing the part
/// of the canvas that is still wanted.
extension Rect {
    /// Whether `other` lies wholly inside.
    func holds(_ other: Rect) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    /// This rectangle moved as little as it must to hold `other` (no larger than it): where a layer goes
    /// when the viewport leaves it.
    func nearestPlace(holding other: Rect) -> Rect {
        func shift(_ low: Double, _ high: Double, _ otherLow: Double, _ otherHigh: Double) -> Double {
            otherLow < low ? otherLow - low : otherHigh > high ? otherHigh - high : 0
        }
        let dx = shift(minX, maxX, other.minX, other.maxX), dy = shift(minY, maxY, other.minY, other.maxY)
        return Rect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// One step from this rectangle toward `goal` (no smaller than this one each way): the side furthest
    /// from where the goal has it moves out toward it by up to `band`, and the opposite side moves in as
    /// far as it must not to be larger than the goal (the part it leaves is no longer wanted). Where no
    /// side is short of the goal, the sides past it come in. The goal when it is reached.
    func steppedToward(_ goal: Rect, by band: Double) -> Rect {
        let shortfalls = [minX - goal.minX, goal.maxX - maxX, minY - goal.minY, goal.maxY - maxY]
        guard let side = shortfalls.indices.max(by: { shortfalls[$0] < shortfalls[$1] }), shortfalls[side] > 0 else {
            return Rect(minX: Swift.max(minX, goal.minX), minY: Swift.max(minY, goal.minY),
                        maxX: Swift.min(maxX, goal.maxX), maxY: Swift.min(maxY, goal.maxY))
        }
        var next = self
        let step = Swift.min(shortfalls[side], band)
        switch side {
        case 0: next.minX -= step; next.maxX = Swift.min(next.maxX, next.minX + goal.width)
        case 1: next.maxX += step; next.minX = Swift.max(next.minX, next.maxX - goal.width)
        case 2: next.minY -= step; next.maxY = Swift.min(next.maxY, next.minY + goal.height)
        default: next.maxY += step; next.minY = Swift.max(next.minY, next.maxY - goal.height)
        }
        return next
    }
}
