import Shapes

/// The shapes of a large file read on every core: the list is cut where the writer put a shape on a line of
/// its own (",\n{": a raw newline is never inside a JSON string, so every cut is between two values), each
/// part is read by the same `readShape` as one after another, and the parts must meet exactly — each
/// ends, after its last shape's comma, where the next begins. Anything else (a file written otherwise, a
/// part that fails or overshoots, too many shapes or ink points, an id repeated) gives nil, and the list is read one
/// shape after another instead, which finds the same shapes or the first problem with its line and column.
/// So the parallel read is the sequential read, cut in pieces: it accepts nothing the other refuses.
extension DrawingDecoder {
    /// Below this many bytes of shapes a single core is quicker than starting threads.
    static let parallelThreshold = 1 << 20

    /// The shapes from the cursor (at the first shape of a non-empty list) to the list's end, with the
    /// cursor after its ']'; nil (the cursor unmoved) when the list is not read this way.
    mutating func readShapesInParallel(version: Int) -> [Shape]? {
        let start = scanner.offset, bytes = scanner.bytes
        guard bytes.count - start >= Self.parallelThreshold, Parallel.cores > 1 else { return nil }
        let starts = [start] + Self.cuts(in: bytes, after: start, parts: Parallel.cores)
        let shared = SharedBytes(bytes: bytes)
        let parts = Parallel.map(starts.count, minimum: 1) { range in
            range.map { part in
                Self.readPart(of: shared.bytes, from: starts[part], until: part + 1 < starts.count ? starts[part + 1] : nil, version: version)
            }
        }.flatMap { $0 }
        var shapes: [Shape] = []
        shapes.reserveCapacity(parts.reduce(0) { $0 + ($1?.shapes.count ?? 0) })
        for part in parts {
            guard let part else { return nil }
            shapes += part.shapes
        }
        guard shapes.count <= DocumentLimits.maxShapes, let end = parts.last??.end else { return nil }
        guard shapes.reduce(0, { $0 + $1.geometry.inkPointCount }) <= DocumentLimits.maxPoints else { return nil }
        // Ids as the program writes them only grow; otherwise none may repeat.
        if zip(shapes, shapes.dropFirst()).contains(where: { $0.id >= $1.id }) {
            var ids = Set<ShapeID>()
            ids.reserveCapacity(shapes.count)
            guard shapes.allSatisfy({ ids.insert($0.id).inserted }) else { return nil }
        }
        scanner.offset = end
        return shapes
    }

    /// Where the parts after the first begin: the first ",\n{" at or after each even cut, in order, each once.
    private static func cuts(in bytes: UnsafeBufferPointer<UInt8>, after start: Int, parts: Int) -> [Int] {
        var cuts: [Int] = []
        for part in 1..<parts {
            var at = max(start + (bytes.count - start) * part / parts, (cuts.last ?? start) + 1, start + 2)
            while at < bytes.count, !(bytes[at] == .openBrace && bytes[at - 1] == .newline && bytes[at - 2] == .comma) { at += 1 }
            guard at < bytes.count else { break }
            cuts.append(at)
        }
        return cuts
    }

    /// The shapes from `start` (a shape's '{') up to `end`, where the next part begins (nil: to the list's
    /// ']'), and where the reading stopped; nil unless it stops exactly there.
    private static func readPart(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, until end: Int?,
                                 version: Int) -> (shapes: [Shape], end: Int)? {
        var decoder = DrawingDecoder(JSONScanner(bytes))
        decoder.scanner.offset = start
        var shapes: [Shape] = []
        do {
            while true {
                decoder.scanner.skipWhitespace()
                shapes.append(try decoder.readShape(version: version))
                guard shapes.count <= DocumentLimits.maxShapes else { return nil }
                guard try decoder.scanner.continues(before: .closeBracket) else {
                    return end == nil ? (shapes, decoder.scanner.offset) : nil
                }
                guard let end else { continue }
                decoder.scanner.skipWhitespace()
                if decoder.scanner.offset == end { return (shapes, end) }
                if decoder.scanner.offset > end { return nil }
            }
        } catch {
            return nil
        }
    }
}

/// The file's bytes, read by every part at once: nothing writes them while `Parallel.map` runs, and its
/// threads end before it returns.
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}
