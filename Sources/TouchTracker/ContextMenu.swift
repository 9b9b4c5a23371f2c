import Document

/// The small menu a right click on a line opens (the book's UIMenuController). Its geometry is
/// computed here, once, at the screen's scale, so that the renderer draws the items exactly where clicks
/// find them.
public struct ContextMenu: Hashable, Sendable {
    /// What the menu offers.
    public enum Item: Hashable, Sendable, CaseIterable {
        case delete

        /// The label shown.
        public var title: String {
            switch self {
            case .delete: "Delete"
            }
        }
    }

    /// An item's size at 96 dpi.
    public static let itemWidth = 120.0
    public static let itemHeight = 28.0
    /// The items' text and rows at 96 dpi.
    static let style = PanelStyle(fontSize: 14, rowHeight: itemHeight)

    /// The items, top to bottom.
    public let items: [Item]
    /// Where it was opened: its top left corner, unless that would put it outside the area.
    public let anchor: Point
    /// dpi / 96 of the screen it is laid out for.
    public let scale: Double
    /// The whole menu, inside the area it was laid out in.
    public let frame: Rect

    /// A menu whose top left corner is at `point`, moved left and up as needed to stay inside `area`, sized
    /// for a screen of `scale` (dpi / 96).
    public init(at point: Point, items: [Item] = [.delete], inside area: Rect, scale: Double = 1) {
        self.items = items
        anchor = point
        self.scale = scale
        let width = Self.itemWidth * scale, height = Self.itemHeight * scale * Double(items.count)
        let x = max(area.minX, min(point.x, area.maxX - width))
        let y = max(area.minY, min(point.y, area.maxY - height))
        frame = Rect(x: x, y: y, width: width, height: height)
    }

    /// The same menu laid out again, where the window shows another area or the screen has another scale.
    public func laidOut(inside area: Rect, scale: Double) -> ContextMenu {
        ContextMenu(at: anchor, items: items, inside: area, scale: scale)
    }

    /// Where item number `index` is drawn (and clicked).
    public func rect(ofItemAt index: Int) -> Rect {
        let height = Self.itemHeight * scale
        return Rect(x: frame.minX, y: frame.minY + Double(index) * height, width: frame.width, height: height)
    }

    /// The item under `point` (left and top edges inside, right and bottom outside), if any.
    public func item(at point: Point) -> Item? {
        for index in items.indices {
            let r = rect(ofItemAt: index)
            if point.x >= r.minX, point.x < r.maxX, point.y >= r.minY, point.y < r.maxY { return items[index] }
        }
        return nil
    }

    /// The panel showing the menu: one row per item, each row where `rect(ofItemAt:)` says.
    public var overlay: Overlay {
        Self.style.scaled(by: scale).overlay(items.map(\.title), in: frame)
    }
}
