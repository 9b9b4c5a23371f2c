// touchtracker: parse arguments, open, run, close.
import Document
import Rendering
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

switch LaunchOptions.parse(CommandLine.arguments.dropFirst()) {
case .help:
    print(LaunchOptions.usage, terminator: "")
    exit(0)
case .version:
    print(version)
    exit(0)
case .invalid(let message):
    StandardError.write("touchtracker: \(message)")
    FileDescriptorOutput.standardError(LaunchOptions.usage)
    exit(2)
case .run(let options):
    let shell: Shell
    do {
        shell = try Shell(options: options)
    } catch {
        fail(error.description, status: 1)
    }
    exit(shell.run())
}
