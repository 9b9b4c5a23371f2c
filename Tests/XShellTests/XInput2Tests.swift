import CX11
import Document
import Gestures
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
    var event = event, mask = buttonMask
    return mask.withUnsafeMutableBufferPointer { buffer in
        event.buttons = XIButtonState(mask_len: Int32(buffer.count), mask: buffer.baseAddress)
        return ShellEvent(event, readTime: readTime)
    }
}

private func translate(_ event: XIDeviceEvent) -> ShellEvent { ShellEvent(event, readTime: readTime) }

/// The engine's input the tests expect: stamped `time` ms by the server, read at `readTime`.
private func input(_ kind: GestureInput.Kind, _ contact: ContactID, _ source: InputSource = .mouse,
                   at location: GesturePoint, time: UInt32) -> ShellEvent {
    .pointer(GestureInput(kind, contact: contact, source: source, location: location,
                          serverTime: ServerTime(milliseconds: time), readTime: readTime))
}

@Suite("XInput 2 event translation")
struct XInput2TranslationTests {
    @Test func aButtonPressNamesItsMasterDeviceAndKeepsTheSubPixelPosition() {
        let event = deviceEvent(XI_ButtonPress, device: 8, detail: 1, x: 12.25, y: 34.75, time: 0x1_0000_0007)
        #expect(translate(event) == input(.press(button: 1), ContactID(device: 8, touch: 0), .mouse,
                                          at: GesturePoint(x: 12.25, y: 34.75), time: 7))
    }

    @Test func motionAndReleaseAreDecodedWhateverButtonsAndModifiersAreHeld() {
        // Button 1 and 3 held (bits 1 and 3), Shift and Control effective.
        let modifiers = Int32(ShiftMask | ControlMask)
        let motion = translate(deviceEvent(XI_Motion, detail: 0, x: 5, y: 6, time: 77, modifiers: modifiers),
                               buttonMask: [0b0000_1010, 0, 0, 0])
        #expect(motion == input(.motion, ContactID(device: 2), at: GesturePoint(x: 5, y: 6), time: 77))
        let release = translate(deviceEvent(XI_ButtonRelease, detail: 3, x: 5, y: 6, time: 78, modifiers: modifiers),
                                buttonMask: [0b0000_1010])
        #expect(release == input(.release(button: 3), ContactID(device: 2), at: GesturePoint(x: 5, y: 6), time: 78))
    }

    @Test func theEventCarriesTheLoopsReadTimeBesideTheServersStamp() {
        for read in [Deadline(nanoseconds: 1), Deadline(nanoseconds: 9_000_000_000)] {
            let event = ShellEvent(deviceEvent(XI_TouchUpdate, detail: 4, time: 300), readTime: read)
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
        let translated = withUnsafeMutablePointer(to: &event) { pointer in
            var cookie = XGenericEventCookie()
            cookie.type = GenericEvent
            cookie.evtype = XI_TouchBegin
            cookie.data = UnsafeMutableRawPointer(pointer)
            return ShellEvent(cookie: cookie, readTime: readTime)
        }
        #expect(translated == translate(event))
        guard case .pointer(let input) = translated else { Issue.record("not a pointer event"); return }
        #expect(input.contact == ContactID(device: 8, touch: 3))
    }

    @Test func aCookieWithoutDataOrOfAnotherTypeIsUnhandled() {
        var cookie = XGenericEventCookie()
        cookie.type = GenericEvent
        cookie.evtype = XI_ButtonPress
        #expect(ShellEvent(cookie: cookie, readTime: readTime) == .unhandled(type: GenericEvent))
        var hierarchy = XIHierarchyEvent()
        withUnsafeMutablePointer(to: &hierarchy) { pointer in
            cookie.evtype = XI_HierarchyChanged
            cookie.data = UnsafeMutableRawPointer(pointer)
            #expect(ShellEvent(cookie: cookie, readTime: readTime) == .unhandled(type: GenericEvent))
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
