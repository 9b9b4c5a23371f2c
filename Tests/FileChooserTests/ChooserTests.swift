@testable import FileChooser
#if canImport(Glibc)
import Glibc
#endif
import Testing
import Timing

private let open = ChooserRequest(title: "Open a drawing", isSaving: false, folder: Array("/home/ann/d".utf8), name: nil,
                                  filters: [.init("Drawings", ["*.json"]), .init("All files", ["*"])], acceptLabel: "Open")
private let export = ChooserRequest(title: "Export the drawing as .png, .svg or .pdf", isSaving: true,
                                    folder: Array("/home/ann/d/".utf8), name: Array("drawing.png".utf8),
                                    filters: [.init("Pictures", ["*.png", "*.svg", "*.pdf"])], acceptLabel: "Export")

/// The messages `bytes` hold, whole.
private func messages(_ bytes: [UInt8]) throws -> [DBusMessage] {
    var framer = DBusFramer()
    return try framer.receive(bytes)
}

private func text(_ arguments: [[UInt8]]?) -> [String]? { arguments?.map { String(decoding: $0, as: UTF8.self) } }

@Suite("Which chooser, and how it is asked")
struct ChooserToolTests {
    @Test func thePortalComesFirstThenZenityThenKdialog() {
        #expect(ChooserTool.order(sessionBus: true, installed: [.zenity, .kdialog], desktop: "gnome") == [.portal, .zenity, .kdialog])
        #expect(ChooserTool.order(sessionBus: false, installed: [.zenity, .kdialog], desktop: nil) == [.zenity, .kdialog])
    }

    @Test(arguments: ["KDE", "plasma", "LXQt", "plasmawayland"])
    func kdialogComesFirstOnKDEAndLXQt(desktop: String) {
        #expect(ChooserTool.order(sessionBus: false, installed: [.zenity, .kdialog], desktop: desktop) == [.kdialog, .zenity])
    }

    @Test func onlyWhatIsInstalledIsTried() {
        #expect(ChooserTool.order(sessionBus: false, installed: [.kdialog], desktop: "xfce") == [.kdialog])
        #expect(ChooserTool.order(sessionBus: false, installed: [], desktop: nil).isEmpty)
        #expect(ChooserTool.order(sessionBus: true, installed: [], desktop: nil) == [.portal])
    }

    @Test func zenityIsAskedWithAnArgumentVectorNeverAShell() {
        #expect(text(ChooserTool.zenity.arguments(for: open)) == [
            "zenity", "--file-selection", "--modal", "--title=Open a drawing", "--filename=/home/ann/d/",
            "--file-filter=Drawings | *.json", "--file-filter=All files | *",
        ])
        #expect(text(ChooserTool.zenity.arguments(for: export)) == [
            "zenity", "--file-selection", "--modal", "--title=Export the drawing as .png, .svg or .pdf",
            "--filename=/home/ann/d/drawing.png", "--save", "--confirm-overwrite", "--file-filter=Pictures | *.png *.svg *.pdf",
        ])
        #expect(ChooserTool.portal.arguments(for: open) == nil)
    }

    @Test func aNameThatIsNotUTF8ReachesTheProgramAsItsBytes() {
        var odd = export
        odd.name = [0x6D, 0xFC, 0x2E, 0x70, 0x6E, 0x67]  // "mü.png" in Latin-1
        #expect(ChooserTool.zenity.arguments(for: odd)?[4] == Array("--filename=/home/ann/d/".utf8) + odd.name!)
    }

    @Test func kdialogTakesTheFolderAndItsFilters() {
        #expect(text(ChooserTool.kdialog.arguments(for: open)) == [
            "kdialog", "--title", "Open a drawing", "--getopenfilename", "/home/ann/d/", "*.json | Drawings\n* | All files",
        ])
        #expect(text(ChooserTool.kdialog.arguments(for: export))?[3...4] == ["--getsavefilename", "/home/ann/d/drawing.png"])
    }

    @Test func exitZeroWithAPathIsAChoiceOneACancelAnythingElseAFailure() {
        #expect(ChooserTool.zenity.outcome(status: 0, output: Array("/tmp/a b.json\n".utf8)) == .chosen(Array("/tmp/a b.json".utf8)))
        #expect(ChooserTool.kdialog.outcome(status: 1, output: []) == .cancelled)
        #expect(ChooserTool.zenity.outcome(status: 255, output: []) == .failed("zenity exited with status 255"))
        #expect(ChooserTool.zenity.outcome(status: 0, output: Array("/a\n/b\n".utf8)) == .failed("zenity answered no single file"))
    }

    @Test func fileURIsBecomePaths() {
        #expect(localPath(ofFileURI: "file:///home/ann/a%20b%C3%BC.json") == Array("/home/ann/a bü.json".utf8))
        #expect(localPath(ofFileURI: "file:///home/ann/a%20b.json") == Array("/home/ann/a b.json".utf8))
        #expect(localPath(ofFileURI: "file://localhost/tmp/x") == Array("/tmp/x".utf8))
        #expect(localPath(ofFileURI: "file:///tmp/m%FC.json") == Array("/tmp/m".utf8) + [0xFC] + Array(".json".utf8))
        #expect(localPath(ofFileURI: "sftp://host/tmp/x") == nil)
        #expect(localPath(ofFileURI: "file:///tmp/%00") == nil && localPath(ofFileURI: "file:///tmp/%zz") == nil)
    }
}

