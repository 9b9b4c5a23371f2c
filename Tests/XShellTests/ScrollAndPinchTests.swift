import CX11
import Gestures
import Shapes
import Testing
import Timing
import TouchTracker
@testable import XShell

/// The wheel, smooth scrolling and a touchpad's pinch, decoded from events built by hand: XTest cannot send
/// scroll valuators or gestures.
@Suite("Scroll and pinch decoding")
struct ScrollAndPinchTests {
    let readTime = Deadline(nanoseconds: 7_000_000_001)
    let atoms = Atoms(wmProtocols: 100, wmDeleteWindow: 101, netWMName: 102, netWMPID: 103, utf8String: 104,
                      netWMPing: 105, netWMIcon: 106, netWMWindowType: 107, netWMWindowTypeNormal: 108,
                      manager: 109, xsettingsSettings: 110, netActiveWindow: 111, comeForward: 112)

    func coreButton(_ type: Int32, _ button: UInt32, state: UInt32 = 0) -> ShellEvent {
        var event = XEvent()
        event.xbutton.type = type
        event.xbutton.button = button
        event.xbutton.x = 30
        event.xbutton.y = 40
        event.xbutton.state = state
        return ShellEvent(event, atoms: atoms, canvas: 2, readTime: readTime)
    }

    @Test func aCoreWheelButtonsPressIsAClickOfScrollAndItsReleaseNothing() {
        #expect(coreButton(ButtonPress, 4) == .scroll(ScrollInput(dy: -1, at: Point(x: 30, y: 40))))
        #expect(coreButton(ButtonPress, 5) == .scroll(ScrollInput(dy: 1, at: Point(x: 30, y: 40))))
        #expect(coreButton(ButtonPress, 6) == .scroll(ScrollInput(dx: -1, at: Point(x: 30, y: 40))))
        #expect(coreButton(ButtonPress, 7, state: UInt32(ControlMask)) == .scroll(ScrollInput(dx: 1, at: Point(x: 30, y: 40), modifiers: .control)))
        #expect(coreButton(ButtonRelease, 5) == .unhandled(type: ButtonRelease))
        guard case .pointer(let middle) = coreButton(ButtonPress, 2) else { Issue.record("the middle button is a pointer's"); return }
        #expect(middle.kind == .press(button: 2))
    }

    func deviceEvent(_ type: Int32, detail: Int32 = 0, source: Int32 = 11, flags: Int32 = 0) -> XIDeviceEvent {
        var event = XIDeviceEvent()
        event.type = GenericEvent
        event.evtype = type
        event.deviceid = 2
        event.sourceid = source
        event.detail = detail
        event.event_x = 12.5
        event.event_y = 34
        event.flags = flags
        return event
    }

