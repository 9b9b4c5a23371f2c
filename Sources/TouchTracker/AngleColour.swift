import Shapes
#if canImport(Glibc)
import Glibc  // libm: atan2, cos, sin
#endif

/// The book's colour challenge: a finished shape's colour follows its angle.
///
/// A line and its reverse are alike, so the angle is taken modulo 180°: θ ∈ [0°, 180°), 0° horizontal.
/// The colour runs once round a closed loop as θ does, so it is continuous everywhere, also across
/// horizontal (θ near 0° and near 180° are the same direction), and no two directions share a colour:
///
///     φ = 2θ                                   (one full turn for half a turn of the line)
///     hue        = 247.5° − 67.5° · cos φ      horizontal 180° (cyan), vertical 315° (violet-magenta)
///     saturation = 0.85
///     value      = 0.60 + 0.20 · sin φ          45° lighter (0.80), 135° darker (0.40)
///
/// The hues stay within 180°…315°: cyan, blue, violet and magenta, never the reds (beyond 330° and
/// below 30°) that mean "in progress" nor the greens (90°–150°) that mean "selected". A line of no
/// length has no angle: it gets the horizontal's colour. A circle has no direction: it takes the angle of
/// its box's diagonal from top left to bottom right (0°…90°, flat to tall), whichever way it was drawn.
public enum AngleColour {
    /// The colour of a shape's angle: a line's direction, an ellipse's box's diagonal, ink's from its first point to its last.
    public static func colour(of geometry: ShapeGeometry) -> Colour {
        switch geometry {
        case .line(let segment): colour(from: segment.begin, to: segment.end)
        case .ellipse(let box): colour(ofBoxFrom: box.begin, to: box.end)
        case .ink(let ink): colour(from: ink.first, to: ink.last)
        }
    }

    /// The colour of a circle in the box with corners `a` and `b`.
    public static func colour(ofBoxFrom a: Point, to b: Point) -> Colour {
        colour(from: .zero, to: Point(x: abs(b.x - a.x), y: abs(b.y - a.y)))
    }

    /// The colour of a line from `begin` to `end`.
    public static func colour(from begin: Point, to end: Point) -> Colour {
        let dx = end.x - begin.x, dy = end.y - begin.y
        let angle = dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
        return colour(angle: angle)
    }

    /// The colour of a line at `angle` radians from horizontal (any value; taken modulo π).
    public static func colour(angle: Double) -> Colour {
        let phi = 2 * angle
        let hue = 247.5 - 67.5 * cos(phi)
        let value = 0.60 + 0.20 * sin(phi)
        return hsv(hue: hue, saturation: 0.85, value: value)
    }

    /// sRGB from hue (degrees), saturation and value (0…1), rounded to 8 bits a channel.
    static func hsv(hue: Double, saturation: Double, value: Double) -> Colour {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = value * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        let m = value - c
        func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return Colour(red: channel(r), green: channel(g), blue: channel(b))
    }
}
