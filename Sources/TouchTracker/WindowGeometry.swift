/// Window size and optional position, as given by `--geometry WxH[{+-}X{+-}Y]` (X's geometry syntax).
public struct WindowGeometry: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// Where the user put the window; nil leaves it to the window manager.
    public var position: Position?

    public init(width: Int, height: Int, position: Position? = nil) {
        self.width = width; self.height = height; self.position = position
    }

    public static let standard = WindowGeometry(width: 800, height: 600)

    /// A distance along one axis from one of the screen's edges to the same edge of the window.
    public struct Offset: Hashable, Sendable {
        public enum Edge: Hashable, Sendable {
            /// The left or top edge (`+N`).
            case near
            /// The right or bottom edge (`-N`): `-0` puts the window against it.
            case far
        }

        public var edge: Edge
        public var distance: Int

        public init(_ edge: Edge, _ distance: Int) { self.edge = edge; self.distance = distance }

        /// Where the window starts on an axis `screen` long for a window `window` long.
        func start(window: Int, screen: Int) -> Int {
            switch edge {
            case .near: distance
            case .far: screen - window - distance
            }
        }
    }

    /// The window's place: an offset on each axis.
    public struct Position: Hashable, Sendable {
        public var x: Offset
        public var y: Offset

        public init(x: Offset, y: Offset) { self.x = x; self.y = y }
    }

    /// The corner of the window the position holds in place (ICCCM's `win_gravity`), so a window manager
    /// that adds a frame keeps that corner where asked.
    public enum Gravity: Hashable, Sendable {
        case northWest, northEast, southWest, southEast
    }

    /// The corner the position is measured to; nil without a position.
    public var gravity: Gravity? {
        guard let position else { return nil }
        switch (position.x.edge, position.y.edge) {
        case (.near, .near): return .northWest
        case (.far, .near): return .northEast
        case (.near, .far): return .southWest
        case (.far, .far): return .southEast
        }
    }

    /// The window's top-left corner on a screen of the given size; nil without a position.
    public func origin(screenWidth: Int, screenHeight: Int) -> (x: Int, y: Int)? {
        guard let position else { return nil }
        return (position.x.start(window: width, screen: screenWidth),
                position.y.start(window: height, screen: screenHeight))
    }

    /// Parses `WxH`, `WxH+X+Y`, `WxH-X-Y` or a mix (`-X`, `-Y` count from the right and bottom edges,
    /// so `-0-0` is the bottom-right corner). Sizes must be 1...32767, offsets at most 5 digits.
    public init?(parsing text: String) {
        var rest = Substring(text)
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 5, let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            return value
        }
        func offset() -> Offset? {
            guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
            rest = rest.dropFirst()
            guard let distance = number() else { return nil }
            return Offset(sign == "-" ? .far : .near, distance)
        }
        guard let width = number(), rest.first == "x" || rest.first == "X" else { return nil }
        rest = rest.dropFirst()
        guard let height = number(), (1...32767).contains(width), (1...32767).contains(height) else { return nil }
        var position: Position?
        if !rest.isEmpty {
            guard let x = offset(), let y = offset() else { return nil }
            position = Position(x: x, y: y)
        }
        guard rest.isEmpty else { return nil }
        self.init(width: width, height: height, position: position)
    }
}