@Suite("A conversation with the portal, scripted")
struct PortalConversationTests {
    /// A conversation as far as the call, with the bus having named us ":1.42".
    func calling() -> (PortalConversation, sent: [DBusMessage]) {
        var conversation = PortalConversation(chooser: open, parentWindow: "x11:1a00003", token: "tt_1", uid: 1000)
        #expect(conversation.start() == [0] + Array("AUTH EXTERNAL 31303030\r\n".utf8))
        var sent = conversation.receive(Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8))
        #expect(sent.starts(with: Array("BEGIN\r\n".utf8)))
        sent.removeFirst(7)
        var sentMessages = (try? messages(sent)) ?? []
        #expect(sentMessages.map(\.member) == ["Hello"])
        let named = DBusMessage(kind: .methodReturn, serial: 1, replySerial: 1, sender: "org.freedesktop.DBus", body: [.string(":1.42")])
        sentMessages += (try? messages(conversation.receive(named.encoded))) ?? []
        return (conversation, sentMessages)
    }

    @Test func itSubscribesToTheResponseBeforeItCallsOpenFile() throws {
        let (_, sent) = calling()
        #expect(sent.map(\.member) == ["Hello", "AddMatch", "OpenFile"])
        #expect(sent[1].body == [.string("type='signal',sender='org.freedesktop.portal.Desktop',path='/org/freedesktop/portal/desktop/request/1_42/tt_1',interface='org.freedesktop.portal.Request',member='Response'")])
        let call = sent[2]
        #expect(call.destination == "org.freedesktop.portal.Desktop" && call.path == "/org/freedesktop/portal/desktop")
        #expect(call.interface == "org.freedesktop.portal.FileChooser" && call.signature == "ssa{sv}")
        #expect(call.body[0] == .string("x11:1a00003") && call.body[1] == .string("Open a drawing"))
        let options = try #require(call.body[2].dictionary)
        #expect(options["handle_token"] == .string("tt_1") && options["modal"] == .boolean(true))
        #expect(options["current_folder"] == .bytes(Array("/home/ann/d".utf8) + [0]))
        #expect(options["filters"]?.elements?.count == 2 && options["current_name"] == nil)
        #expect(sent.map(\.serial) == [1, 2, 3])
    }

    @Test func theResponsesURIIsTheChoice() {
        var (conversation, _) = calling()
        let handle = "/org/freedesktop/portal/desktop/request/1_42/tt_1"
        _ = conversation.receive(DBusMessage(kind: .methodReturn, serial: 5, replySerial: 3, body: [.objectPath(handle)]).encoded)
        #expect(conversation.isShowing && conversation.outcome == nil)
        let stray = DBusMessage(kind: .signal, serial: 6, path: "/elsewhere", interface: "org.freedesktop.portal.Request", member: "Response",
                                body: [.uint32(0), .vardict([("uris", .strings(["file:///wrong"]))])])
        _ = conversation.receive(stray.encoded)
        #expect(conversation.outcome == nil, "another request's response is not ours")
        let response = DBusMessage(kind: .signal, serial: 7, path: handle, interface: "org.freedesktop.portal.Request", member: "Response",
                                   body: [.uint32(0), .vardict([("uris", .strings(["file:///home/ann/b.json"]))])])
        _ = conversation.receive(response.encoded)
        #expect(conversation.outcome == .chosen(uri: "file:///home/ann/b.json"))
    }

    @Test func anOlderPortalsOwnHandleIsListenedToAsWell() throws {
        var (conversation, _) = calling()
        let sent = try messages(conversation.receive(
            DBusMessage(kind: .methodReturn, serial: 5, replySerial: 3, body: [.objectPath("/org/freedesktop/portal/desktop/request/1_42/1")]).encoded))
        #expect(sent.map(\.member) == ["AddMatch"])
        _ = conversation.receive(DBusMessage(kind: .signal, serial: 6, path: "/org/freedesktop/portal/desktop/request/1_42/1",
                                             interface: "org.freedesktop.portal.Request", member: "Response",
                                             body: [.uint32(1), .vardict([])]).encoded)
        #expect(conversation.outcome == .cancelled)
    }

    @Test func noPortalOnTheBusMeansTryTheNextChooser() {
        var (conversation, _) = calling()
        _ = conversation.receive(DBusMessage(kind: .error, serial: 5, errorName: "org.freedesktop.DBus.Error.ServiceUnknown",
                                             replySerial: 3, body: [.string("The name is not activatable")]).encoded)
        #expect(conversation.outcome == .unavailable("org.freedesktop.DBus.Error.ServiceUnknown"))
    }

    @Test func aRefusedAuthenticationAndASilentPortalAreNoPortal() {
        var refused = PortalConversation(chooser: open, parentWindow: "", token: "t", uid: 0)
        _ = refused.receive(Array("REJECTED DBUS_COOKIE_SHA1\r\n".utf8))
        #expect(refused.outcome == .unavailable("the session bus refused us (REJECTED DBUS_COOKIE_SHA1)"))
        var (silent, _) = calling()
        silent.timedOut()
        #expect(silent.outcome == .unavailable("the portal did not answer"))
    }

    @Test func savingNamesTheFileAndOtherResponsesAreFailures() throws {
        var conversation = PortalConversation(chooser: export, parentWindow: "", token: "t", uid: 5)
        _ = conversation.receive(Array("OK 1\r\n".utf8))
        let sent = try messages(conversation.receive(
            DBusMessage(kind: .methodReturn, serial: 1, replySerial: 1, body: [.string(":1.9")]).encoded))
        #expect(sent.last?.member == "SaveFile")
        #expect(try #require(sent.last?.body[2].dictionary)["current_name"] == .string("drawing.png"))
        _ = conversation.receive(DBusMessage(kind: .methodReturn, serial: 2, replySerial: 3,
                                             body: [.objectPath("/org/freedesktop/portal/desktop/request/1_9/t")]).encoded)
        _ = conversation.receive(DBusMessage(kind: .signal, serial: 3, path: "/org/freedesktop/portal/desktop/request/1_9/t",
                                             interface: "org.freedesktop.portal.Request", member: "Response",
                                             body: [.uint32(2), .vardict([])]).encoded)
        #expect(conversation.outcome == .failed("the portal ended the dialog (response 2)"))
    }
}

