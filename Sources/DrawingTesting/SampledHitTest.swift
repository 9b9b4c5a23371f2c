import Shapes
#if canImport(Glibc)
import Glibc  // libm: cos, sin
#endif

/// The book's `lineAtPoint:` (BNRDrawView), kept only as the baseline that `ShapeIndex` is measured
/// and tested against: it samples 21 points of each line (t = 0, 0.05, ... 1) and returns the
/// first line, in drawing order, with a sample closer than `tolerance` (exclusive). The book knew no
/// circles: a circle is sampled the same way, 21 points around its outline from a table of the unit
/// circle's, so that it costs what a line does.
///
/// It misses a long line clicked between two samples and ignores which line is nearest. Do not
/// use it for hit testing; use `ShapeIndex`.
public enum SampledHitTest {
    public static func firstShape(near point: Point, within tolerance: Double = 20, in shapes: [Shape]) -> ShapeID? {
        for shape in shapes {
            switch shape.geometry {
            case .ellipse(let box):
                let begin = box.begin, end = box.end
                let centre = (x: (begin.x + end.x) / 2, y: (begin.y + end.y) / 2)
                let radii = (x: abs(end.x - begin.x) / 2, y: abs(end.y - begin.y) / 2)
                for sample in unitCircle {
                    let x = centre.x + radii.x * sample.x, y = centre.y + radii.y * sample.y
                    if ((x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)).squareRoot() < tolerance {
                        return shape.id
                    }
                }
            case .ink(let ink):
                // The book had no ink: its points, as a polyline's samples would be.
                for index in 0..<ink.count where ink.point(index).distance(to: point) < tolerance { return shape.id }
            case .line(let segment):
                let begin = segment.begin, end = segment.end
                for step in 0...20 {
                    let t = Double(step) * 0.05
                    let x = begin.x + t * (end.x - begin.x), y = begin.y + t * (end.y - begin.y)
                    if ((x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)).squareRoot() < tolerance {
                        return shape.id
                    }
                }
            }
        }
        return nil
    }

    /// The 21 points of the unit circle at t = 0, 0.05, ... 1 of the way around.
    private static let unitCircle = (0...20).map { step in
        (x: cos(2 * Double.pi * Double(step) / 20), y: sin(2 * Double.pi * Double(step) / 20))
    }
}
