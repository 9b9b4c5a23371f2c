import CX11

extension XConnection {
    /// The bytes of a format-8 property, or `nil` when the window has no such property (or is gone).
    /// A property of another type or format reads as no bytes, which the parsers reject with a warning.
    func property(_ property: Atom, of window: Window, type: Atom) -> [UInt8]? {
        var actualType: Atom = 0
        var actualFormat: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, property, 0, Int(Int32.max), 0, type,
            &actualType, &actualFormat, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualType != 0 else { return nil }
        guard actualFormat == 8, let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
