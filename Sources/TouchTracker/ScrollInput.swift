import Gestures
import Shapes

/// A turn of a mouse wheel, or a touchpad's or high-resolution wheel's scroll (XInput 2.1 smooth
/// scrolling), as the shell decodes it: how far, where the pointer is and the modifiers held. It never
/// reaches the gesture engine (a wheel turned during a drag does not end the drag): the app scrolls or
/// zooms the view with it (`CanvasModel.scroll`).
public struct ScrollInput: Hashable, Sendable {
    /// How far across and down, in clicks of a wheel (a legacy button 4–7 press each), right and down when
    /// positive: a smooth scroll's exact fractions of them.
    public var dx: Double
    public var dy: Double
    /// Where the pointer is, in window coordinates.
    public var location: Point
    public var modifiers: Modifiers
    /// From a smooth-scroll valuator, not from wheel buttons.
    public var isSmooth: Bool

    public init(dx: Double = 0, dy: Double = 0, at location: Point, modifiers: Modifiers = [], isSmooth: Bool = false) {
        self.dx = dx
        self.dy = dy
        self.location = location
        self.modifiers = modifiers
        self.isSmooth = isSmooth
    }

    /// The click of wheel button `button` (4 up, 5 down, 6 left, 7 right); nil for any other button.
    public init?(button: Int, at location: Point, modifiers: Modifiers = []) {
        switch button {
        case 4: self.init(dy: -1, at: location, modifiers: modifiers)
        case 5: self.init(dy: 1, at: location, modifiers: modifiers)
        case 6: self.init(dx: -1, at: location, modifiers: modifiers)
        case 7: self.init(dx: 1, at: location, modifiers: modifiers)
        default: return nil
        }
    }

    /// Whether `button` is a wheel's (4 to 7): its presses scroll, and neither its presses nor its releases
    /// are pointer input.
    public static func isWheel(button: Int) -> Bool { (4...7).contains(button) }
}
