extension Int {
    /// ⌊x⌋ (x finite and within Int's range), without the call `rounded(.down)` makes on a baseline x86-64.
    @inline(__always)
    init(flooring x: Double) {
        let whole = Int(x)
        self = Double(whole) > x ? whole - 1 : whole
    }

    /// ⌈x⌉ (x finite and within Int's range), as `init(flooring:)`.
    @inline(__always)
    init(ceiling x: Double) {
        let whole = Int(x)
        self = Double(whole) < x ? whole + 1 : whole
    }
}
