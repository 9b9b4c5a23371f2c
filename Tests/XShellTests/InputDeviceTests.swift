import Gestures
import Testing
@testable import XShell

/// Devices classified from what the server says of them, as tablets' X drivers describe their tools.
@Suite("Input devices")
struct InputDeviceTests {
    private static let pressure = InputDevice.Valuator(number: 2, label: "Abs Pressure", minimum: 0, maximum: 2047)
    private static let position = [
        InputDevice.Valuator(number: 0, label: "Abs X", minimum: 0, maximum: 44_800),
        InputDevice.Valuator(number: 1, label: "Abs Y", minimum: 0, maximum: 29_600),
    ]

    private func classify(_ name: String, toolType: String? = nil, valuators: [InputDevice.Valuator] = []) -> InputDevice {
        InputDevice(InputDevice.Description(name: name, toolType: toolType, valuators: valuators))
    }

    @Test func wacomsToolTypeSaysWhichEndOfTheStylusAndTheTabletsOtherToolsArePointers() {
        #expect(classify("Wacom Intuos Pro M Pen stylus", toolType: "STYLUS").source == .pen)
        #expect(classify("Wacom Intuos Pro M Pen eraser", toolType: "ERASER").source == .eraser)
        #expect(classify("Wacom Intuos Pro M Pen cursor", toolType: "CURSOR").source == .mouse)
        #expect(classify("Wacom Intuos Pro M Pen Pad pad", toolType: "PAD").source == .mouse, "the type wins over the name")
        #expect(classify("Wacom Intuos Pro M Finger touch", toolType: "TOUCH").source == .mouse)
    }

    @Test(arguments: [
        ("Wacom Intuos Pro M Pen Pen (0x8d3209a1)", InputSource.pen),  // xf86-input-libinput's tools
        ("Wacom Intuos Pro M Pen Eraser (0x8d3209a1)", .eraser),
        ("Wacom Intuos Pro M Pen Pencil (0x1)", .pen),
        ("Wacom Intuos Pro M Pen Airbrush (0x2)", .pen),
        ("xwayland-tablet stylus:2", .pen),  // Xwayland's
        ("xwayland-tablet eraser:2", .eraser),
        ("Wacom Bamboo 2FG 4x5 Pen eraser", .eraser),  // xf86-input-wacom's, without the property
        ("Virtual core XTEST pointer", .mouse),
        ("Logitech USB Optical Mouse", .mouse),
        ("Penguin Trackball", .mouse),  // words, not letters
        ("OpenPen Mouse", .mouse),
    ])
    func withoutAToolTypeTheNamesWordsSay(name: String, source: InputSource) {
        #expect(classify(name).source == source)
    }

    @Test func thePressureIsTheValuatorLabelledAbsPressureWithItsRange() {
        let pen = classify("… Pen (0x1)", valuators: Self.position + [Self.pressure])
        #expect(pen.pressure == InputDevice.PressureAxis(number: 2, minimum: 0, maximum: 2047))
        #expect(pen.pressure?.normalized(0) == 0)
        #expect(pen.pressure?.normalized(2047) == 1)
        #expect(pen.pressure?.normalized(1023.5) == 0.5)
        #expect(pen.pressure?.normalized(3000) == 1, "an overshoot is clamped")
        #expect(pen.pressure?.normalized(-5) == 0)
    }

    @Test func aDeviceWithoutAPressureValuatorOrWithAnEmptyRangeHasNoPressure() {
        #expect(classify("Logitech USB Optical Mouse", valuators: Self.position).pressure == nil)
        let empty = InputDevice.Valuator(number: 2, label: "Abs Pressure", minimum: 5, maximum: 5)
        #expect(classify("… Pen (0x1)", valuators: Self.position + [empty]).pressure == nil)
        let unlabelled = InputDevice.Valuator(number: 2, label: nil, minimum: 0, maximum: 2047)
        #expect(classify("… Pen (0x1)", valuators: [unlabelled]).pressure == nil)
    }

    @Test func aDeviceNothingIsKnownOfIsAMouseWithoutPressure() {
        #expect(InputDevices().device(42) == InputDevice(source: .mouse, pressure: nil))
    }
}
