@testable import FileChooser
import Foundation
import PortalTesting
import Testing
import Timing

private let open = ChooserRequest(title: "Open a drawing", isSaving: false, folder: Array("/home/ann/d".utf8), name: nil,
                                  filters: [.init("Drawings", ["*.json"])], acceptLabel: "Open")

/// Drives `session` as the app's loop does — waiting on its descriptors (at most 10 ms at a time) and handing
/// in what is readable and the time — while `portal` answers on the same thread, until it is over or 10 s.
private func run(_ session: ChooserSession, portal: FakePortal?) {
    var now = Deadline.zero
    let end = Date().addingTimeInterval(10)
    while session.outcome == nil, Date() < end {
        var ready = session.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&ready, nfds_t(ready.count), 10)
        now = now + .milliseconds(10)
        session.serve(readable: ready.filter { $0.revents != 0 }.map(\.fd), now: now)
        session.advance(to: now)
        portal?.serve(timeout: 0)
    }
}

/// The portal path against a real `dbus-daemon` (which checks every message we send) and a fake portal, and
/// our wire format read and written by GLib's `gdbus`.
@Suite("The portal over a real session bus", .serialized)
struct PortalOverDBusTests {
    @Test func aFileChosenInThePortalIsTheAnswer() throws {
        let bus = try SessionBus()
        let portal = try FakePortal(bus: bus, answers: [.choose("file:///tmp/a%20b.json")])
        let session = ChooserSession(request: open, parentWindow: 0x1A0_0003,
                                     surroundings: .init(sessionBus: bus.address, programs: [:], desktop: nil), now: .zero)
        run(session, portal: portal)
        #expect(session.outcome == .chosen(Array("/tmp/a b.json".utf8)))
        let call = try #require(portal.calls.first)
        #expect(call.member == "OpenFile" && call.parentWindow == "x11:1a00003" && call.title == "Open a drawing")
        #expect(call.options["current_folder"] == .bytes(Array("/home/ann/d".utf8) + [0]))
        #expect(call.options["modal"] == .boolean(true))
        #expect(call.options["filters"]?.elements?.first == .structure([.string("Drawings"), .array(element: "(us)", [.structure([.uint32(0), .string("*.json")])])]))
    }

    @Test func aCancelledDialogIsACancel() throws {
        let bus = try SessionBus()
        let portal = try FakePortal(bus: bus, answers: [.cancel])
        let session = ChooserSession(request: open, parentWindow: 0, surroundings: .init(sessionBus: bus.address, programs: [:], desktop: nil),
                                     now: .zero)
        run(session, portal: portal)
        #expect(session.outcome == .cancelled)
        #expect(portal.calls.first?.parentWindow == "")
    }

    @Test func aDialogLeftOpenWaitsForTheUserAsLongAsItTakes() throws {
        let bus = try SessionBus()
        let portal = try FakePortal(bus: bus, answers: [.none])
        let session = ChooserSession(request: open, parentWindow: 0, surroundings: .init(sessionBus: bus.address, programs: [:], desktop: nil),
                                     now: .zero)
        let end = Date().addingTimeInterval(10)
        var now = Deadline.zero
        while portal.calls.isEmpty || session.nextDeadline != nil, Date() < end {
            var ready = session.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&ready, nfds_t(ready.count), 10)
            session.serve(readable: ready.filter { $0.revents != 0 }.map(\.fd), now: now)
            portal.serve(timeout: 0)
        }
        #expect(session.nextDeadline == nil, "once the dialog shows, no deadline: the user takes the time they need")
        now = now + .seconds(3600)
        session.advance(to: now)
        #expect(session.outcome == nil)
        portal.respond(to: try #require(portal.calls.first), with: .choose("file:///tmp/late.json"))
        run(session, portal: portal)
        #expect(session.outcome == .chosen(Array("/tmp/late.json".utf8)))
    }

    @Test func aBusWithoutAPortalFallsBackToTheNextChooser() throws {
        let bus = try SessionBus()
        // /bin/echo stands in for zenity: it prints its arguments and exits 0.
        let echo = try #require(Subprocess.find("echo", in: Array("/usr/bin:/bin".utf8)))
        let session = ChooserSession(request: open, parentWindow: 0,
                                     surroundings: .init(sessionBus: bus.address, programs: [.zenity: echo], desktop: nil), now: .zero)
        run(session, portal: nil)
        guard case .chosen(let printed)? = session.outcome else {
            Issue.record("\(String(describing: session.outcome))")
            return
        }
        #expect(String(decoding: printed, as: UTF8.self).hasPrefix("--file-selection"), "zenity's arguments, echoed")
    }

    @Test func gdbusReadsWhatTheFakePortalAnswersAndItReadsWhatGdbusSends() throws {
        let bus = try SessionBus()
        let portal = try FakePortal(bus: bus, answers: [.none])
        let gdbus = Process()
        gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        gdbus.arguments = ["call", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path", "/org/freedesktop/portal/desktop",
                           "--method", "org.freedesktop.portal.FileChooser.SaveFile", "x11:2a", "Save it",
                           "{'handle_token': <'gd1'>, 'current_folder': <b'/tmp'>, 'filters': <[('Drawings', [(uint32 0, '*.json')])]>}"]
        gdbus.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let output = Pipe()
        gdbus.standardOutput = output
        gdbus.standardError = FileHandle.nullDevice
        try gdbus.run()
        let end = Date().addingTimeInterval(10)
        while gdbus.isRunning, Date() < end { portal.serve(timeout: 0.01) }
        gdbus.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let call = try #require(portal.calls.first)
        #expect(printed.hasPrefix("(objectpath '\(call.handle)',)"), "\(printed)")
        #expect(call.handle.hasSuffix("/gd1") && call.member == "SaveFile" && call.parentWindow == "x11:2a" && call.title == "Save it")
        #expect(call.options["current_folder"] == .bytes(Array("/tmp".utf8) + [0]))
        #expect(call.options["filters"] == .array(element: "(sa(us))", [
            .structure([.string("Drawings"), .array(element: "(us)", [.structure([.uint32(0), .string("*.json")])])]),
        ]))
    }
}
