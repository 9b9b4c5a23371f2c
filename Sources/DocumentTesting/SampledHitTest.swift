import Document

/// The book's `lineAtPoint:` (BNRDrawView), kept only as the baseline that `LineIndex` is measured
/// and tested against: it samples 21 points of each line (t = 0, 0.05, ... 1) and returns the
/// first line, in drawing order, with a sample closer than `tolerance` (exclusive).
///
/// It misses a long line clicked between two samples and ignores which line is nearest. Do not
/// use it for hit testing; use `LineIndex`.
public enum SampledHitTest {
    public static func firstLine(near point: Point, within tolerance: Double = 20, in lines: [Line]) -> LineID? {
        for line in lines {
            let begin = line.begin, end = line.end
            for step in 0...20 {
                let t = Double(step) * 0.05
                let x = begin.x + t * (end.x - begin.x), y = begin.y + t * (end.y - begin.y)
                if ((x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)).squareRoot() < tolerance {
                    return line.id
                }
            }
        }
        return nil
    }
}
