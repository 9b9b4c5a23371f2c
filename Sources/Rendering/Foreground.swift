import Document

/// What a frame draws over the finished lines: the lines in progress (red), the selected line (green)
/// and the overlays. A compositor keeps the last frame's, to find what the next frame must repaint;
/// it holds no finished lines, so keeping it never makes the drawing copy its lines on the next edit.
struct Foreground: Equatable {
    var linesInProgress: [Segment]
    var selected: Segment?
    var overlays: [Overlay]

    init(_ scene: Scene) {
        linesInProgress = scene.linesInProgress
        selected = scene.selectedSegment
        overlays = scene.overlays
    }

    /// Adds to `damage` every area whose pixels differ between a frame showing `self` and one showing
    /// `next` over the same finished lines: the old and the new place of each line in progress that
    /// moved, appeared or ended, of the green line if it changed, and of the overlays if they changed.
    func damage(to next: Foreground, coverage: (Segment) -> Rect, into damage: inout DamageRegion) {
        // Lines in progress keep their order (by contact) while they last, so a line in both frames is
        // drawn over the same lines: only those in one frame and not the other change pixels.
        if linesInProgress != next.linesInProgress {
            for segment in linesInProgress where !next.linesInProgress.contains(segment) { damage.add(coverage(segment)) }
            for segment in next.linesInProgress where !linesInProgress.contains(segment) { damage.add(coverage(segment)) }
        }
        if selected != next.selected {
            for segment in [selected, next.selected].compactMap({ $0 }) { damage.add(coverage(segment)) }
        }
        if overlays != next.overlays {
            for overlay in overlays + next.overlays { damage.add(overlay.frame) }
        }
    }
}
