import Shapes
import Testing
import TouchTracker

@Suite("Command-line options")
struct LaunchOptionsTests {
    static let near = WindowGeometry.Offset.Edge.near, far = WindowGeometry.Offset.Edge.far

    static func placed(_ width: Int, _ height: Int, _ x: (WindowGeometry.Offset.Edge, Int),
                       _ y: (WindowGeometry.Offset.Edge, Int)) -> WindowGeometry {
        WindowGeometry(width: width, height: height, position: .init(x: .init(x.0, x.1), y: .init(y.0, y.1)))
    }

    @Test(arguments: [
        ("800x600", WindowGeometry(width: 800, height: 600)),
        ("1x1", WindowGeometry(width: 1, height: 1)),
        ("640X480+10+20", placed(640, 480, (near, 10), (near, 20))),
        ("300x200-5-0", placed(300, 200, (far, 5), (far, 0))),
        ("300x200-0+7", placed(300, 200, (far, 0), (near, 7))),
        ("32767x32767+0+0", placed(32767, 32767, (near, 0), (near, 0))),
    ])
    func wellFormedGeometriesParse(text: String, expected: WindowGeometry) {
        #expect(WindowGeometry(parsing: text) == expected)
    }

    @Test func minusZeroIsTheFarEdgeNotTheNearOne() {
        #expect(WindowGeometry(parsing: "300x200-0-0") != WindowGeometry(parsing: "300x200+0+0"))
    }

    @Test(arguments: [
        ("300x200+10+20", 10, 20, WindowGeometry.Gravity.northWest),
        ("300x200-0-0", 1024 - 300, 768 - 200, .southEast),
        ("300x200-10+20", 1024 - 300 - 10, 20, .northEast),
        ("300x200+10-20", 10, 768 - 200 - 20, .southWest),
    ])
    func theOriginAndGravityFollowTheEdgesTheOffsetsCountFrom(text: String, x: Int, y: Int,
                                                              gravity: WindowGeometry.Gravity) throws {
        let geometry = try #require(WindowGeometry(parsing: text))
        let origin = try #require(geometry.origin(screenWidth: 1024, screenHeight: 768))
        #expect(origin.x == x && origin.y == y)
        #expect(geometry.gravity == gravity)
    }

    @Test func withoutAPositionTheWindowManagerPlacesTheWindow() throws {
        let geometry = try #require(WindowGeometry(parsing: "300x200"))
        #expect(geometry.origin(screenWidth: 1024, screenHeight: 768) == nil)
        #expect(geometry.gravity == nil)
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
        #expect(options.geometry == Self.placed(640, 480, (Self.near, 1), (Self.near, 2)))
        #expect(options.exportPath == "out.SVG")
        #expect(options.doubleClickMilliseconds == 250)
        #expect(options.doubleClickDistance == 7.5)
        #expect(options.traceGestures)
        #expect(options.documentPath == "drawing.json")
    }

    @Test func aSessionIsRecordedToAFileAndReplayedFromIt() {
        guard case .run(let recording) = LaunchOptions.parse(["--record", "session.jsonl", "drawing.json"]),
              case .run(let replay) = LaunchOptions.parse(["--replay=session.jsonl", "--export", "out.png", "--trace-gestures", "new.json"]),
              case .run(let play) = LaunchOptions.parse(["--replay", "session.jsonl", "--play", "--geometry", "300x200"])
        else { Issue.record("expected options"); return }
        #expect(recording.recordPath == "session.jsonl" && recording.documentPath == "drawing.json" && recording.replayPath == nil)
        #expect(replay.replayPath == "session.jsonl" && replay.exportPath == "out.png" && replay.documentPath == "new.json")
        #expect(replay.traceGestures && !replay.play)
        #expect(play.replayPath == "session.jsonl" && play.play && play.geometry == WindowGeometry(width: 300, height: 200))
    }

    @Test(arguments: [
        ["--play"], ["--record", "a.jsonl", "--replay", "b.jsonl"], ["--replay", "a.jsonl", "--double-click-ms", "300"],
        ["--replay", "a.jsonl", "--play", "out.json"], ["--replay", "a.jsonl", "--play", "--export", "out.png"],
        ["--record"], ["--replay"], ["--play=yes"], ["--record", "a.jsonl", "--export", "out.png"],
    ])
    func recordingAndReplayingAskForWhatTheyCanDo(arguments: [String]) {
        guard case .invalid(let message) = LaunchOptions.parse(arguments) else {
            Issue.record("\(arguments) was accepted"); return
        }
        #expect(message.contains("--record") || message.contains("--replay") || message.contains("--play"))
    }

    @Test func anExportScaleSizesAPNGFromATenthToEightPixelsAPx() {
        guard case .run(let scaled) = LaunchOptions.parse(["--export", "out.png", "--export-scale=2.5", "drawing.json"]),
              case .run(let smallest) = LaunchOptions.parse(["--export-scale", "0.1", "--export", "out.PNG"]),
              case .run(let replayed) = LaunchOptions.parse(["--replay", "a.jsonl", "--export", "out.png", "--export-scale", "8"]),
              case .run(let plain) = LaunchOptions.parse(["--export", "out.png"])
        else { Issue.record("expected options"); return }
        #expect(scaled.exportScale == 2.5 && smallest.exportScale == 0.1 && replayed.exportScale == 8)
        #expect(plain.exportScale == nil, "1 unless asked")
        #expect(LaunchOptions.usage.contains("--export-scale S              with --export OUT.png: pixels per px (1/96 in), 0.1 to 8 (default 1)"))
        for arguments in [["--export", "out.png", "--export-scale", "0.09"], ["--export", "out.png", "--export-scale", "8.01"],
                          ["--export", "out.png", "--export-scale", "nan"], ["--export", "out.png", "--export-scale"]] {
            #expect(LaunchOptions.parse(arguments) == .invalid("--export-scale needs a number from 0.1 to 8"), "\(arguments)")
        }
        for arguments in [["--export-scale", "2"], ["--export", "out.svg", "--export-scale", "2"]] {
            #expect(LaunchOptions.parse(arguments) == .invalid("--export-scale sizes a PNG: give it with --export OUT.png"), "\(arguments)")
        }
    }

    @Test func aDoubleDashLetsAFileNameStartWithADash() {
        guard case .run(let options) = LaunchOptions.parse(["--", "-odd.json"]) else { Issue.record("expected options"); return }
        #expect(options.documentPath == "-odd.json")
    }

    @Test func fileNamesAreTheBytesGivenEvenWhenTheyAreNotUTF8() {
        let file: [UInt8] = Array("m".utf8) + [0xFC] + Array("ller.json".utf8)
        let output: [UInt8] = Array("/tmp/".utf8) + [0xFC] + Array(".pdf".utf8)
        guard case .run(let options) = LaunchOptions.parse(arguments: [Array("--export".utf8), output, file]) else {
            Issue.record("expected options"); return
        }
        #expect(options.documentPath?.bytes == file)
        #expect(options.exportPath?.bytes == output)
        guard case .run(let inline) = LaunchOptions.parse(arguments: [Array("--export=".utf8) + output]) else {
            Issue.record("expected options"); return
        }
        #expect(inline.exportPath?.bytes == output)
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
                       "--record", "--replay", "--play", "--export-scale", "--help", "--version"] {
            #expect(LaunchOptions.usage.contains(option))
        }
    }
}
