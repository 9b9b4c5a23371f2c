import Gestures
import Shapes

/// A shape a contact is drawing: red while the contact is down, as wide as it will be when finished.
public struct Stroke: Hashable, Sendable {
    public var kind: ShapeKind
    /// A line's ends; a circle's box's opposite corners.
    public var segment: Segment
    /// The contact's speed so far, by the server's timestamps, in px at 96 dpi (for width by speed).
    var speed: SpeedWidth
    /// dpi / 96 of the screen it is drawn on: positions are the device's pixels, speeds are at 96 dpi.
    let scale: Double
    /// When the contact went down.
    let pressTime: ServerTime
    /// A stylus's latest pressure (0…1), where the device reports one.
    var pressure: Double?

    init(kind: ShapeKind, at point: Point, time: ServerTime, pressure: Double? = nil, scale: Double = 1) {
        self.kind = kind
        segment = Segment(begin: point, end: point)
        speed = SpeedWidth(x: point.x / scale, y: point.y / scale, time: 0)
        pressTime = time
        self.pressure = pressure
        self.scale = scale
    }

    /// A circle between two contacts pressed together at `a` and `b`: its speed is `b`'s from here on
    /// (the distance between them is no motion).
    init(circleBetween a: Point, and b: Point, time: ServerTime, scale: Double = 1) {
        self.init(kind: .circle, at: b, time: time, scale: scale)
        segment.begin = a
    }

    /// The contact moved to `point` at `time`: the shape now ends there.
    mutating func move(to point: Point, time: ServerTime, pressure: Double? = nil) {
        segment.end = point
        speed.move(x: point.x / scale, y: point.y / scale, time: max(0, time.milliseconds(since: pressTime)))
        if let pressure { self.pressure = pressure }
    }

    /// Both ends moved (a circle between two contacts): the shape now spans `a` to `b`; the speed is `b`'s.
    mutating func stretch(from a: Point, to b: Point, time: ServerTime) {
        segment.begin = a
        move(to: b, time: time)
    }

    /// The width (px at 96 dpi) the shape gets under `pen`: the pen's, or by the stylus's pressure, or by
    /// the contact's speed; rounded to 1/100 px, as a drawing stores it.
    public func width(under pen: Pen) -> Double {
        guard pen.widthBySpeed else { return pen.width }
        let width = pressure.map(SpeedWidth.width(forPressure:)) ?? speed.width
        return (width * 100).rounded() / 100
    }

    /// The finished shape, numbered `id`, drawn with `pen`.
    func finished(id: ShapeID, pen: Pen) -> Shape {
        let shape = Shape(id: id, kind: kind, segment: segment)
        return Shape(id: id, kind: kind, segment: segment, style: ShapeStyle(colour: pen.colour(for: shape), width: width(under: pen)))
    }
}
