/// A `Drawing` together with its `ShapeIndex`, kept in step: every change to the finished shapes
/// goes through here and updates both, so hit testing is never stale. The index carries the drawing's
/// revision (`ShapeIndex.revision`), so a copy of both handed on elsewhere can be checked.
public struct IndexedDrawing: Sendable {
    /// The drawing.
    public private(set) var drawing: Drawing
    /// The spatial index over `drawing.shapes`.
    public private(set) var index: ShapeIndex

    public init(_ drawing: Drawing = Drawing()) {
        self.drawing = drawing
        index = ShapeIndex(drawing.shapes)
        index.revision = drawing.revision
    }

    /// Finished shapes in drawing order.
    public var shapes: [Shape] { drawing.shapes }

    /// The id the next new shape receives.
    public var nextID: ShapeID { drawing.nextID }

    public func shape(_ id: ShapeID) -> Shape? { drawing.shape(id) }

    /// The finished shape nearest to `point` (exact distance), if within `tolerance` (inclusive);
    /// ties go to the shape drawn last.
    public func nearestShape(to point: Point, within tolerance: Double) -> ShapeID? {
        index.nearestShape(to: point, within: tolerance, in: drawing)
    }
}

extension IndexedDrawing: ShapeEditing {
    public mutating func restore(_ shape: Shape) {
        if let old = drawing.shape(shape.id) { index.remove(old) }
        drawing.restore(shape)
        index.insert(shape)
        index.revision = drawing.revision
    }

    public mutating func restore(contentsOf shapes: [Shape]) {
        inBulk(shapes.count, oneByOne: { for shape in shapes { $0.restore(shape) } }, inOnePass: { $0.restore(contentsOf: shapes) })
    }

    @discardableResult
    public mutating func remove(_ id: ShapeID) -> Shape? {
        guard let shape = drawing.remove(id) else { return nil }
        index.remove(shape)
        index.revision = drawing.revision
        return shape
    }

    public mutating func remove(contentsOf ids: [ShapeID]) {
        inBulk(ids.count, oneByOne: { for id in ids { $0.remove(id) } }, inOnePass: { $0.remove(contentsOf: ids) })
    }

    /// A change of `count` shapes: a few (as many as a drawing remembers as changes) one by one, the index
    /// updated for each; more in one pass over the drawing, the index made again.
    private mutating func inBulk(_ count: Int, oneByOne: (inout IndexedDrawing) -> Void, inOnePass: (inout Drawing) -> Void) {
        guard count > Drawing.rememberedChanges else { return oneByOne(&self) }
        inOnePass(&drawing)
        index = ShapeIndex(drawing.shapes)
        index.revision = drawing.revision
    }

    @discardableResult
    public mutating func removeAll() -> [Shape] {
        defer { index.revision = drawing.revision }
        index = ShapeIndex()
        return drawing.removeAll()
    }

    @discardableResult
    public mutating func setGeometry(_ geometry: ShapeGeometry, of id: ShapeID) -> Bool {
        guard drawing.shape(id) != nil else { return false }
        setGeometries([(id, geometry)])
        return true
    }

    public mutating func setGeometries(_ geometries: [(id: ShapeID, geometry: ShapeGeometry)]) {
        for (id, geometry) in geometries {
            guard let old = drawing.shape(id) else { continue }
            index.remove(old)
            var moved = old
            moved.geometry = geometry
            index.insert(moved)
        }
        drawing.setGeometries(geometries)
        index.revision = drawing.revision
    }

    /// A shape's colour and width are no business of the index: its place stays.
    @discardableResult
    public mutating func setStyle(_ style: ShapeStyle, of id: ShapeID) -> Bool {
        guard drawing.setStyle(style, of: id) else { return false }
        index.revision = drawing.revision
        return true
    }
}