@Suite("A chooser session")
struct ChooserSessionTests {
    @Test func withNothingToTryItSaysWhatItLookedFor() {
        let session = ChooserSession(request: open, parentWindow: 0,
                                     surroundings: .init(sessionBus: nil, programs: [:], desktop: nil), now: .zero)
        #expect(session.outcome == .unavailable(lookedFor: ["the desktop portal (org.freedesktop.portal.FileChooser)", "zenity", "kdialog"]))
        #expect(session.descriptors.isEmpty && session.nextDeadline == nil)
    }

    @Test func aBusThatIsNotThereFallsBackToTheProgram() throws {
        // /bin/echo stands in for zenity: it prints its last argument and exits 0.
        let echo = try #require(Subprocess.find("echo", in: Array("/usr/bin:/bin".utf8)))
        let session = ChooserSession(request: open, parentWindow: 0,
                                     surroundings: .init(sessionBus: "unix:path=/nonexistent/bus", programs: [.zenity: echo], desktop: nil),
                                     now: .zero)
        var now = Deadline.zero
        for _ in 0..<1000 where session.outcome == nil {
            // Waits for the child's output (the loop's pselect in the app), at most 10 ms of the test's own time.
            var ready = session.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&ready, nfds_t(ready.count), 10)
            session.serve(readable: ready.filter { $0.revents != 0 }.map(\.fd), now: now)
            now = now + .milliseconds(10)
            session.advance(to: now)
        }
        guard case .chosen(let bytes)? = session.outcome else {
            Issue.record("\(String(describing: session.outcome))")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("--file-selection --modal --title=Open a drawing"))
    }
}
