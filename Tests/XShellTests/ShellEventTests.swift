import CX11
import Document
import Testing
@testable import XShell

@Suite("X event translation")
struct ShellEventTests {
    let canvas: Window = 2
    let atoms = Atoms(wmProtocols: 100, wmDeleteWindow: 101, netWMName: 102, netWMPID: 103, utf8String: 104,
                      netWMPing: 105, netWMIcon: 106, netWMWindowType: 107, netWMWindowTypeNormal: 108,
                      manager: 109, xsettingsSettings: 110, netActiveWindow: 111, comeForward: 112)

    @Test func aButtonPressBecomesAPointerPressWithItsTimestamp() {
        var event = XEvent()
        event.xbutton.type = ButtonPress
        event.xbutton.button = 1
        event.xbutton.x = 12
        event.xbutton.y = 34
        event.xbutton.time = 0x1_0000_0005  // Xlib's Time is a long; the server's is 32 bits
        event.xbutton.state = 0
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .pointer(PointerInput(
            phase: .press, button: 1, location: Point(x: 12, y: 34), serverTime: 5, state: 0)))
    }

    @Test func motionAndReleaseAreTranslated() {
        var motion = XEvent()
        motion.xmotion.type = MotionNotify
        motion.xmotion.x = 5
        motion.xmotion.y = 6
        motion.xmotion.time = 77
        motion.xmotion.state = UInt32(Button1Mask)
        #expect(ShellEvent(motion, atoms: atoms, canvas: canvas) == .pointer(PointerInput(
            phase: .motion, button: 0, location: Point(x: 5, y: 6), serverTime: 77, state: UInt32(Button1Mask))))
        var release = XEvent()
        release.xbutton.type = ButtonRelease
        release.xbutton.button = 3
        guard case .pointer(let input) = ShellEvent(release, atoms: atoms, canvas: canvas) else { Issue.record("not a pointer event"); return }
        #expect(input.phase == .release && input.button == 3)
    }

    @Test func wmDeleteWindowIsACloseRequestAndOtherMessagesAreNot() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 100
        event.xclient.format = 32
        event.xclient.data.l.0 = 101
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .closeRequested)
        event.xclient.data.l.0 = 999
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .unhandled(type: ClientMessage))
        event.xclient.data.l.0 = 101
        event.xclient.format = 8
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .unhandled(type: ClientMessage))
    }

    @Test func exposeAndConfigureCarryTheirGeometry() {
        var expose = XEvent()
        expose.xexpose.type = Expose
        expose.xexpose.x = 1; expose.xexpose.y = 2; expose.xexpose.width = 30; expose.xexpose.height = 40
        #expect(ShellEvent(expose, atoms: atoms, canvas: canvas) == .exposed(Rect(x: 1, y: 2, width: 30, height: 40)))
        var configure = XEvent()
        configure.xconfigure.type = ConfigureNotify
        configure.xconfigure.window = canvas
        configure.xconfigure.width = 640
        configure.xconfigure.height = 480
        #expect(ShellEvent(configure, atoms: atoms, canvas: canvas) == .configured(width: 640, height: 480))
    }

    @Test func netWMPingIsAPingWithTheWindowManagersTimestamp() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 100
        event.xclient.format = 32
        event.xclient.data.l.0 = 105
        event.xclient.data.l.1 = 4242
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .pinged(serverTime: 4242))
    }

    @Test func aManagerMessageAnnouncesTheOwnerOfItsSelection() {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.message_type = 109
        event.xclient.format = 32
        event.xclient.data.l.1 = 777  // the selection, e.g. _XSETTINGS_S0
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .managerAnnounced(selection: 777))
        event.xclient.format = 8
        #expect(ShellEvent(event, atoms: atoms, canvas: canvas) == .unhandled(type: ClientMessage))
    }

    @Test func propertyChangesAndDestructionsNameTheirWindow() {
        var property = XEvent()
        property.xproperty.type = PropertyNotify
        property.xproperty.window = 55
        property.xproperty.atom = 110
        #expect(ShellEvent(property, atoms: atoms, canvas: canvas) == .propertyChanged(window: 55, atom: 110))
        var destroy = XEvent()
        destroy.xdestroywindow.type = DestroyNotify
        destroy.xdestroywindow.window = 56
        #expect(ShellEvent(destroy, atoms: atoms, canvas: canvas) == .destroyed(window: 56))
    }

    @Test(arguments: [Window(1), Window(77)])  // the root window; the settings manager's window
    func aConfigureNotifyOfAnotherWindowIsNotOurWindowResizing(other: Window) {
        var configure = XEvent()
        configure.xconfigure.type = ConfigureNotify
        configure.xconfigure.window = other
        configure.xconfigure.width = 7
        configure.xconfigure.height = 5
        #expect(ShellEvent(configure, atoms: atoms, canvas: canvas) == .unhandled(type: ConfigureNotify))
        configure.xconfigure.window = canvas
        #expect(ShellEvent(configure, atoms: atoms, canvas: canvas) == .configured(width: 7, height: 5))
    }
}
