#if canImport(Glibc)
import Glibc
#endif

/// A private Xorg with the dummy video driver and `inputtest` input devices (xf86-input-inputtest, in
/// Debian's xserver-xorg-core): devices the tests drive over a Unix socket each (`InputTestDevice`), for
/// input XTest cannot make — XInput 2.1 smooth scrolling, XInput 2.4 pinches. Its config, log and the
/// devices' sockets live in a temporary folder of its own, removed when it stops. It runs on the first
/// display of `displays` it can take, and is stopped when this is released.
/// When Xorg or the dummy driver is missing it throws `Missing`, whose message says how to get them.
public final class XorgServer: XServer {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }
    public struct StartFailed: Error, CustomStringConvertible { public let description: String }

    /// One `inputtest` device of the server's layout.
    public struct Device: Sendable {
        /// The driver's device types (`man inputtestdrv`) the tests use.
        public enum Kind: String, Sendable {
            /// A pointer with absolute x and y (0 to 65535 across the screen) and two scroll valuators
            /// (2 across, 3 down; 120 a wheel click).
            case pointerAbsolute = "PointerAbsolute"
            /// The same pointer, relative, that also sends XInput 2.4 gestures (pinches, swipes).
            case pointerGesture = "PointerGesture"
        }
        public let name: String
        public let kind: Kind
        public init(_ name: String, _ kind: Kind) { self.name = name; self.kind = kind }
    }

    public let process: ChildProcess
    public let displayNumber: Int
    public var name: String { ":\(displayNumber)" }
    /// The temporary folder of the config, the log and the sockets.
    public let folder: String
    public let devices: [Device]

    /// Where the driver listens for device `name`'s one client.
    public func socketPath(of name: String) -> String { "\(folder)/\(name).sock" }

    /// The modules the server loads from here, to say which package is missing.
    static let modules = "/usr/lib/xorg/modules"

    /// Starts Xorg at `screen` (WIDTHxHEIGHT, depth 24) with `devices`, on the first display of `displays`
    /// that is free, with `extraArguments` (the bench's `-br` black root, say), and waits up to 20 s for it
    /// to say it is ready.
    public init(screen: String = "1024x768", devices: [Device], extraArguments: [String] = [],
                displays: ClosedRange<Int> = 65...69) throws {
        guard let path = XvfbServer.executable("Xorg") else {
            throw Missing(description: "Xorg is not installed (no Xorg on PATH). The smooth-scroll and pinch tests and "
                + "their bench keys need it: run `make test` or `make bench`, which install the Debian packages "
                + "xserver-xorg-core and xserver-xorg-video-dummy, or apt-get install them.")
        }
        for (file, package) in [("drivers/dummy_drv.so", "xserver-xorg-video-dummy"),
                                ("input/inputtest_drv.so", "xserver-xorg-core (21.1 or later)")]
        where access("\(Self.modules)/\(file)", R_OK) != 0 {
            throw Missing(description: "Xorg's \(file) is missing from \(Self.modules): install the Debian package "
                + "\(package) (`make test` does).")
        }
        var template = Array("/tmp/touchtracker-xorg-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StartFailed(description: "could not make a temporary folder for Xorg: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        self.folder = folder
        self.devices = devices
        let config = "\(folder)/xorg.conf", log = "\(folder)/Xorg.log"
        var lastFailure = "no display of \(displays) was free"
        do {
            try Self.write(Self.config(screen: screen, devices: devices, socketPath: { "\(folder)/\($0).sock" }), to: config)
            for number in displays where access("/tmp/.X\(number)-lock", F_OK) != 0 {
                let started = try ChildProcess(
                    path: path,
                    arguments: [":\(number)", "-config", config, "-configdir", folder, "-logfile", log, "-displayfd", "1",
                                "-noreset", "-nolisten", "tcp"] + extraArguments,
                    environment: ChildProcess.inheritedEnvironment, standardError: .discarded)
                if let line = started.readLine(timeout: 20), Int(line.filter { !$0.isWhitespace }) == number {
                    process = started
                    displayNumber = number
                    return
                }
                let outcome = started.isRunning ? "it did not say it was ready within 20 s" : "it exited"
                started.stop()
                lastFailure = "Xorg on :\(number): \(outcome); its log is \(log)"
            }
        } catch {
            lastFailure = "\(error)"
        }
        throw StartFailed(description: "Xorg (\(path)) did not start: \(lastFailure)")
    }

    deinit {
        process.stop()
        for file in devices.map({ "\($0.name).sock" }) + ["xorg.conf", "Xorg.log", "Xorg.log.old"] {
            unlink("\(folder)/\(file)")
        }
        rmdir(folder)
    }

    /// The server's config: the dummy driver's one screen, `devices` in its layout, and no other input
    /// (no hotplugged devices: the tests' input is theirs alone).
    static func config(screen: String, devices: [Device], socketPath: (String) -> String) -> String {
        let size = screen.split(separator: "x").compactMap { Int($0) }
        let (width, height) = size.count == 2 ? (size[0], size[1]) : (1024, 768)
        // A mode of the size asked for, at about 60 Hz: the dummy driver refreshes at the mode's rate.
        let (hTotal, vTotal) = (width + 320, height + 38)
        let clock = Double(hTotal * vTotal * 60) / 1_000_000
        var text = """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "AllowEmptyInput" "true"
            EndSection
            Section "Device"
              Identifier "dummy"
              Driver "dummy"
              VideoRam 65536
            EndSection
            Section "Monitor"
              Identifier "monitor"
              HorizSync 5.0-1000.0
              VertRefresh 5.0-200.0
              Modeline "\(width)x\(height)" \(clock) \(width) \(width + 24) \(width + 160) \(hTotal) \(height) \(height + 3) \(height + 9) \(vTotal) -hsync -vsync
            EndSection
            Section "Screen"
              Identifier "screen"
              Device "dummy"
              Monitor "monitor"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Modes "\(width)x\(height)"
              EndSubSection
            EndSection

            """
        for device in devices {
            text += """
                Section "InputDevice"
                  Identifier "\(device.name)"
                  Driver "inputtest"
                  Option "SocketPath" "\(socketPath(device.name))"
                  Option "DeviceType" "\(device.kind.rawValue)"
                EndSection

                """
        }
        text += "Section \"ServerLayout\"\n  Identifier \"layout\"\n  Screen \"screen\"\n"
        text += devices.map { "  InputDevice \"\($0.name)\"\n" }.joined()
        return text + "EndSection\n"
    }

    private static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else {
            throw StartFailed(description: "could not write \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw StartFailed(description: "could not write \(path)") }
    }
}
