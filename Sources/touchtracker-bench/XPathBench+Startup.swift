#if canImport(Glibc)
import Glibc
#endif
import XTestHarness

// Opening the largest drawing against what the machine allows: the time from spawn to the first complete
// frame of 400,000 lines (median of three starts) over the time to read the same file and count its
// newlines (median of five, after the starts: the file is in the page cache for both). Every shape is on a
// line of its own, so the decoding is shared between the cores (DrawingDecoder+Parallel).
extension XPathBench {
    func measureStartupAgainstTheReadFloor(_ report: inout BenchReport) {
        let key = "startup_400k_vs_read_floor"
        let (count, label) = Self.largest
        var starts: [UInt64] = []
        for _ in 0..<3 {
            guard let app = launchShowing(count: count, label: label, &report) else { return report.record(key, .nan) }
            starts.append(app.firstFrameNanoseconds)
            app.process.stop()
        }
        let path = folder + "/lines-\(label).json"
        var reads: [UInt64] = []
        for _ in 0..<5 {
            let start = monotonicNanoseconds()
            guard let lines = Self.countLines(path), lines >= count else { return report.record(key, .nan) }
            reads.append(monotonicNanoseconds() - start)
        }
        let startup = starts.sorted()[1], floor = reads.sorted()[2]
        report.row("  \(label) lines: first frame \(milliseconds(startup)) ms after spawn (median of 3); reading the file and "
                   + "counting its lines \(milliseconds(floor)) ms (median of 5)")
        report.record(key, (Double(startup) / Double(floor)).rounded(toPlaces: 1), unit: "x (goal <= 25)")
    }

    /// Reads the file at `path` whole, in 1 MiB pieces, counting its newlines; nil when it cannot be read.
    static func countLines(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { return nil }
            if count == 0 { return lines }
            for index in 0..<count where buffer[index] == 0x0A { lines += 1 }
        }
    }
}
