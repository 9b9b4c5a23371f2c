#if canImport(Glibc)
import Glibc
#endif

/// Collects a bench run: rows for the table, numbers under stable keys for `--json`.
struct BenchReport {
    let long: Bool
    private(set) var values: [(key: String, value: Double)] = []
    private var quiet = false

    init(long: Bool) { self.long = long }

    mutating func beginSection(_ title: String, quiet: Bool) {
        self.quiet = quiet
        if !quiet { print("\n== \(title) ==") }
    }

    /// A line of the human-readable table (suppressed under --json).
    func row(_ text: String) { if !quiet { print(text) } }

    /// Records a number for --json (and shows it in the table).
    mutating func record(_ key: String, _ value: Double, unit: String = "") {
        values.append((key, value))
        row("  \(key) = \(formatted(value))\(unit.isEmpty ? "" : " " + unit)")
    }

    var json: String {
        "{" + values.map { "\"\($0.key)\": \(formatted($0.value))" }.joined(separator: ", ") + "}"
    }

    private func formatted(_ v: Double) -> String {
        v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)) : "null"
    }
}

/// `text` left-aligned in a table column `width` characters wide (followed by at least one space).
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

extension Double {
    /// Rounded to `places` decimal places, for figures in the table and the JSON.
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}

enum FileHandleStandardError {
    static func write(_ s: String) {
        var bytes = Array(s.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
