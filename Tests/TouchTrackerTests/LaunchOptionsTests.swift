import Testing
import TouchTracker

@Suite("Command-line options")
struct LaunchOptionsTests {
    @Test(arguments: [
        ("800x600", WindowGeometry(width: 800, height: 600)),
        ("1x1", WindowGeometry(width: 1, height: 1)),
        ("640X480+10+20", WindowGeometry(width: 640, height: 480, x: 10, y: 20)),
        ("300x200-5-0", WindowGeometry(width: 300, height: 200, x: -5, y: 0)),
        ("32767x32767+0+0", WindowGeometry(width: 32767, height: 32767, x: 0, y: 0)),
    ])
    func wellFormedGeometriesParse(text: String, expected: WindowGeometry) {
        #expect(WindowGeometry(parsing: text) == expected)
    }

    @Test(arguments: ["", "12", "800", "800x", "x600", "0x600", "800x0", "32768x10", "800x600+10", "800x600+10+",
                      "800x600++1+1", "800x600+a+b", "-800x600", "800x600 ", " 800x600", "800x600+1+2+3", "１x1"])
    func malformedGeometriesAreRejected(text: String) {
        #expect(WindowGeometry(parsing: text) == nil)
    }

    @Test func noArgumentsMeansTheDefaultWindowAndDocument() {
        #expect(LaunchOptions.parse([]) == .run(LaunchOptions()))
        #expect(LaunchOptions().geometry == WindowGeometry(width: 800, height: 600))
    }

    @Test func everyOptionIsReadInBothSpellings() {
        guard case .run(let options) = LaunchOptions.parse([
            "--geometry=640x480+1+2", "--export", "out.SVG", "--double-click-ms", "250",
            "--double-click-distance=7.5", "--trace-gestures", "drawing.json",
        ]) else { Issue.record("expected options"); return }
        #expect(options.geometry == WindowGeometry(width: 640, height: 480, x: 1, y: 2))
        #expect(options.exportPath == "out.SVG")
        #expect(options.doubleClickMilliseconds == 250)
        #expect(options.doubleClickDistance == 7.5)
        #expect(options.traceGestures)
        #expect(options.documentPath == "drawing.json")
    }

    @Test func aDoubleDashLetsAFileNameStartWithADash() {
        guard case .run(let options) = LaunchOptions.parse(["--", "-odd.json"]) else { Issue.record("expected options"); return }
        #expect(options.documentPath == "-odd.json")
    }

    @Test func helpAndVersionWin() {
        #expect(LaunchOptions.parse(["--geometry", "1x1", "--help"]) == .help)
        #expect(LaunchOptions.parse(["-h"]) == .help)
        #expect(LaunchOptions.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        ["--bogus"], ["-x"], ["--geometry"], ["--geometry", "12"], ["--export"], ["--export", "out.gif"],
        ["--double-click-ms", "0"], ["--double-click-ms", "fast"], ["--double-click-distance", "-1"],
        ["--double-click-distance", "nan"], ["--trace-gestures=yes"], ["a.json", "b.json"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        guard case .invalid(let message) = LaunchOptions.parse(arguments) else {
            Issue.record("\(arguments) was accepted"); return
        }
        #expect(!message.isEmpty)
    }

    @Test func theUsageNamesEveryOption() {
        for option in ["--geometry", "--export", "--double-click-ms", "--double-click-distance", "--trace-gestures",
                       "--help", "--version"] {
            #expect(LaunchOptions.usage.contains(option))
        }
    }
}
