import Shapes

/// A touchpad's pinch (XInput 2.4 gesture events, X servers from 21.1 with libinput), as the shell
/// decodes it: two or more fingers moving apart or together, and moving as a whole. The app zooms the
/// view about the fingers' centre by `scale` and follows the centre as it moves (`CanvasModel.pinch`);
/// a pinch that ends cancelled (the fingers changed: the server begins another) leaves the view as it
/// was before it began.
public struct PinchInput: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case began, changed, ended
        /// Ended without taking effect.
        case cancelled
    }

    public var phase: Phase
    /// The fingers' centre, in window coordinates.
    public var location: Point
    /// The distance between the fingers as a multiple of what it was at the beginning (1 then).
    public var scale: Double

    public init(_ phase: Phase, at location: Point, scale: Double) {
        self.phase = phase
        self.location = location
        self.scale = scale
    }
}
