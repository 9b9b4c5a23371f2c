import Document

/// The small menu a right click on a line opens (the book's UIMenuController). Its geometry is
/// computed here, once, so that the renderer draws the items exactly where clicks find them.
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

    public static let itemWidth = 120.0
    public static let itemHeight = 28.0

    /// The items, top to bottom.
    public let items: [Item]
    /// The whole menu, inside the canvas.
    public let frame: Rect

    /// A menu whose top left corner is at `point`, moved left and up as needed to stay inside `area`.
    public init(at point: Point, items: [Item] = [.delete], inside area: Rect) {
        self.items = items
        let width = Self.itemWidth, height = Self.itemHeight * Double(items.count)
        let x = max(area.minX, min(point.x, area.maxX - width))
        let y = max(area.minY, min(point.y, area.maxY - height))
        frame = Rect(x: x, y: y, width: width, height: height)
    }

    /// Where item number `index` is drawn (and clicked).
    public func rect(ofItemAt index: Int) -> Rect {
        Rect(x: frame.minX, y: frame.minY + Double(index) * Self.itemHeight, width: Self.itemWidth, height: Self.itemHeight)
    }

    /// The item under `point` (left and top edges inside, right and bottom outside), if any.
    public func item(at point: Point) -> Item? {
        for index in items.indices {
            let r = rect(ofItemAt: index)
            if point.x >= r.minX, point.x < r.maxX, point.y >= r.minY, point.y < r.maxY { return items[index] }
        }
        return nil
    }
}