    /// `event` carrying `valuators` (number, value), decoded with `devices`.
    func translate(_ event: XIDeviceEvent, valuators: [(Int32, Double)] = [], devices: inout InputDevices) -> ShellEvent {
        var event = event
        var mask = [UInt8](repeating: 0, count: 2)
        for (number, _) in valuators { mask[Int(number >> 3)] |= 1 << UInt8(number & 7) }
        var values = valuators.sorted { $0.0 < $1.0 }.map(\.1)
        return mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                event.valuators = XIValuatorState(mask_len: 2, mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress)
                return ShellEvent(event, readTime: readTime, devices: &devices)
            }
        }
    }

    /// A touchpad (11) scrolling down on valuator 3 (15 a click) and across on 2 (inverted: −30 a click).
    func touchpad() -> InputDevices {
        InputDevices([11: InputDevice(source: .mouse, pressure: nil, scrollAxes: [
            .init(number: 3, isVertical: true, increment: 15), .init(number: 2, isVertical: false, increment: -30),
        ])])
    }

    @Test func anXI2WheelButtonScrollsUnlessTheServerEmulatedItFromAScrollValuator() {
        var devices = InputDevices()
        #expect(translate(deviceEvent(XI_ButtonPress, detail: 5), devices: &devices) == .scroll(ScrollInput(dy: 1, at: Point(x: 12.5, y: 34))))
        #expect(translate(deviceEvent(XI_ButtonRelease, detail: 5), devices: &devices) == .unhandled(type: GenericEvent))
        #expect(translate(deviceEvent(XI_ButtonPress, detail: 4, flags: XIPointerEmulated), devices: &devices) == .unhandled(type: GenericEvent),
                "the smooth scroll it was emulated from scrolls: nothing scrolls twice")
    }

    @Test func aScrollValuatorScrollsByItsExactDeltaInClicksFromItsSecondValue() {
        var devices = touchpad()
        #expect(translate(deviceEvent(XI_Motion), valuators: [(0, 1), (3, 1000)], devices: &devices) != .scroll(ScrollInput(at: .zero)),
                "the first value only says where the valuator is")
        #expect(translate(deviceEvent(XI_Motion), valuators: [(3, 1007.5)], devices: &devices)
            == .scroll(ScrollInput(dy: 0.5, at: Point(x: 12.5, y: 34), isSmooth: true)))
        #expect(translate(deviceEvent(XI_Motion), valuators: [(2, 0)], devices: &devices) != .scroll(ScrollInput(at: .zero)))
        #expect(translate(deviceEvent(XI_Motion), valuators: [(2, 60), (3, 1000)], devices: &devices)
            == .scroll(ScrollInput(dx: -2, dy: -0.5, at: Point(x: 12.5, y: 34), isSmooth: true)), "a negative increment scrolls the other way")
        guard case .pointer = translate(deviceEvent(XI_Motion), valuators: [(0, 5)], devices: &devices) else {
            Issue.record("a motion that scrolls nothing moves the pointer"); return
        }
    }

    @Test func aValuatorThatJumpsFartherThanAnyScrollIsAResetNotAScroll() {
        var devices = touchpad()
        _ = translate(deviceEvent(XI_Motion), valuators: [(3, 0)], devices: &devices)
        guard case .pointer = translate(deviceEvent(XI_Motion), valuators: [(3, 15 * 5000)], devices: &devices) else {
            Issue.record("a jump of 5000 clicks scrolls nothing: it is only a motion"); return
        }
        #expect(translate(deviceEvent(XI_Motion), valuators: [(3, 15 * 5001)], devices: &devices)
            == .scroll(ScrollInput(dy: 1, at: Point(x: 12.5, y: 34), isSmooth: true)), "it goes on from the new value")
    }

    @Test func enteringTheWindowStartsEveryScrollValuatorAfresh() {
        var devices = touchpad()
        _ = translate(deviceEvent(XI_Motion), valuators: [(3, 100)], devices: &devices)
        var enter = XIEnterEvent()
        enter.evtype = XI_Enter
        let event = withUnsafeMutablePointer(to: &enter) { pointer in
            var cookie = XGenericEventCookie()
            cookie.evtype = XI_Enter
            cookie.data = UnsafeMutableRawPointer(pointer)
            return ShellEvent(cookie: cookie, readTime: readTime, devices: &devices)
        }
        #expect(event == .unhandled(type: GenericEvent))
        // The valuator moved while the pointer was away: its next value is where it is, not a scroll.
        #expect(translate(deviceEvent(XI_Motion), valuators: [(3, 400)], devices: &devices) != .scroll(ScrollInput(dy: 20, at: Point(x: 12.5, y: 34), isSmooth: true)))
        #expect(translate(deviceEvent(XI_Motion), valuators: [(3, 415)], devices: &devices)
            == .scroll(ScrollInput(dy: 1, at: Point(x: 12.5, y: 34), isSmooth: true)))
    }

    func pinch(_ type: Int32, scale: Double, flags: Int32 = 0) -> ShellEvent {
        var event = XIGesturePinchEvent()
        event.type = GenericEvent
        event.evtype = type
        event.event_x = 300.5
        event.event_y = 200
        event.scale = scale
        event.flags = flags
        var devices = InputDevices()
        return withUnsafeMutablePointer(to: &event) { pointer in
            var cookie = XGenericEventCookie()
            cookie.evtype = type
            cookie.data = UnsafeMutableRawPointer(pointer)
            return ShellEvent(cookie: cookie, readTime: readTime, devices: &devices)
        }
    }

    @Test func aTouchpadsPinchEventsAreDecodedWithTheirCentreAndScale() {
        #expect(XI_GesturePinchBegin == 27 && XI_GesturePinchUpdate == 28 && XI_GesturePinchEnd == 29)
        #expect(pinch(XI_GesturePinchBegin, scale: 1) == .pinch(PinchInput(.began, at: Point(x: 300.5, y: 200), scale: 1)))
        #expect(pinch(XI_GesturePinchUpdate, scale: 1.5) == .pinch(PinchInput(.changed, at: Point(x: 300.5, y: 200), scale: 1.5)))
        #expect(pinch(XI_GesturePinchEnd, scale: 1.5) == .pinch(PinchInput(.ended, at: Point(x: 300.5, y: 200), scale: 1.5)))
        #expect(pinch(XI_GesturePinchEnd, scale: 1.5, flags: XIGesturePinchEventCancelled)
            == .pinch(PinchInput(.cancelled, at: Point(x: 300.5, y: 200), scale: 1.5)))
        #expect(pinch(XI_GesturePinchUpdate, scale: 0) == .pinch(PinchInput(.changed, at: Point(x: 300.5, y: 200), scale: 1)),
                "a scale no distance can have is none")
    }

    @Test func theKeypadsPlusAndMinusAreKeysOfTheirOwnAndSpaceIsACharacter() {
        #expect(KeyInput(keysym: UInt(XK_KP_Add), state: UInt32(ControlMask)).appKey.map { [$0.0] } == [.keypadPlus])
        #expect(KeyInput(keysym: UInt(XK_KP_Subtract), state: 0).appKey.map { [$0.0] } == [.keypadMinus])
        #expect(KeyInput(keysym: UInt(XK_space), state: 0).appKey.map { [$0.0] } == [KeyBindings.space])
        #expect(KeyBindings.heldKeys == [KeyBindings.space])
    }

    @Test func aFocusLostForRealLetsHeldKeysGoButAGrabsDoesNot() {
        var event = XEvent()
        event.xfocus.type = FocusOut
        event.xfocus.mode = NotifyNormal
        #expect(ShellEvent(event, atoms: atoms, canvas: 2, readTime: readTime) == .focusLost)
        event.xfocus.mode = NotifyGrab
        #expect(ShellEvent(event, atoms: atoms, canvas: 2, readTime: readTime) == .unhandled(type: FocusOut))
    }

    @Test func aCopyThatFoundNoPixelsAsksForThemLikeAnExpose() {
        var event = XEvent()
        event.xgraphicsexpose.type = GraphicsExpose
        event.xgraphicsexpose.x = 5
        event.xgraphicsexpose.y = 6
        event.xgraphicsexpose.width = 70
        event.xgraphicsexpose.height = 8
        #expect(ShellEvent(event, atoms: atoms, canvas: 2, readTime: readTime) == .exposed(Rect(x: 5, y: 6, width: 70, height: 8)))
    }
}
