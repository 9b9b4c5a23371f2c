#if canImport(Glibc)
import Glibc  // libm: log
#endif

/// The book's speed-and-size challenge: a slow drag makes a thick line, a fast one a thin line.
///
/// The speed is the distance the contact travelled over the last `window` of its motion, divided by
/// that time (by the server's timestamps), smoothed with an exponential moving average so one jerky
/// event does not change the width; the width follows it on a log scale between `slow` (and slower:
/// `thickest`) and `fast` (and faster: `thinnest`). The shape in progress shows the width it will get;
/// it is fixed when the shape is finished.
public struct SpeedWidth: Hashable, Sendable {
    /// How far back the speed looks.
    public static let windowMilliseconds: Int64 = 50
    /// How much each new speed counts against the smoothed one (0…1).
    public static let smoothing = 0.35
    /// At or below this speed (px/s at 96 dpi) the stroke is thickest; at or above `fast`, thinnest.
    public static let slow = 150.0
    public static let fast = 3_000.0
    public static let thickest = 16.0
    public static let thinnest = 2.0

    /// A position of the contact at a time (ms).
    private struct Sample: Hashable, Sendable {
        var time: Int64
        var x, y: Double
    }

    /// The samples within the window, oldest first.
    private var samples: [Sample] = []
    /// The smoothed speed in px/s; nil before the contact moved.
    public private(set) var speed: Double?

    /// A contact pressed at (x, y) at `time` (ms).
    public init(x: Double, y: Double, time: Int64) { samples = [Sample(time: time, x: x, y: y)] }

    /// The contact moved to (x, y) at `time` (ms, non-decreasing).
    public mutating func move(x: Double, y: Double, time: Int64) {
        samples.append(Sample(time: time, x: x, y: y))
        while samples.count > 2, time - samples[1].time >= Self.windowMilliseconds { samples.removeFirst() }
        guard let first = samples.first, time > first.time else { return }
        var distance = 0.0
        for (a, b) in zip(samples, samples.dropFirst()) {
            distance += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        let current = distance * 1000 / Double(time - first.time)
        speed = speed.map { $0 + Self.smoothing * (current - $0) } ?? current
    }

    /// The width (px at 96 dpi) for the speed so far: thickest until the contact has moved.
    public var width: Double { Self.width(forSpeed: speed ?? 0) }

    /// The width for `speed` px/s: `thickest` at `slow` and below, `thinnest` at `fast` and above, between
    /// them in proportion to the speed's logarithm.
    public static func width(forSpeed speed: Double) -> Double {
        guard speed > slow else { return thickest }
        guard speed < fast else { return thinnest }
        let t = (log(speed) - log(slow)) / (log(fast) - log(slow))
        return thickest + (thinnest - thickest) * t
    }

    /// The width for a stylus's `pressure` (0…1): the lightest touch thinnest, the hardest thickest.
    public static func width(forPressure pressure: Double) -> Double {
        thinnest + (thickest - thinnest) * max(0, min(1, pressure))
    }
}
