import Canvas
import Shapes
#if canImport(Glibc)
import Glibc  // libm: cos, sin
#endif

/// The toolbar's pictures, as vector paths in the 24 × 24 design box (`Icon`): a tool's is what it draws, a
/// colour's a square of it, a width's a line of it; Undo and Redo are curved arrows, zoom out and in a magnifying
/// glass with a minus or a plus, fit four corners round a square, the help a question mark, "»" two chevrons.
extension Toolbar.Item {
    var icon: Icon {
        switch self {
        case .tool(let tool): tool.icon
        case .colour(let index):
            Icon([.fill([p(5, 5), p(19, 5), p(19, 19), p(5, 19)], colour: Pen.palette[index].colour)])
        case .byAngle:
            // Four wedges in the colours of four angles.
            Icon((0..<4).map { quarter in
                let a = Double(quarter) * .pi / 2, b = a + .pi / 2
                return .fill([p(12, 12), p(12 + 8 * cos(a), 12 + 8 * sin(a)), p(12 + 8 * cos((a + b) / 2) * 1.4, 12 + 8 * sin((a + b) / 2) * 1.4),
                              p(12 + 8 * cos(b), 12 + 8 * sin(b))],
                             colour: AngleColour.colour(angle: Double(quarter) * .pi / 4))
            })
        case .width(let index):
            Icon([.stroke([p(4, 12), p(20, 12)], width: min(Pen.widths[index].pixels, 14))])
        case .bySpeed:
            // Thick where slow, thin where fast.
            Icon([.fill([p(3, 8), p(21, 11), p(21, 13), p(3, 16)])])
        case .undo:
            Icon([.arc(centre: p(12, 14), radius: 6, start: .pi, end: 2 * .pi, width: 2),
                  .fill([p(2.5, 12.5), p(9.5, 12.5), p(6, 18)])])
        case .redo:
            Icon([.arc(centre: p(12, 14), radius: 6, start: .pi, end: 2 * .pi, width: 2),
                  .fill([p(14.5, 12.5), p(21.5, 12.5), p(18, 18)])])
        case .zoomOut:
            Icon(Self.magnifier + [.stroke([p(7, 10), p(13, 10)], width: 2)])
        case .zoomIn:
            Icon(Self.magnifier + [.stroke([p(7, 10), p(13, 10)], width: 2), .stroke([p(10, 7), p(10, 13)], width: 2)])
        case .zoomToFit:
            Icon([.stroke([p(4, 9), p(4, 4), p(9, 4)], width: 2), .stroke([p(15, 4), p(20, 4), p(20, 9)], width: 2),
                  .stroke([p(20, 15), p(20, 20), p(15, 20)], width: 2), .stroke([p(9, 20), p(4, 20), p(4, 15)], width: 2),
                  .fill([p(8, 8), p(16, 8), p(16, 16), p(8, 16)])])
        case .more:  // "»"
            Icon([.stroke([p(6, 7), p(11, 12), p(6, 17)], width: 2), .stroke([p(13, 7), p(18, 12), p(13, 17)], width: 2)])
        case .help:
            Icon([.arc(centre: p(12, 8.5), radius: 4, start: .pi, end: 2.5 * .pi, width: 2),
                  .stroke([p(12, 12.5), p(12, 15)], width: 2),
                  .disc(centre: p(12, 19), radius: 1.4)])
        }
    }
}

extension Tool {
    /// Its button's picture: what it draws (a tool the toolbar has no picture for shows its key's initial stroke).
    var icon: Icon {
        switch name {
        case "line": Icon([.stroke([p(5, 19), p(19, 5)], width: 2)])
        case "circle": Icon([.arc(centre: p(12, 12), radius: 7.5, start: 0, end: 2 * .pi, width: 2)])
        case "pen":  // a freehand wave
            Icon([.stroke((0...12).map { i in p(4 + Double(i) * 4 / 3, 12 - 6 * sin(Double(i) * .pi / 6)) }, width: 2)])
        case "eraser":  // an eraser's block, tilted, and the line it leaves clean
            Icon([.fill([p(9, 5), p(19, 11), p(14, 19), p(4, 13)]), .stroke([p(3, 21), p(21, 21)], width: 1)])
        default: Icon([.stroke([p(5, 19), p(12, 5), p(19, 19)], width: 2), .disc(centre: p(12, 14), radius: 2)])
        }
    }
}

extension Toolbar.Item {
    /// A magnifying glass: its lens and its handle.
    fileprivate static let magnifier: [Icon.Element] = [
        .arc(centre: p(10, 10), radius: 6.5, start: 0, end: 2 * .pi, width: 2), .stroke([p(15, 15), p(21, 21)], width: 3),
    ]
}

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
