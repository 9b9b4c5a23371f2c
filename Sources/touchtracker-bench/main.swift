#if canImport(Glibc)
import Glibc
#endif

// touchtracker-bench: measures side by side, in one run, on one machine (release builds only).
//
//   touchtracker-bench           a readable table
//   touchtracker-bench --json    one JSON object (keys documented in docs/benchmarks.md)
//   touchtracker-bench --long    the longer modes (fuzzing rounds and the like)
//   touchtracker-bench --only=frames,x   only the sections whose titles start so (case ignored; `frames of`
//                                        for the view's frames alone)
//   TOUCHTRACKER_BENCH_APP=PATH          measure that build of the app (before and after a change)
//
// Each concern adds a section in its own file: a function `(inout BenchReport) -> Void` listed in
// `sections` below. Sections print rows for people and record numbers under stable JSON keys.

let onlyPrefix = "--only="
let only = CommandLine.arguments.dropFirst().filter { $0.hasPrefix(onlyPrefix) }
    .flatMap { $0.dropFirst(onlyPrefix.count).split(separator: ",").map { $0.lowercased() } }
let arguments = Set(CommandLine.arguments.dropFirst().filter { !$0.hasPrefix(onlyPrefix) })
let unknown = arguments.subtracting(["--json", "--long", "--help"])
if !unknown.isEmpty || arguments.contains("--help") {
    let usage = "usage: touchtracker-bench [--json] [--long] [--only=SECTION,...]\n"
    if unknown.isEmpty { print(usage, terminator: "") } else {
        FileHandleStandardError.write("touchtracker-bench: unknown option \(unknown.sorted().joined(separator: " "))\n" + usage)
        exit(2)
    }
    exit(0)
}

var report = BenchReport(long: arguments.contains("--long"))
let sections: [(String, (inout BenchReport) -> Void)] = [
    ("Timers", timerSection),
    ("Gesture engine", engineSection),
    ("Hit testing", hitTestSection),
    ("Frames", frameSection),
    ("Frames of the view", viewFrameSection),
    ("Ink", inkSection),
    ("Documents", documentSection),
    ("X path", xPathSection),
    ("Saving", savingSection),
    ("Startup", startupSection),
]
for (title, run) in sections where only.isEmpty || only.contains(where: { title.lowercased().hasPrefix($0) }) {
    report.beginSection(title, quiet: arguments.contains("--json"))
    run(&report)
}
if arguments.contains("--json") { print(report.json) }
