/// A position on screen in pixels (X root or window coordinates, as the caller chooses).
public struct GesturePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The straight-line distance to `other`, in pixels.
    public func distance(to other: GesturePoint) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The displacement from `origin` to this point.
    public func offset(from origin: GesturePoint) -> GestureVector {
        GestureVector(dx: x - origin.x, dy: y - origin.y)
    }

    public var description: String { "(\(x), \(y))" }
}

/// A displacement in pixels, or a velocity in pixels per second.
public struct GestureVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }

    public static let zero = GestureVector(dx: 0, dy: 0)

    public var description: String { "<\(dx), \(dy)>" }
}
