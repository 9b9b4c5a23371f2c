/// Where each contact of a gesture of several contacts is, in the order they were pressed.
///
/// Holds up to `capacity` points inline: plain data, so the events that carry it allocate nothing
/// and cost no reference counting on the engine's per-event path.
public struct ContactPoints: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    typealias Storage = InlineArray<5, GesturePoint>

    /// The most contacts a recognizer of several contacts follows: one hand's fingers.
    public static let capacity = Storage.count

    private var storage = Storage(repeating: GesturePoint(x: 0, y: 0))
    public private(set) var count = 0

    /// `points` in order; at most `capacity` of them.
    public init(_ points: some Sequence<GesturePoint>) {
        for point in points { append(point) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> GesturePoint {
        get {
            precondition(position >= 0 && position < count, "contact point \(position) of \(count)")
            return storage[position]
        }
        set {
            precondition(position >= 0 && position < count, "contact point \(position) of \(count)")
            storage[position] = newValue
        }
    }

    mutating func append(_ point: GesturePoint) {
        precondition(count < Self.capacity, "more than \(Self.capacity) contact points")
        storage[count] = point
        count += 1
    }

    /// Their mean: the centroid of the contacts.
    public var centroid: GesturePoint {
        guard count > 0 else { return GesturePoint(x: 0, y: 0) }
        var x = 0.0, y = 0.0
        for point in self { x += point.x; y += point.y }
        return GesturePoint(x: x / Double(count), y: y / Double(count))
    }

    public static func == (a: ContactPoints, b: ContactPoints) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for point in self { hasher.combine(point) }
    }

    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
