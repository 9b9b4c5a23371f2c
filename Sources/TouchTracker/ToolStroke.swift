import Gestures
import Shapes
import Storage

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
    /// How finely ink follows the contact, from the zoom when it went down (`Ink.fineness(atZoom:)`): a
    /// point each `inkSpacing` times this, simplified within `Ink.simplificationTolerance` times this.
    private let fineness: Double

    /// What gives a stroke its geometry.
    private enum Source: Hashable, Sendable {
        /// A contact dragging `tool`.
        case tool(Tool, ToolDrag)
        /// A contact drawing ink (the pen tool): the points so far, each ≥ 1 px from the one before, in a
        /// buffer the scene shares and that grows in place (so a step costs one point, however long the
        /// stroke). Where the widths vary (by speed or pressure), each is a fraction of `SpeedWidth.thickest`.
        /// `recent` holds the contact's samples of the last `smoothing` ms (position, ms since the press):
        /// a point is their mean.
        case ink(Ink, recent: [InkSample])
        /// Two contacts pressed together, at the corners of an ellipse's box (the same with every tool).
        case ellipseBetween(Segment)
    }

    /// A contact went down at `point` at `time`, with `modifiers` held, to draw with `pen`'s tool through a
    /// view at `zoom`.
    init(at point: Point, time: ServerTime, pressure: Double? = nil, modifiers: Modifiers = [], pen: Pen, zoom: Double = 1) {
        let source: Source
        if case .ink = pen.tool.action {
            let width = pen.widthBySpeed ? (pressure.map(SpeedWidth.width(forPressure:)) ?? SpeedWidth.thickest) / SpeedWidth.thickest : nil
            source = .ink(Ink.starting(at: point, width: width), recent: [InkSample(point: point, milliseconds: 0)])
        } else {
            source = .tool(pen.tool, ToolDrag(press: point, pressModifiers: modifiers, pointer: point, modifiers: modifiers))
        }
        self.init(source, at: point, time: time, pressure: pressure, pen: pen, zoom: zoom)
    }

    /// An ellipse between two contacts pressed together at `a` and `b`: its speed is `b`'s from here on
    /// (the distance between them is no motion).
    init(ellipseBetween a: Point, and b: Point, time: ServerTime, pen: Pen) {
        self.init(.ellipseBetween(Segment(begin: a, end: b)), at: b, time: time, pen: pen)
    }

    private init(_ source: Source, at point: Point, time: ServerTime, pressure: Double? = nil, pen: Pen, zoom: Double = 1) {
        self.source = source
        fineness = Ink.fineness(atZoom: zoom)
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
        case .ink:
            break  // below, once the speed is known
        }
        speed.move(x: point.x, y: point.y, time: max(0, time.milliseconds(since: pressTime)))
        if let pressure { self.pressure = pressure }
        if case .ink(var ink, var recent) = source {
            let now = max(0, time.milliseconds(since: pressTime))
            recent.append(InkSample(point: point, milliseconds: now))
            recent.removeAll { $0.milliseconds <= now - Self.smoothing }
            let count = Double(recent.count)
            let mean = Point(x: recent.reduce(0) { $0 + $1.point.x } / count, y: recent.reduce(0) { $0 + $1.point.y } / count)
            if mean.distance(to: ink.last) >= Self.inkSpacing * fineness {
                ink = ink.appending(mean, width: ink.hasWidths ? width(under: pen) / SpeedWidth.thickest : nil)
            }
            source = .ink(ink, recent: recent)
        }
        update(under: pen)
    }

    /// How far, in px on the screen (at zoom 1 and below), the pointer moves before ink records a point.
    static let inkSpacing = 1.0

    /// Ink follows the mean of the pointer's samples of the last this many ms: a 1 kHz mouse reports whole
    /// pixels, whose half-pixel steps a curve within half a pixel of every point would otherwise follow
    /// point by point. It lags the pointer by half of it (3 ms); a slower device's samples, further apart,
    /// are each their own.
    static let smoothing: Int64 = 6

    /// Whether it is ink with as many points as a stroke may hold (`DocumentLimits.maxPointsPerStroke`): the
    /// model finishes it and carries on with a new one.
    var isFull: Bool {
        if case .ink(let ink, _) = source { return ink.count >= DocumentLimits.maxPointsPerStroke }
        return false
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
        if case .ink(let ink, _) = source, ink.hasWidths {
            shape = ShapeInProgress(geometry: geometry, width: SpeedWidth.thickest)  // each point's a fraction of it
        } else {
            shape = ShapeInProgress(geometry: geometry, width: width(under: pen))
        }
    }

    /// Its geometry so far.
    private var geometry: ShapeGeometry {
        switch source {
        case .tool(let tool, let drag):
            switch tool.action {
            case .draws(let draws): draws(drag)
            case .ink, .erases: .line(Segment(begin: drag.press, end: drag.pointer))  // never made so
            }
        case .ellipseBetween(let box): .ellipse(box: box)
        case .ink(let ink, _): .ink(ink)
        }
    }

    /// The width (px at 96 dpi) the shape gets under `pen`: the pen's, or by the stylus's pressure, or by
    /// the contact's speed; rounded to 1/100 px, as a drawing stores it.
    private func width(under pen: Pen) -> Double {
        guard pen.widthBySpeed else { return pen.width }
        let width = pressure.map(SpeedWidth.width(forPressure:)) ?? speed.width
        return (width * 100).rounded() / 100
    }

    /// The finished shape, numbered `id`, drawn with `pen`. Ink is simplified to within
    /// `Ink.simplificationTolerance` px on the screen (at zoom 1 and below) of what was drawn; where its widths
    /// vary, the shape's width is the widest point's and each point's a fraction of it.
    func finished(id: ShapeID, pen: Pen) -> Shape {
        guard case .ink(var ink, let recent) = source else {
            return Shape(id: id, geometry: shape.geometry, style: ShapeStyle(colour: pen.colour(for: shape.geometry), width: width(under: pen)))
        }
        // It ends where the contact lifted, not where the mean of its last samples is.
        if let lift = recent.last?.point, lift.distance(to: ink.last) >= Self.inkSpacing * fineness {
            ink = ink.appending(lift, width: ink.hasWidths ? ink.width(ink.count - 1) : nil)
        }
        var width = shape.width
        var stroke = ink.simplified(within: Ink.simplificationTolerance * fineness, width: width)
        if stroke.hasWidths {
            let widest = (0..<stroke.count).reduce(0) { max($0, stroke.width($1)) }
            width = max(DocumentLimits.widths.lowerBound, (widest * SpeedWidth.thickest * 100).rounded() / 100)
            let scale = SpeedWidth.thickest / width, least = DocumentLimits.pointWidths.lowerBound
            stroke = Ink(points: (0..<stroke.count).map(stroke.point),
                         widths: (0..<stroke.count).map { min(1, max(least, stroke.width($0) * scale)) })
        }
        let geometry = ShapeGeometry.ink(stroke)
        return Shape(id: id, geometry: geometry, style: ShapeStyle(colour: pen.colour(for: geometry), width: width))
    }
}

/// A contact's sample, for ink's smoothing: where it was, and when (ms since the press).
struct InkSample: Hashable, Sendable {
    var point: Point
    var milliseconds: Int64
}
