import Gestures
import Shapes

/// A contact drawing: the shape it is drawing (`ShapeInProgress`, red while the contact is down: its
/// geometry so far and the width it will get), and what the drawing keeps to make it: the tool's drag (or
/// the two contacts an ellipse is drawn between), when the contact went down, how fast it moves (for width
/// by speed) and a stylus's pressure.
public struct ToolStroke: Hashable, Sendable {
    /// The shape so far, as the scene shows it.
    public private(set) var shape: ShapeInProgress
    /// What gives the shape its geometry.
    private var source: Source
    /// The contact's speed so far, by the server's timestamps, in document px (px at 96 dpi, whatever the
    /// screen: the model's positions are the document's) a second (for width by speed).
    private var speed: SpeedWidth
    /// When the contact went down.
    private let pressTime: ServerTime
    /// A stylus's latest pressure (0…1), where the device reports one.
    private var pressure: Double?

    /// What gives a stroke its geometry.
    private enum Source: Hashable, Sendable {
        /// A contact dragging `tool`.
        case tool(Tool, ToolDrag)
        /// Two contacts pressed together, at the corners of an ellipse's box (the same with every tool).
        case ellipseBetween(Segment)
    }

    /// A contact went down at `point` at `time`, with `modifiers` held, to draw with `pen`'s tool.
    init(at point: Point, time: ServerTime, pressure: Double? = nil, modifiers: Modifiers = [], pen: Pen) {
        self.init(.tool(pen.tool, ToolDrag(press: point, pressModifiers: modifiers, pointer: point, modifiers: modifiers)),
                  at: point, time: time, pressure: pressure, pen: pen)
    }

    /// An ellipse between two contacts pressed together at `a` and `b`: its speed is `b`'s from here on
    /// (the distance between them is no motion).
    init(ellipseBetween a: Point, and b: Point, time: ServerTime, pen: Pen) {
        self.init(.ellipseBetween(Segment(begin: a, end: b)), at: b, time: time, pen: pen)
    }

    private init(_ source: Source, at point: Point, time: ServerTime, pressure: Double? = nil, pen: Pen) {
        self.source = source
        speed = SpeedWidth(x: point.x, y: point.y, time: 0)
        pressTime = time
        self.pressure = pressure
        shape = ShapeInProgress(geometry: .line(Segment(begin: point, end: point)))
        update(under: pen)
    }

    /// The contact moved to `point` at `time`, `modifiers` held now: the shape now reaches there.
    mutating func move(to point: Point, time: ServerTime, pressure: Double? = nil, modifiers: Modifiers? = nil, pen: Pen) {
        switch source {
        case .tool(let tool, var drag):
            drag.pointer = point
            if let modifiers { drag.modifiers = modifiers }
            source = .tool(tool, drag)
        case .ellipseBetween(var box):
            box.end = point
            source = .ellipseBetween(box)
        }
        speed.move(x: point.x, y: point.y, time: max(0, time.milliseconds(since: pressTime)))
        if let pressure { self.pressure = pressure }
        update(under: pen)
    }

    /// Both contacts moved (an ellipse between two contacts): the box now spans `a` to `b`; the speed is `b`'s.
    mutating func stretch(from a: Point, to b: Point, time: ServerTime, pen: Pen) {
        if case .ellipseBetween(var box) = source {
            box.begin = a
            source = .ellipseBetween(box)
        }
        move(to: b, time: time, pen: pen)
    }

    /// The pen changed while the contact is down: the shape shows the width it will get now.
    mutating func update(under pen: Pen) {
        shape = ShapeInProgress(geometry: geometry, width: width(under: pen))
    }

    /// Its geometry so far.
    private var geometry: ShapeGeometry {
        switch source {
        case .tool(let tool, let drag): tool.draws(drag)
        case .ellipseBetween(let box): .ellipse(box: box)
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
