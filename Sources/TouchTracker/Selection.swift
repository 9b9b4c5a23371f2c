import Shapes

/// The selected shape. A single click selects at once but only provisionally: the click may still
/// turn out to be the first half of a double click, which supersedes it.
public struct Selection: Hashable, Sendable {
    public var id: ShapeID
    /// True between a click and the moment the double click is known to have failed.
    public var isProvisional: Bool

    public init(_ id: ShapeID, isProvisional: Bool = false) {
        self.id = id
        self.isProvisional = isProvisional
    }
}
