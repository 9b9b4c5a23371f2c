import DrawingTesting
import Shapes
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Documents: encode, decode, atomic save (with its fsyncs) and open, per line of a large drawing;
/// then the loader fuzzer (100k damaged documents; 2M with --long).
func documentSection(_ report: inout BenchReport) {
    let lineCount = 100_000
    let drawing = benchDrawing(lines: lineCount)
    guard let bytes = try? DrawingFormat.encode(drawing) else {
        report.row("  cannot encode the bench drawing")
        return
    }
    report.row("  drawing: \(lineCount) lines, \(bytes.count) bytes")
    report.record("document.bytes_per_line", Double(bytes.count) / Double(lineCount))

    report.record("document.encode_ns_per_line", bestOf(3) {
        blackHole(try? DrawingFormat.encode(drawing))
    } / Double(lineCount), unit: "ns")
    report.record("document.decode_ns_per_line", bestOf(3) {
        blackHole(try? DrawingFormat.decode(bytes))
    } / Double(lineCount), unit: "ns")

    var template = Array("/tmp/touchtracker-bench-XXXXXX".utf8CString)
    guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
        report.row("  cannot make a temporary folder")
        return
    }
    let path = folder + "/drawing.json"
    let store = DocumentStore(path: FilePath(path))
    report.record("document.save_ns_per_line", bestOf(3) {
        do { try store.save(drawing) } catch { report.row("  save failed: \(error)") }
    } / Double(lineCount), unit: "ns (atomic, fsynced)")
    report.record("document.open_ns_per_line", bestOf(3) {
        blackHole(try? DocumentStore.open(path: store.path, now: CivilTime.now()))
    } / Double(lineCount), unit: "ns (read and decode)")
    unlink(path)
    rmdir(folder)

    let count = report.long ? 2_000_000 : 100_000
    let start = monotonicNanoseconds()
    let fuzz = DocumentFuzzing.run(seed: 20261130, count: count)
    let elapsed = Double(monotonicNanoseconds() - start)
    report.row("  fuzz: \(fuzz)")
    for failure in fuzz.failures { report.row("  FAILURE \(failure)") }
    report.record("document.fuzz_documents", Double(fuzz.documents))
    report.record("document.fuzz_failures", Double(fuzz.failures.count))
    report.record("document.fuzz_ns_per_document", elapsed / Double(count), unit: "ns")
}

/// A drawing of `lines` lines with coordinates like a real canvas's (two decimals at most).
private func benchDrawing(lines: Int) -> Drawing {
    var state: UInt64 = 12345
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double((state >> 33) % 400_000) / 100
    }
    var drawing = Drawing()
    for _ in 0..<lines {
        drawing.add(.line(Segment(begin: Point(x: next(), y: next()), end: Point(x: next(), y: next()))))
    }
    return drawing
}

/// The fastest of `runs` runs of `body`, in nanoseconds.
private func bestOf(_ runs: Int, _ body: () -> Void) -> Double {
    var best = UInt64.max
    for _ in 0..<runs {
        let start = monotonicNanoseconds()
        body()
        best = min(best, monotonicNanoseconds() - start)
    }
    return Double(best)
}
