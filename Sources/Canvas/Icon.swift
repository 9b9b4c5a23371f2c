/// A toolbar button's picture as data: vector paths in a 24 × 24 design box, which the renderer scales to
/// the button, so an icon is crisp at every scale (no bitmaps). A colour of nil is the button's foreground:
/// the text's colour, or the dimmed one where the button cannot apply now.

import Shapes

public struct Icon: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        /// A polyline through `points`, `width` wide (closed back to its start when `closed`).
        case stroke([Point], width: Double, closed: Bool = false)
        /// A polygon filled.
        case fill([Point], colour: Colour? = nil)
        /// An arc of the circle at `centre` from angle `start` to `end` (radians, clockwise on screen), stroked.
        case arc(centre: Point, radius: Double, start: Double, end: Double, width: Double)
        /// A filled disc.
        case disc(centre: Point, radius: Double, colour: Colour? = nil)
    }

    /// The design box's side: an element's coordinates lie in 0...24.
    public static let designSize = 24.0

    public var elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }
}

/// A button on a panel (the toolbar): where it is, its picture, and its state.
public struct OverlayButton: Hashable, Sendable {
    public var frame: Rect
    public var icon: Icon
    /// The choice in force (the pen's tool, colour, width): marked.
    public var isChosen: Bool
    /// False where it cannot apply now (Undo with nothing to undo): dimmed.
    public var isEnabled: Bool
    /// The pointer is over it (or pressing it).
    public var isHovered: Bool

    public init(frame: Rect, icon: Icon, isChosen: Bool = false, isEnabled: Bool = true, isHovered: Bool = false) {
        self.frame = frame; self.icon = icon; self.isChosen = isChosen; self.isEnabled = isEnabled; self.isHovered = isHovered
    }
}
