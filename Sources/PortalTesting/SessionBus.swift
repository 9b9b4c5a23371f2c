// PortalTesting: for the tests only. A private session bus (a real `dbus-daemon` on a socket in a temporary
// folder) and a fake file-chooser portal on it that answers as xdg-desktop-portal does, built on FileChooser's
// D-Bus client. FileChooserTests talk to it directly; EndToEndTests point the real app at it.
import FileChooser
import Foundation
import TestSupport

/// A `dbus-daemon` of our own, with a configuration that lets any name be owned, listening on a socket in a
/// temporary folder; stopped when released.
public final class SessionBus {
    /// Its address, for DBUS_SESSION_BUS_ADDRESS.
    public let address: String
    private let daemon: Process
    private let folder: TemporaryFolder

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        guard let executable = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "dbus-daemon is not installed (make test-deps installs the dbus package)")
        }
        folder = try TemporaryFolder("bus")
        let socket = folder.file("bus")
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try folder.write(configuration, to: "session.conf")
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: executable)
        daemon.arguments = ["--config-file=" + folder.file("session.conf"), "--nofork", "--nopidfile"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        address = "unix:path=" + socket
        // Ready once its socket accepts a connection.
        let deadline = Date().addingTimeInterval(10)
        while (try? BusSocket(address: address)) == nil {
            guard daemon.isRunning, Date() < deadline else {
                throw Failure(description: "dbus-daemon did not start listening on \(socket)")
            }
            usleep(10_000)
        }
    }

    deinit {
        // SIGKILL: a child of the test runner's worker threads inherits their blocked signals, SIGTERM among them.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }
}
