import CX11
import Gestures
import Shapes
import Testing
import Timing
import TouchTracker
@testable import XShell

/// When the loop read the events below.
private let readTime = Deadline(nanoseconds: 5_000_000_007)

/// XI2 device events built by hand: XTest cannot inject touches, so touches are tested here.
private func deviceEvent(_ type: Int32, device: Int32 = 2, detail: Int32 = 0, x: Double = 0, y: Double = 0,
                         time: UInt = 0, flags: Int32 = 0, modifiers: Int32 = 0) -> XIDeviceEvent {
    var event = XIDeviceEvent()
    event.type = GenericEvent
    event.evtype = type
    event.deviceid = device
    event.sourceid = device + 2
    event.detail = detail
    event.event_x = x
    event.event_y = y
    event.root_x = x + 100
    event.root_y = y + 100
    event.time = time
    event.flags = flags
    event.mods.effective = modifiers
    return event
}

/// Translates `event` with its button mask set to `buttonMask` (bit n for button n), as the server sends it.
private func translate(_ event: XIDeviceEvent, buttonMask: [UInt8]) -> ShellEvent {
    var event = event, mask = buttonMask, devices = InputDevices()
    return mask.withUnsafeMutableBufferPointer { buffer in
        event.buttons = XIButtonState(mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        return ShellEvent(event, readTime: readTime, devices: &devices)
    }
}

/// Translates `event` from devices nothing is known of.
private func translate(_ event: XIDeviceEvent) -> ShellEvent {
    var devices = InputDevices()
    return ShellEvent(event, readTime: readTime, devices: &devices)
}

/// Translates `event` carrying `valuators` (number and value), as the server sends them: a bit per valuator
/// present, and their values in bit order.
private func translate(_ event: XIDeviceEvent, valuators: [(Int32, Double)], devices: inout InputDevices) -> ShellEvent {
    var event = event
    let present = valuators.sorted { $0.0 < $1.0 }
    var mask = [UInt8](repeating: 0, count: Int((present.last?.0 ?? 0) >> 3) + 1)
    for (number, _) in present { mask[Int(number >> 3)] |= 1 << UInt8(number & 7) }
    var values = present.map(\.1)
    return mask.withUnsafeMutableBufferPointer { maskBuffer in
        values.withUnsafeMutableBufferPointer { valueBuffer in
            event.valuators = XIValuatorState(
                mask_len: Int32(maskBuffer.count), mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress)
            return ShellEvent(event, readTime: readTime, devices: &devices)
        }
    }
}

/// The engine's input the tests expect: stamped `time` ms by the server, read at `readTime`.
private func input(_ kind: GestureInput.Kind, _ contact: ContactID, _ source: InputSource = .mouse,
                   at location: GesturePoint, pressure: Double? = nil, modifiers: Modifiers = [], time: UInt32) -> ShellEvent {
    .pointer(GestureInput(kind, contact: contact, source: source, location: location, pressure: pressure,
                          modifiers: modifiers, serverTime: ServerTime(milliseconds: time), readTime: readTime))
}

@Suite("XInput 2 event translation")
struct XInput2TranslationTests {
    @Test func aButtonPressNamesItsMasterDeviceAndKeepsTheSubPixelPosition() {
        let event = deviceEvent(XI_ButtonPress, device: 8, detail: 1, x: 12.25, y: 34.75, time: 0x1_0000_0007)
        #expect(translate(event) == input(.press(button: 1), ContactID(device: 8, touch: 0), .mouse,
                                          at: GesturePoint(x: 12.25, y: 34.75), time: 7))
    }

    @Test func motionAndReleaseAreDecodedWhateverButtonsAreHeldWithTheModifiersHeld() {
        // Button 1 and 3 held (bits 1 and 3), Shift and Control effective.
        let modifiers = Int32(ShiftMask | ControlMask)
        let motion = translate(deviceEvent(XI_Motion, detail: 0, x: 5, y: 6, time: 77, modifiers: modifiers),
                               buttonMask: [0b0000_1010, 0, 0, 0])
        #expect(motion == input(.motion, ContactID(device: 2), at: GesturePoint(x: 5, y: 6), modifiers: [.shift, .control], time: 77))
        let release = translate(deviceEvent(XI_ButtonRelease, detail: 3, x: 5, y: 6, time: 78, modifiers: modifiers),
                                buttonMask: [0b0000_1010])
        #expect(release == input(.release(button: 3), ContactID(device: 2), at: GesturePoint(x: 5, y: 6),
                                 modifiers: [.shift, .control], time: 78))
    }

    @Test func theEventCarriesTheLoopsReadTimeBesideTheServersStamp() {
        for read in [Deadline(nanoseconds: 1), Deadline(nanoseconds: 9_000_000_000)] {
            var devices = InputDevices()
            let event = ShellEvent(deviceEvent(XI_TouchUpdate, detail: 4, time: 300), readTime: read, devices: &devices)
            guard case .pointer(let input) = event else { Issue.record("not a pointer event: \(event)"); return }
            #expect(input.readTime == read)
            #expect(input.serverTime == ServerTime(milliseconds: 300))
        }
    }

    @Test func aTouchIsButtonOneOfSourceTouchWithItsTouchIdFromBeginThroughEnd() {
        let begin = translate(deviceEvent(XI_TouchBegin, device: 2, detail: 41, x: 10.5, y: 20, time: 100))
        let update = translate(deviceEvent(XI_TouchUpdate, device: 2, detail: 41, x: 30.5, y: 40, time: 116))
        let end = translate(deviceEvent(XI_TouchEnd, device: 2, detail: 41, x: 31, y: 41, time: 132))
        let finger = ContactID(device: 2, touch: 41)
        #expect(begin == input(.press(button: 1), finger, .touch, at: GesturePoint(x: 10.5, y: 20), time: 100))
        #expect(update == input(.motion, finger, .touch, at: GesturePoint(x: 30.5, y: 40), time: 116))
        #expect(end == input(.release(button: 1), finger, .touch, at: GesturePoint(x: 31, y: 41), time: 132))
    }

    @Test func touchIdsUseAllThirtyTwoBits() {
        guard case .pointer(let input) = translate(deviceEvent(XI_TouchBegin, detail: -2)) else {
            Issue.record("not a pointer event"); return
        }
        #expect(input.contact.touch == 0xFFFF_FFFE)
    }

    @Test(arguments: [XI_ButtonPress, XI_Motion, XI_ButtonRelease])
    func pointerEventsEmulatedFromATouchAreIgnoredSoTheTouchIsSeenOnce(type: Int32) {
        let emulated = deviceEvent(type, detail: type == XI_Motion ? 0 : 1, x: 10, y: 20, flags: XIPointerEmulated)
        #expect(translate(emulated) == .unhandled(type: GenericEvent))
        var real = emulated
        real.flags = 0
        guard case .pointer = translate(real) else { Issue.record("a real pointer event was dropped"); return }
    }

    @Test func aTouchWhoseEndIsPendingOrThatEmulatesThePointerIsStillATouch() {
        // On touch events bit 16 means "end pending" (not "emulated"); bit 17 marks the touch that drives the pointer.
        for flags in [XITouchPendingEnd, XITouchEmulatingPointer, XITouchPendingEnd | XITouchEmulatingPointer] {
            guard case .pointer(let input) = translate(deviceEvent(XI_TouchUpdate, detail: 5, flags: flags)) else {
                Issue.record("touch with flags \(flags) dropped"); continue
            }
            #expect(input.contact.touch == 5 && input.source == .touch)
        }
    }

    @Test func otherXInputEventTypesAreUnhandled() {
        #expect(translate(deviceEvent(XI_KeyPress, detail: 38)) == .unhandled(type: GenericEvent))
        #expect(translate(deviceEvent(XI_Enter)) == .unhandled(type: GenericEvent))
    }

    @Test func aCookieIsTranslatedFromTheDeviceEventItPointsTo() {
        var event = deviceEvent(XI_TouchBegin, device: 8, detail: 3, x: 1, y: 2)
        var devices = InputDevices()
        let translated = withUnsafeMutablePointer(to: &event) { pointer in
            var cookie = XGenericEventCookie()
            cookie.type = GenericEvent
            cookie.evtype = XI_TouchBegin
            cookie.data = UnsafeMutableRawPointer(pointer)
            return ShellEvent(cookie: cookie, readTime: readTime, devices: &devices)
        }
        #expect(translated == translate(event))
        guard case .pointer(let input) = translated else { Issue.record("not a pointer event"); return }
        #expect(input.contact == ContactID(device: 8, touch: 3))
    }

    @Test func aCookieWithoutDataOrOfAnotherTypeIsUnhandled() {
        var cookie = XGenericEventCookie(), devices = InputDevices()
        cookie.type = GenericEvent
        cookie.evtype = XI_ButtonPress
        #expect(ShellEvent(cookie: cookie, readTime: readTime, devices: &devices) == .unhandled(type: GenericEvent))
        var enter = XIEnterEvent()
        withUnsafeMutablePointer(to: &enter) { pointer in
            cookie.evtype = XI_Enter
            cookie.data = UnsafeMutableRawPointer(pointer)
            #expect(ShellEvent(cookie: cookie, readTime: readTime, devices: &devices) == .unhandled(type: GenericEvent))
        }
    }

    @Test func devicesAddedRemovedOrChangedAreToBeAskedAgainButASlaveSwitchChangesNoDevice() {
        var cookie = XGenericEventCookie(), devices = InputDevices()
        cookie.type = GenericEvent
        var hierarchy = XIHierarchyEvent()
        withUnsafeMutablePointer(to: &hierarchy) { pointer in
            cookie.evtype = XI_HierarchyChanged
            cookie.data = UnsafeMutableRawPointer(pointer)
            #expect(ShellEvent(cookie: cookie, readTime: readTime, devices: &devices) == .inputDevicesChanged)
        }
        for (reason, expected) in [(XIDeviceChange, ShellEvent.inputDevicesChanged), (XISlaveSwitch, .unhandled(type: GenericEvent))] {
            var changed = XIDeviceChangedEvent()
            changed.reason = reason
            withUnsafeMutablePointer(to: &changed) { pointer in
                cookie.evtype = XI_DeviceChanged
                cookie.data = UnsafeMutableRawPointer(pointer)
                #expect(ShellEvent(cookie: cookie, readTime: readTime, devices: &devices) == expected)
            }
        }
    }
}

