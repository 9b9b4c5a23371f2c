/// What the command line asks for.
public struct LaunchOptions: Hashable, Sendable {
    public var geometry = WindowGeometry.standard
    /// The drawing; nil means the default document in the data folder.
    public var documentPath: String?
    /// `--export OUT`: render the document to OUT and exit without a display.
    public var exportPath: String?
    public var doubleClickMilliseconds: Int?
    public var doubleClickDistance: Double?
    public var traceGestures = false

    public init() {}

    public enum Parsed: Hashable, Sendable {
        case run(LaunchOptions)
        case help
        case version
        /// A usage error: the message, to be followed by the usage text; exit status 2.
        case invalid(String)
    }

    public static let usage = """
        usage: touchtracker [OPTIONS] [FILE]
          FILE                          the drawing (default $XDG_DATA_HOME/touchtracker/drawing.json)
          --geometry WxH[{+-}X{+-}Y]    window size and position; -X, -Y from the right, bottom (default 800x600)
          --export OUT.png|OUT.svg|OUT.pdf
                                        render FILE to OUT without a display, then exit
          --double-click-ms N           double-click window in ms (overrides the desktop setting)
          --double-click-distance PX    double-click distance in px (overrides the desktop setting)
          --trace-gestures              print one JSON line per gesture decision on stderr
          --help, --version

        mouse:  drag to draw a line; click a line to select it (green), click empty canvas to deselect;
                double click clears; long press a line and move to drag it; drag the selected line to move it;
                right click a line for a menu with Delete
        keys:

        """ + keyLines

    /// The key table, one binding a line, aligned like the options above.
    private static var keyLines: String {
        KeyBindings.table.map { binding in
            "  " + binding.keys + String(repeating: " ", count: max(1, 30 - binding.keys.count)) + binding.effect + "\n"
        }.joined()
    }

    /// Parses the arguments after the program name. Accepts `--opt value` and `--opt=value`; `--` ends options.
    public static func parse<Arguments: Sequence>(_ arguments: Arguments) -> Parsed where Arguments.Element == String {
        var options = LaunchOptions()
        var pending = Array(arguments)[...]
        var positional: [String] = []
        while let argument = pending.popFirst() {
            if argument == "--" { positional += pending; break }
            guard argument.hasPrefix("-"), argument != "-" else { positional.append(argument); continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() -> String? {
                if let inlineValue { return inlineValue }
                return pending.popFirst()
            }
            switch name {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--trace-gestures":
                guard inlineValue == nil else { return .invalid("--trace-gestures takes no value") }
                options.traceGestures = true
            case "--geometry":
                guard let text = value() else { return .invalid("--geometry needs a value like 800x600+10+10") }
                guard let geometry = WindowGeometry(parsing: text) else {
                    return .invalid("malformed --geometry \"\(text)\": expected WxH or WxH+X+Y (-X, -Y from the right, bottom), sizes 1 to 32767")
                }
                options.geometry = geometry
            case "--export":
                guard let path = value(), !path.isEmpty else { return .invalid("--export needs an output file") }
                guard path.lastIndex(of: ".").map({ ["png", "svg", "pdf"].contains(path[path.index(after: $0)...].lowercased()) }) == true else {
                    return .invalid("--export \"\(path)\": the file must end in .png, .svg or .pdf")
                }
                options.exportPath = path
            case "--double-click-ms":
                guard let text = value(), let ms = Int(text), (1...10_000).contains(ms) else {
                    return .invalid("--double-click-ms needs a whole number of milliseconds from 1 to 10000")
                }
                options.doubleClickMilliseconds = ms
            case "--double-click-distance":
                guard let text = value(), let px = Double(text), px.isFinite, px >= 0, px <= 1000 else {
                    return .invalid("--double-click-distance needs a number of pixels from 0 to 1000")
                }
                options.doubleClickDistance = px
            default:
                return .invalid("unknown option \(name)")
            }
        }
        guard positional.count <= 1 else { return .invalid("expected at most one FILE, got \(positional.count)") }
        options.documentPath = positional.first
        return .run(options)
    }
}
