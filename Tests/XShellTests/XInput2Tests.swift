import CX11
import Document
import Testing
import TouchTracker
@testable import XShell

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
    var event = event, mask = buttonMask
    return mask.withUnsafeMutableBufferPointer { buffer in
        event.buttons = XIButtonState(mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        return ShellEvent(event)
    }
}

@Suite("XInput 2 event translation")
struct XInput2TranslationTests {
    @Test func aButtonPressNamesItsMasterDeviceAndKeepsTheSubPixelPosition() {
        let event = deviceEvent(XI_ButtonPress, device: 8, detail: 1, x: 12.25, y: 34.75, time: 0x1_0000_0007)
        #expect(ShellEvent(event) == .pointer(PointerInput(
            phase: .press, device: 8, touch: 0, source: .mouse, button: 1,
            location: Point(x: 12.25, y: 34.75), serverTime: 7, state: 0)))
    }

    @Test func motionAndReleaseCarryTheHeldButtonsAndModifiersInTheCoreStateLayout() {
        // Button 1 and 3 held (bits 1 and 3), Shift and Control effective.
        let modifiers = Int32(ShiftMask | ControlMask)
        let motion = translate(deviceEvent(XI_Motion, detail: 0, x: 5, y: 6, time: 77, modifiers: modifiers),
                               buttonMask: [0b0000_1010, 0, 0, 0])
        let held = UInt32(ShiftMask | ControlMask | Button1Mask | Button3Mask)
        #expect(motion == .pointer(PointerInput(phase: .motion, button: 0, location: Point(x: 5, y: 6),
                                                serverTime: 77, state: held)))
        let release = translate(deviceEvent(XI_ButtonRelease, detail: 3, x: 5, y: 6, time: 78, modifiers: modifiers),
                                buttonMask: [0b0000_1010])
        #expect(release == .pointer(PointerInput(phase: .release, button: 3, location: Point(x: 5, y: 6),
                                                 serverTime: 78, state: held)))
    }

    @Test func buttonsAboveFiveAndTheModifierHighBitsStayOutOfTheCoreState() {
        // Buttons 6 and 8 held: the core state has no bits for them.
        let event = translate(deviceEvent(XI_Motion, modifiers: 0x7FFF_0000 | Int32(Mod4Mask)),
                              buttonMask: [0b0100_0000, 0b0000_0001])
        guard case .pointer(let input) = event else { Issue.record("not a pointer event: \(event)"); return }
        #expect(input.state == UInt32(Mod4Mask))
    }

    @Test func aTouchIsButtonOneOfSourceTouchWithItsTouchIdFromBeginThroughEnd() {
        let begin = ShellEvent(deviceEvent(XI_TouchBegin, device: 2, detail: 41, x: 10.5, y: 20, time: 100))
        let update = ShellEvent(deviceEvent(XI_TouchUpdate, device: 2, detail: 41, x: 30.5, y: 40, time: 116))
        let end = ShellEvent(deviceEvent(XI_TouchEnd, device: 2, detail: 41, x: 31, y: 41, time: 132))
        #expect(begin == .pointer(PointerInput(phase: .press, device: 2, touch: 41, source: .touch, button: 1,
                                               location: Point(x: 10.5, y: 20), serverTime: 100, state: 0)))
        #expect(update == .pointer(PointerInput(phase: .motion, device: 2, touch: 41, source: .touch, button: 0,
                                                location: Point(x: 30.5, y: 40), serverTime: 116,
                                                state: UInt32(Button1Mask))))
        #expect(end == .pointer(PointerInput(phase: .release, device: 2, touch: 41, source: .touch, button: 1,
                                             location: Point(x: 31, y: 41), serverTime: 132, state: UInt32(Button1Mask))))
    }

    @Test func touchIdsUseAllThirtyTwoBits() {
        guard case .pointer(let input) = ShellEvent(deviceEvent(XI_TouchBegin, detail: -2)) else {
            Issue.record("not a pointer event"); return
        }
        #expect(input.touch == 0xFFFF_FFFE)
    }

    @Test(arguments: [XI_ButtonPress, XI_Motion, XI_ButtonRelease])
    func pointerEventsEmulatedFromATouchAreIgnoredSoTheTouchIsSeenOnce(type: Int32) {
        let emulated = deviceEvent(type, detail: type == XI_Motion ? 0 : 1, x: 10, y: 20, flags: XIPointerEmulated)
        #expect(ShellEvent(emulated) == .unhandled(type: GenericEvent))
        var real = emulated
        real.flags = 0
        guard case .pointer = ShellEvent(real) else { Issue.record("a real pointer event was dropped"); return }
    }

    @Test func aTouchWhoseEndIsPendingOrThatEmulatesThePointerIsStillATouch() {
        // On touch events bit 16 means "end pending" (not "emulated"); bit 17 marks the touch that drives the pointer.
        for flags in [XITouchPendingEnd, XITouchEmulatingPointer, XITouchPendingEnd | XITouchEmulatingPointer] {
            guard case .pointer(let input) = ShellEvent(deviceEvent(XI_TouchUpdate, detail: 5, flags: flags)) else {
                Issue.record("touch with flags \(flags) dropped"); continue
            }
            #expect(input.touch == 5 && input.source == .touch)
        }
    }

    @Test func otherXInputEventTypesAreUnhandled() {
        #expect(ShellEvent(deviceEvent(XI_KeyPress, detail: 38)) == .unhandled(type: GenericEvent))
        #expect(ShellEvent(deviceEvent(XI_Enter)) == .unhandled(type: GenericEvent))
    }

    @Test func aCookieIsTranslatedFromTheDeviceEventItPointsTo() {
        var event = deviceEvent(XI_TouchBegin, device: 8, detail: 3, x: 1, y: 2)
        let translated = withUnsafeMutablePointer(to: &event) { pointer in
            var cookie = XGenericEventCookie()
            cookie.type = GenericEvent
            cookie.evtype = XI_TouchBegin
            cookie.data = UnsafeMutableRawPointer(pointer)
            return ShellEvent(cookie: cookie)
        }
        #expect(translated == ShellEvent(event))
        guard case .pointer(let input) = translated else { Issue.record("not a pointer event"); return }
        #expect(input.device == 8 && input.touch == 3)
    }

    @Test func aCookieWithoutDataOrOfAnotherTypeIsUnhandled() {
        var cookie = XGenericEventCookie()
        cookie.type = GenericEvent
        cookie.evtype = XI_ButtonPress
        #expect(ShellEvent(cookie: cookie) == .unhandled(type: GenericEvent))
        var hierarchy = XIHierarchyEvent()
        withUnsafeMutablePointer(to: &hierarchy) { pointer in
            cookie.evtype = XI_HierarchyChanged
            cookie.data = UnsafeMutableRawPointer(pointer)
            #expect(ShellEvent(cookie: cookie) == .unhandled(type: GenericEvent))
        }
    }
}

