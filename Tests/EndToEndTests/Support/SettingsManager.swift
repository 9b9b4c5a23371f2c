import CX11
import XTestHarness

/// An XSETTINGS manager played by the test: a window of its own that holds the settings property.
final class SettingsManager {
    let client: XTestClient
    let window: Window

    /// Claims _XSETTINGS_S0 with a fresh window holding `bytes`, and announces it on the root (MANAGER),
    /// as the XSETTINGS specification asks of a manager.
    init(client: XTestClient, bytes: [UInt8]) {
        self.client = client
        window = XCreateSimpleWindow(client.display, client.root, -1, -1, 1, 1, 0, 0, 0)
        publish(bytes: bytes)
        let selection = client.atom("_XSETTINGS_S0")
        XSetSelectionOwner(client.display, selection, window, UInt(CurrentTime))
        var announcement = XEvent()
        announcement.xclient.type = ClientMessage
        announcement.xclient.window = client.root
        announcement.xclient.message_type = client.atom("MANAGER")
        announcement.xclient.format = 32
        announcement.xclient.data.l.0 = Int(CurrentTime)
        announcement.xclient.data.l.1 = Int(selection)
        announcement.xclient.data.l.2 = Int(window)
        XSendEvent(client.display, client.root, 0, StructureNotifyMask, &announcement)
        XSync(client.display, 0)
    }

    convenience init(client: XTestClient, _ integers: KeyValuePairs<String, Int32>) {
        self.init(client: client, bytes: xsettingsBytes(integers, serial: 1))
    }

    func publish(_ integers: KeyValuePairs<String, Int32>, serial: UInt32) {
        publish(bytes: xsettingsBytes(integers, serial: serial))
    }

    func publish(bytes: [UInt8]) {
        var bytes = bytes
        let property = client.atom("_XSETTINGS_SETTINGS")
        XChangeProperty(client.display, window, property, property, 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(client.display, 0)
    }

    /// The daemon exits: its window goes away, and with it the selection.
    func quit() {
        XDestroyWindow(client.display, window)
        XSync(client.display, 0)
    }
}

/// A table of integer settings in the XSETTINGS wire format, LSBFirst (the parser's byte-exact fixtures
/// are in DesktopTests; this only has to be right, which the app's reaction shows).
func xsettingsBytes(_ integers: KeyValuePairs<String, Int32>, serial: UInt32) -> [UInt8] {
    func card32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var bytes: [UInt8] = [0, 0, 0, 0] + card32(serial) + card32(UInt32(integers.count))
    for (name, value) in integers {
        let nameBytes = Array(name.utf8)
        bytes += [0, 0, UInt8(nameBytes.count & 0xFF), UInt8(nameBytes.count >> 8)]
        bytes += nameBytes + Array(repeating: 0, count: (4 - nameBytes.count % 4) % 4)
        bytes += card32(serial) + card32(UInt32(bitPattern: value))
    }
    return bytes
}
