import Gestures

/// What the shell knows of one XInput slave device, to decode its events: the kind of contact its
/// pointer events are (a mouse, or a stylus's pen or eraser end), which of its valuators, if any, is
/// the pressure, and which scroll (XInput 2.1 smooth scrolling: a touchpad, a high-resolution wheel). Decided once per device from what the server says of it (`Description`),
/// never per event; pure, so the tests describe tablets the test server cannot have.
struct InputDevice: Equatable {
    var source: InputSource
    var pressure: PressureAxis?
    var scrollAxes: [ScrollAxis] = []

    /// The valuator a device reports its pressure on, and its range.
    struct PressureAxis: Equatable {
        var number: Int32
        var minimum: Double
        var maximum: Double

        /// `value` on this axis as 0…1 (clamped: a driver may overshoot its own range).
        func normalized(_ value: Double) -> Double { min(max((value - minimum) / (maximum - minimum), 0), 1) }
    }

    /// A valuator that scrolls (`XIScrollClassInfo`): its absolute value moves by `increment` for each
    /// click of a wheel (a negative increment scrolls the other way).
    struct ScrollAxis: Equatable {
        var number: Int32
        var isVertical: Bool
        var increment: Double
    }

    /// A device as the server describes it: its name, valuators and scroll classes (`XIQueryDevice`), and its tool
    /// type if it has one: the atom xf86-input-wacom sets on each of a tablet's tools as the "Wacom
    /// Tool Type" device property (the same atom XInput 1's `XListInputDevices` gives as the type).
    struct Description: Equatable {
        var name: String
        var toolType: String?
        var valuators: [Valuator]
        var scrollAxes: [ScrollAxis] = []
    }

    /// A valuator: its number, the name of its label atom ("Abs Pressure") and its range.
    struct Valuator: Equatable {
        var number: Int32
        var label: String?
        var minimum: Double
        var maximum: Double
    }

    /// What a device nothing is known of is taken for: a mouse, without pressure.
    static let unknown = InputDevice(source: .mouse, pressure: nil)

    init(source: InputSource, pressure: PressureAxis?, scrollAxes: [ScrollAxis] = []) {
        self.source = source
        self.pressure = pressure
        self.scrollAxes = scrollAxes
    }

    /// Classifies a device. Its kind comes from its tool type where it has one (xf86-input-wacom:
    /// "ERASER" an eraser, "STYLUS" a pen; "CURSOR", "PAD", "TOUCH" are a puck, the tablet's
    /// buttons, its touch surface: pointers like a mouse), else from the words of its name (an
    /// eraser: "eraser", as xf86-input-libinput's "… Eraser (0x…)", Xwayland's "xwayland-tablet
    /// eraser:2" and xf86-input-wacom's "… eraser"; a pen: "stylus", "pen", "pencil", "brush",
    /// "airbrush", as "… Pen (0x…)" and "… stylus"); anything else is a mouse. Its pressure is the
    /// valuator labelled "Abs Pressure" with a range to normalize by. Its scroll axes are those whose
    /// increment moves (an increment of 0 could never make a click).
    init(_ description: Description) {
        let source: InputSource =
            switch description.toolType {
            case "ERASER": .eraser
            case "STYLUS": .pen
            case .some: .mouse
            case nil: Self.source(named: description.name)
            }
        let pressure = description.valuators.first { $0.label == "Abs Pressure" && $0.maximum > $0.minimum }
        self.init(source: source, pressure: pressure.map {
            PressureAxis(number: $0.number, minimum: $0.minimum, maximum: $0.maximum)
        }, scrollAxes: description.scrollAxes.filter { $0.increment != 0 && $0.increment.isFinite })
    }

    /// The kind a device's name says, word by word (case ignored).
    static func source(named name: String) -> InputSource {
        let words = Set(name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
        if words.contains("eraser") { return .eraser }
        if !words.isDisjoint(with: ["stylus", "pen", "pencil", "brush", "airbrush"]) { return .pen }
        return .mouse
    }
}
