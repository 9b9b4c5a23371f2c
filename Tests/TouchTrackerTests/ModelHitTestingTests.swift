import Gestures
import SeededRandom
import Shapes
import TestSupport
import Testing
@testable import TouchTracker

/// The line a click at `p` should select: the nearest within `tol` (inclusive), the latest on a tie.
private func brute(_ p: Point, _ tol: Double, _ lines: [Shape]) -> ShapeID? {
    var best: (ShapeID, Double)?
    for l in lines {
        let d = l.distance(to: p)
        if d <= tol, best == nil || d < best!.1 || (d == best!.1 && l.id > best!.0) { best = (l.id, d) }
    }
    return best?.0
}

@Suite("The model against brute force")
struct ModelHitTestingTests {
    /// 2,000 random steps a seed, over a thousand edits: the index merges its pending edits at least once
    /// (`LineIndex.mergeThreshold`). `make test-long` takes 6,000.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func hitTestingAgreesWithBruteForceThroughRandomModelEdits(seed: UInt64) {
        var r = SeededGenerator(seed: seed)
        var model = CanvasModel()
        func p() -> Point { Point(x: Double.random(in: -50...400, using: &r).rounded(), y: Double.random(in: -50...300, using: &r).rounded()) }
        for step in 0..<TestLength.pick(2_000, long: 6_000) {
            switch Int.random(in: 0..<100, using: &r) {
            case 0..<35: let a = p(), b = p(); model.contactBegan(ContactID(device: 2), at: a); model.contactEnded(ContactID(device: 2), at: b)
            case 35..<45: model.click(at: p())
            case 45..<55: model.key([.left, .right, .up, .down][Int.random(in: 0..<4, using: &r)], Bool.random(using: &r) ? [.shift] : [])
            case 55..<65: model.key(.character("z"), .control)
            case 65..<72: model.key(.character("y"), .control)
            case 72..<76: model.key(.delete)
            case 76..<77: if step % 2500 == 2499 { model.doubleTap(at: p()) }
            case 77..<85:
                let a = p()
                if model.shouldBeginLongPress(at: a) {
                    model.longPressBegan(at: a)
                    model.longPressChanged(at: p())
                    if Bool.random(using: &r) { model.longPressEnded(at: p()) } else { model.longPressCancelled() }
                }
            case 85..<90:
                let a = p()
                if model.shouldBeginMove(at: a) {
                    model.moveBegan(at: a); model.moveChanged(at: p()); model.moveEnded(at: p())
                }
            default: break
            }
            for _ in 0..<3 {
                let q = p()
                #expect(model.shape(at: q) == brute(q, 20, model.drawing.shapes), "step \(step) at \(q)")
            }
        }
    }
}
