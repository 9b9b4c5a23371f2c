import Canvas
import Storage

/// What the command line asks for. File names are the bytes given, not text: a name that is not
/// UTF-8 names that very file.
public struct LaunchOptions: Hashable, Sendable {
    public var geometry = WindowGeometry.standard
    /// The drawing; nil means the default document in the data folder.
    public var documentPath: FilePath?
    /// `--export OUT`: render the document to OUT and exit without a display.
    public var exportPath: FilePath?
    /// `--export-scale S`: a PNG export's pixels a px (`ViewTransform.exportScales`); nil: 1.
    public var exportScale: Double?
    public var doubleClickMilliseconds: Int?
    public var doubleClickDistance: Double?
    public var traceGestures = false
    /// `--record REC`: write everything that reaches the app to REC, a new file, as it happens.
    public var recordPath: FilePath?
    /// `--replay REC`: take the session recorded in REC again, without a display; the drawing it ends
    /// with goes to `documentPath` (a new file) and to `exportPath`.
    public var replayPath: FilePath?
    /// `--play`: with `--replay`, play the session in a window at its pace instead.
    public var play = false

    public init() {}

    public enum Parsed: Hashable, Sendable {
        case run(LaunchOptions)
        case help
        case version
        /// A usage error: the message, to be followed by the usage text; exit status 2.
        case invalid(String)
    }

    /// One row of the option table: the option as written with its value, and what it means.
    public struct Option: Sendable {
        /// As `--help` and the documents write it ("--geometry WxH[{+-}X{+-}Y]"); its first word is the option.
        public let synopsis: String
        public let meaning: String

        /// The option itself ("--geometry"), or FILE.
        public var name: Substring { synopsis.prefix { $0 != " " } }
    }

    /// Every option, once: `--help` lists them from here, and tests check `docs/command-line.md`'s table and
    /// the man page against it (and that `parse` knows each). An option added to `parse` gets its row here.
    public static let table: [Option] = [
        Option(synopsis: "FILE", meaning: "the drawing (default $XDG_DATA_HOME/touchtracker/drawing.json)"),
        Option(synopsis: "--geometry WxH[{+-}X{+-}Y]",
               meaning: "window size and position; -X, -Y from the right, bottom (default \(WindowGeometry.standard.width)x\(WindowGeometry.standard.height))"),
        Option(synopsis: "--export OUT.png|OUT.svg|OUT.pdf", meaning: "render FILE to OUT without a display, then exit"),
        Option(synopsis: "--export-scale S", meaning: "with --export OUT.png: pixels per px (1/96 in), \(exportScaleText) (default 1)"),
        Option(synopsis: "--double-click-ms N", meaning: "double-click window in ms (overrides the desktop's setting)"),
        Option(synopsis: "--double-click-distance PX", meaning: "double-click distance in px (overrides the desktop's setting)"),
        Option(synopsis: "--trace-gestures", meaning: "print one JSON line per gesture decision on stderr"),
        Option(synopsis: "--record REC", meaning: "write everything that reaches the app to REC (a new file) as it happens"),
        Option(synopsis: "--replay REC",
               meaning: "take the session in REC again without a display: the drawing it ends with is saved to FILE (only a new file) and exported to OUT (--export)"),
        Option(synopsis: "--play",
               meaning: "with --replay: play the session in a window at the pace it was recorded (default size: the session's)"),
        Option(synopsis: "--help", meaning: "print this summary and exit"),
        Option(synopsis: "--version", meaning: "print the version and exit"),
    ]

    public static let usage = """
        usage: touchtracker [OPTIONS] [FILE]
               touchtracker --replay REC [--export OUT] [--trace-gestures] [FILE]
               touchtracker --replay REC --play [--geometry WxH[{+-}X{+-}Y]]

        """ + lines(table.map { ($0.synopsis, $0.meaning) })
        + "\nmouse:\n" + lines(PointerActions.rows(.mouse).map { ($0.action, $0.effect) })
        + "\ntouch and stylus:\n" + lines(PointerActions.rows(.touchAndStylus).map { ($0.action, $0.effect) })
        + "\nkeys:\n" + lines(KeyBindings.table.map { ($0.keys, $0.effect) })

    /// The scales `--export-scale` takes, as its help says them ("0.1 to 8").
    private static var exportScaleText: String {
        func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return "\(text(ViewTransform.exportScales.lowerBound)) to \(text(ViewTransform.exportScales.upperBound))"
    }

    /// Rows of a table, one a line: the first column 30 wide (a longer one takes a line of its own), the second
    /// wrapped at 110 characters.
    private static func lines(_ rows: [(String, String)]) -> String {
        let column = 32, width = 110
        return rows.map { first, second in
            var text = "  " + first
            text += text.count < column ? String(repeating: " ", count: column - text.count) : "\n" + String(repeating: " ", count: column)
            var lineLength = column
            for (index, word) in second.split(separator: " ").enumerated() {
                if index > 0, lineLength + 1 + word.count > width {
                    text += "\n" + String(repeating: " ", count: column)
                    lineLength = column
                } else if index > 0 {
                    text += " "
                    lineLength += 1
                }
                text += word
                lineLength += word.count
            }
            return text + "\n"
        }.joined()
    }

