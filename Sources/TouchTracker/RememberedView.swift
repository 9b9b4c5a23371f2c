import Canvas
import Shapes

/// The view of a document as it was left, to open it so again: the zoom and the document point in the
/// middle of the window (so that a window of another size shows the same place). Kept beside the pen
/// (`ViewMemory`), per document.
public struct RememberedView: Hashable, Sendable {
    public var zoom: Double
    public var centre: Point

    public init(zoom: Double, centre: Point) {
        self.zoom = zoom
        self.centre = centre
    }

    /// The view it stands for on a screen of `screenScale`, in a window whose part on screen is `area`.
    func view(screenScale: Double, in area: Rect) -> ViewTransform {
        ViewTransform(screenScale: screenScale, zoom: zoom).centring(ViewTransform.limited(centre), in: area)
    }
}