@Suite("Contacts")
struct ContactTests {
    /// The contact of a press decoded from XInput 2: a button press, or a touch begin when `touch` is given.
    private func contact(device: UInt16, touch: UInt32? = nil) -> ContactID? {
        let event = touch.map { deviceEvent(XI_TouchBegin, device: Int32(device), detail: Int32(bitPattern: $0)) }
            ?? deviceEvent(XI_ButtonPress, device: Int32(device), detail: 1)
        guard case .pointer(let input) = translate(event) else { return nil }
        return input.contact
    }

    @Test func twoMasterPointersDrawTwoLines() {
        #expect(contact(device: 2) != contact(device: 8))
    }

    @Test func eachTouchOfADeviceDrawsItsOwnLineApartFromThePointer() {
        let keys = [contact(device: 2), contact(device: 2, touch: 1), contact(device: 2, touch: 2), contact(device: 8, touch: 1)]
        #expect(!keys.contains(nil))
        #expect(Set(keys).count == keys.count)
    }

}

@Suite("XInput 2 negotiation and selection")
struct XInput2SelectionTests {
    @Test func aServerWithXInput22GetsTouchEventsSelected() throws {
        let xinput = try #require(XInput2.choose(opcode: 131, serverVersion: .init(2, 2)))
        #expect(xinput.opcode == 131)
        #expect(xinput.hasTouch)
        #expect(xinput.selectedEvents == [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_TouchBegin, XI_TouchUpdate,
                                          XI_TouchEnd])
        // Bits 4, 5, 6, 7 of byte 0; bits 2, 3, 4 of byte 2 (events 18, 19, 20).
        #expect(xinput.eventMaskBytes == [0b1111_0000, 0, 0b0001_1100])
        #expect(!xinput.hasGestures, "pinches come from 2.4")
    }

    @Test func aServerWithXInput20Or21GetsPointerEventsOnlyBecauseItWouldRejectTheTouchBits() throws {
        for minor: Int32 in [0, 1] {
            let xinput = try #require(XInput2.choose(opcode: 131, serverVersion: .init(2, minor)))
            #expect(!xinput.hasTouch)
            #expect(xinput.selectedEvents == [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter])
            #expect(xinput.eventMaskBytes == [0b1111_0000])
        }
    }

    @Test func aServerWithXInput24GetsATouchpadsPinchesSelectedToo() throws {
        let xinput = try #require(XInput2.choose(opcode: 131, serverVersion: .init(2, 4)))
        #expect(xinput.hasTouch && xinput.hasGestures)
        #expect(xinput.selectedEvents.suffix(3) == [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd])
        // Events 27, 28, 29: bits 3, 4, 5 of byte 3.
        #expect(xinput.eventMaskBytes == [0b1111_0000, 0, 0b0001_1100, 0b0011_1000])
        #expect(XInput2.requested == .init(2, 4))
    }

    @Test func deviceChangesAreSelectedFromAllDevices() {
        #expect(XInput2.deviceEvents == [XI_HierarchyChanged, XI_DeviceChanged])
        // Events 11 and 1: bit 3 of byte 1, bit 1 of byte 0.
        #expect(XInput2.maskBytes(XInput2.deviceEvents) == [0b0000_0010, 0b0000_1000])
    }

    @Test func aServerWithoutXInput2KeepsCoreEvents() {
        #expect(XInput2.choose(opcode: 131, serverVersion: .init(1, 5)) == nil)
        #expect(XInput2.choose(opcode: 131, serverVersion: .init(0, 0)) == nil)
    }

    @Test func versionsCompareByMajorThenMinor() {
        #expect(XInput2.Version(2, 0) < XInput2.Version(2, 2))
        #expect(XInput2.Version(1, 9) < XInput2.Version(2, 0))
        #expect(!(XInput2.Version(2, 4) < XInput2.Version(2, 2)))
    }

    @Test func onlyTheValueOneAsksForCoreEvents() {
        #expect(XInput2.coreEventsRequested("1"))
        for value in [nil, "", "0", "yes"] { #expect(!XInput2.coreEventsRequested(value)) }
    }

    @Test func withXInput2TheWindowSelectsNoCorePointerEventsButKeepsTheRest() {
        let xinput = XInput2(opcode: 131, version: .init(2, 2))
        let withXInput = CanvasWindow.coreEventMask(xinput: xinput)
        #expect(withXInput & (ButtonPressMask | ButtonReleaseMask | PointerMotionMask) == 0)
        #expect(withXInput & (ExposureMask | StructureNotifyMask | KeyPressMask)
            == ExposureMask | StructureNotifyMask | KeyPressMask)
    }

    @Test func withoutXInput2TheWindowSelectsCorePointerEvents() {
        let core = CanvasWindow.coreEventMask(xinput: nil)
        #expect(core & (ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
            == ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        #expect(core == CanvasWindow.eventMask)
    }
}