    /// Parses the arguments after the program name, given as text (for tests); see `parse(arguments:)`.
    public static func parse<Arguments: Sequence>(_ arguments: Arguments) -> Parsed where Arguments.Element == String {
        parse(arguments: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments after the program name, as the bytes the kernel passed (`argv`).
    /// Accepts `--opt value` and `--opt=value`; `--` ends options.
    public static func parse(arguments: [[UInt8]]) -> Parsed {
        var options = LaunchOptions()
        var pending = arguments[...]
        var positional: [[UInt8]] = []
        while let argument = pending.popFirst() {
            if argument == Array("--".utf8) { positional += pending; break }
            guard argument.first == UInt8(ascii: "-"), argument.count > 1 else { positional.append(argument); continue }
            var name = argument[...]
            var inlineValue: [UInt8]?
            if let equals = argument.firstIndex(of: UInt8(ascii: "=")), argument.starts(with: Array("--".utf8)) {
                name = argument[..<equals]
                inlineValue = Array(argument[(equals + 1)...])
            }
            func value() -> [UInt8]? {
                if let inlineValue { return inlineValue }
                return pending.popFirst()
            }
            func textValue() -> String? { value().map { String(decoding: $0, as: UTF8.self) } }
            switch String(decoding: name, as: UTF8.self) {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--trace-gestures":
                guard inlineValue == nil else { return .invalid("--trace-gestures takes no value") }
                options.traceGestures = true
            case "--play":
                guard inlineValue == nil else { return .invalid("--play takes no value") }
                options.play = true
            case "--record":
                guard let bytes = value(), !bytes.isEmpty else { return .invalid("--record needs a file to write the session to") }
                options.recordPath = FilePath(bytes: bytes)
            case "--replay":
                guard let bytes = value(), !bytes.isEmpty else { return .invalid("--replay needs a recording (made with --record)") }
                options.replayPath = FilePath(bytes: bytes)
            case "--geometry":
                guard let text = textValue() else { return .invalid("--geometry needs a value like 800x600+10+10") }
                guard let geometry = WindowGeometry(parsing: text) else {
                    return .invalid("malformed --geometry \"\(text)\": expected WxH or WxH+X+Y (-X, -Y from the right, bottom), sizes 1 to 32767")
                }
                options.geometry = geometry
            case "--export":
                guard let bytes = value(), !bytes.isEmpty else { return .invalid("--export needs an output file") }
                let path = FilePath(bytes: bytes)
                guard PictureFormat(path: path) != nil else {
                    return .invalid("--export \"\(path)\": the file must end in \(PictureFormat.extensions)")
                }
                options.exportPath = path
            case "--export-scale":
                guard let text = textValue(), let scale = Double(text), ViewTransform.exportScales.contains(scale) else {
                    return .invalid("--export-scale needs a number from \(exportScaleText)")
                }
                options.exportScale = scale
            case "--double-click-ms":
                guard let text = textValue(), let ms = Int(text), (1...10_000).contains(ms) else {
                    return .invalid("--double-click-ms needs a whole number of milliseconds from 1 to 10000")
                }
                options.doubleClickMilliseconds = ms
            case "--double-click-distance":
                guard let text = textValue(), let px = Double(text), px.isFinite, px >= 0, px <= 1000 else {
                    return .invalid("--double-click-distance needs a number of pixels from 0 to 1000")
                }
                options.doubleClickDistance = px
            default:
                return .invalid("unknown option \(FilePath(bytes: Array(name)))")
            }
        }
        guard positional.count <= 1 else { return .invalid("expected at most one FILE, got \(positional.count)") }
        options.documentPath = positional.first.map { FilePath(bytes: $0) }
        return options.conflict.map(Parsed.invalid) ?? .run(options)
    }

    /// What the options given cannot do together, if anything.
    private var conflict: String? {
        if exportScale != nil, exportPath?.pathExtension != "png" { return "--export-scale sizes a PNG: give it with --export OUT.png" }
        guard replayPath != nil else {
            if play { return "--play plays a recording: give it with --replay REC" }
            if recordPath != nil, exportPath != nil { return "--record records a session in the window; --export opens none" }
            return nil
        }
        if recordPath != nil { return "--record and --replay cannot go together: a replay takes its input from the recording" }
        if doubleClickMilliseconds != nil || doubleClickDistance != nil {
            return "--replay takes the desktop's settings from the recording: drop --double-click-ms and --double-click-distance"
        }
        if play, exportPath != nil || documentPath != nil {
            return "--play shows the replay in a window and writes nothing: drop --export and FILE"
        }
        return nil
    }
}
