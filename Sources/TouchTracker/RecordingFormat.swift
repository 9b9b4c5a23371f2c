import Gestures
import Shapes
import Storage
import Timing

/// The file format of a recorded session (`--record REC`), version 2: one JSON object a line, each line
/// whole (the recorder writes a line with one `write(2)`, so a crash keeps every line before it).
///
///     {"format":"touchtracker-recording","version":2}
///     {"start":{"now_ns":5000000000,"path":"/home/ann/drawing.json","identity":null,"recovery":null,
///      "pen":"colour #000000\nwidth 10\nspeed off\n","view":{"zoom":1.5,"centre":[400.0,300.0]},
///      "area":[0.0,0.0,800.0,600.0],"settings":{"mouse":{...},"touch":{...}},"drawing":{DRAWING}}}
///     {"now_ns":5000100000,"area":[0.0,0.0,800.0,600.0]}
///     {"now_ns":5000200000,"settings":{"scale":1.0,"mouse":{...},"touch":{...}}}
///     {"trace":"{\"desktopSettings\": {...}}"}
///     {"now_ns":6000000000,"pointer":{"kind":"press","button":1,"device":2,"touch":0,"source":"mouse",
///      "x":10.0,"y":20.5,"server_ms":81000,"read_ns":6000000000}}
///     {"now_ns":6100000000,"scroll":{"dx":0.0,"dy":-1.5,"x":10.0,"y":20.5,"smooth":true}}
///     {"now_ns":6200000000,"pinch":{"phase":"changed","x":300.0,"y":200.0,"scale":1.25}}
///     {"advance_ns":6000000000}
///
/// (shown here broken across lines; in the file each object is one line).
///
/// Version 2 added the wheel and smooth scrolling (`scroll`), a touchpad's pinch (`pinch`), a held key let go
/// (`key_released`, `focus_lost`), the keypad's + and − and the remembered view (`view`, null when none).
/// A version 1 recording reads as one of version 2 without them (its `view` null): it replays as this
/// program takes its input, which at 96 dpi (scale 1) is as the program that recorded it did.
///
/// - The first line names the format and its version. A newer version is refused, never read as this one.
/// - The second line is the start: how the core was made (`RecordingStart`). `now_ns` and every other
///   `_ns` is the monotonic clock in nanoseconds, `server_ms` the X server's time; `area` is
///   `[min x, min y, max x, max y]`; `drawing` is the document as opened, as its file holds it
///   (`DrawingFormat`), on one line; `identity` and `recovery` say what was on disk; `pen` is the pen
///   remembered from the run before, as its file holds it (`Pen.fileBytes`); `view` the view remembered
///   for the document (its zoom and the document point in the middle of the window).
/// - Every line after it is a step of the core, in order: an input handed in at `now_ns`, named by its
///   one other key (`AppInput`: `pointer`, `key`, `area`, `settings`, `close_requested`, ...,
///   `save_finished`, `disk_activity`, `disk_changed`, `export_finished`: what became of saves, reads and
///   exports, so a replay needs no file system; `clipboard_owned`, `clipboard_received`: the clipboard's
///   answers, a paste's bytes with them; `file_chosen`, `document_opened` (the drawing opened, whole),
///   `saved_as`, `new_window_opened`), or time passing (`advance_ns`); or a line the shell itself traced
///   (`trace`).
///   Cases of an enumeration are a string (`"missing"`) or an object of one member (`{"saved":{...}}`).
/// - Keys in the order written here; reading takes any order, but a key given twice, a key the version
///   does not define, a missing key and anything else on a line are errors, each naming the line and column.
///
/// Encoding is deterministic: numbers in Swift's shortest round-trip form, so recording the same steps twice
/// gives the same bytes, and `encode(decode(r))` is `r`.
public enum RecordingFormat {
    /// The value of "format".
    public static let name = "touchtracker-recording"
    /// The newest version this program reads and the one it writes.
    public static let version = 2

    // MARK: - Writing

    /// The first line, with its newline.
    public static var header: [UInt8] {
        line(.object(["format": .string(name), "version": .integer(version)]))
    }

    /// The second line, with its newline.
    public static func encode(_ start: RecordingStart) throws(DrawingEncodingError) -> [UInt8] {
        line(.object(["start": .object([
            "now_ns": .integer(start.now.nanoseconds), "path": start.path.recorded,
            "identity": start.identity?.recorded ?? .null, "recovery": start.recovery?.recorded ?? .null,
            "pen": start.pen.recorded, "view": start.view?.recorded ?? .null, "area": start.visibleArea.recorded,
            "settings": start.settings.recorded(),
            "drawing": try start.drawing.recorded(),
        ])]))
    }

