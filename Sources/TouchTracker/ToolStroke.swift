import Gestures
import Shapes

/// A contact drawing: the shape it is drawing (`ShapeInProgress`, red while the contact is down: its
/// geometry so far and the width it will get), and what the drawing keeps to make it: where the contact
/// went down and when, how fast it moves (for width by speed) and a stylus's pressure.
public struct ToolStroke: Hashable, Sendable {
    /// The shape so far, as the scene shows it.
    public private(set) var shape: ShapeInProgress
    /// The kind it draws.
    let kind: ShapeKind
    /// A line's ends; an ellipse's box's opposite corners.
    private var ends: Segment
    /// The contact's speed so far, by the server's timestamps, in px at 96 dpi (for width by speed).
    private var speed: SpeedWidth
    /// dpi / 96 of the screen it is drawn on: positions are the device's pixels, speeds are at 96 dpi.
    private let scale: Double
    /// When the contact went down.
    private let pressTime: ServerTime
    /// A stylus's latest pressure (0…1), where the device reports one.
    private var pressure: Double?

    /// A contact went down at `point` at `time` to draw a `kind` under `pen`.
    init(kind: ShapeKind, at point: Point, time: ServerTime, pressure: Double? = nil, scale: Double = 1, pen: Pen) {
        self.kind = kind
        ends = Segment(begin: point, end: point)
        speed = SpeedWidth(x: point.x / scale, y: point.y / scale, time: 0)
        pressTime = time
        self.pressure = pressure
        self.scale = scale
        shape = ShapeInProgress(geometry: .line(ends))
        update(under: pen)
    }

    /// An ellipse between two contacts pressed together at `a` and `b`: its speed is `b`'s from here on
    /// (the distance between them is no motion).
    init(ellipseBetween a: Point, and b: Point, time: ServerTime, scale: Double = 1, pen: Pen) {
        self.init(kind: .ellipse, at: b, time: time, scale: scale, pen: pen)
        ends.begin = a
        update(under: pen)
    }

    /// The contact moved to `point` at `time`: the shape now ends there.
    mutating func move(to point: Point, time: ServerTime, pressure: Double? = nil, pen: Pen) {
        ends.end = point
        speed.move(x: point.x / scale, y: point.y / scale, time: max(0, time.milliseconds(since: pressTime)))
        if let pressure { self.pressure = pressure }
        update(under: pen)
    }

    /// Both ends moved (an ellipse between two contacts): the shape now spans `a` to `b`; the speed is `b`'s.
    mutating func stretch(from a: Point, to b: Point, time: ServerTime, pen: Pen) {
        ends.begin = a
        move(to: b, time: time, pen: pen)
    }

    /// The pen changed while the contact is down: the shape shows the width it will get now.
    mutating func update(under pen: Pen) {
        shape = ShapeInProgress(geometry: geometry, width: width(under: pen))
    }

    /// Its geometry so far.
    private var geometry: ShapeGeometry {
        switch kind {
        case .line: .line(ends)
        case .ellipse: .ellipse(box: ends)
        }
    }

    /// The width (px at 96 dpi) the shape gets under `pen`: the pen's, or by the stylus's pressure, or by
    /// the contact's speed; rounded to 1/100 px, as a drawing stores it.
    private func width(under pen: Pen) -> Double {
        guard pen.widthBySpeed else { return pen.width }
        let width = pressure.map(SpeedWidth.width(forPressure:)) ?? speed.width
        return (width * 100).rounded() / 100
    }

    /// The finished shape, numbered `id`, drawn with `pen`.
    func finished(id: ShapeID, pen: Pen) -> Shape {
        Shape(id: id, geometry: shape.geometry, style: ShapeStyle(colour: pen.colour(for: shape.geometry), width: width(under: pen)))
    }
}
