import Shapes

/// How the window shows the drawing: the one mapping between the document and the window.
///
/// Shapes live in document px: px at 96 dpi (the CSS pixel), on every screen. The window shows them
/// `scale` device pixels a px, the screen's resolution (`screenScale`, dpi ÷ 96) times the `zoom`, from
/// `origin` on: a document point `p` is at `p × scale − origin` in the window. The drawing scaled by
/// `scale` is the *canvas* (what Rendering paints and caches); `origin` is the window's top-left corner
/// on it, and moves in whole device pixels (`shownOrigin`), so that a pan moves pixels without
/// resampling them. The exact origin is kept too, so that scrolling by fractions of a pixel (a touchpad's
/// smooth scroll) adds up.
///
/// Input is mapped back with `document(_:)` once, where it enters the app; panels (menus, the help,
/// notices) and the gesture engine's thresholds stay in window pixels.
public struct ViewTransform: Hashable, Sendable {
    /// Device pixels per px at 96 dpi: the screen's dpi ÷ 96.
    public private(set) var screenScale: Double
    /// 1 is 100%: a px of the drawing is a px at 96 dpi on the screen.
    public private(set) var zoom: Double
    /// Where the window's top-left corner is on the canvas (the drawing scaled by `scale`), exactly.
    public private(set) var origin: Point

    /// The zooms the view can have: 5% to 3200%.
    public static let zoomRange = 0.05...32.0
    /// The scales a PNG export may be drawn at (`--export-scale`): 0.1 to 8 pixels a px; 1 unless asked.
    public static let exportScales = 0.1...8.0
    /// How far from 0 a document coordinate may lie (the file format's bound): the centre of the view
    /// stays within it, and input is mapped to points within it.
    public static let documentLimit = 1_000_000.0

    /// 100% on a screen of `screenScale`, the window's corner at the document's origin.
    public init(screenScale: Double = 1, zoom: Double = 1, origin: Point = .zero) {
        self.screenScale = screenScale
        self.zoom = Self.clampedZoom(zoom)
        self.origin = origin
    }

    /// Device pixels per document px.
    public var scale: Double { screenScale * zoom }

    /// The origin in whole device pixels: what the window shows and what input is mapped through.
    public var shownOrigin: Point { Point(x: origin.x.rounded(), y: origin.y.rounded()) }

    // MARK: - Mapping

    /// Where document point `p` is in the window.
    public func window(_ p: Point) -> Point {
        let shown = shownOrigin
        return Point(x: p.x * scale - shown.x, y: p.y * scale - shown.y)
    }

    /// The document point at window point `p`.
    public func document(_ p: Point) -> Point {
        let shown = shownOrigin
        return Point(x: (p.x + shown.x) / scale, y: (p.y + shown.y) / scale)
    }

    /// Where a document rectangle is in the window.
    public func window(_ r: Rect) -> Rect {
        let a = window(Point(x: r.minX, y: r.minY)), b = window(Point(x: r.maxX, y: r.maxY))
        return Rect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }

    /// The part of the document a window rectangle shows.
    public func document(_ r: Rect) -> Rect {
        let a = document(Point(x: r.minX, y: r.minY)), b = document(Point(x: r.maxX, y: r.maxY))
        return Rect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }

    /// `p` moved onto the document's bounds (±`documentLimit`) where it lies beyond them.
    public static func limited(_ p: Point) -> Point {
        Point(x: min(max(p.x, -documentLimit), documentLimit), y: min(max(p.y, -documentLimit), documentLimit))
    }

    // MARK: - Changing the view

    /// The view at `newZoom` (kept within `zoomRange`), with the document point under window point `fixed`
    /// still under it (to within half a device pixel: the origin moves in whole pixels). With `exactly`,
    /// the point the exact origin puts there (up to half a pixel from the one shown) stays exactly: zooms
    /// repeated about one place (the keys, about the middle of the window) do not creep.
    public func zoomed(to newZoom: Double, keeping fixed: Point, exactly: Bool = false) -> ViewTransform {
        let anchor = exactly ? Point(x: (fixed.x + origin.x) / scale, y: (fixed.y + origin.y) / scale) : document(fixed)
        var view = self
        view.zoom = Self.clampedZoom(newZoom)
        view.origin = Point(x: anchor.x * view.scale - fixed.x, y: anchor.y * view.scale - fixed.y)
        return view
    }

    /// The view with the drawing moved by `offset` window pixels (right and down when positive).
    public func panned(by offset: Vector) -> ViewTransform {
        var view = self
        view.origin = Point(x: origin.x - offset.dx, y: origin.y - offset.dy)
        return view
    }

    /// The view on a screen of another resolution, at the same zoom, with the document point at the
    /// window's corner where it was.
    public func onScreen(ofScale newScreenScale: Double) -> ViewTransform {
        var view = self
        view.screenScale = newScreenScale
        view.origin = Point(x: origin.x / scale * view.scale, y: origin.y / scale * view.scale)
        return view
    }

    /// The view of a window whose part on screen is `area` (window coordinates) with `documentPoint` at the
    /// area's centre.
    public func centring(_ documentPoint: Point, in area: Rect) -> ViewTransform {
        var view = self
        let centre = Point(x: (area.minX + area.maxX) / 2, y: (area.minY + area.maxY) / 2)
        view.origin = Point(x: documentPoint.x * scale - centre.x, y: documentPoint.y * scale - centre.y)
        return view
    }

    /// The view moved, if need be, so that the document point at the centre of `area` lies within the
    /// document's bounds: panning cannot leave them.
    public func limited(showing area: Rect) -> ViewTransform {
        let centre = document(Point(x: (area.minX + area.maxX) / 2, y: (area.minY + area.maxY) / 2))
        let limited = Self.limited(centre)
        guard limited != centre else { return self }
        return panned(by: Vector(dx: (centre.x - limited.x) * scale, dy: (centre.y - limited.y) * scale))
    }

    /// The view showing all of `bounds` (document px) in `area` (window coordinates) with `margin` window
    /// pixels to spare on each side, as large as fits (at most `largestZoom`), centred.
    public static func fitting(_ bounds: Rect, in area: Rect, screenScale: Double, margin: Double,
                               largestZoom: Double = zoomRange.upperBound) -> ViewTransform {
        let room = (width: max(1, area.width - 2 * margin), height: max(1, area.height - 2 * margin))
        let needed = (width: max(bounds.width * screenScale, 1e-9), height: max(bounds.height * screenScale, 1e-9))
        let zoom = min(room.width / needed.width, room.height / needed.height, largestZoom)
        let centre = Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        return ViewTransform(screenScale: screenScale, zoom: zoom).centring(centre, in: area)
    }

    private static func clampedZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }
}
