// touchtracker: parse arguments, open, run, close.
import Rendering
import Storage
import TouchTracker
import XShell
#if canImport(Glibc)
import Glibc
#endif

let version = "touchtracker 0.1.0"

func fail(_ message: String, status: Int32) -> Never {
    StandardError.write("touchtracker: \(message)")
    exit(status)
}

// The arguments as the kernel passed them: a file name need not be UTF-8.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { FilePath(cString: $0).bytes } }

switch LaunchOptions.parse(arguments: arguments) {
case .help:
    print(LaunchOptions.usage, terminator: "")
    exit(0)
case .version:
    print(version)
    exit(0)
case .invalid(let message):
    StandardError.write("touchtracker: \(message)")
    StandardError.writeText(LaunchOptions.usage)
    exit(2)
case .run(let options):
    if let recording = options.replayPath {
        if options.play { ReplayCommand.play(options, recordingPath: recording) }
        ReplayCommand.run(options, recordingPath: recording)
    }
    let environment = ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "HOME"].reduce(into: [String: FilePath]()) { environment, name in
        environment[name] = getenv(name).map { FilePath(cString: $0) }
    }
    guard let path = options.documentPath ?? DocumentLocation.defaultPath(environment: environment) else {
        fail("neither XDG_DATA_HOME nor HOME is an absolute folder; name the drawing's FILE", status: 1)
    }
    if let output = options.exportPath {
        // --export: render FILE and exit; no display, and nothing but OUT is written (whole, or not at all).
        let format = Exporter.Format(accepted: output)
        guard !DocumentStore.isSameFile(output, path) else {
            fail("cannot export \(output): it is the drawing itself; name another file", status: 1)
        }
        do {
            try Exporter.export(try DocumentStore.load(path: path), to: output, format: format, scale: options.exportScale ?? 1,
                                links: .followedWhenTrusted)
        } catch {
            fail("cannot export \(output): \(error)", status: 1)
        }
        exit(0)
    }
    // A write to a server that just died must reach the connection-lost handler (which saves), not kill us.
    signal(SIGPIPE, SIG_IGN)
    // The display first: without one, the document is not touched (no damaged file renamed, one line).
    let connection: XConnection
    do {
        connection = try XConnection(name: nil)
    } catch {
        fail(error.description, status: 1)
    }
    // One window per drawing: a second start hands over to the first instead of competing with it.
    let resolved: FilePath
    do { resolved = try DocumentStore.resolvingLinks(path) } catch { fail(error.description, status: 1) }
    let locks: DocumentLocks
    switch DocumentPresence.claim(resolved, lockFolder: DocumentLocation.lockFolder(environment: environment), on: connection) {
    case .locked(let held, let warnings):
        for warning in warnings { StandardError.write("touchtracker: \(warning)") }
        locks = held
    case .handedOver(let message):
        StandardError.write("touchtracker: \(message)")
        exit(0)
    case .heldElsewhere(let message):
        fail(message, status: 1)
    }
    let opened: OpenedDocument
    do {
        opened = try DocumentStore.open(path: path, now: CivilTime.now())
    } catch {
        locks.release()  // exit() runs no deinitializers
        fail(error.description, status: 1)
    }
    if let recovery = opened.recovery { StandardError.write("touchtracker: \(recovery)") }
    var recorder: Recorder?
    if let recording = options.recordPath {
        do {
            recorder = try Recorder(creating: recording)
        } catch {
            locks.release()
            let hint = error == .system(code: EEXIST) ? " (a recording is written only to a new file)" : ""
            fail("cannot record to \(recording): \(error)\(hint)", status: 1)
        }
    }
    let shell: Shell
    do {
        shell = try Shell(connection: connection, options: options, document: opened, locks: locks,
                          penPath: DocumentLocation.statePath("pen", environment: environment),
                          viewsPath: DocumentLocation.statePath("views", environment: environment),
                          lockFolder: DocumentLocation.lockFolder(environment: environment),
                          dataFolder: DocumentLocation.defaultPath(environment: environment)?.folder, recorder: recorder)
    } catch {
        locks.release()
        fail(error.description, status: 1)
    }
    exit(shell.run())
}