    /// A line after the start, with its newline.
    public static func encode(_ entry: RecordingEntry) throws(DrawingEncodingError) -> [UInt8] {
        switch entry {
        case .step(.input(let input, let now)):
            let (name, data) = try input.recorded()
            return line(JSONValue(.object([("now_ns", .integer(now.nanoseconds)), (name, data)])))
        case .step(.advance(let now)):
            return line(.object(["advance_ns": .integer(now.nanoseconds)]))
        case .trace(let text):
            return line(.object(["trace": .string(text)]))
        }
    }

    /// A whole recording: every line of it.
    public static func encode(_ recording: Recording) throws(DrawingEncodingError) -> [UInt8] {
        var bytes = header + (try encode(recording.start))
        for entry in recording.entries { bytes += try encode(entry) }
        return bytes
    }

    private static func line(_ value: JSONValue) -> [UInt8] {
        var bytes = value.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: - Reading

    /// The recording in `bytes`, or the first reason they are not one. A last line without its newline
    /// that cannot be read is a line cut short by a crash: the recording ends before it (`wasCut`).
    public static func decode(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }  // the newline ending the last line
        let endsWhole = bytes.last == UInt8(ascii: "\n")
        var entries: [RecordingEntry] = []
        var start: RecordingStart?
        for (index, text) in lines.enumerated() {
            do {
                let line = index + 1
                switch line {
                case 1: try readHeader(Array(text))
                case 2: start = try readStart(Array(text), line: line)
                default: entries.append(try readEntry(Array(text), line: line))
                }
            } catch {
                guard index == lines.count - 1, !endsWhole else { throw error }
                guard let start else { throw .noStart(lines: index) }
                return Recording(start: start, entries: entries, wasCut: true)
            }
        }
        guard let start else { throw .noStart(lines: lines.count) }
        return Recording(start: start, entries: entries)
    }

    /// The line's one JSON object, read with `read`.
    private static func readLine<Value>(_ text: [UInt8], line: Int,
                                        _ read: (inout RecordedObject) throws(RecordingError) -> Value) throws(RecordingError) -> Value {
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw .damaged(error.problem, at: TextPosition(line: line, column: error.position.column))
        }
        return try RecordedValue(json: json, line: line, text: text).object(read)
    }

    private static func readHeader(_ text: [UInt8]) throws(RecordingError) {
        try readLine(text, line: 1) { (object) throws(RecordingError) in
            let format = try object.take("format")
            guard try format.string() == name else { throw format.problem("expected the format \"\(name)\"") }
            let versionValue = try object.take("version")
            let version: Int = try versionValue.integer()
            guard version <= Self.version else { throw .newerVersion(version, at: versionValue.position) }
            guard version >= 1 else { throw versionValue.problem("recording format version \(version) does not exist") }
        }
    }

    private static func readStart(_ text: [UInt8], line: Int) throws(RecordingError) -> RecordingStart {
        try readLine(text, line: line) { (object) throws(RecordingError) in
            try object.take("start").object { (start) throws(RecordingError) in
                RecordingStart(
                    path: try start.take("path", FilePath.init(recorded:)),
                    drawing: try start.take("drawing", Drawing.init(recorded:)),
                    identity: try start.take("identity").optional(FileIdentity.init(recorded:)),
                    recovery: try start.take("recovery").optional(DamagedFileRecovery.init(recorded:)),
                    pen: try start.take("pen", Pen.init(recorded:)),
                    view: try start.takeIfPresent("view")?.optional(RememberedView.init(recorded:)) ?? nil,
                    visibleArea: try start.take("area", Rect.init(recorded:)),
                    settings: try start.take("settings").object { (settings) throws(RecordingError) in
                        try GestureSettings(recorded: &settings)
                    },
                    now: Deadline(nanoseconds: try start.take("now_ns").integer()))
            }
        }
    }

    private static func readEntry(_ text: [UInt8], line: Int) throws(RecordingError) -> RecordingEntry {
        try readLine(text, line: line) { (object) throws(RecordingError) in
            if let trace = object.takeIfPresent("trace") { return .trace(try trace.string()) }
            if let advance = object.takeIfPresent("advance_ns") {
                return .step(.advance(to: Deadline(nanoseconds: try advance.integer())))
            }
            let now = Deadline(nanoseconds: try object.take("now_ns").integer())
            guard let name = object.onlyKey else {
                throw object.value.problem("expected \"now_ns\" and one input, \"advance_ns\" or \"trace\"")
            }
            return .step(.input(try AppInput(name: name, data: try object.take(name)), now: now))
        }
    }
}