@Suite("XInput 2 stylus decoding")
struct XInput2StylusTests {
    private static let axis = InputDevice.PressureAxis(number: 2, minimum: 0, maximum: 2000)

    /// A master pointer (2) driven by a pen (source 12) and an eraser (13) with pressure on valuator 2,
    /// a mouse (14), and a touch screen (15) with pressure on valuator 4.
    private static func devices() -> InputDevices {
        InputDevices([
            12: InputDevice(source: .pen, pressure: axis), 13: InputDevice(source: .eraser, pressure: axis),
            14: InputDevice(source: .mouse, pressure: nil),
            15: InputDevice(source: .mouse, pressure: .init(number: 4, minimum: 0, maximum: 255)),
        ])
    }

    private func event(_ type: Int32, source: Int32, detail: Int32 = 1, time: UInt = 10) -> XIDeviceEvent {
        var event = deviceEvent(type, device: 2, detail: detail, x: 5, y: 6, time: time)
        event.sourceid = source
        return event
    }

    @Test func aPensEventIsOfThePenWithItsPressureNormalized() {
        var devices = Self.devices()
        let motion = translate(event(XI_Motion, source: 12, detail: 0), valuators: [(0, 100), (1, 200), (2, 500)],
                               devices: &devices)
        #expect(motion == input(.motion, ContactID(device: 2), .pen, at: GesturePoint(x: 5, y: 6), pressure: 0.25, time: 10))
    }