@Suite("Contacts")
struct ContactTests {
    private func input(device: UInt16, touch: UInt32 = 0) -> PointerInput {
        PointerInput(phase: .press, device: device, touch: touch, source: touch == 0 ? .mouse : .touch, button: 1,
                     location: Point(x: 0, y: 0), serverTime: 0, state: 0)
    }

    @Test func twoMasterPointersDrawTwoLines() {
        #expect(input(device: 2).contact != input(device: 8).contact)
    }

    @Test func eachTouchOfADeviceDrawsItsOwnLineApartFromThePointer() {
        let keys = [input(device: 2), input(device: 2, touch: 1), input(device: 2, touch: 2), input(device: 8, touch: 1)]
            .map(\.contact)
        #expect(Set(keys).count == keys.count)
    }

}

@Suite("XInput 2 negotiation and selection")
struct XInput2SelectionTests {
    @Test func aServerWithXInput22GetsTouchEventsSelected() throws {
        let xinput = try #require(XInput2.choose(opcode: 131, serverVersion: .init(2, 2)))
        #expect(xinput.opcode == 131)
        #expect(xinput.hasTouch)
        #expect(xinput.selectedEvents == [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd])
        // Bits 4, 5, 6 of byte 0; bits 2, 3, 4 of byte 2 (events 18, 19, 20).
        #expect(xinput.eventMaskBytes == [0b0111_0000, 0, 0b0001_1100])
    }

    @Test func aServerWithXInput20Or21GetsPointerEventsOnlyBecauseItWouldRejectTheTouchBits() throws {
        for minor: Int32 in [0, 1] {
            let xinput = try #require(XInput2.choose(opcode: 131, serverVersion: .init(2, minor)))
            #expect(!xinput.hasTouch)
            #expect(xinput.selectedEvents == [XI_ButtonPress, XI_ButtonRelease, XI_Motion])
            #expect(xinput.eventMaskBytes == [0b0111_0000])
        }
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
