/// Where each contact of a gesture of several contacts is, in the order they were pressed.
///
/// Holds up to `capacity` points inline: plain data, so the events that carry it allocate nothing
/// and cost no reference counting, and no larger than a pan's `changed`, so that carrying it costs
/// every other output of the engine nothing either (each output is as large as the largest event).
public struct ContactPoints: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    typealias Storage = InlineArray<3, GesturePoint>

    /// The most contacts a continuous gesture of several contacts follows (a triangle's corners).
    public static let capacity = Storage.count

    private var storage = Storage(repeating: GesturePoint(x: 0, y: 0))
    private var storedCount: UInt8 = 0
    public var count: Int { Int(storedCount) }

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
        storedCount += 1
    }

    public static func == (a: ContactPoints, b: ContactPoints) -> Bool { a.elementsEqual(b) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for point in self { hasher.combine(point) }
    }

    public var description: String { "[" + map(\.description).joined(separator: ", ") + "]" }
}