    @Test func anEventWithoutThePressureHasTheDevicesLastOneAsDriversSendOnlyWhatChanged() {
        var devices = Self.devices()
        _ = translate(event(XI_Motion, source: 12, detail: 0), valuators: [(0, 1), (2, 1500)], devices: &devices)
        let press = translate(event(XI_ButtonPress, source: 12), valuators: [], devices: &devices)
        #expect(press == input(.press(button: 1), ContactID(device: 2), .pen, at: GesturePoint(x: 5, y: 6), pressure: 0.75,
                               time: 10))
        // Another device's pressure is its own.
        let eraser = translate(event(XI_ButtonPress, source: 13), valuators: [(0, 1)], devices: &devices)
        #expect(eraser == input(.press(button: 1), ContactID(device: 2), .eraser, at: GesturePoint(x: 5, y: 6), time: 10))
    }

    @Test func theValueIsFoundAmongThoseTheMaskSaysThereAre() {
        var devices = Self.devices()
        // Valuators 1 and 2 present: the pressure is the second value, not the third.
        let second = translate(event(XI_Motion, source: 13, detail: 0), valuators: [(1, 7), (2, 2000)], devices: &devices)
        guard case .pointer(let input) = second else { Issue.record("not a pointer event"); return }
        #expect(input.source == .eraser && input.pressure == 1)
        // A valuator beyond the mask is absent.
        let short = translate(event(XI_Motion, source: 14, detail: 0), valuators: [(0, 1)], devices: &devices)
        guard case .pointer(let mouse) = short else { Issue.record("not a pointer event"); return }
        #expect(mouse.source == .mouse && mouse.pressure == nil)
    }

    @Test func aTouchIsATouchWithThePressureItsEventCarriesAndNoOtherTouchsPressure() {
        var devices = Self.devices()
        let begin = translate(event(XI_TouchBegin, source: 15, detail: 7), valuators: [(0, 1), (4, 51)], devices: &devices)
        #expect(begin == input(.press(button: 1), ContactID(device: 2, touch: 7), .touch, at: GesturePoint(x: 5, y: 6),
                               pressure: 0.2, time: 10))
        let other = translate(event(XI_TouchBegin, source: 15, detail: 8), valuators: [(0, 1)], devices: &devices)
        guard case .pointer(let input) = other else { Issue.record("not a pointer event"); return }
        #expect(input.source == .touch && input.pressure == nil)
    }

    @Test func aDeviceNothingIsKnownOfIsAMouseWithoutPressure() {
        var devices = Self.devices()
        let press = translate(event(XI_ButtonPress, source: 99), valuators: [(2, 1000)], devices: &devices)
        #expect(press == input(.press(button: 1), ContactID(device: 2), .mouse, at: GesturePoint(x: 5, y: 6), time: 10))
    }
}
