@testable import FileChooser
import Testing

/// The D-Bus wire format, byte for byte: what we send must be what the specification (and a daemon) reads,
/// and what we read must survive anything another process sends.
@Suite("The D-Bus wire format")
struct DBusWireTests {
    /// Hello, as libdbus sends it: the specification's layout, worked out by hand.
    @Test func helloIsTheSpecificationsBytes() {
        let hello = DBusMessage.call(serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                     interface: "org.freedesktop.DBus", member: "Hello")
        var expected: [UInt8] = [UInt8(ascii: "l"), 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0]  // call, no body, serial 1
        var fields: [UInt8] = []
        func field(_ code: UInt8, _ type: Character, _ text: String) {
            while fields.count % 8 != 0 { fields.append(0) }
            fields += [code, 1, type.asciiValue!, 0]
            fields += [UInt8(text.utf8.count), 0, 0, 0] + Array(text.utf8) + [0]
        }
        field(1, "o", "/org/freedesktop/DBus")
        field(2, "s", "org.freedesktop.DBus")
        field(3, "s", "Hello")
        field(6, "s", "org.freedesktop.DBus")
        expected += [UInt8(fields.count), 0, 0, 0] + fields
        while expected.count % 8 != 0 { expected.append(0) }
        #expect(hello.encoded == expected)
        #expect(hello.encoded.count == 128)
    }

    @Test func everyTypeReadsBackAsWritten() throws {
        let body: [DBusValue] = [
            .byte(7), .boolean(true), .int16(-2), .uint16(65_535), .int32(-70_000), .uint32(4_000_000_000),
            .int64(-(1 << 40)), .uint64(1 << 63), .double(-0.25), .string("Grüße"), .objectPath("/a/b_c"), .signature("a{sv}"),
            .strings([]), .bytes([1, 2, 3, 0]),
            .vardict([("uris", .strings(["file:///tmp/a%20b.json"])), ("choices", .array(element: "(ss)", [])),
                      ("nested", .variant(.uint32(5)))]),
            .array(element: "(sa(us))", [.structure([.string("Drawings"), .array(element: "(us)", [.structure([.uint32(0), .string("*.json")])])])]),
            .structure([.byte(1), .uint64(2), .byte(3)]),
        ]
        let message = DBusMessage(kind: .signal, serial: 9, path: "/org/freedesktop/portal/desktop/request/1_42/t",
                                  interface: "org.freedesktop.portal.Request", member: "Response", sender: ":1.7", body: body)
        let decoded = try DBusMessage(decoding: message.encoded)
        #expect(decoded == message)
        #expect(decoded.signature == "ybnqiuxtdsogasaya{sv}a(sa(us))(yty)")
    }

    @Test func bigEndianMessagesAreReadToo() throws {
        // A method return with REPLY_SERIAL 1 and one string, ":1.5", as a big-endian peer sends it.
        var bytes: [UInt8] = [UInt8(ascii: "B"), 2, 0, 1, 0, 0, 0, 9, 0, 0, 0, 2]
        let fields: [UInt8] = [5, 1, UInt8(ascii: "u"), 0, 0, 0, 0, 1,
                               8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "s"), 0]
        bytes += [0, 0, 0, UInt8(fields.count)] + fields + [0]  // 15 bytes of fields, then padding to 8
        bytes += [0, 0, 0, 4] + Array(":1.5".utf8) + [0]
        let message = try DBusMessage(decoding: bytes)
        #expect(message.kind == .methodReturn && message.replySerial == 1 && message.serial == 2)
        #expect(message.body == [.string(":1.5")])
    }

    @Test func theFramerCutsAStreamIntoMessagesWhateverThePieces() throws {
        let messages = (1...3).map { DBusMessage(kind: .methodReturn, serial: UInt32($0), replySerial: 1, body: [.string(String(repeating: "x", count: $0 * 10))]) }
        let stream = messages.flatMap(\.encoded)
        for cut in [1, 7, 16, 50, stream.count] {
            var framer = DBusFramer()
            var read: [DBusMessage] = []
            var rest = stream[...]
            while !rest.isEmpty {
                read += try framer.receive(Array(rest.prefix(cut)))
                rest = rest.dropFirst(cut)
            }
            #expect(read == messages, "in pieces of \(cut)")
        }
    }

    @Test(arguments: [
        ([UInt8]("xyzw".utf8) + [UInt8](repeating: 0, count: 12), "unknown byte order"),
        ([UInt8(ascii: "l"), 2, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F], "larger than D-Bus allows"),
    ])
    func damagedStreamsAreRefusedInWords(bytes: [UInt8], problem: String) {
        var framer = DBusFramer()
        let error = #expect(throws: DBusError.self) { try framer.receive(bytes) }
        #expect(error?.description.contains(problem) == true)
    }

    @Test func aBodyShorterThanItsSignatureIsRefused() {
        var bytes = DBusMessage(kind: .methodReturn, serial: 2, replySerial: 1, body: [.string("long enough")]).encoded
        bytes.removeLast(4)
        bytes[4] -= 4
        #expect(throws: DBusError.self) { try DBusMessage(decoding: bytes) }
    }

    @Test func signaturesSplitIntoCompleteTypes() throws {
        #expect(try DBusSignature.completeTypes("ssa{sv}") == ["s", "s", "a{sv}"])
        #expect(try DBusSignature.completeTypes("a(sa(us))uv") == ["a(sa(us))", "u", "v"])
        #expect(throws: DBusError.self) { try DBusSignature.completeTypes("a{sv") }
        #expect(throws: DBusError.self) { try DBusSignature.completeTypes("()") }
        #expect(throws: DBusError.self) { try DBusSignature.completeTypes("z") }
    }

    @Test func busAddressesNameTheirSockets() {
        #expect(BusAddress.unixSockets(in: "unix:path=/run/user/1000/bus") == [.init(path: Array("/run/user/1000/bus".utf8), isAbstract: false)])
        #expect(BusAddress.unixSockets(in: "tcp:host=x,port=1;unix:abstract=/tmp/dbus-Ab%2c1,guid=0123") == [
            .init(path: Array("/tmp/dbus-Ab,1".utf8), isAbstract: true),
        ])
        #expect(BusAddress.unixSockets(in: "disabled:").isEmpty)
        #expect(BusAddress.session(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a"]) { _ in false } == "unix:path=/a")
        #expect(BusAddress.session(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) { $0 == "/run/user/7/bus" } == "unix:path=/run/user/7/bus")
        #expect(BusAddress.session(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) { _ in false } == nil)
    }
}
