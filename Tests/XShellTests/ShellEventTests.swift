import CX11
import Gestures
import Shapes
import Testing
import Timing
@testable import XShell

@Suite("X event translation")
struct ShellEventTests {
    let canvas: Window = 2
    let atoms = Atoms(wmProtocols: 100, wmDeleteWindow: 101, netWMName: 102, netWMPID: 103, utf8String: 104,
                      netWMPing: 105, netWMIcon: 106, netWMWindowType: 107, netWMWindowTypeNormal: 108,
                      manager: 109, xsettingsSettings: 110, netActiveWindow: 111, comeForward: 112)
    /// When the loop read the events.
    let readTime = Deadline(nanoseconds: 3_000_000_011)

    func translate(_ event: XEvent) -> ShellEvent { ShellEvent(event, atoms: atoms, canvas: canvas, readTime: readTime) }

    @Test func aButtonPressBecomesAPointerPressWithItsTimestamp() {
        var event = XEvent()
        event.xbutton.type = ButtonPress
        event.xbutton.button = 1
        event.xbutton.x = 12
        event.xbutton.y = 34
        event.xbutton.time = 0x1_0000_0005  // Xlib's Time is a long; the server's is 32 bits
        event.xbutton.state = 0
        #expect(translate(event) == .pointer(GestureInput(
            .press(button: 1), contact: .corePointer, source: .mouse, location: GesturePoint(x: 12, y: 34),
            serverTime: ServerTime(milliseconds: 5), readTime: readTime)))
    }

    @Test func motionAndReleaseAreTranslated() {
        var motion = XEvent()
        motion.xmotion.type = MotionNotify
        motion.xmotion.x = 5
        motion.xmotion.y = 6
        motion.xmotion.time = 77
        motion.xmotion.state = UInt32(Button1Mask)
        #expect(translate(motion) == .pointer(GestureInput(
            .motion, contact: .corePointer, source: .mouse, location: GesturePoint(x: 5, y: 6),
            serverTime: ServerTime(milliseconds: 77), readTime: readTime)))
        var release = XEvent()
        release.xbutton.type = ButtonRelease
        release.xbutton.button = 3
        guard case .pointer(let input) = translate(release) else { Issue.record("not a pointer event"); return }
        #expect(input.kind == .release(button: 3))
    }

    @Test func theCorePointerIsTheContactXInput2CallsTheVirtualCorePointer() {
        var press = XEvent()
        press.xbutton.type = ButtonPress
        press.xbutton.button = 1
        var xi2 = XIDeviceEvent()
        xi2.evtype = XI_ButtonPress
        xi2.deviceid = 2  // the virtual core pointer
        xi2.detail = 1
        var devices = InputDevices()
        guard case .pointer(let core) = translate(press),
            case .pointer(let extended) = ShellEvent(xi2, readTime: readTime, devices: &devices)
        else { Issue.record("not pointer events"); return }
        #expect(core.contact == extended.contact)
    }

    @Test func aPointerEventCarriesTheLoopsReadTime() {
        var motion = XEvent()
        motion.xmotion.type = MotionNotify
        motion.xmotion.time = 77
        for read in [Deadline(nanoseconds: 1), Deadline(nanoseconds: 9_000_000_000)] {
            guard case .pointer(let input) = ShellEvent(motion, atoms: atoms, canvas: canvas, readTime: read)
            else { Issue.record("not a pointer event"); return }
            #expect(input.readTime == read)
        }
    }

    @Test func wmDeleteWindowIsACloseRequestAndOtherMessagesAreNot() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 100
        event.xclient.format = 32
        event.xclient.data.l.0 = 101
        #expect(translate(event) == .closeRequested)
        event.xclient.data.l.0 = 999
        #expect(translate(event) == .unhandled(type: ClientMessage))
        event.xclient.data.l.0 = 101
        event.xclient.format = 8
        #expect(translate(event) == .unhandled(type: ClientMessage))
    }

    @Test func exposeAndConfigureCarryTheirGeometry() {
        var expose = XEvent()
        expose.xexpose.type = Expose
        expose.xexpose.x = 1; expose.xexpose.y = 2; expose.xexpose.width = 30; expose.xexpose.height = 40
        #expect(translate(expose) == .exposed(Rect(x: 1, y: 2, width: 30, height: 40)))
        var configure = XEvent()
        configure.xconfigure.type = ConfigureNotify
        configure.xconfigure.window = canvas
        configure.xconfigure.width = 640
        configure.xconfigure.height = 480
        #expect(translate(configure) == .configured(width: 640, height: 480))
    }

    @Test func netWMPingIsAPingWithTheWindowManagersTimestamp() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 100
        event.xclient.format = 32
        event.xclient.data.l.0 = 105
        event.xclient.data.l.1 = 4242
        #expect(translate(event) == .pinged(serverTime: 4242))
    }

    @Test func aManagerMessageAnnouncesTheOwnerOfItsSelection() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 109
        event.xclient.format = 32
        event.xclient.data.l.1 = 777  // the selection, e.g. _XSETTINGS_S0
        #expect(translate(event) == .managerAnnounced(selection: 777))
        event.xclient.format = 8
        #expect(translate(event) == .unhandled(type: ClientMessage))
    }

    @Test func propertyChangesAndDestructionsNameTheirWindow() {
        var property = XEvent()
        property.xproperty.type = PropertyNotify
        property.xproperty.window = 55
        property.xproperty.atom = 110
        #expect(translate(property) == .propertyChanged(window: 55, atom: 110))
        var destroy = XEvent()
        destroy.xdestroywindow.type = DestroyNotify
        destroy.xdestroywindow.window = 56
        #expect(translate(destroy) == .destroyed(window: 56))
    }

    @Test(arguments: [Window(1), Window(77)])  // the root window; the settings manager's window
    func aConfigureNotifyOfAnotherWindowIsNotOurWindowResizing(other: Window) {
        var configure = XEvent()
        configure.xconfigure.type = ConfigureNotify
        configure.xconfigure.window = other
        configure.xconfigure.width = 7
        configure.xconfigure.height = 5
        #expect(translate(configure) == .unhandled(type: ConfigureNotify))
        configure.xconfigure.window = canvas
        #expect(translate(configure) == .configured(width: 7, height: 5))
    }
}
