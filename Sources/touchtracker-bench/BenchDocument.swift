#if canImport(Glibc)
import Glibc
#endif

// The drawings the X-path bench loads into the app, written as drawing files (version 1 of the
// format in Sources/Storage/DrawingFormat.swift: {"format":"touchtracker-drawing","version":1,"lines":[...]}).
// Every drawing fits an 800 x 600 window and leaves its top-left corner empty, so one pixel there
// tells the first frame (white) from the server's black root; its first line is the probe line,
// whose middle turns black once the drawing is on screen.

struct BenchSegment {
    var begin: (x: Double, y: Double)
    var end: (x: Double, y: Double)
    var middle: (x: Int, y: Int) { (Int((begin.x + end.x) / 2), Int((begin.y + end.y) / 2)) }
}

enum BenchDrawing {
    static let width = 800, height = 600
    /// A pixel no line covers: white once the app has painted, black (the root) before.
    static let emptyCorner = (x: 4, y: 4)
    /// The first line of every drawing.
    static let probe = BenchSegment(begin: (100, 30), end: (300, 30))

    /// `count` lines (the probe first), 40 to 150 px long, in random directions all over the window
    /// but clear of the top-left 70 x 70 px; the same lines on every run.
    static func segments(count: Int) -> [BenchSegment] {
        var random = BenchDocumentRandom(state: 7)
        var segments = count > 0 ? [probe] : []
        while segments.count < count {
            let length = Double.random(in: 40..<150, using: &random)
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
            let centre = (x: Double.random(in: 0..<Double(width), using: &random),
                          y: Double.random(in: 0..<Double(height), using: &random))
            let half = (dx: cos(angle) * length / 2, dy: sin(angle) * length / 2)
            let segment = BenchSegment(begin: (centre.x - half.dx, centre.y - half.dy), end: (centre.x + half.dx, centre.y + half.dy))
            let left = min(segment.begin.x, segment.end.x), right = max(segment.begin.x, segment.end.x)
            let top = min(segment.begin.y, segment.end.y), bottom = max(segment.begin.y, segment.end.y)
            // Inside the window (with the stroke's half width), and clear of the corner.
            guard left >= 5, top >= 5, right <= Double(width - 5), bottom <= Double(height - 5), left > 70 || top > 70 else {
                continue
            }
            segments.append(segment)
        }
        return segments
    }

    /// Writes `segments` to `path` as a drawing file; false when the file cannot be written.
    static func write(_ segments: [BenchSegment], to path: String) -> Bool {
        var text = #"{"format":"touchtracker-drawing","version":1,"lines":["#
        for (index, segment) in segments.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += #"{"id":\#(index + 1),"begin":[\#(segment.begin.x),\#(segment.begin.y)],"#
            text += #""end":[\#(segment.end.x),\#(segment.end.y)]}"#
        }
        text += segments.isEmpty ? "]}\n" : "\n]}\n"
        return writeFile(text, to: path)
    }

    /// Writes `text` to `path`, replacing what was there; false when the file cannot be written.
    static func writeFile(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

/// SplitMix64, seeded: the same drawing on every run.
private struct BenchDocumentRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
